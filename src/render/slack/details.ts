import type { types } from '@slack/bolt';
import type { EstimateReply, Lever } from '../../reply/types.js';
import { codeSection, context, divider, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { breakdownTable } from './breakdown.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, gib, truncate } from './limits.js';

/** Levers listed in Details, with their costs (the first screen has the top three as buttons). */
const DETAIL_LEVERS = 5;

function fitMark(fits: boolean | null): string {
  if (fits === true) return ' ✓';
  if (fits === false) return ' ✗';
  return '';
}

function leverLine(lever: Lever, index: number): string {
  const extras = [lever.cost, lever.note].filter((part) => part.trim() !== '').map(escapeMrkdwn);
  const change = truncate(codeSafe(lever.change), 200);
  return `${index + 1}. \`${change}\` → *${gib(lever.deviceBytes)} GiB*${fitMark(lever.fits)}${extras.length ? ` — ${extras.join(' · ')}` : ''}`;
}

function answerText(reply: EstimateReply): string | null {
  const { answer } = reply;
  if (!answer) return null;
  const lines = [`*${escapeMrkdwn(answer.text)}*`];
  for (const side of answer.sides ?? []) {
    lines.push(`• ${escapeMrkdwn(side.label)}: ${gib(side.deviceBytes)} GiB${fitMark(side.fits)} — ${escapeMrkdwn(side.reading)}`);
  }
  return lines.join('\n');
}

export function detailsFallback(reply: EstimateReply): string {
  return truncate(`Details: how the ${gib(reply.verdict.deviceBytes)} GiB per GPU adds up`, SLACK_LIMITS.fallbackText);
}

/**
 * "Details": what was read and every default, the breakdown with the arithmetic of each row and
 * a bar against the card, how the peak is assembled (allocated → reserved → device), the
 * model's notes, the levers with their costs and the follow-ups. All numbers are the Estimate's.
 */
export function detailsBlocks(reply: EstimateReply): types.KnownBlock[] {
  const { verdict, estimate } = reply;
  const ranked: RankedBlock[] = [];
  const add = (block: types.KnownBlock, rank: number) => ranked.push({ block, rank });
  add(header(`Details: ${reply.summary.verdict}`), 0);
  const lines = [escapeMrkdwn(verdict.headline), escapeMrkdwn(verdict.detail), answerText(reply)].filter((l): l is string => !!l && l.trim() !== '');
  // Block Kit refuses a section without text: no verdict words, no section.
  if (lines.length) add(section(lines.join('\n'), 1500), 0);
  add(section(`*Read as:* ${escapeMrkdwn(reply.reading)}`, 1500), 0);
  const aside: string[] = [];
  if (reply.assumptions.length) aside.push(`*Defaults used:* ${escapeMrkdwn(reply.assumptions.join('; '))}`);
  if (reply.ignored.length) aside.push(`*Not used:* ${escapeMrkdwn(reply.ignored.join(', '))}`);
  if (estimate.hostBytes > 0) aside.push(`*Host RAM for offload:* ${gib(estimate.hostBytes)} GiB`);
  if (aside.length) add(context(aside), 1);
  add(codeSection(breakdownTable(reply, SLACK_LIMITS.sectionText - 8)), 0);
  const totals = [
    `peak allocated (torch.cuda.max_memory_allocated): *${gib(estimate.peakAllocatedBytes)} GiB* at ${escapeMrkdwn(estimate.peakPhase)}`,
    `peak reserved (max_memory_reserved): *${gib(estimate.peakReservedBytes)} GiB*`,
    `device (nvidia-smi): *${gib(estimate.deviceBytes)} GiB*` + (estimate.capacityBytes === null ? '' : ` of ${gib(estimate.capacityBytes)} GiB usable`),
  ];
  if (reply.summary.capacity) totals.push(escapeMrkdwn(reply.summary.capacity));
  add(section(totals.join('\n'), 1500), 0);
  if (estimate.notes.some((n) => n.trim() !== '')) add(context(estimate.notes.map(escapeMrkdwn)), 2);
  const levers = reply.levers.slice(0, DETAIL_LEVERS);
  if (levers.length) {
    add(divider(), 3);
    add(section(`*${verdict.status === 'unknown' ? 'To need less' : 'Make it fit'} (each re-estimated):*\n${levers.map(leverLine).join('\n')}`, 2000), 1);
  }
  if (reply.followUps.length) add(context([`Follow up in this thread: ${reply.followUps.map((f) => `\`${codeSafe(f)}\``).join(', ')}`]), 3);
  return fitBlocks(ranked);
}

export function tipsFallback(reply: EstimateReply): string {
  return truncate(`Tips for ${escapeMrkdwn(reply.summary.verdict)}`, SLACK_LIMITS.fallbackText);
}

/** "OOM tips": the troubleshooting that applies to this answer. */
export function tipsBlocks(reply: EstimateReply): types.KnownBlock[] {
  const ranked: RankedBlock[] = [{ block: header('What to do about out-of-memory'), rank: 0 }];
  reply.tips.forEach((tip, index) => ranked.push({ block: section(`*${escapeMrkdwn(tip.title)}*\n${escapeMrkdwn(tip.text)}`, 1500), rank: index === 0 ? 0 : 1 + index }));
  return fitBlocks(ranked);
}
