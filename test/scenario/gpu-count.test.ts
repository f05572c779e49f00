import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { gpuCountOf } from '../../src/scenario/gpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema.js';
import { verdictOf } from '../../src/reply/build.js';
import { GPUS } from '../../src/catalog/index.js';

function resolve(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok || !r.scenario) throw new Error(`${text}: ${r.ok ? 'no scenario' : r.error.message}`);
  return r;
}
const scenario = (text: string, previous: Scenario | null = null) => resolve(text, previous).scenario!;

describe('GPUs counted with no card named', () => {
  it.each([
    ['I have 8 GPUs, full finetune llama 2 13b with zero3', 8],
    ['7b lora --num_processes 64', 64],
    ['7b lora NPROC_PER_NODE=7', 7],
    ['13b zero3 on 2 GPUs', 2],
    ['70b zero3 2 nodes of 8 gpus', 16],
  ])('"%s" is %i GPUs, no card', (text, count) => {
    const s = scenario(text);
    expect(s.hardware).toBeNull();
    expect(gpuCountOf(s)).toBe(count);
    expect(() => scenarioSchema.parse(s)).not.toThrow();
  });

  it('one GPU counted is the plain no-GPU case, with no count stored', () => {
    const s = scenario("7b lora 'devices': 1");
    expect(s.unnamedGpus).toBeUndefined();
    expect(gpuCountOf(s)).toBe(1);
  });

  it('estimates per GPU for that count: ZeRO-3 over 8 GPUs needs less per GPU than on one', () => {
    const eight = estimate(scenario('13b zero3 on 8 gpus'));
    const one = estimate(scenario('13b zero3'));
    expect(eight.deviceBytes).toBeLessThan(one.deviceBytes / 3);
    // the same need as on 8 named cards, less the card's own CUDA context
    const named = estimate(scenario('13b zero3 on 8x h100'));
    expect(Math.abs(eight.peakAllocatedBytes - named.peakAllocatedBytes)).toBeLessThan(2 ** 30);
  });

  it('lists the cards that hold the per-GPU need, not the one-GPU need', () => {
    const e = estimate(scenario('13b zero3 on 8 gpus'));
    expect(e.fitsOn.length).toBeGreaterThan(0);
    const need = e.deviceBytes;
    for (const id of e.fitsOn) expect(GPUS.find((g) => g.id === id)!.usableMiB * 2 ** 20).toBeGreaterThanOrEqual(need - 2 ** 30);
    expect(estimate(scenario('13b zero3')).fitsOn.length).toBeLessThan(e.fitsOn.length);
  });

  it('the verdict says per GPU on how many GPUs, with no card named', () => {
    const s = scenario('13b zero3 on 8 gpus');
    const v = verdictOf(s, estimate(s));
    expect(v.headline).toMatch(/per GPU on 8 GPUs \(no card named\)/);
    expect(v.detail).toMatch(/^Each of the 8 GPUs/);
  });

  it('canonical text says the count and reads back to the same scenario', () => {
    const s = scenario('I have 8 GPUs, 13b lora');
    expect(canonicalText(s)).toMatch(/ on 8 gpus$/);
    expect(scenario(canonicalText(s))).toEqual(s);
  });

  it('a follow-up naming a card keeps the count; a later count keeps the card', () => {
    const first = scenario('13b zero3 on 8 gpus');
    const carded = scenario('on h100', first);
    expect(carded.hardware).toMatchObject({ gpuId: 'h100-80g', count: 8 });
    expect(carded.unnamedGpus).toBeUndefined();
    expect(scenario('on 4 gpus', carded).hardware).toMatchObject({ gpuId: 'h100-80g', count: 4 });
    expect(gpuCountOf(scenario('seq 4096', first))).toBe(8);
    expect(gpuCountOf(scenario('on 16 gpus', first))).toBe(16);
  });

  it('nodes said with no card keep their size: HSDP shards within a node of 4, and a card named later keeps both', () => {
    const s = scenario('7b hsdp 2 nodes of 4 gpus');
    expect(s).toMatchObject({ hardware: null, unnamedGpus: 8, unnamedPerNode: 4 });
    expect(scenario(canonicalText(s))).toEqual(s);
    const optimizer = (x: Scenario) => estimate(x).modelStates.find((c) => c.key === 'optimizer')!.bytes;
    expect(optimizer(s)).toBeCloseTo(2 * optimizer(scenario('7b hsdp on 8 gpus')), -3);
    expect(scenario('on h100', s).hardware).toMatchObject({ count: 8, perNode: 4 });
  });

  it('which gpu answers for the counted GPUs', () => {
    const r = resolve('13b zero3 on 8 gpus which gpu');
    expect(r.scenario!.question.kind).toBe('whichGpu');
  });

  it('more GPUs counted never raise a shardable term', () => {
    fc.assert(
      fc.property(fc.constantFrom('7b', '13b', 'llama-3-8b'), fc.constantFrom('zero1', 'zero2', 'zero3', 'fsdp'), fc.integer({ min: 2, max: 64 }), (model, sharding, n) => {
        const few = estimate(scenario(`${model} ${sharding} on ${n} gpus`));
        const more = estimate(scenario(`${model} ${sharding} on ${n * 2} gpus`));
        for (const key of ['weights', 'master', 'optimizer', 'gradients']) {
          const bytes = (e: typeof few) => e.modelStates.find((c) => c.key === key)?.bytes ?? 0;
          expect(bytes(more)).toBeLessThanOrEqual(bytes(few) + 1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
