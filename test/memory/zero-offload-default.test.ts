import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { ZERO_OFFLOAD_ASSUMPTION, ZERO_OFFLOAD_STAGE, ZERO_PARAM_OFFLOAD_ASSUMPTION, zeroOffloadSharding } from '../../src/memory/offload.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
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

/**
 * A parameter offload with no sharding named runs ZeRO-3 (DeepSpeed's offload_param is valid only
 * under stage 3): read, with the stage said, instead of refused as "needs zero3". A stage the user
 * names below 3 (or DDP) is still their contradiction, refused naming both.
 */
describe('parameter offload without a named sharding', () => {
  it('is read as ZeRO-3 on any count of cards, and says so', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.constantFrom('', 'axolotl', 'trl sft'), fc.integer({ min: 1, max: 16 }), (model, framework, gpus) => {
        const r = read(`${model} full ${framework} offload params on ${gpus}x a100-80g`);
        expect(r.scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
        expect(r.assumptions.join(' ')).toContain(ZERO_PARAM_OFFLOAD_ASSUMPTION);
        expect(r.estimate.deviceBytes).toBe(read(`${model} full ${framework} zero3 offload params on ${gpus}x a100-80g`).estimate.deviceBytes);
      }),
      { numRuns: 20 },
    );
  });

  it('with the optimizer offloaded too ("offload params offload optimizer"), still ZeRO-3', () => {
    expect(read('llama-2-13b full offload params offload optimizer on 2x rtx-4090').scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
    expect(zeroOffloadSharding(scenario('llama-2-7b', { offload: { optimizer: 'none', params: 'cpu' } }))).toEqual({ kind: 'zero', stage: 3 });
  });

  it('a stage named below 3, or DDP, is still refused naming both', () => {
    for (const named of ['zero1', 'zero2', 'ddp']) expect(resolveRequest(`llama-2-7b full ${named} offload params on 2x rtx-4090`, null).ok).toBe(false);
  });
});

/**
 * DeepSpeed's `cpu_offload: true` inside zero_optimization is the old spelling of ZeRO-Offload, the
 * optimizer only (runtime/zero/config.py: deprecated, new_param offload_optimizer with device cpu).
 * deepspeedai/DeepSpeed#1288 (corpus c783) set it beside "stage": 2 and was refused as a parameter
 * offload needing ZeRO-3. FSDP's cpu_offload (outside that block) still moves the parameters.
 */
describe("DeepSpeed's legacy cpu_offload", () => {
  const zeroBlock = (stage: number) => `gpt2-large finetune on a T4\n\`\`\`\n"zero_optimization": {\n  "stage": ${stage},\n  "cpu_offload": true,\n  "overlap_comm": true\n}\n\`\`\``;

  it('c783: the stage-2 block with cpu_offload reads as ZeRO-2 with the optimizer offloaded', () => {
    const c783 = loadCorpus().find((l) => l.id === 'c783')!;
    const r = resolveRequest(c783.text, null);
    expect(r.ok && r.scenario).toBeTruthy();
    if (!r.ok || !r.scenario) return;
    expect(r.scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
    expect(r.scenario.offload).toEqual({ optimizer: 'cpu', params: 'none' });
  });

  it.each([1, 2, 3])('stage %i with cpu_offload offloads the optimizer only', (stage) => {
    const s = read(zeroBlock(stage)).scenario;
    expect(s.sharding).toEqual({ kind: 'zero', stage });
    expect(s.offload).toEqual({ optimizer: 'cpu', params: 'none' });
  });

  it("FSDP's cpu_offload outside a zero_optimization block still offloads the parameters", () => {
    const s = read('llama-2-7b full fsdp on 2x a100-80g\n```yaml\ncpu_offload: true\n```').scenario;
    expect(s.offload.params).toBe('cpu');
  });
});
