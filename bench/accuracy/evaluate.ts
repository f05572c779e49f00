import { respond } from '../../src/core/assistant.js';
import { countParams } from '../../src/memory/parameters.js';
import type { Estimate } from '../../src/memory/types.js';
import type { MeasuredRow } from './csv.js';
import { PEERS } from './peers.js';
import { ROW_REQUESTS, type RowRequest } from './requests.js';

/** One reference row compared with headroom (and the peers) on the metric it measured. */
export interface RowResult {
  row: MeasuredRow;
  text: string;
  measuredGb: number;
  predictedGb: number;
  /** Signed relative error, (predicted − measured) ÷ measured. */
  error: number;
  metric: string;
  estimate: Estimate;
  peers: Record<string, number | null>;
}

export interface Gap {
  row: MeasuredRow;
  reason: string;
}

const STATE_KEYS = new Set(['weights', 'adapters', 'master', 'optimizer', 'gradients']);

/** The Estimate's number for the quantity a row measured, in decimal GB. */
function predictedFor(metric: string, e: Estimate): number {
  switch (metric) {
    case 'allocated':
      return e.peakAllocatedBytes / 1e9;
    case 'reserved':
      return e.peakReservedBytes / 1e9;
    case 'formula':
      return e.modelStates.filter((c) => STATE_KEYS.has(c.key)).reduce((s, c) => s + c.bytes, 0) / 1e9;
    default:
      // nvidia-smi, and "unknown" (the PEEF docs read GPU-utilisation screenshots): device usage.
      return e.deviceBytes / 1e9;
  }
}

export function requestFor(row: MeasuredRow, table: Record<string, RowRequest> = ROW_REQUESTS): RowRequest {
  return table[row.id] ?? { text: null, gap: 'no request written for this row' };
}

export function evaluateRow(row: MeasuredRow, request: RowRequest): RowResult | Gap {
  if (!request.text) return { row, reason: request.gap ?? 'not expressible' };
  const { reply } = respond(request.text, null);
  if (reply.kind !== 'estimate') {
    const why = reply.kind === 'error' ? `request error: ${reply.message}` : 'no estimate';
    return { row, reason: why };
  }
  const e = reply.estimate;
  const measuredGb = Number(row.peak_gb_per_gpu);
  const predictedGb = predictedFor(row.what_measured, e);
  const arch = e.scenario.model.arch;
  const largestLayer = countParams(arch).perLayer;
  const params = { total: e.params.total, lmHead: e.params.lmHead, largestLayer };
  const peers = Object.fromEntries(PEERS.map((p) => [p.name, p.predict(row, params)]));
  return { row, text: request.text, measuredGb, predictedGb, error: (predictedGb - measuredGb) / measuredGb, metric: row.what_measured, estimate: e, peers };
}

export function isGap(r: RowResult | Gap): r is Gap {
  return 'reason' in r;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface Stats {
  n: number;
  median: number;
  p90: number;
}

export function stats(errors: number[]): Stats {
  const abs = errors.map(Math.abs);
  return { n: abs.length, median: quantile(abs, 0.5), p90: quantile(abs, 0.9) };
}

/** Fit verdict for an OOM case: it must be predicted as not fitting. */
export function predictsOom(text: string): boolean | null {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate' || reply.estimate.fits === null) return null;
  return reply.estimate.fits === false;
}
