import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { DiagnosisReply } from '../../reply/types.js';
import { ERROR_COLOUR, HELP_COLOUR } from './colours.js';
import { codeSafe, gib, markdownSafe } from './format.js';
import { clip, fitEmbed } from './limits.js';

/** A pasted error explained: the diagnosis as the title, then the evidence, what to do and the thread's levers. */
export function diagnosisEmbed(reply: DiagnosisReply): APIEmbed {
  if (!reply.readable) return fitEmbed({ title: clip(reply.headline, 256), description: reply.headline.length > 256 ? markdownSafe(reply.headline) : undefined, color: HELP_COLOUR });
  const fields: APIEmbedField[] = [];
  if (reply.evidence.length) fields.push({ name: 'What the log says', value: reply.evidence.map((e) => `• ${markdownSafe(e)}`).join('\n') });
  if (reply.comparison) fields.push({ name: 'Against my estimate', value: markdownSafe(reply.comparison) });
  if (reply.actions.length) fields.push({ name: 'What to do', value: reply.actions.map((a, i) => `${i + 1}. ${markdownSafe(a)}`).join('\n') });
  if (reply.levers.length) {
    fields.push({
      name: "Levers for this thread's setup (each re-estimated)",
      value: reply.levers.map((l) => `${l.fits === null ? '·' : l.fits ? '✓' : '✗'} \`${codeSafe(l.change)}\` ${gib(l.deviceBytes)} GiB — ${markdownSafe(l.cost)}`).join('\n'),
    });
  }
  return fitEmbed({
    title: clip(reply.headline, 256),
    description: reply.headline.length > 256 ? markdownSafe(reply.headline) : `read as: ${markdownSafe(reply.source)}`,
    color: ERROR_COLOUR,
    fields,
  });
}
