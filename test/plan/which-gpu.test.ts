import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS } from '../../src/catalog/index.js';
import { MiB } from '../../src/memory/format.js';
import { estimate } from '../../src/memory/estimate.js';
import { whichGpu } from '../../src/plan/solvers.js';
import { gpuCountOf, gpusPerNodeOf, onCards } from '../../src/scenario/gpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * "Which GPU" estimates the catalog from the cheapest card up and stops at the fourth that fits.
 * The reference estimates every card, as the solver did before: the cheapest that fits, and the
 * next three it names, must be the same, with the same setup.
 */
function everyCard(s: Scenario): { ids: string[]; setup: Scenario | null } {
  const count = gpuCountOf(s);
  const fitting = [...GPUS]
    .sort((a, b) => a.priceRank - b.priceRank || a.usableMiB - b.usableMiB)
    .map((gpu) => ({ gpu, setup: { ...onCards(s, { gpuId: gpu.id, capacityBytes: gpu.usableMiB * MiB, count, perNode: gpusPerNodeOf(s) }), question: { kind: 'none' as const } } }))
    .filter(({ setup }) => estimate(setup, { numbersOnly: true }).fits);
  return { ids: fitting.slice(0, 4).map(({ gpu }) => gpu.name), setup: fitting[0]?.setup ?? null };
}

const MODELS = ['7b', '13b', 'llama-3-8b', 'llama-2-70b', 'mixtral-8x7b', '405b', '1.5b', 'deepseek-v3', 'qwen2.5-72b', 'phi-3-mini'];
const MODES = ['', 'lora', 'qlora', 'full', 'bf16 zero3', 'full gc', 'infer ctx 8192', 'infer vllm ctx 32768', 'serve sglang', 'infer int4', 'dpo'];
const EXTRAS = ['', 'seq 8192', 'bs 16 seq 4096', 'on 8 gpus', 'on 2 gpus tp 2', 'on 4 gpus'];

describe('"which GPU" stops at the fourth card that fits', () => {
  it('names the cards, in the order and with the setup, that estimating every card gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.constantFrom(...MODES), fc.constantFrom(...EXTRAS), (model, mode, extra) => {
        const outcome = resolveRequest([model, mode, extra, 'which gpu'].filter(Boolean).join(' '), null);
        fc.pre(outcome.ok && outcome.scenario !== null);
        const s = outcome.scenario!;
        const expected = everyCard(s);
        const solved = whichGpu(s);
        const [first, ...others] = expected.ids;
        if (!first) expect(solved.answer.value).toBeNull();
        else {
          expect(solved.answer.text).toContain(`Cheapest card that fits: ${first} (`);
          expect(solved.answer.text).toContain(others.length ? `; also ${others.join(', ')}.` : ' GiB).');
          expect(solved.setup).toEqual(expected.setup);
        }
      }),
      { numRuns: 120 },
    );
  });
});
