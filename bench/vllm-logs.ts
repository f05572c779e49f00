import { respond } from '../src/core/assistant.js';
import type { Estimate } from '../src/memory/types.js';
import { LOG_POINTS, type LogPoint } from './vllm-logs/points.js';

/**
 * `npm run bench:vllm-logs`: vLLM's own start-up numbers from pasted logs (bench/vllm-logs/points.ts)
 * beside the budget terms headroom computes for the same setup (src/memory/serving-budget.ts), per
 * GPU: weights, non-torch, activation peak (profile run + sampler), CUDA graphs, KV pool in GiB and
 * tokens. Prints a table; asserts nothing.
 */

const GIB = 2 ** 30;
const part = (e: Estimate, ...keys: string[]) => e.components.filter((c) => keys.includes(c.key)).reduce((t, c) => t + c.bytes, 0);

export interface Ours {
  weights: number;
  nonTorch: number;
  activation: number;
  graphs: number;
  kvGiB: number;
  kvTokens: number;
}

/** Our terms for one log point, per GPU in GiB (or why there is no estimate). */
export function oursFor(p: LogPoint): Ours | string {
  const { reply } = respond(p.request, null);
  if (reply.kind !== 'estimate') return `no estimate (${reply.kind})`;
  const e = reply.estimate;
  const weights = part(e, 'weights', 'vision', 'weights-vocab');
  const activation = part(e, 'profile', 'logits', 'dequant');
  const pool = e.serving?.kvPoolBytes ?? 0;
  // What the budget counts as non-torch: the planned share less what it holds (serving-budget.ts nonTorchInBudget).
  const planned = e.serving?.plannedBytes ?? 0;
  return {
    weights: weights / GIB,
    nonTorch: (planned - weights - activation - pool) / GIB,
    activation: activation / GIB,
    graphs: part(e, 'cuda-graphs') / GIB,
    kvGiB: (e.serving?.kvPoolBytes ?? 0) / GIB,
    kvTokens: e.serving?.kvCapacityTokens ?? 0,
  };
}

function cell(ours: number, log: number | undefined, digits = 2): string {
  if (log === undefined) return '';
  const gap = log === 0 ? '' : ` (${ours >= log ? '+' : ''}${Math.round((100 * (ours - log)) / Math.abs(log))}%)`;
  return `${ours.toFixed(digits)} / ${log.toFixed(digits)}${gap}`;
}

function main(): void {
  const headers = ['point', 'weights', 'non-torch', 'activation', 'graphs', 'KV GiB', 'KV tokens', 'source'];
  const rows: string[][] = [];
  for (const p of LOG_POINTS) {
    const o = oursFor(p);
    if (typeof o === 'string') {
      rows.push([p.id, o, '', '', '', '', '', p.source]);
      continue;
    }
    const activation = p.log.activation ?? (p.log.peakTorch !== undefined ? p.log.peakTorch - o.weights : undefined);
    rows.push([
      p.id,
      cell(o.weights, p.log.weights),
      cell(o.nonTorch, p.log.nonTorch),
      cell(o.activation, activation) + (p.log.peakTorch !== undefined ? ' (peak − our weights)' : ''),
      cell(o.graphs, p.log.graphs),
      cell(o.kvGiB, p.log.kvGiB),
      p.log.kvTokens === undefined ? '' : cell(o.kvTokens, p.log.kvTokens, 0),
      p.source,
    ]);
  }
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`vLLM start-up logs: ours / the log's, per GPU (GiB; tokens) — ${LOG_POINTS.length} points`);
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
