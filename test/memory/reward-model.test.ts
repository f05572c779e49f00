import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * Reward-model training (memory/reward-model.ts): chosen and rejected of each pair are in the graph
 * together (TRL RewardTrainer.compute_loss: two forwards before v0.24.0, one stacked forward from it),
 * and the model is a one-output AutoModelForSequenceClassification, so there are no vocabulary logits.
 */
/** A component's bytes in whichever phase holds it (the peak may be the optimizer step, where activations are gone). */
const held = (e: ReturnType<typeof estimate>, key: string) => Math.max(0, ...e.phases.flatMap((ph) => ph.parts.filter((c) => c.key === key).map((c) => c.bytes)));

describe('reward-model training', () => {
  const base = scenario('llama-3-8b', { seq: 1024, microBatch: 2 });

  it('holds the activations of both sequences of each pair: a reward step at micro-batch 2 keeps what an SFT step at 4 keeps', () => {
    const reward = estimate({ ...base, framework: 'reward' });
    const sft = estimate({ ...base, microBatch: 4 });
    expect(held(reward, 'activations')).toBeGreaterThan(0);
    expect(held(reward, 'activations')).toBe(held(sft, 'activations'));
  });

  it("has no LM-head logits: Llama-3-8B at seq 1024, micro-batch 2 scores 1024 × 4 positions × 4 B = 16 KiB, not 1024 × 2 × 128,256 logits", () => {
    const reward = estimate({ ...base, framework: 'reward' });
    const sft = estimate(base);
    expect(held(reward, 'logits')).toBe(1024 * 4 * 4);
    expect(held(sft, 'logits')).toBeGreaterThan(1024 * 2 * 128256 * 4);
  });

  it('a bigger micro-batch or a longer sequence never lowers the peak; checkpointing never raises the activations', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }).map((k) => 256 * k), (b, seq) => {
        const s = { ...base, framework: 'reward' as const, microBatch: b, seq };
        const peak = (x: typeof s) => estimate(x).peakReservedBytes;
        expect(peak({ ...s, microBatch: b + 1 })).toBeGreaterThanOrEqual(peak(s));
        expect(peak({ ...s, seq: seq + 256 })).toBeGreaterThanOrEqual(peak(s));
        expect(held(estimate({ ...s, recompute: 'full' }), 'activations')).toBeLessThanOrEqual(held(estimate(s), 'activations'));
      }),
      { numRuns: 12 },
    );
  });

  // huggingface/trl#3218 (corpus v1101): TRL's reward_modeling.py on Llama-3-70B, FSDP with parameter
  // offload, no checkpointing, batch 1, max_length 1024, on eight 96 GB H100s; it ran out of memory.
  it('Llama-3-70B reward model under FSDP parameter offload, no gc, bs 1 seq 1024 on 8× 96 GB: twice the activations of the SFT step', () => {
    const reward = estimateOf('llama-3-70b reward full fsdp offload params bf16 no gc bs 1 seq 1024 on 8x 96GB');
    const sft = estimateOf('llama-3-70b full fsdp offload params bf16 no gc bs 1 seq 1024 on 8x 96GB');
    expect(reward.scenario.framework).toBe('reward');
    expect(part(reward, 'activations')).toBe(2 * part(sft, 'activations'));
    expect(reward.peakReservedBytes).toBeGreaterThan(sft.peakReservedBytes);
  });
});

describe('reading a reward-model run', () => {
  const read = (text: string) => {
    const { reply } = respond(text, null);
    if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
    return reply;
  };

  it('"reward" names the objective and says its preset', () => {
    const r = read('llama-3-8b reward lora seq 1024 bs 2 on 1x a100');
    expect(r.estimate.scenario.framework).toBe('reward');
    expect(r.assumptions.join(' | ')).toContain('one-output score head');
    expect(r.assumptions.join(' | ')).not.toContain('logits upcast to fp32');
  });

  it("a reward model beside PPO is one of PPO's models, not the run", () => {
    const r = read('llama-2-7b ppo with a 7b reward model bs 1 seq 512 on 8x a100');
    expect(r.estimate.scenario.framework).toBe('ppo');
    expect(r.assumptions.join(' | ')).toContain("read as a model of PPO's run");
  });

  it("LLaMA-Factory beside reward words keeps its own run (its value head keeps the LM logits) and its checkpointing", () => {
    const r = read('llama-3-8b reward lora llamafactory seq 1024 bs 2 on 1x 24GB');
    expect(r.estimate.scenario.framework).toBe('llama-factory');
    expect(r.estimate.scenario.recompute).toBe('full');
    expect(read('reward model train OOM: llamafactory, qwen2-7b full zero3 on 1x a800-80g').estimate.scenario.framework).toBe('llama-factory');
    expect(read('reward model train OOM: qwen2-7b full zero3 on 1x a800-80g').estimate.scenario.framework).toBe('reward');
  });
});
