import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';
import { LOSS_BYTES_PER_LOGIT, SHIFTED_COPY_BYTES, trainingLogits } from '../../src/memory/logits.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * transformers' fp32 loss by release (memory/logits.ts): 4.46 → 4.49's `ForCausalLMLoss` takes
 * `logits.float()` and then `logits[..., :-1, :].contiguous()`, so inside `cross_entropy` the
 * 16-bit logits, the fp32 copy, the shifted fp32 copy and the log-probs are alive together: 14 B a
 * logit in forward. LlamaFactory#6531 (its System Info: Transformers version 4.46.1) is the worked case.
 */
const thread = (release: string) => `llama-3.1-8b lora all-linear zero3 bf16 mixed bs 1 ga 8 seq 15000 llamafactory${release} on 4x l20`;
const logitsOf = (text: string) => trainingLogits(estimateOf(text).scenario)!;

describe("transformers' release sets what its fp32 loss holds", () => {
  it('"transformers 4.46.1" is read beside LLaMA-Factory (it names no framework) and reads back so', () => {
    const e = estimateOf(thread(' transformers 4.46.1'));
    expect(e.scenario.framework).toBe('llama-factory');
    expect(e.scenario.transformersVersion).toBe('4.46.1');
    expect(canonicalText(e.scenario)).toContain('transformers 4.46.1');
    expect(estimateOf(canonicalText(e.scenario)).scenario.transformersVersion).toBe('4.46.1');
    expect(estimateOf('llama-3-8b lora transformers==4.48.3 on 1x a100-80g').scenario.transformersVersion).toBe('4.48.3');
  });

  it('Llama-3.1-8B at 15,000 tokens on 4.46.1: 15,000 × 128,256 × 14 B, and the four 48 GB L20s of LlamaFactory#6531 no longer hold it', () => {
    expect(logitsOf(thread(' transformers 4.46.1')).bytes).toBe(15000 * 128256 * 14);
    expect(logitsOf(thread('')).bytes).toBe(15000 * 128256 * 12);
    expect(estimateOf(thread(' transformers 4.46.1')).fits).toBe(false);
    expect(estimateOf(thread('')).fits).toBe(true);
  });

  it('a release outside 4.46 → 4.49, or an environment report\'s "Transformers version: …" line, reads as the newest', () => {
    for (const text of ['llama-3-8b lora seq 4096 transformers 4.51.1 on 1x a100-80g', 'llama-3-8b lora seq 4096 transformers 4.45.2 on 1x a100-80g', 'Transformers version: 4.46.1\nllama-3-8b lora seq 4096 on 1x a100-80g']) {
      const e = estimateOf(text);
      expect(e.scenario.transformersVersion).toBeUndefined();
      expect(trainingLogits(e.scenario)!.bytes).toBe(4096 * 128256 * LOSS_BYTES_PER_LOGIT.full);
    }
  });

  it('trainers with a loss of their own ignore it (Unsloth, torchtune, litgpt), and a fused or chunked loss is unchanged', () => {
    for (const framework of ['unsloth', 'torchtune', 'litgpt']) {
      const e = estimateOf(`llama-3-8b lora seq 4096 ${framework} transformers 4.46.1 on 1x a100-80g`);
      expect(e.scenario.transformersVersion).toBe('4.46.1');
      expect(trainingLogits(e.scenario)!.formula).not.toContain('shifted');
    }
  });

  it('the shifted copy only adds: never fewer bytes a logit than the newest release (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('4.46.0', '4.46.1', '4.47.1', '4.48.3', '4.49.0'), fc.constantFrom(1024, 4096, 8192), (release, seq) => {
        const withRelease = logitsOf(`qwen2.5-7b full zero3 bf16 mixed bs 1 seq ${seq} transformers ${release} on 8x a100-80g`);
        const newest = logitsOf(`qwen2.5-7b full zero3 bf16 mixed bs 1 seq ${seq} on 8x a100-80g`);
        expect(withRelease.bytes - newest.bytes).toBe(seq * 152064 * SHIFTED_COPY_BYTES);
      }),
      { numRuns: 10 },
    );
  });
});
