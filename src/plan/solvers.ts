import { GPUS, findGpu, gpuById } from '../catalog/index.js';
import { estimate } from '../memory/estimate.js';
import { MiB, gib } from '../memory/format.js';
import type { Scenario } from '../scenario/schema.js';
import type { Answer } from '../reply/types.js';
import { applyChange } from './levers.js';

/**
 * Solvers (DESIGN §3.7): the largest micro-batch or sequence that fits, the fewest GPUs of a
 * type, the cheapest card, and A-vs-B. Each one only calls `estimate`, which is monotone in
 * batch, sequence and (for shardable terms) GPU count, so bisection is exact.
 */

function fits(s: Scenario): boolean {
  return estimate(s).fits === true;
}

/** Largest integer in [lo, hi] for which `ok` holds, given ok is monotone (true then false). */
function largest(lo: number, hi: number, ok: (n: number) => boolean): number | null {
  if (!ok(lo)) return null;
  let good = lo;
  let step = lo;
  while (good + step <= hi && ok(good + step)) {
    good += step;
    step *= 2;
  }
  let bad = Math.min(hi + 1, good + step);
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/** A question about limits needs a card: without one, answer for the most common training card and say so. */
function onSomeCard(s: Scenario): { scenario: Scenario; prefix: string } {
  if (s.hardware) return { scenario: s, prefix: '' };
  const gpu = findGpu('h100') ?? GPUS[0]!;
  const hardware = { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count: 1, perNode: 1 };
  return { scenario: { ...s, hardware }, prefix: `No GPU named, so on one ${gpu.name}: ` };
}

export function maxBatch(asked: Scenario): Answer {
  const { scenario: s, prefix } = onSomeCard(asked);
  const b = largest(1, 65_536, (n) => fits({ ...s, microBatch: n }));
  const text =
    b === null
      ? `${prefix}not even micro-batch 1 fits; see the levers below.`
      : `${prefix}the largest micro-batch that fits is ${b} (seq ${s.seq}). Reach a larger effective batch with gradient accumulation.`;
  return { kind: 'maxBatch', value: b, text: capitalise(text) };
}

export function maxSeq(asked: Scenario): Answer {
  const { scenario: s, prefix } = onSomeCard(asked);
  // Sequences are searched in steps of 128 tokens, the granularity people pad to.
  const units = largest(1, 10_000_000 / 128, (n) => fits({ ...s, seq: n * 128 }));
  const seq = units === null ? null : units * 128;
  const text = seq === null ? `${prefix}not even 128 tokens fit; see the levers below.` : `${prefix}the longest sequence that fits is ${seq} tokens at micro-batch ${s.microBatch}.`;
  return { kind: 'maxSeq', value: seq, text: capitalise(text) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const GPU_COUNTS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024];

/** Sharding choices to try, from the least communication to the most; the user's stage is kept if given. */
function shardingLadder(s: Scenario): string[] {
  if (s.sharding.kind !== 'none' && s.sharding.kind !== 'ddp') return [''];
  return s.mode === 'inference' ? [''] : ['', 'zero1', 'zero2', 'zero3'];
}

export function howMany(s: Scenario, gpuId: string | null): Answer {
  const id = gpuId ?? s.hardware?.gpuId ?? null;
  const gpu = id ? gpuById(id) : (findGpu('h100') ?? GPUS[0]!);
  for (const count of GPU_COUNTS) {
    for (const sharding of shardingLadder(s)) {
      const hardware = { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: Math.min(count, 8) };
      let candidate: Scenario | null = { ...s, hardware, sharding: count > 1 && s.sharding.kind === 'none' ? { kind: 'ddp', stage: 0 } : s.sharding };
      if (sharding) candidate = applyChange(candidate, sharding);
      if (!candidate) continue;
      const e = estimate(candidate);
      if (e.fits) {
        const how = sharding ? ` with ${sharding}` : '';
        return {
          kind: 'howMany',
          value: count,
          text: `Fewest ${gpu.name} cards: ${count}${how} (${gib(e.deviceBytes)} GiB of ${gib(gpu.usableMiB * MiB)} GiB per GPU).`,
        };
      }
    }
  }
  return { kind: 'howMany', value: null, text: `No count of ${gpu.name} up to 1024 fits this with ZeRO alone; add offload or parallelism (tp/pp).` };
}

export function whichGpu(s: Scenario): Answer {
  const count = s.hardware?.count ?? 1;
  const candidates = [...GPUS]
    .sort((a, b) => a.priceRank - b.priceRank || a.usableMiB - b.usableMiB)
    .map((gpu) => ({ gpu, e: estimate({ ...s, hardware: { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: s.hardware?.perNode ?? count } }) }))
    .filter((c) => c.e.fits);
  if (candidates.length === 0) return { kind: 'whichGpu', value: null, text: `No single catalog card holds this at ${count} GPU(s); ask "how many h100".` };
  const best = candidates[0]!;
  const others = candidates.slice(1, 4).map((c) => c.gpu.name);
  return {
    kind: 'whichGpu',
    value: best.gpu.id,
    text: `Cheapest card that fits: ${best.gpu.name} (${gib(best.e.deviceBytes)} of ${gib(best.gpu.usableMiB * MiB)} GiB)${others.length ? `; also ${others.join(', ')}` : ''}.`,
  };
}

export function compare(s: Scenario, a: string, b: string, reading: (s: Scenario) => string): Answer {
  const sides = [a, b].map((change) => {
    const side = applyChange(s, change) ?? s;
    const e = estimate(side);
    return { label: change, reading: reading(side), deviceBytes: e.deviceBytes, fits: e.fits };
  });
  const [x, y] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const diff = Math.abs(x.deviceBytes - y.deviceBytes);
  const smaller = x.deviceBytes <= y.deviceBytes ? x : y;
  return {
    kind: 'compare',
    value: smaller.label,
    text: `${x.label}: ${gib(x.deviceBytes)} GiB · ${y.label}: ${gib(y.deviceBytes)} GiB per GPU — ${smaller.label} needs ${gib(diff)} GiB less.`,
    sides,
  };
}
