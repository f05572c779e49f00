import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { RL_TRAINER_ASSUMED_WORDS, rlAlternativesOf, unsaidRlSettings, withRlSetting } from '../../src/memory/rl-flips.js';
import { TRL_COLOCATE_UTIL, VERL_ROLLOUT_UTIL } from '../../src/memory/rollout-engine.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Online RL settings users leave unsaid (memory/rl-flips.ts, issue 23 item 8 for RL): where the rollouts
 * are generated (TRL use_vllm False by default; vllm_mode "colocate" at vllm_gpu_memory_utilization 0.3,
 * trl/trainer/grpo_config.py; verl's hybrid engine at rollout.gpu_memory_utilization 0.5, ppo_trainer.yaml),
 * whether GRPO holds a reference model (beta 0.04 before TRL v0.19.0, 0.0 after: huggingface/trl#3516), and
 * whose trainer lays the run out when none is named (TRL's, said; verl's figure beside it when it differs).
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return { s: r.scenario, assumptions: r.assumptions };
}

function reply(text: string) {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return r;
}

const engineBytes = (s: Scenario) => estimate(s).components.find((c) => c.key === 'rollout-engine')?.bytes ?? 0;
const referenceBytes = (s: Scenario) => estimate(s).components.find((c) => c.key === 'reference')?.bytes ?? 0;

describe('which RL settings a request left unsaid', () => {
  it('"grpo qwen3-4b on 4x h200" names no trainer: TRL\'s layout is assumed and said', () => {
    const { s, assumptions } = read('grpo qwen3-4b on 4x h200');
    expect(assumptions).toContain(RL_TRAINER_ASSUMED_WORDS);
    expect([...unsaidRlSettings(s, assumptions)].sort()).toEqual(['beta 0', 'rollout colocate', 'verl']);
  });

  it.each(['grpo qwen3-4b trl on 4x h200', 'grpo qwen3-4b verl on 4x h200', 'qwen2.5-7b grpo full bs 8 seq 2048 ms-swift on 4x a100-80g'])('a named trainer is not assumed: "%s"', (text) => {
    const { s, assumptions } = read(text);
    expect(assumptions).not.toContain(RL_TRAINER_ASSUMED_WORDS);
    expect(unsaidRlSettings(s, assumptions).has('verl')).toBe(false);
  });

  it('a stated engine is not unsaid; LoRA holds no reference copy, so β decides nothing', () => {
    const { s, assumptions } = read('qwen2.5-7b grpo lora gc bs 8 seq 1536 trl rollout colocate on 1x h100');
    expect(unsaidRlSettings(s, assumptions).size).toBe(0);
  });

  it('a Megatron backend or a model-parallel layout is not read as verl\'s FSDP', () => {
    for (const text of ['grpo qwen3-32b megatron on 8x h800', 'qwen3-32b grpo full tp 8 seq 49152 on 64x h100']) {
      const { s, assumptions } = read(text);
      expect(unsaidRlSettings(s, assumptions).has('verl')).toBe(false);
    }
  });

  it.each(['llama-2-7b lora on 1x a40', 'llama-2-7b dpo lora seq 1024 on 1x a100-80g', 'serve qwen3-8b vllm on 1x a100-80g', 'llama-2-7b full zero3 on 8x a100-80g'])('near miss, not online RL: nothing tried, nothing said: "%s"', (text) => {
    const { s, assumptions } = read(text);
    expect(rlAlternativesOf(s, assumptions)).toEqual([]);
    const r = reply(text);
    expect(r.estimate.rlRestsOn).toBeUndefined();
    expect(r.verdict.detail).not.toMatch(/RL settings/);
  });
});

describe('each alternative is the trainer\'s own default (worked examples)', () => {
  it('TRL colocate: vLLM takes 0.3 × the H100 80GB SXM (78.9 GiB) = 23.7 GiB, awake while the policy trains', () => {
    const { s, assumptions } = read('grpo qwen2.5-3b trl on 7x h100');
    const alt = withRlSetting(s, 'rollout colocate', assumptions)!;
    expect(TRL_COLOCATE_UTIL).toBe(0.3);
    expect(engineBytes(alt)).toBeCloseTo(0.3 * s.hardware!.capacityBytes, 0);
    expect(engineBytes(alt) / 2 ** 30).toBeCloseTo(23.7, 1);
  });

  it('TRL colocate turns "grpo qwen2.5-3b trl on 7x h100" (73.1 GiB ✓) into ✗, said on the first screen with the figure', () => {
    const r = reply('grpo qwen2.5-3b trl on 7x h100');
    expect(r.estimate.fits).toBe(true);
    const alt = r.estimate.rlRestsOn?.find((a) => a.flip === 'rollout colocate');
    expect(alt?.fits).toBe(false);
    // The figure is the request with the engine said.
    expect(alt!.deviceBytes).toBeCloseTo(reply('grpo qwen2.5-3b trl rollout colocate on 7x h100').estimate.deviceBytes, 0);
    expect(r.verdict.detail).toMatch(/RL settings you did not state: with a vLLM rollout engine on these GPUs \(TRL vllm_mode "colocate", vllm_gpu_memory_utilization 0\.3, awake while the policy trains\) \d+\.\d GiB: ✗ does not fit/);
  });

  it('verl colocate: its hybrid engine at 0.5 × the card, asleep while the actor trains', () => {
    const { s, assumptions } = read('qwen2.5-7b grpo full verl on 8x a100-80g');
    const alt = withRlSetting(s, 'rollout colocate', assumptions)!;
    expect(VERL_ROLLOUT_UTIL).toBe(0.5);
    expect(engineBytes(alt)).toBeCloseTo(0.5 * s.hardware!.capacityBytes, 0);
  });

  it('beta 0 drops exactly the 16-bit reference copy (Qwen3-4B: 4.02 B × 2 B = 7.5 GiB) from the allocated peak', () => {
    const { s, assumptions } = read('grpo qwen3-4b trl full seq 2048 bs 1 on 1x h200');
    const alt = withRlSetting(s, 'beta 0', assumptions)!;
    expect(referenceBytes(s) / 2 ** 30).toBeCloseTo(7.5, 1);
    expect(referenceBytes(alt)).toBe(0);
    expect(estimate(s).peakAllocatedBytes - estimate(alt).peakAllocatedBytes).toBeCloseTo(referenceBytes(s), 0);
  });

  it('verl\'s figure is the request with "verl" said: "qwen3-4b grpo full on 8x h100-80g" ✗ 95.0 GiB as DDP, ✓ under verl', () => {
    const r = reply('qwen3-4b grpo full on 8x h100-80g');
    expect(r.estimate.fits).toBe(false);
    const alt = r.estimate.rlRestsOn?.find((a) => a.flip === 'verl');
    expect(alt?.fits).toBe(true);
    expect(alt!.deviceBytes).toBeCloseTo(reply('qwen3-4b grpo full verl on 8x h100-80g').estimate.deviceBytes, 0);
    expect(r.verdict.detail).toMatch(/under verl's layout \(FSDP full shard, checkpointing on, every position's logits\) \d+\.\d GiB: ✓ fits — say "verl"/);
  });

  it('an alternative with the same verdict is not said', () => {
    // 4× H200: 95.0 GiB as read, fits; verl's layout fits too, and so do the engine and beta 0.
    const r = reply('grpo qwen3-4b trl full seq 2048 bs 1 on 4x h200');
    expect(r.estimate.rlRestsOn).toBeUndefined();
  });
});

