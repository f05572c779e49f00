import type { types } from '@slack/bolt';
import type { HelpReply } from '../../reply/types.js';
import { codeSection, context, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { usageLines } from '../usage-lines.js';
import { SLACK_LIMITS, escapeMrkdwn, truncate } from './limits.js';

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

export function helpFallback(reply: HelpReply): string {
  return truncate(escapeMrkdwn(`${reply.title}: ${reply.text}`), SLACK_LIMITS.fallbackText);
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
