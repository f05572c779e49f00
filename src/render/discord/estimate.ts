import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { EstimateReply, Lever } from '../../reply/types.js';
import { breakdownBlock } from './breakdown.js';
import { VERDICT_COLOUR } from './colours.js';
import { gib, markdownSafe } from './format.js';
import { EMBED_LIMITS, clip, fitEmbed } from './limits.js';

/** Levers and tips shown as fields; more would bury the verdict (the buttons carry the same levers). */
export const MAX_LEVER_FIELDS = 5;
const MAX_TIP_FIELDS = 3;

function fitMark(fits: boolean | null): string {
  return fits === null ? '' : fits ? ' ✓' : ' ✗';
}

function leverField(lever: Lever, index: number): APIEmbedField {
  const facts = [`${gib(lever.deviceBytes)} GiB${fitMark(lever.fits)}`, lever.cost, lever.note].filter((s) => s.trim() !== '');
  return { name: `${index + 1}. ${lever.change}`, value: facts.join(' · '), inline: false };
}

function footerText(reply: EstimateReply): string {
  const parts: string[] = [];
  if (reply.assumptions.length > 0) parts.push(`Assumed: ${reply.assumptions.join(' · ')}`);
  if (reply.ignored.length > 0) parts.push(`Ignored: ${reply.ignored.join(', ')}`);
  return parts.join('\n');
}

/** Description = reading, verdict detail, answer, then the breakdown block in what room is left. */
function description(reply: EstimateReply): string {
  // Prose is plain text: escaped so a backtick or asterisk in a request cannot open markdown.
  const prose = [clip(reply.reading, 1500), reply.verdict.detail, reply.answer?.text ?? '']
    .filter((s) => s.trim() !== '')
    .map(markdownSafe)
    .join('\n');
  const head = clip(prose, 2400);
  const block = breakdownBlock(reply, EMBED_LIMITS.description - head.length - 2);
  return block ? `${head}\n\n${block}` : head;
}

export function estimateEmbed(reply: EstimateReply, imageName?: string): APIEmbed {
  const fields: APIEmbedField[] = reply.levers.slice(0, MAX_LEVER_FIELDS).map(leverField);
  for (const tip of reply.tips.slice(0, MAX_TIP_FIELDS)) fields.push({ name: `Tip: ${tip.title}`, value: tip.text });
  if (reply.followUps.length > 0) {
    fields.push({ name: 'Follow up in the thread', value: reply.followUps.map((f) => `"${f}"`).join(' · ') });
  }
  const embed: APIEmbed = {
    title: reply.verdict.headline || 'Estimate',
    description: description(reply),
    color: VERDICT_COLOUR[reply.verdict.status],
    fields,
  };
  const footer = footerText(reply);
  if (footer) embed.footer = { text: footer };
  if (imageName) embed.image = { url: `attachment://${imageName}` };
  return fitEmbed(embed);
}

/** "Show math": every component with the arithmetic behind it (Component.formula). */
export function mathEmbed(reply: EstimateReply): APIEmbed {
  const lines = reply.breakdown.map((c) => `**${c.name}** — ${gib(c.bytes)} GiB\n\`${c.formula.replace(/`/g, 'ˋ')}\``);
  const notes = reply.estimate.notes.length > 0 ? `\n\n${reply.estimate.notes.join('\n')}` : '';
  return fitEmbed({
    title: 'The arithmetic, per GPU',
    description: `${lines.join('\n')}${notes}`,
    color: VERDICT_COLOUR[reply.verdict.status],
    footer: { text: clip(reply.canonical, EMBED_LIMITS.footer) },
  });
}
