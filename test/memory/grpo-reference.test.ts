import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { GRPO_NO_REFERENCE_FROM, GRPO_REFERENCE_WORDS } from '../../src/memory/rl.js';
import { part } from './fixtures.js';

/**
 * TRL's GRPO loads a frozen reference model only while beta ≠ 0.0 (GRPOTrainer.__init__: `if self.beta
 * == 0.0: self.ref_model = None`). GRPOConfig's beta was 0.04 from v0.14.0 to v0.18.x and is 0.0 from
 * v0.19.0 (huggingface/trl#3516, 7359ddc). The request language reads no TRL release: the estimate keeps
 * the reference of the earlier releases and the reply names the release that drops it.
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

// trl#2972 (corpus v357): Qwen2.5-7B GRPO, full fine-tune on 4 H20s, read as DDP.
const FULL = 'qwen2.5-7b grpo full bf16 mixed bs 1 seq 768 on 4x h20';

describe("TRL GRPO's reference model by release", () => {
  it('a full GRPO run of Qwen2.5-7B keeps a 16-bit reference copy, 7.62 B × 2 B = 14.2 GiB a GPU under DDP, and says v0.19.0 drops it', () => {
    const r = reply(FULL);
    const params = r.estimate.components.find((c) => c.key === 'weights')!.bytes / 2;
    expect(part(r.estimate, 'reference')).toBe(params * 2);
    expect(part(r.estimate, 'reference') / 2 ** 30).toBeCloseTo(14.2, 1);
    expect(r.assumptions.join(' | ')).toContain(GRPO_REFERENCE_WORDS);
    expect(GRPO_REFERENCE_WORDS).toContain(`from v${GRPO_NO_REFERENCE_FROM} beta defaults to 0.0`);
  });

  it('under LoRA the reference is the policy with its adapters disabled: no copy, whatever the release', () => {
    const r = reply('qwen2.5-7b grpo lora bs 1 seq 768 on 1x h20');
    expect(part(r.estimate, 'reference')).toBe(0);
  });
});
