import type { EstimateReply } from '../../reply/types.js';
import { capacityBar } from './bar.js';
import { codeSafe, gib, truncate } from './limits.js';

const NAME_WIDTH = 28;
const GIB_WIDTH = 7;

function row(name: string, value: string, how: string): string {
  const label = truncate(name, NAME_WIDTH).padEnd(NAME_WIDTH);
  return `${label} ${value.padStart(GIB_WIDTH)}  ${how}`.trimEnd();
}

/**
 * The per-GPU table as code-block text: one row per component (GiB and the arithmetic), then
 * the peak with a bar against capacity. Formulas are shortened, then dropped, then rows are
 * elided until the table fits `max` characters.
 */
export function breakdownTable(reply: EstimateReply, max: number): string {
  const { verdict } = reply;
  const capacity = verdict.capacityBytes;
  const peakHow =
    capacity === null ? 'what nvidia-smi shows' : `${capacityBar(verdict.deviceBytes, capacity)} ${gib(capacity)} usable`;
  const head = row('per GPU', 'GiB', 'how');
  const peak = row('peak per GPU (nvidia-smi)', gib(verdict.deviceBytes), peakHow);

  const attempts: Array<(formula: string) => string> = [
    (formula) => formula,
    (formula) => truncate(formula, 48),
    (formula) => truncate(formula, 20),
    () => '',
  ];
  for (const shorten of attempts) {
    const rows = reply.breakdown.map((c) => row(c.name, gib(c.bytes), shorten(c.formula)));
    const text = codeSafe([head, ...rows, peak].join('\n'));
    if (text.length <= max) return text;
  }
  // Still too long (very many components): keep the first rows that fit and say how many were left.
  const rows = reply.breakdown.map((c) => row(c.name, gib(c.bytes), ''));
  for (let keep = rows.length - 1; keep >= 0; keep -= 1) {
    const elided = row(`… ${rows.length - keep} more rows`, '', '');
    const text = codeSafe([head, ...rows.slice(0, keep), elided, peak].join('\n'));
    if (text.length <= max) return text;
  }
  return truncate(codeSafe(peak), max);
}
