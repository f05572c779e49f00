import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { EstimateReply, Lever } from '../../reply/types.js';
import { NOTICE_CHARS, compactTable, defaultsCount, measuredLine, noticesLine } from '../first-screen.js';
import { VERDICT_COLOUR } from './colours.js';
import { codeSafe, gib, markdownSafe } from './format.js';
import { EMBED_LIMITS, clip, fitEmbed } from './limits.js';

/** Levers listed in Details with their costs (the first screen has the top three as buttons). */
export const MAX_LEVER_FIELDS = 5;
const READING_CHARS = 600;

function fitMark(fits: boolean | null): string {
  return fits === null ? '' : fits ? ' ✓' : ' ✗';
}

function leverField(lever: Lever, index: number): APIEmbedField {
  const facts = [`${gib(lever.deviceBytes)} GiB${fitMark(lever.fits)}`, lever.cost, lever.note].filter((s) => s.trim() !== '');
  return { name: `${index + 1}. ${lever.change}`, value: facts.join(' · '), inline: false };
}

/**
 * The first screen: the sentence that answers the question is the title (and what a
 * notification shows); the description has one line of why (and the KV capacity when
 * serving), a few-row table no wider than a phone, and what was read with the defaults
 * counted. The levers are buttons; Details, Chart and OOM tips are one click away.
 */
/** Footer that carries the request when the buttons could only name it by hash: the message itself can restore it. */
export const REQUEST_FOOTER_PREFIX = 'Request: ';

export function estimateEmbed(reply: EstimateReply, imageName?: string, options: { note?: string | null; requestInFooter?: boolean } = {}): APIEmbed {
  const { summary } = reply;
  const why = [summary.reported ?? '', summary.ask ?? '', summary.why, summary.capacity ?? '', measuredLine(reply) ?? ''].filter((s) => s.trim() !== '').map(markdownSafe);
  const read = [`**Read as:** ${markdownSafe(clip(reply.reading, READING_CHARS))}`];
  const defaults = defaultsCount(reply);
  if (defaults) read.push(`${defaults} — **Details**`);
  if (reply.ignored.length > 0) read.push(`**Not used:** ${markdownSafe(clip(reply.ignored.join(', '), 200))}`);
  const notices = noticesLine(reply);
  const table = `\`\`\`\n${codeSafe(compactTable(reply).join('\n'))}\n\`\`\``;
  const embed: APIEmbed = {
    title: summary.verdict || 'Estimate',
    description: [
      ...(options.note ? [`*${markdownSafe(options.note)}*`] : []),
      ...(notices ? [markdownSafe(clip(notices, NOTICE_CHARS))] : []),
      ...why,
      table,
      read.join(' · '),
    ].join('\n'),
    color: VERDICT_COLOUR[reply.verdict.status],
  };
  if (options.requestInFooter) embed.footer = { text: clip(`${REQUEST_FOOTER_PREFIX}${reply.compact}`, EMBED_LIMITS.footer) };
  if (imageName) embed.image = { url: `attachment://${imageName}` };
  return fitEmbed(embed);
}

/**
 * "Details": the verdict in full, what was read and every default, every component with the
 * arithmetic behind it, how the peak is assembled, the model's notes and the levers with costs.
 */
export function detailsEmbed(reply: EstimateReply): APIEmbed {
  const { estimate } = reply;
  const head = [reply.verdict.headline, reply.verdict.detail, reply.answer?.text ?? '', reply.summary.capacity ?? '']
    .filter((s) => s.trim() !== '')
    .map(markdownSafe);
  const read = [`**Read as:** ${markdownSafe(clip(reply.reading, 1200))}`];
  if (reply.assumptions.length > 0) read.push(`**Defaults used:** ${markdownSafe(clip(reply.assumptions.join('; '), 1200))}`);
  if (reply.ignored.length > 0) read.push(`**Not used:** ${markdownSafe(clip(reply.ignored.join(', '), 300))}`);
  const math = reply.breakdown.map((c) => `**${markdownSafe(c.name)}** — ${gib(c.bytes)} GiB: \`${codeSafe(c.formula)}\``);
  const totals = [
    `max_memory_allocated ${gib(estimate.peakAllocatedBytes)} GiB at ${estimate.peakPhase} · max_memory_reserved ${gib(estimate.peakReservedBytes)} GiB`,
    `nvidia-smi ${gib(estimate.deviceBytes)} GiB${estimate.capacityBytes === null ? '' : ` of ${gib(estimate.capacityBytes)} GiB usable`}`,
  ];
  if (estimate.hostBytes > 0) totals.push(`host RAM for offload ${gib(estimate.hostBytes)} GiB per node`);
  const description = [head.join('\n'), read.join('\n'), math.join('\n'), totals.join('\n'), ...estimate.notes.map(markdownSafe)].join('\n\n');
  const fields: APIEmbedField[] = reply.levers.slice(0, MAX_LEVER_FIELDS).map(leverField);
  for (const side of reply.answer?.sides ?? []) {
    fields.push({ name: `${side.label}: ${gib(side.deviceBytes)} GiB${fitMark(side.fits)}`, value: side.reading });
  }
  if (reply.followUps.length > 0) fields.push({ name: 'Follow up in the thread', value: reply.followUps.map((f) => `"${f}"`).join(' · ') });
  return fitEmbed({
    title: clip(`Details: ${reply.summary.verdict}`, EMBED_LIMITS.title),
    description,
    color: VERDICT_COLOUR[reply.verdict.status],
    fields,
    footer: { text: clip(reply.canonical, EMBED_LIMITS.footer) },
  });
}

/** "OOM tips": the troubleshooting that applies to this answer. */
export function tipsEmbed(reply: EstimateReply): APIEmbed {
  return fitEmbed({
    title: 'What to do about out-of-memory',
    color: VERDICT_COLOUR[reply.verdict.status],
    fields: reply.tips.map((tip) => ({ name: tip.title, value: tip.text })),
  });
}
