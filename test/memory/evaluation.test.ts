import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import type { Estimate } from '../../src/memory/types.js';

const evalPhase = (e: Estimate) => e.phases.find((p) => p.phase === 'eval');

describe('HF Trainer evaluation during training (trainer.py evaluation_loop)', () => {
  it('is off unless asked (eval_strategy "no" is the default)', () => {
    expect(evalPhase(estimateOf('llama-3-8b lora bs 1 seq 2048 gc on a100-80g'))).toBeUndefined();
  });

  it('adds a no-grad forward at per_device_eval_batch_size 8 whose logits can set the peak', () => {
    const e = estimateOf('llama-3-8b lora bs 1 seq 2048 gc on a100-80g with eval');
    const phase = evalPhase(e)!;
    expect(e.scenario.evaluation).toEqual({ batch: 8, keepLogits: false });
    // 2048 × 8 × 128256 logits at 10 B: 16-bit logits, fp32 copy, fp32 log-probs.
    expect(phase.parts.find((p) => p.key === 'eval-logits')!.bytes).toBe(2048 * 8 * 128256 * 10);
    expect(e.peakPhase).toBe('eval');
    // No gradients between steps.
    expect(phase.parts.some((p) => p.key === 'gradients')).toBe(false);
  });

  it('keeps the logits for compute_metrics (prediction_loss_only False) and says they accumulate', () => {
    const plain = estimateOf('llama-3-8b lora seq 2048 gc on a100-80g eval bs 4');
    const metrics = estimateOf('llama-3-8b lora seq 2048 gc on a100-80g eval bs 4 prediction_loss_only=False');
    const bytes = (e: Estimate) => evalPhase(e)!.parts.find((p) => p.key === 'eval-logits')!.bytes;
    expect(bytes(metrics) - bytes(plain)).toBe(2048 * 4 * 128256 * 2);
    expect(metrics.notes.join(' ')).toMatch(/eval_accumulation_steps/);
  });

  it('reads per_device_eval_batch_size and eval_strategy, and keeps them in the canonical text', () => {
    const e = estimateOf('llama-3-8b lora on a100-80g eval_strategy=steps per_device_eval_batch_size=2');
    expect(e.scenario.evaluation).toEqual({ batch: 2, keepLogits: false });
    expect(estimateOf(canonicalText(e.scenario)).scenario.evaluation).toEqual({ batch: 2, keepLogits: false });
  });
});
