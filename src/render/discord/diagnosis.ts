import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { DiagnosisReply } from '../../reply/types.js';
import { ERROR_COLOUR, HELP_COLOUR } from './colours.js';
import { codeSafe, gib, markdownSafe } from './format.js';
import { clip, fitEmbed } from './limits.js';
import { NOTICE_CHARS, noticesLine } from '../first-screen.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { ButtonRow } from './buttons.js';
import { encodeCustomId, scenarioPayload } from './customId.js';

/**
 * Under a diagnosis (a NaN triage, a log held against a setup), "Memory estimate": the estimate of
 * the setup it was read against, one click away (issue 24). The setup as resolved rides in the
 * message's footer (the Discord adapter puts it there); the id names its request too, when it
 * fits, for diagnoses whose footer has none.
 */
export function diagnosisButtons(reply: DiagnosisReply): ButtonRow[] {
  if (!reply.memoryRequest) return [];
  const { payload, ref } = scenarioPayload(reply.memoryRequest);
  if (ref.kind !== 'text' && !reply.memory) return [];
  return [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'Memory estimate', custom_id: encodeCustomId({ kind: 'estimate' }, payload) }] }];
}

/** A pasted error explained: the diagnosis as the title, then the evidence, what to do and the thread's levers; `note` (how to follow up) under the title. */
export function diagnosisEmbed(reply: DiagnosisReply, note: string | null = null): APIEmbed {
  if (!reply.readable) return fitEmbed({ title: clip(reply.headline, 256), description: reply.headline.length > 256 ? markdownSafe(reply.headline) : undefined, color: HELP_COLOUR });
  const fields: APIEmbedField[] = [];
  if (reply.setup) {
    // Its weak facts and questions, as the estimate's first screen says them (issue 22 item 5).
    const notices = noticesLine(reply.setup);
    const said = `\`${codeSafe(reply.setup.request)}\`: ${markdownSafe(reply.setup.verdict)}`;
    fields.push({ name: 'Your setup', value: notices ? `${said}\n${markdownSafe(clip(notices, NOTICE_CHARS))}` : said });
  }
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
    description: [reply.headline.length > 256 ? markdownSafe(reply.headline) : `read as: ${markdownSafe(reply.source)}`, ...(note ? [`*${markdownSafe(note)}*`] : [])].join('\n'),
    color: ERROR_COLOUR,
    fields,
  });
}
