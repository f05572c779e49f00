import { describe, expect, it } from 'vitest';
import { contextKeyOf, contextLengthOf } from '../../src/catalog/context-lengths.js';
import { estimateOf } from '../memory/fixtures.js';

/**
 * QwQ-32B is read as Qwen2.5-32B's shape, but its own config.json sets max_position_embeddings 40960
 * (QwenLM/QwQ#26), the window vLLM, SGLang and ExLlamaV2 take when none is given; QwQ-32B-Preview
 * keeps Qwen2.5-32B-Instruct's 32768 (catalog/context-lengths.ts contextKeyOf).
 */

const seqOf = (text: string) => estimateOf(text).scenario.seq;

describe("QwQ-32B's own context window", () => {
  it('QwQ-32B as written is 40,960; its preview and Qwen2.5-32B stay 32,768', () => {
    expect(contextLengthOf(contextKeyOf({ id: 'qwen2.5-32b', asWritten: 'QwQ-32B' }))).toBe(40960);
    expect(contextLengthOf(contextKeyOf({ id: 'qwen2.5-32b', asWritten: 'qwq-32b-preview' }))).toBe(32768);
    expect(contextLengthOf(contextKeyOf({ id: 'qwen2.5-32b', asWritten: 'qwen2.5-32b' }))).toBe(32768);
  });

  it('vLLM and ExLlamaV2 serve the 40,960 window when no length is given', () => {
    expect(seqOf('serve qwq-32b vllm tp 2 on 2x h100')).toBe(40960);
    expect(seqOf('serve qwq-32b-preview vllm tp 2 on 2x h100')).toBe(32768);
    expect(seqOf('qwq-32b exl2 3.0bpw exllamav2 on 1x rtx-3090')).toBe(40960);
    // A stated length is the user's.
    expect(seqOf('serve qwq-32b vllm tp 2 --max-model-len 8192 on 2x h100')).toBe(8192);
  });

  it("ExLlamaV2's default cache for QwQ-32B at 3.0 bpw with a Q4 cache does not fit a T4 (turboderp-org/exllamav2, v581)", () => {
    const e = estimateOf('qwq-32b exl2 3.0bpw exllamav2 kv cache int4 on 1x t4');
    expect(e.deviceBytes).toBeGreaterThan(e.capacityBytes!);
  });
});
