import type { types } from '@slack/bolt';
import { FIRST_SCREEN_LEVERS, NOTICE_CHARS, compactTable, defaultsCount, leverLabel, measuredLine, noticesLine, offersOomTips, offersSweep } from '../first-screen.js';
import type { EstimateReply } from '../../reply/types.js';
import { ACTION_IDS, encodeButtonValue } from './actions.js';
import { actions, button, codeSection, context, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, truncate } from './limits.js';

/** A lever's change is a few words of the request language; anything longer gets no button. */
const MAX_CHANGE_IN_BUTTON = 200;
/** Follow-up hints on the first screen; the Details view lists them all. */
const FIRST_SCREEN_FOLLOW_UPS = 4;
const READING_CHARS = 600;

function buttons(reply: EstimateReply): types.Button[] {
  const shown = reply.levers.slice(0, FIRST_SCREEN_LEVERS);
  // The eye goes to the first change that makes it fit; a lever that still does not fit is never the highlighted one (issue 24).
  const lead = shown.findIndex((lever) => lever.fits === true);
  const levers = shown.flatMap((lever, index) => {
    if (lever.change.trim() === '' || lever.change.length > MAX_CHANGE_IN_BUTTON) return [];
    const value = encodeButtonValue(reply.canonical, lever.change);
    if (value.length > SLACK_LIMITS.buttonValue) return [];
    return [button(leverLabel(lever), `${ACTION_IDS.lever}:${index}`, value, index === lead ? 'primary' : undefined)];
  });
  const plain = encodeButtonValue(reply.canonical, null);
  const tools = [button('Details', ACTION_IDS.math, plain), button('Chart', ACTION_IDS.chart, plain)];
  if (offersSweep(reply)) tools.push(button('Sweep', ACTION_IDS.sweep, plain));
  if (offersOomTips(reply)) tools.push(button('OOM tips', ACTION_IDS.tips, plain));
  return [...levers, ...tools];
}

/** The `text` fallback: the notification. The same sentence as the header, escaped. */
export function estimateFallback(reply: EstimateReply): string {
  return truncate(escapeMrkdwn(reply.summary.verdict.trim() || 'headroom estimate'), SLACK_LIMITS.fallbackText);
}

/**
 * The first screen of an estimate: the sentence that answers the question (header), one line
 * of why (and the KV capacity when serving), a few-row table no wider than a phone, what was
 * read with the defaults counted, and buttons: the top levers, Details (breakdown with the
 * arithmetic), Chart, and OOM tips when it does not fit. Everything else is one click away.
 */
export function estimateBlocks(reply: EstimateReply, note: string | null = null): types.KnownBlock[] {
  const { summary } = reply;
  const ranked: RankedBlock[] = [];
  const add = (block: types.KnownBlock, rank: number) => ranked.push({ block, rank });

  add(header(summary.verdict.trim() || 'headroom estimate'), 0);
  if (note) add(context([escapeMrkdwn(note)]), 1);
  const notices = noticesLine(reply);
  if (notices) add(context([truncate(escapeMrkdwn(notices), NOTICE_CHARS)]), 0);
  const why = [summary.reported ?? '', summary.ask ?? '', summary.why, summary.capacity ?? '', measuredLine(reply) ?? ''].filter((line) => line.trim() !== '').map(escapeMrkdwn);
  if (why.length) add(section(why.join('\n'), 600), 0);
  add(codeSection(codeSafe(compactTable(reply).join('\n')), 1000), 0);

  const read = [`*Read as:* ${truncate(escapeMrkdwn(reply.reading), READING_CHARS)}`];
  const defaults = defaultsCount(reply);
  if (defaults) read.push(`${defaults} — *Details*`);
  if (reply.ignored.length) read.push(`*Not used:* ${truncate(escapeMrkdwn(reply.ignored.join(', ')), 200)}`);
  add(context(read), 1);

  add(actions(buttons(reply)), 0);
  if (reply.followUps.length) {
    const hints = reply.followUps.slice(0, FIRST_SCREEN_FOLLOW_UPS).map((f) => `\`${codeSafe(f)}\``).join(' · ');
    add(context([`Reply in the thread: ${hints}`]), 2);
  }
  return fitBlocks(ranked);
}
