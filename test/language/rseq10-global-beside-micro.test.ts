import { describe, expect, it } from 'vitest';
import { GLOBAL_BESIDE_MICRO } from '../../src/language/reconcile/global-beside-micro.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * A plain batch beside a micro-batch is the global batch the micro-batches make up, so accumulation
 * follows (issue 22, rseq10; oobabooga/textgen#1334, c2227 "MicroBatch = 1, Batch = 4"). Invented variations,
 * scored before the fix: 4 of 8 read right (two refused as "both set the micro-batch", one lost
 * GRADIENT_ACC_STEPS, one left the Korean 마이크로 배치 unread).
 */

describe('a plain batch beside a micro-batch is the global batch', () => {
  it('its pattern names its own example', () => {
    expect(GLOBAL_BESIDE_MICRO.micro.test(GLOBAL_BESIDE_MICRO.example)).toBe(true);
  });

  it.each([
    ['LoRA training llama-7b on an RTX 3090: MicroBatch = 1, Batch = 4, Cutoff = 256', 1, 4],
    ['finetune llama-2-7b with lora, batch_size=128 micro_batch_size=4 on 1x a100-80g', 4, 32],
    ['full finetune qwen2-7b on 1x a100-80g\nBS=1 GRADIENT_ACC_STEPS=3 SEQLEN=512', 1, 3],
    ['python finetune.py --base_model decapoda-research/llama-7b-hf --batch_size 64 --micro_batch_size 8 --cutoff_len 512 --lora_r 8\non one A100 80GB', 8, 8],
    ['全参微调qwen2.5-7b，batch size 32，micro batch 2，单卡A100 80G', 2, 16],
    ['train mistral-7b lora: global batch 64, micro batch 4, on 1x h100', 4, 16],
    ['litgpt finetune lora llama-3-8b on a 4090 --train.global_batch_size 16 --train.micro_batch_size 2', 2, 8],
    ['배치 64, 마이크로 배치 4로 llama-3-8b lora 학습 중입니다. A100 80GB 한 장', 4, 16],
    ['llama-3-8b lora on 1x a100-80g bs 16 micro batch 2', 2, 8],
  ])('%s: mbs %i ga %i', (text, mbs, ga) => {
    const { s } = readNoticed(text);
    expect(s.microBatch).toBe(mbs);
    expect(s.gradAccum).toBe(ga);
  });

  it('on several GPUs the global batch is said weak, with the per-GPU reading', () => {
    const { s, said } = readNoticed('train llama-3-8b lora on 4x a100-80g, batch size 32, micro batch 2');
    expect(s.microBatch).toBe(2);
    expect(s.gradAccum).toBe(4);
    expect(said).toContain('say "mbs 2 ga 16"');
  });

  it('a batch the micro-batch does not divide stays a contradiction to ask about, never a guess', () => {
    expect(() => readNoticed('llama-3-8b lora on 1x a100-80g bs 6 micro batch 4')).toThrow(/micro-batch/);
  });

  it('c2227 (oobabooga/textgen#1334): "MicroBatch = 1, Batch = 4" accumulates 4', () => {
    const { scenario } = corpusLineRead('c2227');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.gradAccum).toBe(4);
  });
});
