import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from '../language/reading-fixtures.js';

/**
 * verl's PPO/GRPO trainer (memory/rl.ts logitsOfCompletionOnly): DataParallelPPOActor._forward_micro_batch
 * (verl/workers/actor/dp_actor.py, v0.1 as vendored by TinyZero e3df048 and Search-R1 0b26e61) keeps
 * the logits of every position, prompt and response, where TRL keeps the completion's
 * (logits_to_keep); its PPO has no reward model unless reward_model.enable (False in ppo_trainer.yaml).
 * Worked example: Search-R1#62 (corpus v325), Qwen2.5-0.5B, 8 sequences a GPU of up to 5,096 tokens.
 */

const VOCAB = 151_936;
const GRPO = 'qwen2.5-0.5b grpo full fsdp offload params offload optimizer gc bs 8 seq 5096 on 2x a100-40g';
const VERL = GRPO.replace(' grpo ', ' verl grpo ');

describe("verl's trainer", () => {
  it('keeps the logits of the whole sequence (v325: 5096 × 8 × 151,936 × 12 B), TRL the completion (256)', () => {
    const verl = estimateOf(VERL);
    const trl = estimateOf(GRPO);
    expect(verl.scenario.rlTrainer).toBe('verl');
    expect(trl.scenario.rlTrainer).toBeUndefined();
    expect(part(verl, 'logits')).toBe(5096 * 8 * VOCAB * 12);
    expect(part(trl, 'logits')).toBe(256 * 8 * VOCAB * 12);
    expect(verl.fits).toBe(false);
    expect(trl.fits).toBe(true);
  });

  it.each([
    // At the same recompute: verl turns checkpointing on by default (verl-preset.ts), TRL before 0.22 leaves it off.
    ['qwen2.5-3b grpo full fsdp no gc bs 2 seq 1024 on 4x a100-80g'],
    ['qwen2.5-7b grpo lora fsdp no gc bs 4 seq 3072 on 8x h100'],
    ['qwen2.5-3b ppo full fsdp no gc bs 1 seq 1280 on 4x a100-40g'],
  ])('%s: verl holds at least the logits TRL holds, never fewer', (text) => {
    const verl = estimateOf(text.replace(/ (grpo|ppo) /, ' verl $1 '));
    expect(part(verl, 'logits')).toBeGreaterThanOrEqual(part(estimateOf(text), 'logits'));
  });

  it('PPO under verl loads no reward model (rewards by rule); TRL PPO does', () => {
    const text = 'qwen2.5-3b ppo full fsdp bs 1 seq 1280 on 4x a100-40g';
    expect(part(estimateOf(text), 'reward')).toBeGreaterThan(0);
    expect(part(estimateOf(text.replace(' ppo ', ' verl ppo ')), 'reward')).toBe(0);
    expect(part(estimateOf(text.replace(' ppo ', ' verl ppo ')), 'value')).toBeGreaterThan(0);
  });

  it('is read from the name beside the algorithm, from main_ppo overrides, and kept in the canonical text', () => {
    expect(read('verl grpo qwen2.5-0.5b full on 2x a100-40g').scenario.rlTrainer).toBe('verl');
    const overrides = ['python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-0.5B', 'on 2x a100-40g'].join('\n');
    const s = read(overrides).scenario;
    expect(s.framework).toBe('grpo');
    expect(s.rlTrainer).toBe('verl');
    const e = estimateOf(VERL);
    expect(estimateOf(canonicalText(e.scenario)).scenario.rlTrainer).toBe('verl');
  });

  it('changes nothing outside online RL (DPO named beside it)', () => {
    const dpo = 'qwen2.5-0.5b dpo full fsdp bs 8 seq 4096 on 2x a100-40g';
    const withVerl = estimateOf(`verl ${dpo}`);
    expect(withVerl.scenario.framework).toBe('dpo');
    expect(withVerl.peakReservedBytes).toBe(estimateOf(dpo).peakReservedBytes);
  });
});
