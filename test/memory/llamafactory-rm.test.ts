import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { VALUE_HEAD_LOGIT_BYTES } from '../../src/memory/reward-model.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { estimateOf, scenario } from './fixtures.js';

/**
 * LLaMA-Factory's reward-model stage (memory/reward-model.ts llamafactoryRewardStage):
 * train/rm/trainer.py PairwiseTrainer.compute_loss splits one forward of 2 × per_device_train_batch_size
 * sequences ("The first n examples are chosen and the last n examples are rejected"), and trl's
 * AutoModelForCausalLMWithValueHead.forward returns the LM logits upcast to fp32 beside the values,
 * which compute_loss discards: 2 + 4 B per logit of the stacked pair, in forward only, no cross-entropy.
 */
const held = (e: ReturnType<typeof estimate>, key: string) => Math.max(0, ...e.phases.flatMap((ph) => ph.parts.filter((c) => c.key === key).map((c) => c.bytes)));

describe("LLaMA-Factory's reward-model stage", () => {
  const rm = 'llama-3-8b reward full llamafactory zero3 seq 1024 bs 2 on 4x a100-80g';

  it('holds both sequences of each pair: stage rm at micro-batch 2 keeps the activations of an SFT step at 4', () => {
    const reward = estimateOf(rm);
    const sft = estimateOf('llama-3-8b full llamafactory zero3 seq 1024 bs 4 on 4x a100-80g');
    expect(reward.scenario.framework).toBe('llama-factory');
    expect(reward.scenario.llamafactoryStage).toBe('rm');
    expect(held(reward, 'activations')).toBeGreaterThan(0);
    expect(held(reward, 'activations')).toBe(held(sft, 'activations'));
  });

  it('Llama-3-8B at seq 1024, micro-batch 2: the value head discards 1024 × 4 × 128,256 logits of 2 + 4 B, in forward only', () => {
    const reward = estimateOf(rm);
    expect(VALUE_HEAD_LOGIT_BYTES).toBe(6);
    expect(held(reward, 'logits')).toBe(1024 * 4 * 128256 * 6);
    const backward = reward.phases.filter((ph) => ph.phase === 'backward');
    expect(backward.length).toBeGreaterThan(0);
    for (const ph of backward) expect(ph.parts.some((c) => c.key === 'logits')).toBe(false);
  });

  it('the SFT run of the same words keeps its cross-entropy (12 B a logit, one sequence a sample)', () => {
    const sft = estimateOf('llama-3-8b full llamafactory zero3 seq 1024 bs 2 on 4x a100-80g');
    expect(sft.scenario.llamafactoryStage).toBeUndefined();
    expect(held(sft, 'logits')).toBe(1024 * 2 * 128256 * 12);
  });

  it('a bigger micro-batch or a longer sequence never lowers the peak; checkpointing never raises the activations', () => {
    const base = { ...scenario('llama-3-8b', { seq: 1024, microBatch: 2 }), framework: 'llama-factory' as const, llamafactoryStage: 'rm' as const };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }).map((k) => 256 * k), (b, seq) => {
        const s = { ...base, microBatch: b, seq };
        const peak = (x: typeof s) => estimate(x).peakReservedBytes;
        expect(peak({ ...s, microBatch: b + 1 })).toBeGreaterThanOrEqual(peak(s));
        expect(peak({ ...s, seq: seq + 256 })).toBeGreaterThanOrEqual(peak(s));
        expect(held(estimate({ ...s, recompute: 'full' }), 'activations')).toBeLessThanOrEqual(held(estimate({ ...s, recompute: 'none' }), 'activations'));
      }),
      { numRuns: 12 },
    );
  });

  it('says the stage in the reading, and its canonical text reads back to the same stage', () => {
    const { reply } = respond(rm, null);
    if (reply.kind !== 'estimate') throw new Error('no estimate');
    expect(reply.reading).toContain('reward-model stage');
    const text = canonicalText(reply.estimate.scenario);
    expect(text).toContain('reward');
    expect(estimateOf(text).scenario.llamafactoryStage).toBe('rm');
  });

  it('a follow-up to another trainer or to running the model leaves the stage; one that keeps LLaMA-Factory keeps it', () => {
    const first = resolveRequest(rm, null);
    if (!first.ok || !first.scenario) throw new Error('no scenario');
    for (const [text, stage] of [['now dpo', undefined], ['gen 256', undefined], ['zero2', 'rm']] as const) {
      const next = resolveRequest(text, first.scenario);
      if (!next.ok || !next.scenario) throw new Error(`no scenario for ${text}`);
      expect(next.scenario.llamafactoryStage).toBe(stage);
      const back = resolveRequest(canonicalText(next.scenario), null);
      expect(back.ok && back.scenario?.llamafactoryStage).toBe(stage ?? undefined);
    }
  });

  it('reward words without LLaMA-Factory stay TRL\'s RewardTrainer, with no stage', () => {
    const trl = estimateOf('llama-3-8b reward full zero3 seq 1024 bs 2 on 4x a100-80g');
    expect(trl.scenario.framework).toBe('reward');
    expect(trl.scenario.llamafactoryStage).toBeUndefined();
  });
});
