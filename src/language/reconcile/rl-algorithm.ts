import type { Item } from '../items.js';
import { TRAINING_ALGORITHMS as ALGORITHMS } from './training-algorithms.js';

type FrameworkItem = Extract<Item, { kind: 'framework' }>;

/**
 * Programs that run an algorithm's trainer, in the same slot: Unsloth, and LLaMA-Factory, whose
 * `--stage dpo|orpo|ppo` runs that trainer (the corpus names the algorithm: c940's note, "the item
 * language takes LLaMA-Factory and ORPO as one framework slot, so the reading names ORPO").
 */
const RUNNERS = new Set(['unsloth', 'llama-factory']);

/** Unsloth's own code in the message: a TRL trainer then runs under Unsloth's patches (code-dump.ts notes it). */
const UNSLOTH_CODE = /\b(?:fastlanguagemodel|fastmodel|fastvisionmodel)\b|from\s+unsloth\s+import/i;

/**
 * An RL or preference algorithm and the program that runs its trainer (Unsloth, LLaMA-Factory) both named: the item language has one
 * framework slot, and the algorithm fills it (its reference model, PPO's critic), whichever is said
 * first (test/corpus/README.md, c524: "GRPO and Unsloth share one framework slot, so Unsloth is left
 * out"). The first said had won, so "Using Unsloth in conjunction with GRPO … swift rlhf --rlhf_type
 * grpo … --tuner_backend unsloth" (modelscope/ms-swift#3183, c1685, where the maintainer answers that
 * ms-swift's GRPO does not use Unsloth) read as an Unsloth SFT, while "GRPO … Unsloth" (c673,
 * c686, c1153) and "DPO … Unsloth" (c1240) read as the algorithm. Unsloth is set aside with a note;
 * its offloaded checkpointing, when written ("unsloth gc", use_gradient_checkpointing="unsloth"), is
 * read on its own. Where Unsloth's code runs a TRL trainer (FastLanguageModel beside GRPOTrainer),
 * code-dump.ts reads the trainer as Unsloth's and this rule stays out.
 */
export function algorithmOverUnsloth(items: Item[], notes: string[], text: string): Item[] {
  const algorithm = items.find((i): i is FrameworkItem => i.kind === 'framework' && ALGORITHMS.has(i.value));
  if (!algorithm) return items;
  if (algorithm.value === 'reward' && items.some((i) => i.kind === 'framework' && i.value === 'llama-factory')) return factoryOverRewardModel(items, notes, algorithm);
  const unslothCode = UNSLOTH_CODE.test(text);
  const runners = items.filter((i): i is FrameworkItem => i.kind === 'framework' && RUNNERS.has(i.value) && !(unslothCode && i.value === 'unsloth'));
  if (runners.length === 0) return items;
  const name = algorithm.value === 'reward' ? 'reward-model training' : algorithm.value.toUpperCase();
  const runner = runners[0]!;
  notes.push(`"${runner.text.trim()}" and "${algorithm.text.trim()}" both named: read as ${name}'s run (its models in memory)${runner.value === 'unsloth' ? "; Unsloth's kernels are not in the estimate" : ''}`);
  // LLaMA-Factory's checkpointing default stays with its run: on unless disable_gradient_checkpointing
  // (hparams/model_args.py; its preset's, which the algorithm's slot no longer brings; c940's reading).
  const factory = runners.find((i) => i.value === 'llama-factory');
  const keepsGc = factory && !items.some((i) => i.kind === 'recompute');
  if (keepsGc) notes.push(`gradient checkpointing on by default in LLaMA-Factory (disable_gradient_checkpointing false, hparams/model_args.py); say "no gc" if you turned it off`);
  const out: Item[] = [];
  for (const i of items) {
    if (i === factory && keepsGc) out.push({ ...i, kind: 'recompute', value: 'full' } as Item);
    else if (!runners.includes(i as FrameworkItem)) out.push(i);
  }
  return out;
}

/** The other algorithms, whose runs hold or score with a reward model of their own. */
const WITH_REWARD = new Set(['grpo', 'ppo', 'dpo', 'orpo']);

/**
 * "Reward model" beside PPO or GRPO names one of that run's models (TRL PPOTrainer's `reward_model`,
 * OpenRLHF's `--reward_pretrain`, a GRPO reward function), not a reward-model training run: the
 * algorithm keeps the framework slot and the reward words are set aside with a note. The first said had
 * been a contradiction of two frameworks ("ppo llama-2-7b with a 7b reward model").
 */
export function algorithmOverRewardModel(items: Item[], notes: string[]): Item[] {
  const algorithm = items.find((i): i is FrameworkItem => i.kind === 'framework' && WITH_REWARD.has(i.value));
  const rewards = items.filter((i): i is FrameworkItem => i.kind === 'framework' && i.value === 'reward');
  if (!algorithm || rewards.length === 0) return items;
  notes.push(`"${rewards[0]!.text.trim()}" read as a model of ${algorithm.value.toUpperCase()}'s run, not a reward-model training run (say "reward" alone for that)`);
  return items.filter((i) => !rewards.includes(i as FrameworkItem));
}

/**
 * LLaMA-Factory's `stage: rm` is not TRL's RewardTrainer as `reward` sizes it: it trains
 * `AutoModelForCausalLMWithValueHead` (trl), whose forward still computes the full LM logits beside the
 * value head (vtrain9's reading, thirty-seventh session). So where LLaMA-Factory is named beside reward
 * words ("reward model train OOM … llamafactory … stage: rm", hiyouga/LlamaFactory#5051, c1749), LLaMA-Factory keeps
 * the slot — its presets and checkpointing default — and its item carries the stage (`stage: 'rm'`): the pair
 * stacked in one forward and the discarded LM logits of its value-head model (memory/reward-model.ts
 * llamafactoryRewardStage). The reward words are set aside with a note. Unsloth beside reward words is left
 * to the reward objective.
 */
function factoryOverRewardModel(items: Item[], notes: string[], reward: FrameworkItem): Item[] {
  notes.push(`"${reward.text.trim()}" read as LLaMA-Factory's reward-model stage (stage rm): chosen and rejected in one forward, its value head beside the LM logits, not TRL's RewardTrainer`);
  return items
    .filter((i) => !(i.kind === 'framework' && i.value === 'reward'))
    .map((i) => (i.kind === 'framework' && i.value === 'llama-factory' ? { ...i, stage: 'rm' as const } : i));
}