describe('properties', () => {
  const runs = fc.record({
    model: fc.constantFrom('qwen2.5-1.5b', 'qwen2.5-7b', 'llama-3.1-8b'),
    algo: fc.constantFrom('grpo', 'ppo'),
    method: fc.constantFrom('full', 'lora'),
    sharding: fc.constantFrom('', 'zero3', 'zero2'),
    trainer: fc.constantFrom('trl', 'verl'),
    bs: fc.integer({ min: 1, max: 16 }),
    seq: fc.constantFrom(1024, 2048, 4096),
    gpus: fc.constantFrom(1, 2, 8),
  });
  const text = (r: { model: string; algo: string; method: string; sharding: string; trainer: string; bs: number; seq: number; gpus: number }, extra = '') =>
    `${r.model} ${r.algo} ${r.method} ${r.gpus > 1 ? r.sharding : ''} ${r.trainer} bs ${r.bs} seq ${r.seq} ${extra} on ${r.gpus}x a100-80g`;

  it('a co-located engine never lowers the peak below the same run with the engine on GPUs of its own', () => {
    fc.assert(
      fc.property(runs, (r) => {
        const colocated = estimate(read(text(r, 'rollout colocate')).s).deviceBytes;
        const server = estimate(read(text(r, 'rollout server')).s).deviceBytes;
        expect(colocated).toBeGreaterThanOrEqual(server);
      }),
      { numRuns: 25 },
    );
  });

  it('beta 0 never raises the peak', () => {
    fc.assert(
      fc.property(runs, (r) => {
        const { s, assumptions } = read(text(r));
        const alt = withRlSetting(s, 'beta 0', assumptions);
        if (alt) expect(estimate(alt).deviceBytes).toBeLessThanOrEqual(estimate(s).deviceBytes);
      }),
      { numRuns: 25 },
    );
  });

  it('more completions a step (the micro-batch, as TRL ≥ 0.15 counts num_generations) never lower the peak', () => {
    fc.assert(
      fc.property(runs, fc.integer({ min: 1, max: 8 }), (r, more) => {
        const fewer = estimate(read(text(r)).s).deviceBytes;
        const many = estimate(read(text({ ...r, bs: r.bs + more })).s).deviceBytes;
        expect(many).toBeGreaterThanOrEqual(fewer);
      }),
      { numRuns: 25 },
    );
  });
});

describe('verl\'s layout names only what it changes in the request', () => {
  it('with ZeRO-3 said and gc said, only the logits are verl\'s: "qwen2.5-vl-3b grpo full zero3 gc on 8x a100-80g"', () => {
    const { s, assumptions } = read('grpo qwen2.5-vl-3b full zero3 gc on 8x a100-80g');
    const verl = rlAlternativesOf(s, assumptions).find((a) => a.flip === 'verl');
    expect(verl?.how).toBe("every position's logits");
    expect(verl?.scenario.sharding).toEqual(s.sharding);
  });

  it('with neither said, verl shards and checkpoints: "qwen3-4b grpo full on 8x h100-80g"', () => {
    const { s, assumptions } = read('qwen3-4b grpo full on 8x h100-80g');
    expect(rlAlternativesOf(s, assumptions).find((a) => a.flip === 'verl')?.how).toBe("FSDP full shard, checkpointing on, every position's logits");
  });
});
