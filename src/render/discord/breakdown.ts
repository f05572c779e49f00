import type { EstimateReply } from '../../reply/types.js';
import { bar, codeSafe, gib } from './format.js';

const NAME_WIDTH = 26;
const BAR_WIDTH = 16;

function row(name: string, bytes: number, barText: string): string {
  const label = codeSafe(name.length > NAME_WIDTH ? `${name.slice(0, NAME_WIDTH - 1)}…` : name).padEnd(NAME_WIDTH);
  return `${label} ${gib(bytes).padStart(6)}  ${barText}`;
}

/**
 * The per-GPU breakdown as a code block: one row per component with a bar against the card's
 * capacity, then the peak (what nvidia-smi shows) with a │ at the capacity. Rows that do not fit
 * in `maxChars` are summarised in one line, so the block always closes.
 */
export function breakdownBlock(reply: EstimateReply, maxChars: number): string {
  const { deviceBytes, capacityBytes } = reply.verdict;
  const scale = Math.max(deviceBytes, capacityBytes ?? 0);
  const header = `${'per GPU'.padEnd(NAME_WIDTH)} ${'GiB'.padStart(6)}`;
  const peak = row('peak (nvidia-smi)', deviceBytes, bar(deviceBytes, scale, BAR_WIDTH, capacityBytes ?? undefined));
  const capacity = capacityBytes === null ? [] : [row('card offers', capacityBytes, '')];
  const tail = [peak, ...capacity];
  const fence = (lines: string[]) => `\`\`\`\n${lines.join('\n')}\n\`\`\``;
  const rows: string[] = [];
  const components = reply.breakdown;
  for (let i = 0; i < components.length; i++) {
    const c = components[i]!;
    const next = row(c.name, c.bytes, bar(c.bytes, scale, BAR_WIDTH));
    const remaining = components.length - i - 1;
    const more = remaining > 0 ? [`… ${remaining} more (Show math)`] : [];
    if (fence([header, ...rows, next, ...more, ...tail]).length > maxChars) {
      rows.push(`… ${components.length - i} more (Show math)`);
      break;
    }
    rows.push(next);
  }
  const block = fence([header, ...rows, ...tail]);
  return block.length <= maxChars ? block : '';
}
