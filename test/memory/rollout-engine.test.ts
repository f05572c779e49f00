import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { TRL_COLOCATE_UTIL, VERL_ROLLOUT_UTIL } from '../../src/memory/rollout-engine.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * The rollout engine of online RL on the training GPUs (memory/rollout-engine.ts): vLLM reserves
 * gpu_memory_utilization × the card (TRL GRPOConfig vllm_gpu_memory_utilization 0.3 in colocate mode,
 * trl/trainer/grpo_config.py; verl rollout.gpu_memory_utilization 0.5, ppo_trainer.yaml). It is there
 * while the rollouts are generated, and while the policy trains unless it sleeps (TRL
 * vllm_enable_sleep_mode → llm.sleep(level=2) after generating; verl free_cache_engine True).
 */
function read(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

const RUN = 'qwen2.5-7b grpo lora gc bs 8 seq 1536 on 1x h100';
const engineIn = (s: Scenario, phase: string) =>
  estimate(s).phases.filter((p) => p.phase === phase).flatMap((p) => p.parts.filter((c) => c.key === 'rollout-engine').map((c) => c.bytes));
const card = (s: Scenario) => s.hardware!.capacityBytes;

describe('the rollout engine, as the language says it', () => {
  it.each([
    ['rollout colocate', { placement: 'colocate' }],
    ['vllm colocate', { placement: 'colocate' }],
    ['rollout util 0.5', { placement: 'colocate', util: 0.5 }],
    ['rollout util 50', { placement: 'colocate', util: 0.5 }],
    ['rollout colocate rollout util 0.4 rollout sleep', { placement: 'colocate', util: 0.4, sleep: true }],
    ['rollout colocate no sleep', { placement: 'colocate', sleep: false }],
    ['rollout server', { placement: 'server' }],
  ])('"%s"', (words, rollout) => {
    const { s } = read(`${RUN} ${words}`);
    expect(s.rollout).toEqual(rollout);
    // The canonical text reads back to the same engine.
    expect(read(canonicalText(s)).s.rollout).toEqual(rollout);
  });

  it('a utilization said without a place is the co-located engine, said', () => {
    expect(read(`${RUN} rollout util 0.5`).said).toMatch(/rollout engine on the training GPUs \(co-located\)/);
  });

  it('on a run that is not online RL it is set aside and said', () => {
    const { s, said } = read('qwen2.5-7b sft lora on 1x h100 rollout util 0.5');
    expect(s.rollout).toBeUndefined();
    expect(said).toMatch(/"rollout util 0\.5" not used: a rollout engine belongs to an online RL run/);
  });

  it('a follow-up keeps the engine and changes one setting', () => {
    const first = read(`${RUN} rollout util 0.5`).s;
    expect(read('rollout sleep', first).s.rollout).toEqual({ placement: 'colocate', util: 0.5, sleep: true });
  });

  it('"rollout" and "sleep" alone are not items ("vllm rollout", "went to sleep")', () => {
    expect(read(`qwen2-7b ppo on 8x a100 with vllm rollout, offload optimizer`).s.rollout).toBeUndefined();
  });
});

describe("the co-located engine's memory", () => {
  it("TRL's default share, awake: 0.3 × the card in generation and in every training phase", () => {
    const { s } = read(`${RUN} rollout colocate`);
    const share = TRL_COLOCATE_UTIL * card(s);
    expect(engineIn(s, 'generate')).toEqual([share]);
    expect(engineIn(s, 'forward')).toEqual([share]);
    expect(engineIn(s, 'optimizer')).toEqual([share]);
  });

  it('asleep while the policy trains: counted at generation only', () => {
    const { s } = read(`${RUN} rollout util 0.5 rollout sleep`);
    expect(engineIn(s, 'generate')).toEqual([0.5 * card(s)]);
    expect(engineIn(s, 'forward')).toEqual([]);
    expect(engineIn(s, 'backward')).toEqual([]);
  });

  it("verl's defaults: 0.5 of the card, asleep while the actor trains (free_cache_engine True)", () => {
    const { s } = read('qwen2.5-3b verl grpo full fsdp gc bs 1 seq 1280 on 4x a100-80g rollout colocate');
    expect(engineIn(s, 'generate')).toEqual([VERL_ROLLOUT_UTIL * card(s)]);
    expect(engineIn(s, 'forward')).toEqual([]);
  });

  it('the engine generates, not the policy: no HF KV cache, prefill or ZeRO-3 gather for generation', () => {
    const keys = (text: string) => estimate(read(text).s).phases.flatMap((p) => p.parts.map((c) => c.key));
    const z3 = 'qwen2.5-7b grpo full zero3 gc bs 8 seq 1536 on 8x h100';
    expect(keys(z3)).toEqual(expect.arrayContaining(['rollout-kv', 'rollout-gather']));
    for (const engine of ['rollout colocate', 'rollout server']) {
      expect(keys(`${z3} ${engine}`)).not.toEqual(expect.arrayContaining(['rollout-kv']));
      expect(keys(`${z3} ${engine}`)).not.toContain('rollout-gather');
    }
  });

  it('on GPUs of its own nothing of it is on the training GPUs', () => {
    const { s } = read(`${RUN} rollout server`);
    expect(estimate(s).phases.some((p) => p.phase === 'generate')).toBe(false);
  });

  it('property: a larger share never lowers the peak; sleeping never raises it', () => {
    for (const [a, b] of [[0.2, 0.4], [0.4, 0.6], [0.6, 0.9]]) {
      const lo = estimate(read(`${RUN} rollout util ${a}`).s).deviceBytes;
      const hi = estimate(read(`${RUN} rollout util ${b}`).s).deviceBytes;
      expect(hi).toBeGreaterThanOrEqual(lo);
      const asleep = estimate(read(`${RUN} rollout util ${b} rollout sleep`).s).deviceBytes;
      expect(asleep).toBeLessThanOrEqual(hi);
    }
  });

  it('the reply says the share and the sleep mode, defaulted or said', () => {
    const e = estimate(read(`${RUN} rollout colocate`).s);
    expect(e.notes.join(' ')).toMatch(/util 0\.3 \(TRL's vllm_gpu_memory_utilization default; say "rollout util N"\), awake while the policy trains/);
    const row = e.components.find((c) => c.key === 'rollout-engine')!;
    expect(row.formula).toMatch(/^0\.3 × 78\.9 GiB/);
  });
});

describe("TRL's generation batch (GRPOConfig steps_per_generation, v0.18 →)", () => {
  it('with accumulation the reply says the later releases generate micro-batch × ga completions at once, and their KV', () => {
    const e = estimate(read('qwen2.5-7b grpo lora gc bs 4 ga 8 seq 1536 on 1x h100').s);
    const kv = e.phases.flatMap((p) => p.parts).find((c) => c.key === 'rollout-kv')!.bytes;
    const note = e.notes.find((n) => n.startsWith('rollout KV cache for 4 sequences'))!;
    expect(note).toMatch(/4 × 8 = 32 completions/);
    // KV grows linearly with the sequences held: 32 against 4.
    expect(note).toContain(`${((kv * 8) / 2 ** 30).toFixed(1)} GiB of KV instead of ${(kv / 2 ** 30).toFixed(1)} GiB`);
  });

  it('no note without accumulation, nor when an engine generates', () => {
    expect(estimate(read('qwen2.5-7b grpo lora gc bs 4 seq 1536 on 1x h100').s).notes.join(' ')).not.toMatch(/generation batch/);
    expect(estimate(read('qwen2.5-7b grpo lora gc bs 4 ga 8 seq 1536 on 1x h100 rollout colocate').s).notes.join(' ')).not.toMatch(/generation batch/);
  });
});
