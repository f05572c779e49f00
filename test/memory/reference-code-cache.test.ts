import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import { estimateOf, part } from './fixtures.js';

/**
 * The original LLaMA code (meta-llama/llama 1076b9c, 2023-02-24; tloen/llama-int8 be08e5b,
 * 2023-03-06) preallocates its KV cache at load: llama/model.py Attention builds cache_k and cache_v
 * of [max_batch_size, max_seq_len, n_heads, head_dim] under a 16-bit default tensor type, so the
 * cache is max_batch_size × max_seq_len tokens whatever the prompts are. Stated as "bs N seq M"
 * (test/corpus/verdicts.jsonl v057, v060), the estimate's weights and KV are what those programs
 * hold before the first prompt; the threads' own figures are beside each case.
 */
describe("the original LLaMA code's preallocated cache (example.py's max_batch_size × max_seq_len)", () => {
  it("LLaMA-7B at example.py's hard-coded 32 × 1,024: a 16 GiB fp16 cache beside 12.6 GiB of weights, past a 24 GB card (meta-llama/llama#42 measured about 30 GiB)", () => {
    const e = estimateOf('llama-1-7b infer bs 32 seq 1024 on 24GB');
    expect(part(e, 'kv')).toBe(32 * 1024 * 32 * 2 * 4096 * 2);
    expect(part(e, 'kv') / GiB).toBe(16);
    const held = (part(e, 'weights') + part(e, 'kv')) / GiB;
    expect(held).toBeGreaterThan(28);
    expect(held).toBeLessThan(30);
    expect(e.fits).toBe(false);
  });

  it("LLaMA-13B under llama-int8 at 12 × 512: a 4.7 GiB cache beside the int8 weights, inside a 3090 Ti (the user's log: 'Loaded … with 17.49 GiB')", () => {
    const e = estimateOf('llama-1-13b int8 infer bs 12 seq 512 on 1x 3090 ti');
    expect(part(e, 'kv')).toBe(12 * 512 * 40 * 2 * 5120 * 2);
    const held = (part(e, 'weights') + part(e, 'kv')) / GiB;
    expect(Math.abs(held - 17.49) / 17.49).toBeLessThan(0.05);
    expect(e.fits).toBe(true);
  });
});
