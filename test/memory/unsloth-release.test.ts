import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';
import { trainingLogits } from '../../src/memory/logits.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { UNSLOTH_FUSED_LOSS_FROM, unslothWholeLogits } from '../../src/scenario/presets.js';

/**
 * Unsloth's loss by release (scenario/presets.ts): before 2024.11 `LlamaForCausalLM_fast_forward`
 * builds the whole 16-bit logits and runs `fast_cross_entropy_loss` on them; from 2024.11 the
 * compiled models take the loss from the hidden states. LlamaFactory#3638 (May 2024, Unsloth through
 * LLaMA-Factory's --use_unsloth) is the worked case.
 */
const thread = (release: string, seq: number) => `llama-3-8b qlora unsloth${release} flash fp16 mixed bs 1 ga 4 seq ${seq} on 1x a100-80g`;
const logitsOf = (text: string) => trainingLogits(estimateOf(text).scenario)!;

describe("Unsloth's release sets its loss", () => {
  it('"unsloth 2024.5" names Unsloth and its release, and reads back so', () => {
    const e = estimateOf(thread(' 2024.5', 65536));
    expect(e.scenario.framework).toBe('unsloth');
    expect(e.scenario.unslothVersion).toBe('2024.5');
    expect(canonicalText(e.scenario)).toContain('unsloth 2024.5');
    expect(estimateOf(canonicalText(e.scenario)).scenario.unslothVersion).toBe('2024.5');
  });

  it('Llama-3-8B at 102,400 tokens under 2024.5 holds its whole logits: 102,400 × 128,256 elements at the chunked count', () => {
    const old = logitsOf(thread(' 2024.5', 102400));
    expect(old.name).toContain('chunked');
    expect(old.bytes).toBe(102400 * 128256 * 4);
    // The newest release (none named) keeps one chunk of logits and the input gradient: far less.
    expect(logitsOf(thread('', 102400)).bytes).toBeLessThan(old.bytes / 20);
  });

  it('whole logits exactly for the releases before 2024.11 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2023, max: 2026 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const before = year * 12 + month < UNSLOTH_FUSED_LOSS_FROM[0] * 12 + UNSLOTH_FUSED_LOSS_FROM[1];
        expect(unslothWholeLogits(`${year}.${month}`)).toBe(before);
      }),
    );
    expect(unslothWholeLogits(undefined)).toBe(false);
  });

  it('an older release never lowers the peak (property over the sequence)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (k) => {
        const seq = k * 1024;
        expect(estimateOf(thread(' 2024.5', seq)).deviceBytes).toBeGreaterThanOrEqual(estimateOf(thread('', seq)).deviceBytes);
      }),
      { numRuns: 12 },
    );
  });
});
