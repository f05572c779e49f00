import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { ZERO_OFFLOAD_ASSUMPTION, ZERO_OFFLOAD_STAGE, zeroOffloadSharding } from '../../src/memory/offload.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * Optimizer offload with no sharding named runs DeepSpeed's ZeRO-Offload (memory/offload.ts):
 * `offload_optimizer` is valid under ZeRO stages 1–3 only, and stage 2 is DeepSpeed's own setup.
 */

function read(text: string) {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply;
}

const MODELS = ['llama-2-7b', 'qwen2.5-14b', 'qwen2.5-32b', 'llama-3.1-8b'];
const FRAMEWORKS = ['', 'axolotl', 'trl sft', 'dpo'];

describe('optimizer offload without a named sharding', () => {
  it('is read as ZeRO-2 under the trainers that offload through DeepSpeed, on any count of cards, and says so', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.constantFrom(...FRAMEWORKS), fc.integer({ min: 1, max: 16 }), (model, framework, gpus) => {
        const r = read(`${model} full ${framework} offload optimizer on ${gpus}x a100-80g`);
        expect(r.scenario.sharding).toEqual({ kind: 'zero', stage: ZERO_OFFLOAD_STAGE });
        expect(r.assumptions.join(' ')).toContain(ZERO_OFFLOAD_ASSUMPTION);
        // The same estimate as the stage named: nothing else about the run changes.
        expect(r.estimate.deviceBytes).toBe(read(`${model} full ${framework} zero2 offload optimizer on ${gpus}x a100-80g`).estimate.deviceBytes);
      }),
      { numRuns: 30 },
    );
  });

  it('holds less on each GPU than the same run read as DDP, which no framework runs with offload', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.integer({ min: 2, max: 16 }), (model, gpus) => {
        const zero = read(`${model} full offload optimizer on ${gpus}x a100-80g`).estimate.deviceBytes;
        const ddp = read(`${model} full ddp offload optimizer on ${gpus}x a100-80g`).estimate.deviceBytes;
        expect(zero).toBeLessThan(ddp);
      }),
      { numRuns: 20 },
    );
  });

  it('keeps a named stage, and the frameworks with their own offload', () => {
    expect(read('qwen2.5-32b full zero3 offload optimizer on 8x a100-80g').scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
    expect(read('qwen2.5-32b full zero1 offload optimizer on 8x a100-80g').scenario.sharding).toEqual({ kind: 'zero', stage: 1 });
    // A preset's own sharding stays: LLaMA-Factory's full fine-tune on several cards is ZeRO-3.
    expect(read('llama-2-7b full llamafactory offload optimizer on 4x a100-80g').scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
    expect(read('qwen2.5-32b full torchtune offload optimizer on 8x a100-80g').scenario.sharding.kind).not.toBe('zero');
    const frameworks: Scenario['framework'][] = ['torchtune', 'litgpt', 'megatron', 'unsloth', 'fsdp'];
    for (const framework of frameworks) {
      expect(zeroOffloadSharding(scenario('llama-2-7b', { framework, offload: { optimizer: 'cpu', params: 'none' } }))).toBeNull();
    }
    expect(zeroOffloadSharding(scenario('llama-2-7b', { offload: { optimizer: 'none', params: 'none' } }))).toBeNull();
    expect(zeroOffloadSharding(scenario('llama-2-7b', { offload: { optimizer: 'cpu', params: 'none' } }))).toEqual({ kind: 'zero', stage: 2 });
  });
});
