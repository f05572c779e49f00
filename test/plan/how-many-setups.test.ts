import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findGpu } from '../../src/catalog/index.js';
import { GPU_COUNTS, Setups, applyAll, candidatesAt, onCount, tierCount } from '../../src/plan/how-many.js';
import { applyChange, settled } from '../../src/plan/levers.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * "How many" works each candidate setup out once and moves it between counts, with one-setting
 * changes set as fields (levers.ts `settled`) instead of read and resolved. The old path read
 * every change afresh at every count (`applyAll` on the question on those cards): each setup,
 * asked in any order, must be the very scenario that path gives, or refused alike.
 */

const MODELS = ['7b', '13b', 'llama-3-8b', 'llama-2-70b', 'mistral-7b', 'qwen2.5-14b', 'mixtral-8x7b', 'gemma-2-9b', '405b', '1.5b', 'deepseek-v3', 'phi-3-mini', 'qwen2.5-72b'];
const MODES = ['', 'lora', 'qlora', 'full', 'bf16 zero3', 'full gc', 'fsdp', 'dpo', 'full offload optimizer', 'infer ctx 8192', 'infer vllm ctx 32768', 'zero2', 'hsdp', 'torchtune full', 'megatron full', 'axolotl lora', 'full zero3 offload params', 'serve sglang', 'pure bf16 full', 'fp32 full'];
const EXTRAS = ['', 'seq 2048', 'seq 8192', 'bs 4', 'bs 16 seq 4096', 'tp 2', 'pp 2', 'tp 4 pp 2', 'gbs 64 ga 4', 'adam8bit', 'chunked ce'];
const CARDS = ['h100', '4090', 'a100-40g', '3090', 'l4', 'h200', 'a6000', 't4', 'v100', 'mi300x'];

const request = fc.record({ model: fc.constantFrom(...MODELS), mode: fc.constantFrom(...MODES), extra: fc.constantFrom(...EXTRAS), card: fc.constantFrom(...CARDS) });

function scenarioOf(r: { model: string; mode: string; extra: string }): Scenario | null {
  const outcome = resolveRequest([r.model, r.mode, r.extra].filter(Boolean).join(' '), null);
  return outcome.ok && outcome.scenario ? outcome.scenario : null;
}

/** Every (count, changes) the search may ask for, each tier's candidates at each count. */
function everyCandidate(s: Scenario): { count: number; changes: string[] }[] {
  const out: { count: number; changes: string[] }[] = [];
  for (let tier = 0; tier < tierCount(s); tier++) for (const count of GPU_COUNTS) for (const changes of candidatesAt(s, tier, count)) out.push({ count, changes });
  return out;
}

describe('"how many" candidate setups', () => {
  it('each is the setup reading every change afresh on that count gives, asked in any order', () => {
    fc.assert(
      fc.property(request, fc.integer(), (r, seed) => {
        const s = scenarioOf(r);
        fc.pre(s !== null);
        const gpu = findGpu(r.card)!;
        const asks = everyCandidate(s!);
        // A seeded shuffle: the first count a list is worked out on varies, up or down.
        const order = fc.sample(fc.shuffledSubarray(asks, { minLength: asks.length, maxLength: asks.length }), { seed, numRuns: 1 })[0]!;
        const setups = new Setups(s!, gpu);
        for (const { count, changes } of order) {
          expect(setups.at(count, changes), `${changes.join(' + ') || 'as asked'} on ${count}× ${r.card}`).toEqual(applyAll(onCount(s!, gpu, count), changes));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("knows each setup's tp × pp from its changes: where it resolves, that is its split; where that is unknown, it is refused", () => {
    fc.assert(
      fc.property(request, (r) => {
        const s = scenarioOf(r);
        fc.pre(s !== null);
        const setups = new Setups(s!, findGpu(r.card)!);
        for (const { count, changes } of everyCandidate(s!)) {
          const setup = setups.at(count, changes);
          const split = setups.splitOf(count, changes);
          if (split === null) expect(setup).toBeNull();
          else if (setup) expect(setup.parallel.tp * setup.parallel.pp, `${changes.join(' + ')} on ${count}`).toBe(split);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a one-setting change set on a resolved setup is that change read as a follow-up', () => {
    fc.assert(
      fc.property(request, fc.constantFrom(...GPU_COUNTS), fc.shuffledSubarray(['gc', 'zero1', 'zero2', 'zero3', 'offload optimizer'], { minLength: 1 }), (r, count, changes) => {
        const s = scenarioOf(r);
        fc.pre(s !== null);
        let old: Scenario | null = onCount(s!, findGpu(r.card)!, count);
        let fast: Scenario | null = applyChange(old, changes[0]!);
        for (const change of changes) old = old && applyChange(old, change);
        for (const change of changes.slice(1)) fast = fast && settled(fast, change);
        expect(fast).toEqual(old);
      }),
      { numRuns: 200 },
    );
  });
});
