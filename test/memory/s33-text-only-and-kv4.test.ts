import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const part = (text: string, key: string) => reply(text).estimate.components.find((c) => c.key === key);

/**
 * Issue 23 (vserve3). vLLM's SupportsMultiModal._mark_tower_model skips a tower whose modalities are all
 * limited to 0, and --language-model-only sets every limit to 0 (memory/vllm-tower-skip.ts); a release named
 * before 0.25 keeps it. A 4-bit KV cache is 18 B per 32 values (ggml block_q4_0; ExLlamaV2 Q4).
 */
describe('a text-only vLLM server of a vision-language checkpoint holds no tower', () => {
  it('--language-model-only and image/video limits of 0 drop the tower; one limit left keeps it', () => {
    expect(part('serve qwen2.5-vl-7b vllm --language-model-only on 1x a100-80g', 'vision')).toBeUndefined();
    expect(part('serve qwen2.5-vl-7b vllm --limit-mm-per-prompt image=0,video=0 on 1x a100-80g', 'vision')).toBeUndefined();
    expect(part('serve qwen2.5-vl-7b vllm --limit-mm-per-prompt image=0 on 1x a100-80g', 'vision')?.bytes).toBeGreaterThan(1e9);
    expect(part('serve qwen2.5-vl-7b vllm 0.11.0 --language-model-only on 1x a100-80g', 'vision')?.bytes).toBeGreaterThan(1e9);
  });
});

describe('a 4-bit KV cache is sized at 0.5625 B a value', () => {
  it('llama.cpp --cache-type-k/-v q4_0: 9/32 of the f16 cache (Qwen3.8-27B at 262,144, v874)', () => {
    const f16 = part('qwen3.8-27b q6_k llama.cpp ctx 262144 on 1x rtx-5090', 'kv')!.bytes;
    const q4 = part('qwen3.8-27b q6_k llama.cpp ctx 262144 --cache-type-k q4_0 --cache-type-v q4_0 on 1x rtx-5090', 'kv')!.bytes;
    // The 48 Gated DeltaNet layers' state is not a KV cache and keeps its width.
    expect(q4).toBeLessThan(f16 * 0.3);
    expect(q4).toBeGreaterThan(f16 * (9 / 32));
    expect(reply('qwen3.8-27b q6_k llama.cpp ctx 262144 kv cache q4_0 on 1x rtx-5090').scenario.inference.kvDtype).toBe('int4');
  });
});

describe("an engine that clamps the longest request to its pool still starts a hybrid model", () => {
  it('v852: Qwen3.8-27B NVFP4 on SGLang at --mem-fraction-static 0.8 holds one request, shortened', () => {
    const r = reply('serve qwen3.8-27b fp4 sglang --mem-fraction-static 0.8 --kv-cache-dtype fp8 on 1x rtx-5090');
    expect(r.verdict.status).not.toBe('no');
    expect(r.estimate.serving?.concurrentSequences).toBeGreaterThanOrEqual(1);
  });
});
