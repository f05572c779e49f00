import type { types } from '@slack/bolt';
import type { EstimateReply, Lever, Tip } from '../../reply/types.js';
import { ACTION_IDS, encodeButtonValue } from './actions.js';
import { actions, button, codeSection, context, divider, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { breakdownTable } from './breakdown.js';
import { SLACK_LIMITS, escapeMrkdwn, gib, truncate } from './limits.js';

/** Levers shown with buttons (DESIGN §3.7: the top three, in the order a careful engineer tries them). */
const TOP_LEVERS = 3;
const MAX_TIPS = 3;
/** A lever's change is a few words of the request language; anything longer gets no button. */
const MAX_CHANGE_IN_BUTTON = 200;

// Caps on the required blocks, chosen so that they alone stay well inside the message budget
// (header 150 + verdict 800 + reading 1500 + table 3000 + six buttons ≈ 11k serialized).
const VERDICT_CHARS = 800;
const READING_CHARS = 1500;

function fitMark(fits: boolean | null): string {
  if (fits === true) return ' ✓';
  if (fits === false) return ' ✗';
  return '';
}

function leverLine(lever: Lever, index: number): string {
  const extras = [lever.cost, lever.note].filter((part) => part.trim() !== '').map(escapeMrkdwn);
  const change = truncate(escapeMrkdwn(lever.change), 200);
  return `${index + 1}. \`${change}\` → *${gib(lever.deviceBytes)} GiB*${fitMark(lever.fits)}${extras.length ? ` — ${extras.join(' · ')}` : ''}`;
}

function tipBlock(tip: Tip): types.SectionBlock {
  return section(`*${escapeMrkdwn(tip.title)}*\n${escapeMrkdwn(tip.text)}`, 1200);
}

function answerText(reply: EstimateReply): string | null {
  const { answer } = reply;
  if (!answer) return null;
  const lines = [`*${escapeMrkdwn(answer.text)}*`];
  for (const side of answer.sides ?? []) {
    lines.push(`• ${escapeMrkdwn(side.label)}: ${gib(side.deviceBytes)} GiB${fitMark(side.fits)} — ${escapeMrkdwn(side.reading)}`);
  }
  return lines.join('\n');
}

function buttons(reply: EstimateReply): types.Button[] {
  const levers = reply.levers.slice(0, TOP_LEVERS).flatMap((lever, index) => {
    if (lever.change.trim() === '' || lever.change.length > MAX_CHANGE_IN_BUTTON) return [];
    const value = encodeButtonValue(reply.canonical, lever.change);
    if (value.length > SLACK_LIMITS.buttonValue) return [];
    return [button(`Apply: ${lever.change}`, `${ACTION_IDS.lever}:${index}`, value, index === 0 ? 'primary' : undefined)];
  });
  const plain = encodeButtonValue(reply.canonical, null);
  return [
    ...levers,
    button('Show math', ACTION_IDS.math, plain),
    button('Chart', ACTION_IDS.chart, plain),
    button('Sweep', ACTION_IDS.sweep, plain),
  ];
}

/** The `text` fallback: shown in notifications and by clients that cannot draw blocks. */
export function estimateFallback(reply: EstimateReply): string {
  const summary = [reply.verdict.headline, reply.verdict.detail].filter((part) => part.trim() !== '').join(' ');
  return truncate(summary || `headroom estimate: ${gib(reply.verdict.deviceBytes)} GiB per GPU`, SLACK_LIMITS.fallbackText);
}

/**
 * An estimate as Block Kit: verdict header, reading, per-GPU table with a capacity bar,
 * assumptions, the top levers with their new peaks, tips, buttons, follow-up hints.
 * Optional blocks are dropped (tips first) when the message would exceed Slack's limits.
 */
export function estimateBlocks(reply: EstimateReply, note: string | null = null): types.KnownBlock[] {
  const { verdict } = reply;
  const ranked: RankedBlock[] = [];
  const add = (block: types.KnownBlock, rank: number) => ranked.push({ block, rank });

  add(header(verdict.headline.trim() || 'headroom estimate'), 0);
  if (note) add(context([escapeMrkdwn(note)]), 1);
  const detail = [escapeMrkdwn(verdict.detail), answerText(reply)].filter((part) => part && part.trim() !== '');
  if (detail.length) add(section(detail.join('\n'), VERDICT_CHARS), 0);
  add(section(`*Read as:* ${escapeMrkdwn(reply.reading)}`, READING_CHARS), 0);
  add(codeSection(breakdownTable(reply, SLACK_LIMITS.sectionText - 8)), 0);

  const aside: string[] = [];
  if (reply.assumptions.length) aside.push(`*Defaults used:* ${escapeMrkdwn(reply.assumptions.join('; '))}`);
  if (reply.ignored.length) aside.push(`*Ignored:* ${escapeMrkdwn(reply.ignored.join(', '))}`);
  if (reply.estimate.hostBytes > 0) aside.push(`*Host RAM for offload:* ${gib(reply.estimate.hostBytes)} GiB`);
  if (aside.length) add(context(aside), 2);

  const levers = reply.levers.slice(0, TOP_LEVERS);
  if (levers.length) add(section(`*Make it fit (each re-estimated):*\n${levers.map(leverLine).join('\n')}`, 1500), 3);
  reply.tips.slice(0, MAX_TIPS).forEach((tip, index) => add(tipBlock(tip), 5 + index));

  add(divider(), 4);
  add(actions(buttons(reply)), 0);
  if (reply.followUps.length) {
    const hints = reply.followUps.map((f) => `\`${escapeMrkdwn(f)}\``).join(', ');
    add(context([`Follow up in this thread: ${hints}`]), 4);
  }
  return fitBlocks(ranked);
}
