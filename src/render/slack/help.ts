import type { types } from '@slack/bolt';
import type { HelpReply } from '../../reply/types.js';
import { actions, button, codeSection, context, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { ACTION_IDS } from './actions.js';
import { helpFirstScreen } from '../help-screen.js';
import { usageLines } from '../usage-lines.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, truncate } from './limits.js';

const MAX_TIPS = 8;
const MAX_EXAMPLES = 8;

/** Splits long text on line breaks into pieces of at most `max` characters. */
export function chunkLines(text: string, max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const piece = truncate(line, max);
    if (current && current.length + 1 + piece.length > max) {
      chunks.push(current);
      current = piece;
    } else {
      current = current ? `${current}\n${piece}` : piece;
    }
  }
  if (current.trim() !== '') chunks.push(current);
  return chunks;
}

/** The notification: the title, a sentence (topic tips, reset), with the text's first line when it has one. */
export function helpFallback(reply: HelpReply): string {
  const first = reply.text.split('\n')[0]?.trim() ?? '';
  const title = reply.title.trim() || 'headroom help';
  return truncate(escapeMrkdwn(first ? `${title}: ${first}` : title), SLACK_LIMITS.fallbackText);
}

/** Usage and troubleshooting: title, text, tips, examples to copy. */
export function helpBlocks(reply: HelpReply, note: string | null = null): types.KnownBlock[] {
  const ranked: RankedBlock[] = [];
  ranked.push({ block: header(reply.title.trim() || 'headroom help'), rank: 0 });
  if (note) ranked.push({ block: context([escapeMrkdwn(note)]), rank: 1 });
  // Proportional font: item lines as "*model* 13b · …" instead of space-aligned columns.
  const text = usageLines(reply.text)
    .map((line) => (line.label ? `*${line.label}* ${escapeMrkdwn(line.text)}` : escapeMrkdwn(line.text)))
    .join('\n');
  chunkLines(text, SLACK_LIMITS.sectionText).forEach((chunk, index) =>
    ranked.push({ block: section(chunk), rank: index === 0 ? 0 : 1 }),
  );
  reply.tips.slice(0, MAX_TIPS).forEach((tip, index) =>
    ranked.push({ block: section(`*${escapeMrkdwn(tip.title)}*\n${escapeMrkdwn(tip.text)}`, 1500), rank: 3 + index }),
  );
  if (reply.examples.length) {
    ranked.push({ block: context(['*Try:*']), rank: 2 });
    ranked.push({ block: codeSection(reply.examples.slice(0, MAX_EXAMPLES).join('\n'), 1200), rank: 2 });
  }
  return fitBlocks(ranked);
}

/** What a "More" button carries: the words that asked for help, and the thread they were asked in. */
export interface HelpMoreValue {
  /** The request text ("help", "oom"): read again on a click, in its thread. */
  request: string;
  /** Thread root, when asked in a thread (an ephemeral message does not say which thread it is in). */
  root: string | null;
}

export function encodeHelpMore(value: HelpMoreValue): string {
  return JSON.stringify({ h: value.request.slice(0, 1500), ...(value.root ? { r: value.root } : {}) });
}

export function decodeHelpMore(raw: string | undefined): HelpMoreValue | null {
  try {
    const parsed = JSON.parse(raw ?? '') as { h?: unknown; r?: unknown };
    return typeof parsed.h === 'string' ? { request: parsed.h, root: typeof parsed.r === 'string' ? parsed.r : null } : null;
  } catch {
    return null;
  }
}

/**
 * The first screen of a help (issue 24): at most HELP_SCREEN_LINES lines with the "More" button,
 * each example once, as `code` on its own line (copyable, no fence lines).
 */
export function helpScreenBlocks(reply: HelpReply, more: HelpMoreValue): types.KnownBlock[] {
  const screen = helpFirstScreen(reply);
  const blocks: types.KnownBlock[] = [header(screen.title.trim() || 'headroom help')];
  const lines = screen.lines.map((line) => (line.kind === 'tip' ? `*${escapeMrkdwn(line.title)}*` : line.kind === 'example' ? `• \`${codeSafe(line.text)}\`` : escapeMrkdwn(line.text)));
  if (lines.length) blocks.push(section(lines.join('\n')));
  if (screen.more) blocks.push(actions([button('More', ACTION_IDS.more, encodeHelpMore(more))]));
  return blocks;
}
