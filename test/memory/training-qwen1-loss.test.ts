import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { lossBytesPerLogit, qwen1SixteenBitLoss, trainingLogits } from '../../src/memory/logits.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Qwen-1's remote code (modeling_qwen.py, QWenLMHeadModel.forward) computes its cross-entropy on the
 * 16-bit logits and their shifted 16-bit copy, with no `.float()`. Under autocast (HF Trainer /
 * Accelerate mixed precision) cross_entropy is upcast all the same; under the DeepSpeed engine there
 * is no autocast (Accelerate leaves native_amp off for DistributedType.DEEPSPEED), so the loss stays
 * 16-bit: 6 B a logit element instead of 12 (memory/qwen1-loss.ts).
 */

function scenario(text: string): Scenario {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario;
}

const logitsBytes = (s: Scenario) => trainingLogits(s)?.bytes ?? 0;

describe("Qwen-1's own loss under DeepSpeed is 16-bit", () => {
  it('worked example: Qwen-14B, ZeRO-2, seq 4096, batch 2: 4096 × 2 × 152,064 logits × 6 B = 6.96 GiB (12 B: 13.9 GiB)', () => {
    const s = scenario('qwen-14b full zero2 bf16 seq 4096 bs 2 on 8x a100-80g');
    expect(qwen1SixteenBitLoss(s)).toBe(true);
    expect(lossBytesPerLogit(s)).toBe(6);
    expect(logitsBytes(s)).toBe(4096 * 2 * 152064 * 6);
    expect(logitsBytes(s) / 2 ** 30).toBeCloseTo(6.96, 2);
    expect(trainingLogits(s)?.name).toMatch(/16-bit CE, Qwen-14B's own loss under DeepSpeed/);
  });

  it('under autocast (one process, HF Trainer bf16) cross_entropy is upcast: the fp32 count stays', () => {
    const s = scenario('qwen-14b lora bf16 seq 4096 bs 2 on 1x a100-80g');
    expect(qwen1SixteenBitLoss(s)).toBe(false);
    expect(lossBytesPerLogit(s)).toBe(12);
  });

  it('FSDP runs under Accelerate autocast: the fp32 count stays', () => {
    const s = scenario('qwen-7b full fsdp bf16 seq 2048 bs 1 on 8x a100-80g');
    expect(qwen1SixteenBitLoss(s)).toBe(false);
  });

  it("Qwen2.5, whose loss is transformers' ForCausalLMLoss (logits.float()), keeps 12 B under ZeRO", () => {
    const s = scenario('qwen2.5-7b full zero2 bf16 seq 4096 bs 2 on 8x a100-80g');
    expect(qwen1SixteenBitLoss(s)).toBe(false);
    expect(lossBytesPerLogit(s)).toBe(12);
  });

  it("TRL's preference and RL trainers compute their own log-probabilities: not the model's loss", () => {
    const s = scenario('qwen-7b full dpo zero3 bf16 seq 2048 bs 1 on 8x a100-80g');
    expect(s.framework).toBe('dpo');
    expect(qwen1SixteenBitLoss(s)).toBe(false);
  });

  it('a chunked or fused loss the user names is kept', () => {
    expect(lossBytesPerLogit(scenario('qwen-7b full zero3 bf16 chunked loss seq 2048 bs 1 on 8x a100-80g'))).toBe(4);
  });

  it('property: the 16-bit loss never raises the peak, and its logits grow with the batch', () => {
    for (const [model, gpus] of [['qwen-1.8b', 2], ['qwen-7b', 4], ['qwen-14b', 8], ['qwen-72b', 16]] as const) {
      for (const bs of [1, 2, 4]) {
        const deep = scenario(`${model} full zero3 bf16 gc seq 2048 bs ${bs} on ${gpus}x a100-80g`);
        expect(qwen1SixteenBitLoss(deep)).toBe(true);
        // The same shape without the remote code (no catalog id) takes transformers' fp32 loss.
        const fp32Loss: Scenario = { ...deep, model: { ...deep.model, id: null } };
        expect(qwen1SixteenBitLoss(fp32Loss)).toBe(false);
        expect(logitsBytes(deep)).toBe(logitsBytes(fp32Loss) / 2);
        expect(estimate(deep).deviceBytes).toBeLessThanOrEqual(estimate(fp32Loss).deviceBytes);
        // Saying "loss bf16" gives the same count: the remote code already is that loss.
        expect(logitsBytes({ ...deep, loss: 'bf16' })).toBe(logitsBytes(deep));
        const bigger = scenario(`${model} full zero3 bf16 gc seq 2048 bs ${bs * 2} on ${gpus}x a100-80g`);
        expect(logitsBytes(bigger)).toBe(2 * logitsBytes(deep));
      }
    }
  });
});
