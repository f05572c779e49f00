import type { APIEmbed } from 'discord.js';
import type { ErrorReply } from '../../reply/types.js';
import { PHONE_COLUMNS } from '../first-screen.js';
import { caretWindow } from '../text.js';
import { ERROR_COLOUR } from './colours.js';
import { codeSafe, markdownSafe } from './format.js';
import { clip, fitEmbed } from './limits.js';

/** A request error: what was wrong, where (caret in a code block), what was expected, an example. */
export function errorEmbed(reply: ErrorReply): APIEmbed {
  // A question ("Which model? I read: …") is asked as said: no caret under the text, nothing "expected".
  if (reply.question) {
    const description = [clip(markdownSafe(reply.message), 800), `**Example:** \`${clip(codeSafe(reply.example), 300)}\``].join('\n');
    return fitEmbed({ title: 'Which model?', description, color: ERROR_COLOUR });
  }
  const parts = [clip(reply.message, 800), `\`\`\`\n${clip(codeSafe(caretWindow(reply.caret, reply.at, PHONE_COLUMNS)), 1500)}\n\`\`\``];
  if (reply.expected.length > 0) parts.push(`**Expected here:** ${clip(reply.expected.join(', '), 800)}`);
  if (reply.suggestion) parts.push(`**Did you mean:** \`${clip(codeSafe(reply.suggestion), 200)}\``);
  parts.push(`**Example:** \`${clip(codeSafe(reply.example), 300)}\``);
  return fitEmbed({ title: 'I could not read that request', description: parts.join('\n'), color: ERROR_COLOUR });
}

/**
 * A request error in one line, for places that cannot show an ephemeral embed (a reply to a
 * plain message): what was wrong and the nearest valid item. Markdown in it is neutralised.
 */
export function shortErrorText(reply: ErrorReply): string {
  if (reply.question) return clip(markdownSafe(reply.message), 400);
  const hint = reply.suggestion ? ` Try \`${codeSafe(reply.suggestion)}\`, or \`help\`.` : ' Say `help` for what I read.';
  return clip(`I could not read that: ${markdownSafe(reply.message)}${hint}`, 400);
}

/** Footer of the answer to `reset`: recovering a thread from its messages stops at it. */
export const RESET_FOOTER = 'headroom: thread reset';
