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

  it("on its Megatron backend (tp said) runs Megatron's recipe: fp32 main grads, distributed optimizer over dp, no FSDP, no DeepSpeed buckets", () => {
    // verl/utils/megatron_utils.py get_model (v0.2 → b178a3c): Megatron DDP with grad_reduce_in_fp32 /
    // accumulate_allreduce_grads_in_fp32 True and use_distributed_optimizer True. Worked example, v915's setup:
    // Qwen3.5-9B, tp 2 on 8 GPUs, so dp 4: trainable weights per rank P/2, masters 4 B and Adam 8 B ÷ 4, grads 4 B whole.
    const e = estimateOf('qwen3.5-9b verl grpo full tp 2 seq 3072 on 8x h800');
    expect(e.scenario.recipe).toBe('megatron');
    expect(e.scenario.sharding).toEqual({ kind: 'zero', stage: 1 });
    expect(e.scenario.parallel.sp).toBe(true);
    const perRank = part(e, 'gradients') / 4;
    expect(part(e, 'master')).toBeCloseTo((perRank * 4) / 4, 0);
    expect(part(e, 'buckets')).toBe(0);
    // The same run with FSDP named keeps verl's FSDP actor (the parallel sizes are then the rollout's).
    const fsdp = estimateOf('qwen3.5-9b verl grpo full fsdp seq 3072 on 8x h800');
    expect(fsdp.scenario.sharding.kind).toBe('fsdp');
    expect(fsdp.scenario.recipe).not.toBe('megatron');
  });
});

