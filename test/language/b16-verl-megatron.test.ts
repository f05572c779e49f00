import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c617: verl's Megatron launcher — the actor's
 * `actor_rollout_ref.actor.megatron.*_model_parallel_size` split and `trainer.nnodes` ×
 * `trainer.n_gpus_per_node` (verl.ts) — and the Chinese "N机M卡" (N machines of M cards,
 * hardware/rules.ts hw.nodes), which had read as 8 cards with an HF layer split.
 */
const line = loadCorpus().find((l) => l.id === 'c617')!;
const VERL = (extra: string) =>
  `python3 -m verl.trainer.main_ppo --config-name='ppo_megatron_trainer.yaml' algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen3-30B-A3B ${extra} on H100 80GB`;

describe("verl's Megatron actor split and its nodes", () => {
  it('c617 (verl GRPO, ppo_megatron_trainer.yaml): tp 4 pp 2 ep 4 on the title\'s 4 machines of 8 H100', () => {
    const opened = readInThread(line.thread!, null).outcome;
    const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
    const r = readInThread(line.text, state).outcome;
    if (!r.ok || !r.scenario) throw new Error('not read');
    const { tp, pp, ep } = r.scenario.parallel;
    expect({ tp, pp, ep, gpu: r.scenario.hardware!.gpuId, count: r.scenario.hardware!.count }).toEqual({ tp: 4, pp: 2, ep: 4, gpu: 'h100-80g', count: 32 });
  });

  it.each([
    ['actor_rollout_ref.actor.megatron.tensor_model_parallel_size=2 actor_rollout_ref.actor.megatron.pipeline_model_parallel_size=4 trainer.nnodes=2 trainer.n_gpus_per_node=8', 2, 4, 16],
    ['actor_rollout_ref.actor.megatron.expert_model_parallel_size=8 actor_rollout_ref.actor.megatron.tensor_model_parallel_size=1 trainer.n_gpus_per_node=8', 1, 1, 8],
  ])('%s', (extra, tp, pp, count) => {
    const s = read(VERL(extra)).scenario;
    expect({ tp: s.parallel.tp, pp: s.parallel.pp, count: s.hardware!.count }).toEqual({ tp, pp, count });
  });

  it("the rollout engine's split stays set aside", () => {
    const s = read(VERL('actor_rollout_ref.rollout.tensor_model_parallel_size=4 trainer.n_gpus_per_node=8')).scenario;
    expect(s.parallel.tp).toBe(1);
  });
});

describe('"N机M卡" is N machines of M cards', () => {
  it.each([
    ['4机8卡 H100 80GB，qwen2-7b全参训练', 32],
    ['qwen2-72b 全参微调 2 机 8 卡 A800', 16],
    ['2机4卡A100，llama-2-13b lora训练', 8],
  ])('%s', (text, count) => {
    expect(read(text).scenario.hardware!.count).toBe(count);
  });

  it('"4机32卡" is the 32 cards in all, not 4 nodes of 32 (c628)', () => {
    expect(read('4机32卡，80G，qwen2-72b全参训练').scenario.hardware!.count).not.toBe(128);
  });
});
