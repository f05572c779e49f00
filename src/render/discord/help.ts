import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { HelpReply } from '../../reply/types.js';
import { HELP_COLOUR } from './colours.js';
import { usageLines } from '../usage-lines.js';
import { codeSafe, markdownSafe } from './format.js';
import { fitEmbed } from './limits.js';

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
