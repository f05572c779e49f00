import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';

/**
 * Training runs users report as having run, that the estimate called "does not fit" (issue 23,
 * vran3): the terms and readings corrected, one worked example or property each.
 */

describe('readings corrected from their threads (test/corpus/verdicts-vb20.jsonl)', () => {
  it('v499: ChatGLM2-6B ds_train_finetune.sh with its default config (ZeRO-2, fp16, batch 4, 64 + 64 tokens, gc) fits 4× A100 80GB', () => {
    const e = estimateOf('chatglm2-6b full zero2 fp16 mixed gc bs 4 seq 128 flash on 4x a100-80g');
    expect(e.scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
    expect(e.scenario.seq).toBe(128);
    expect(e.scenario.recompute).toBe('full');
    expect(e.peakReservedBytes).toBeLessThan(79 * 2 ** 30);
  });

  it('v500: LLaMA-Factory named, its default gradient checkpointing is read', () => {
    const e = estimateOf('yi-34b lora bs 1 ga 1 llamafactory on 8x a100-80g');
    expect(e.scenario.framework).toBe('llama-factory');
    expect(e.scenario.recompute).toBe('full');
  });
});

describe('v625: llama-recipes alpaca_dataset rows are 224 tokens (test/corpus/verdicts-vb25.jsonl)', () => {
  it('Llama-2-13B LoRA over an 8-bit base at batch 16 × 224 tokens fits a 3090, as the 22.7 GB reported', () => {
    const e = estimateOf('llama-2-13b lora 8bit bs 16 seq 224 on 1x rtx-3090');
    expect(e.scenario.seq).toBe(224);
    expect(e.scenario.microBatch).toBe(16);
    expect(e.peakReservedBytes).toBeLessThan(23.7 * 2 ** 30);
  });
});
