import { gpuById } from '../catalog/index.js';
import { DEFAULTS } from './defaults.js';
import type { Scenario } from './schema.js';

/**
 * The two drivers of activations (and, served, of the KV cache): the sequence length and the
 * batch (training: the micro-batch per GPU; served: the sequences in flight at once). When the
 * user states neither, a verdict on the defaults (seq 2048, batch 1) says little about their run
 * (issue 23, item 8): the reply answers with the envelope instead, and asks.
 */
export type Driver = 'seq' | 'batch';

/** In the order replies name them. */
export const DRIVERS: readonly Driver[] = ['seq', 'batch'];

/**
 * The drivers this scenario holds at their defaults because the user did not state them. A
 * driver counts only while it still holds its default: a solver or sweep that sets the value
 * directly (`{ ...s, seq: 4096 }`) has stated it, whatever the field still says.
 */
export function unstatedDrivers(s: Scenario): Driver[] {
  const listed = s.unstated;
  if (!listed || listed.length === 0) return [];
  return DRIVERS.filter((d) => listed.includes(d) && (d === 'seq' ? s.seq === DEFAULTS.seq : s.microBatch === DEFAULTS.microBatch));
}

/** The scenario with exactly these drivers unstated (the field left out when none: older thread states read the same). */
export function withUnstated(s: Scenario, drivers: readonly Driver[]): Scenario {
  const kept = DRIVERS.filter((d) => drivers.includes(d));
  // Without the field, a spread is the same object with the same key order, and V8 copies it on a
  // fast path; leaving a field out (`...rest`) goes through the runtime, a percent of the request path.
  if (!('unstated' in s)) return kept.length ? { ...s, unstated: kept } : { ...s };
  const { unstated: _was, ...rest } = s;
  return kept.length ? { ...rest, unstated: kept } : rest;
}

/**
 * The 16-bit compute a request that states no precision gets on this scenario's card: fp16 on a
 * card without bf16 (V100, T4, 2080 Ti), else bf16 (resolve-precision.ts).
 */
export function defaultCompute(s: Scenario): 'bf16' | 'fp16' {
  const card = s.hardware?.gpuId ? gpuById(s.hardware.gpuId) : null;
  return card && !card.bf16 ? 'fp16' : 'bf16';
}

/**
 * The precision is a default the user never stated: only while it still holds that default (mixed
 * precision in the card's 16-bit dtype), so a change that writes another precision has stated it.
 */
export function precisionUnstated(s: Scenario): boolean {
  return s.precisionUnstated === true && s.recipe === 'mixed' && s.compute === defaultCompute(s);
}

/**
 * The scenario without its default-precision mark where a later step or a lever replaced the
 * default (vLLM's AWQ kernels run fp16; "int4" sets quantised kernels): a follow-up's resolution and
 * a lever's setting then lead to the same scenario, the one its canonical text reads back as.
 */
export function settleDefaultMark(s: Scenario): Scenario;
export function settleDefaultMark(s: Scenario | null): Scenario | null;
export function settleDefaultMark(s: Scenario | null): Scenario | null {
  if (!s?.precisionUnstated || precisionUnstated(s)) return s;
  const { precisionUnstated: _replaced, ...rest } = s;
  return rest;
}

