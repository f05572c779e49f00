import type { types } from '@slack/bolt';
import type { ErrorReply } from '../../reply/types.js';
import { PHONE_COLUMNS } from '../first-screen.js';
import { caretWindow } from '../text.js';
import { codeSection, context, fitBlocks, section, type RankedBlock } from './blocks.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, truncate } from './limits.js';

export function errorFallback(reply: ErrorReply): string {
  if (reply.question) return truncate(escapeMrkdwn(reply.message), SLACK_LIMITS.fallbackText);
  return truncate(`I could not read that: ${escapeMrkdwn(reply.message)}`, SLACK_LIMITS.fallbackText);
}

/**
 * A request error: what was wrong, the text with a caret under the position (in a code block so
 * the caret lines up), what would have been accepted there, the nearest valid item, an example.
 */
export function errorBlocks(reply: ErrorReply, note: string | null = null): types.KnownBlock[] {
  if (reply.question) return questionBlocks(reply, note);
  const ranked: RankedBlock[] = [
    { block: section(`:warning: *I could not read that:* ${escapeMrkdwn(reply.message)}`, 1500), rank: 0 },
  ];
  if (note) ranked.push({ block: context([escapeMrkdwn(note)]), rank: 1 });
  if (reply.caret.trim() !== '') ranked.push({ block: codeSection(codeSafe(caretWindow(reply.caret, reply.at, PHONE_COLUMNS)), 2000), rank: 0 });
  const lines: string[] = [];
  if (reply.suggestion) lines.push(`*Did you mean* \`${codeSafe(reply.suggestion)}\`?`);
  if (reply.expected.length) lines.push(`*Expected here:* ${reply.expected.map((item) => `\`${codeSafe(item)}\``).join(', ')}`);
  if (lines.length) ranked.push({ block: section(lines.join('\n'), 2500), rank: 1 });
  if (reply.example.trim() !== '') ranked.push({ block: context([`*Example:* \`${codeSafe(reply.example)}\``]), rank: 1 });
  return fitBlocks(ranked);
}

/** A question ("Which model? I read: …"): asked as said, with what was read; no caret, nothing "expected". */
function questionBlocks(reply: ErrorReply, note: string | null): types.KnownBlock[] {
  const ranked: RankedBlock[] = [{ block: section(escapeMrkdwn(reply.message), 1500), rank: 0 }];
  if (note) ranked.push({ block: context([escapeMrkdwn(note)]), rank: 1 });
  if (reply.example.trim() !== '') ranked.push({ block: context([`*Example:* \`${codeSafe(reply.example)}\``]), rank: 1 });
  return fitBlocks(ranked);
}
