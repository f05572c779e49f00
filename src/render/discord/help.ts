import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { HelpReply } from '../../reply/types.js';
import { HELP_COLOUR } from './colours.js';
import { usageLines } from '../usage-lines.js';
import { codeSafe, markdownSafe } from './format.js';
import { clip, fitEmbed } from './limits.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import { helpFirstScreen, helpRest } from '../help-screen.js';
import type { ButtonRow } from './buttons.js';
import { CUSTOM_ID_MAX, encodeCustomId } from './customId.js';

/** Help and troubleshooting: the text, one field per tip, and examples to copy. */
export function helpEmbed(reply: HelpReply): APIEmbed {
  const fields: APIEmbedField[] = reply.tips.slice(0, 20).map((tip) => ({ name: tip.title, value: tip.text }));
  if (reply.examples.length > 0) {
    fields.push({ name: 'Try', value: reply.examples.map((e) => `\`${codeSafe(e)}\``).join('\n') });
  }
  // Proportional font: item lines as "**model** 13b · …" instead of space-aligned columns.
  const description = usageLines(reply.text)
    .map((line) => (line.label ? `**${line.label}** ${markdownSafe(line.text)}` : markdownSafe(line.text)))
    .join('\n');
  return fitEmbed({ title: reply.title || 'headroom', description, color: HELP_COLOUR, fields });
}

/** The "More" button: its id carries the words that asked ("help", "oom"), read again on a click. */
function moreButton(request: string): ButtonRow {
  const room = CUSTOM_ID_MAX - encodeCustomId({ kind: 'more' }, 't').length;
  const words = request.length <= room ? request : 'help';
  return { type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'More', custom_id: encodeCustomId({ kind: 'more' }, `t${words}`) }] };
}

/**
 * A help's first screen (issue 24): the title and at most eight lines, then "More"; each example
 * once, as `code` on its own line. Sent only to the person who asked where Discord allows it.
 */
export function helpScreen(reply: HelpReply, request: string): { embeds: APIEmbed[]; components: ButtonRow[] } {
  const screen = helpFirstScreen(reply);
  const description = screen.lines
    .map((line) => (line.kind === 'tip' ? `**${markdownSafe(line.title)}**` : line.kind === 'example' ? `\`${codeSafe(line.text)}\`` : markdownSafe(line.text)))
    .join('\n');
  const embed = fitEmbed({ title: clip(screen.title || 'headroom', 256), ...(description ? { description } : {}), color: HELP_COLOUR });
  return { embeds: [embed], components: screen.more ? [moreButton(request)] : [] };
}

/** What "More" shows, to the clicker alone: the rest of the help. */
export function helpRestEmbed(reply: HelpReply): APIEmbed {
  return helpEmbed(helpRest(reply));
}
