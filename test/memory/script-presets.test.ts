import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { programBatch } from '../../src/catalog/program-batch.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Presets for the training scripts people ran from a project's own repository (issue 23, vb6):
 * what the script itself loads and turns on, so naming it carries what it really ran.
 */
describe("alpaca-lora's finetune.py (tloen/alpaca-lora, every version)", () => {
  const models = ['llama-1-7b', 'llama-1-13b', 'llama-1-33b'];

  it('loads the base in 8 bits whether the request says "lora" or names no method (load_in_8bit=True, no flag)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...models), (model) => {
        const named = estimateOf(`${model} lora alpaca-lora seq 256 on a100-80g`);
        const bare = estimateOf(`${model} alpaca-lora seq 256 on a100-80g`);
        expect(named.scenario.weights).toBe('int8');
        expect(part(named, 'weights')).toBe(part(bare, 'weights'));
        // One byte a linear weight: under the 16-bit base a plain LoRA request holds.
        expect(part(named, 'weights')).toBeLessThan(part(estimateOf(`${model} lora seq 256 on a100-80g`), 'weights'));
      }),
      { numRuns: models.length },
    );
  });

  it("runs transformers' eager attention (LLaMA's SDPA came with 4.36, after the repo's last release of its script)", () => {
    expect(estimateOf('llama-1-7b lora alpaca-lora on a100-80g').scenario.attention).toBe('eager');
  });

  it("serves through generate.py in fp16 (load_8bit False since e04897b), with no training recipe: the weights are the plain 16-bit base's", () => {
    const served = estimateOf('llama-1-33b alpaca-lora infer on a100-80g');
    expect(served.scenario).toMatchObject({ mode: 'inference', weights: 'fp16', attention: 'eager' });
    expect(part(served, 'weights')).toBe(part(estimateOf('llama-1-33b fp16 infer on a100-80g'), 'weights'));
  });

  it('names its own micro-batch, 4 (finetune.py MICRO_BATCH_SIZE / micro_batch_size)', () => {
    expect(programBatch('alpaca-lora')?.microBatch).toBe(4);
  });
});

describe("LongLoRA's fine-tune.py and supervised-fine-tune.py (dvlab-research/LongLoRA, be3bb47)", () => {
  it('reads the word and runs what the scripts turn on with no flag: bf16, checkpointing, flash attention, ZeRO-2 over several GPUs', () => {
    const e = estimateOf('llama-2-7b longlora full bs 1 seq 4096 on 8x a100-40g');
    expect(e.scenario).toMatchObject({ framework: 'longlora', mode: 'full', recipe: 'mixed', compute: 'bf16', recompute: 'full', attention: 'flash', sharding: { kind: 'zero', stage: 2 } });
  });

  it('trains LoRA r8 on q,k,v,o when no method is named (low_rank_training=True)', () => {
    const e = estimateOf('llama-2-7b longlora bs 1 on 8x a100-40g');
    expect(e.scenario.mode).toBe('lora');
    expect(e.scenario.lora).toMatchObject({ rank: 8, targets: ['q', 'k', 'v', 'o'], dropout: 0 });
  });

  it("holds ds_configs/stage2.json's two 1e9-element buckets in backward, in the engine's bf16, whatever trains, and frees them before the step", () => {
    const phaseBuckets = (text: string, moment: string) =>
      estimateOf(text).phases.find((p) => p.label === moment)!.parts.find((p) => p.key === 'buckets')?.bytes ?? 0;
    for (const method of ['full', 'lora']) {
      const text = `llama-2-7b longlora ${method} bs 1 seq 4096 on 8x a100-40g`;
      expect(phaseBuckets(text, 'end of backward')).toBe(2 * 1e9 * 2);
      expect(phaseBuckets(text, 'optimizer step')).toBe(0);
    }
  });
});

describe('torchtune by release (meta-pytorch/torchtune tags, memory/torchtune-release.ts)', () => {
  it('reads "torchtune 0.1.1" as the release and the framework', () => {
    const e = estimateOf('llama-3-8b lora torchtune 0.1.1 seq 2048 on 1x a100-80g');
    expect(e.scenario).toMatchObject({ framework: 'torchtune', torchtuneVersion: '0.1.1' });
  });

  it("before 0.3.0 the recipe's nn.CrossEntropyLoss runs on the whole fp32 logits, with the loop's shifted copy held through backward: 16 B a logit", () => {
    const e = estimateOf('llama-3-8b lora torchtune 0.1.1 seq 4096 bs 1 on 1x a100-80g');
    expect(e.scenario.loss).toBe('full');
    expect(part(e, 'logits')).toBe(4096 * 128256 * 16);
    // Chunked from 0.3.0, and with no release named (the newest).
    for (const text of ['llama-3-8b lora torchtune 0.3.0 seq 4096 bs 1 on 1x a100-80g', 'llama-3-8b lora torchtune seq 4096 bs 1 on 1x a100-80g']) {
      expect(part(estimateOf(text), 'logits')).toBe(4096 * 128256 * 4);
    }
  });

  it('LoRA targets q,v before 0.4.0 and adds output_proj and the MLP from it; AdamW fused from 0.3.1', () => {
    const at = (release: string) => estimateOf(`llama-3-8b lora torchtune ${release} seq 2048 on 1x a100-80g`).scenario;
    expect(at('0.1.1').lora!.targets).toEqual(['q', 'v']);
    expect(at('0.3.1').lora!.targets).toEqual(['q', 'v']);
    expect(at('0.4.0').lora!.targets).toEqual(['q', 'v', 'o', 'gate', 'up', 'down']);
    expect([at('0.3.0').optimizerImpl, at('0.3.1').optimizerImpl]).toEqual(['foreach', 'fused']);
  });

  it("0.1.1 and 0.2.1 hold the same, and 0.3.0's chunked loss holds less, at every seq", () => {
    fc.assert(
      fc.property(fc.constantFrom(1024, 2048, 4096, 8192), (seq) => {
        const old = estimateOf(`llama-3-8b lora torchtune 0.1.1 seq ${seq} bs 1 on 1x a100-80g`).deviceBytes;
        const now = estimateOf(`llama-3-8b lora torchtune 0.2.1 seq ${seq} bs 1 on 1x a100-80g`).deviceBytes;
        expect(old).toBe(now);
        expect(old).toBeGreaterThan(estimateOf(`llama-3-8b lora torchtune 0.3.0 seq ${seq} bs 1 on 1x a100-80g`).deviceBytes);
      }),
      { numRuns: 4 },
    );
  });
});
