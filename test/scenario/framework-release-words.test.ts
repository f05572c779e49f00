import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { GRPO_BATCH_COUNTS_COMPLETIONS_FROM, GRPO_BATCH_WORDS } from '../../src/memory/rl.js';
import { LIT_MASKED_SDPA_WORDS } from '../../src/scenario/presets.js';
import { part } from '../memory/fixtures.js';

/**
 * Two framework behaviours that changed between releases the request language cannot name, so the
 * estimate takes today's and the reply says the assumption (issue 23, vtrain, 2026-12-05):
 * - TRL GRPO v0.14.0 ran per_device_train_batch_size prompts × num_generations (8) completions in one
 *   forward (grpo_trainer.py compute_loss at v0.14.0); from v0.15.0 the micro-batch counts completions
 *   (RepeatRandomSampler, grpo_config.py at v0.15.0). Corpus v864 (open-r1, January 2025) ran the former.
 * - lit-llama from a24fc5e (2023-05-22) and lit-parrot before ed1314f (2023-06-19) passed the causal mask
 *   to SDPA in training, which torch 2.0 runs in its math kernel (heads × s² 16-bit softmax kept a layer);
 *   corpus v794 (lit-parrot, 2023-06-16) and v195 (lit-llama, 2023-06) ran them.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe("TRL GRPO's micro-batch counts completions (v0.15.0 on), and the reply says how to write v0.14", () => {
  it('the GRPO reply names the release and the ×8 of v0.14', () => {
    const r = reply('qwen2.5-7b grpo full bf16 mixed bs 1 seq 768 on 4x h20');
    expect(r.assumptions.join(' | ')).toContain(GRPO_BATCH_WORDS);
    expect(GRPO_BATCH_WORDS).toContain(`since v${GRPO_BATCH_COUNTS_COMPLETIONS_FROM}`);
    expect(GRPO_BATCH_WORDS).toContain('bs N×8');
  });

  it('each completion of the micro-batch holds its own rollout KV cache: bs 8 holds 8× the KV of bs 1', () => {
    // The rollout is its own phase, before the forward whose end is usually the peak.
    const rolloutKv = (text: string) =>
      Math.max(0, ...reply(text).estimate.phases.flatMap((p) => p.parts.filter((q) => q.key === 'rollout-kv').map((q) => q.bytes)));
    const one = rolloutKv('qwen2.5-7b grpo lora bs 1 seq 768 on 1x h100');
    const eight = rolloutKv('qwen2.5-7b grpo lora bs 8 seq 768 on 1x h100');
    expect(one).toBeGreaterThan(0);
    expect(eight).toBe(8 * one);
  });
});

describe('litgpt: causal SDPA as today, and the 2023 checkouts that passed a mask said', () => {
  const FLASH = 'falcon-7b lora r8 bs 4 seq 2048 litgpt on 1x a100-80g';
  const NO_FLASH = 'falcon-7b lora r8 bs 4 seq 2048 litgpt no flash on 1x a100-80g';

  it('the litgpt reply says the kernel it assumes and the checkouts that ran another', () => {
    expect(reply(FLASH).assumptions.join(' | ')).toContain(LIT_MASKED_SDPA_WORDS);
  });

  it('"no flash" is an upper bound on the math kernel: it adds at least 32 layers × 71 heads × 2048² × 4 × 2 B (71 GiB) over flash', () => {
    const flash = part(reply(FLASH).estimate, 'activations');
    const noFlash = part(reply(NO_FLASH).estimate, 'activations');
    const mathKernelScores = 32 * 71 * 2048 ** 2 * 4 * 2;
    expect(mathKernelScores / 2 ** 30).toBeCloseTo(71.0, 0);
    expect(noFlash - flash).toBeGreaterThanOrEqual(mathKernelScores);
  });
});
