import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findGpu } from '../../src/catalog/index.js';
import { estimate } from '../../src/memory/estimate.js';
import { GPU_COUNTS, applyAll, candidatesAt, howMany, onCount, oneReplica, smallestIndex, tierCount, type Card } from '../../src/plan/how-many.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * howMany finds the count by bisection and resolves each change once; the reference below
 * tries every count of every tier with every change resolved afresh, as the solver did before.
 */
function byEveryCount(s: Scenario, gpu: Card): { value: number | null; changes: string[] | null; setup: Scenario | null } {
  let last: Scenario | null = null;
  for (let tier = 0; tier < tierCount(s); tier++) {
    for (const count of GPU_COUNTS) {
      for (const changes of candidatesAt(s, tier, count)) {
        const setup = applyAll(onCount(s, gpu, count), changes);
        if (!setup) continue;
        last = setup;
        if (estimate(setup, { numbersOnly: true }).fits) return { value: count, changes, setup };
      }
    }
  }
  return { value: null, changes: null, setup: last };
}

const MODELS = ['7b', '13b', 'llama-3-8b', 'llama-2-70b', 'mistral-7b', 'qwen2.5-14b', 'mixtral-8x7b', 'gemma-2-9b', '405b', '1.5b'];
const MODES = ['', 'lora', 'qlora', 'full', 'bf16 zero3', 'full gc', 'fsdp', 'dpo', 'full offload optimizer', 'infer ctx 8192', 'infer vllm ctx 32768', 'zero2', 'hsdp'];
const EXTRAS = ['', 'seq 2048', 'seq 8192', 'seq 32768', 'bs 4', 'bs 16 seq 4096', 'tp 2'];
const CARDS = ['h100', '4090', 'a100-40g', '3090', 'l4', 'h200', 'a6000', 't4'];

const request = fc.record({ model: fc.constantFrom(...MODELS), mode: fc.constantFrom(...MODES), extra: fc.constantFrom(...EXTRAS), card: fc.constantFrom(...CARDS) });

function scenarioOf(r: { model: string; mode: string; extra: string }): Scenario | null {
  const outcome = resolveRequest([r.model, r.mode, r.extra].filter(Boolean).join(' '), null);
  return outcome.ok && outcome.scenario ? outcome.scenario : null;
}

describe('"how many" by bisection', () => {
  it('gives the answer of trying every count, with the same changes and the same setup', () => {
    fc.assert(
      fc.property(request, (r) => {
        const s = scenarioOf(r);
        fc.pre(s !== null);
        const gpu = findGpu(r.card)!;
        const expected = byEveryCount(s!, gpu);
        const solved = howMany(s!, gpu.id);
        expect(solved.answer.value).toBe(expected.value);
        if (expected.changes?.length) expect(solved.answer.headline).toContain(expected.changes.at(-1)!.replace(/^zero(\d)$/, 'ZeRO-$1'));
        expect(solved.setup).toEqual(expected.setup);
      }),
      { numRuns: 100 },
    );
  });

  it('from two replicas up, more cards never raise one candidate\'s peak (what makes bisection exact)', () => {
    fc.assert(
      fc.property(request, fc.integer({ min: 1, max: GPU_COUNTS.length - 2 }), (r, i) => {
        const s = scenarioOf(r);
        fc.pre(s !== null);
        const gpu = findGpu(r.card)!;
        const [fewer, more] = [GPU_COUNTS[i]!, GPU_COUNTS[i + 1]!];
        for (let tier = 0; tier < tierCount(s!); tier++) {
          const slots = candidatesAt(s!, tier, more).length;
          for (let slot = 0; slot < slots; slot++) {
            // The same candidate at both counts ("tp 8" and "pp n" are written for each count).
            const at = (count: number) => {
              const changes = candidatesAt(s!, tier, count)[slot];
              return changes ? applyAll(onCount(s!, gpu, count), changes) : null;
            };
            const [a, b] = [at(fewer), at(more)];
            if (!a || !b || oneReplica(a) || oneReplica(b)) continue;
            expect(estimate(b, { numbersOnly: true }).deviceBytes).toBeLessThanOrEqual(estimate(a, { numbersOnly: true }).deviceBytes);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('bisection finds the first index where a monotone test holds, in about log2 probes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (top, k) => {
        const first = Math.min(k, top); // holds from `first` on, and at top
        let probes = 0;
        const found = smallestIndex(top, (i) => (probes++, i >= first));
        expect(found).toBe(first);
        expect(probes).toBeLessThanOrEqual(Math.ceil(Math.log2(top + 2)));
      }),
    );
  });
});
