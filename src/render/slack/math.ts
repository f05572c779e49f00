import type { types } from '@slack/bolt';
import type { EstimateReply } from '../../reply/types.js';
import { codeSection, context, fitBlocks, header, section, type RankedBlock } from './blocks.js';
import { chunkLines } from './help.js';
import { SLACK_LIMITS, codeSafe, escapeMrkdwn, gib, truncate } from './limits.js';

const MAX_TABLE_SECTIONS = 3;

export function mathFallback(reply: EstimateReply): string {
  return truncate(`How the ${gib(reply.verdict.deviceBytes)} GiB per GPU adds up`, SLACK_LIMITS.fallbackText);
}

/**
 * "Show math": every component's formula with its numbers, then how the peak is assembled
 * (allocated → reserved → device), and the model's notes. All numbers come from the Estimate.
 */
export function mathBlocks(reply: EstimateReply): types.KnownBlock[] {
  const { estimate } = reply;
  const ranked: RankedBlock[] = [{ block: header('How the peak adds up'), rank: 0 }];
  const lines = reply.breakdown.map((c) => `${c.name}: ${c.formula} = ${gib(c.bytes)} GiB`);
  chunkLines(codeSafe(lines.join('\n')), SLACK_LIMITS.sectionText - 8)
    .slice(0, MAX_TABLE_SECTIONS)
    .forEach((chunk, index) => ranked.push({ block: codeSection(chunk), rank: index === 0 ? 0 : 1 }));
  const totals = [
    `peak allocated (torch.cuda.max_memory_allocated): *${gib(estimate.peakAllocatedBytes)} GiB* at ${escapeMrkdwn(estimate.peakPhase)}`,
    `peak reserved (max_memory_reserved): *${gib(estimate.peakReservedBytes)} GiB*`,
    `device (nvidia-smi): *${gib(estimate.deviceBytes)} GiB*` +
      (estimate.capacityBytes === null ? '' : ` of ${gib(estimate.capacityBytes)} GiB usable`),
  ];
  ranked.push({ block: section(totals.join('\n'), 1500), rank: 0 });
  if (estimate.notes.some((n) => n.trim() !== '')) ranked.push({ block: context(estimate.notes.map(escapeMrkdwn)), rank: 2 });
  ranked.push({ block: context([`*Read as:* ${escapeMrkdwn(reply.reading)}`]), rank: 3 });
  return fitBlocks(ranked);
}
