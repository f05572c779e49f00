import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * A request the grammar takes whole can still say its run ran out of memory ("…, getting OOM", "…, CUDA out
 * of memory", "… it OOMs"): the reply says the user's report disagrees with a fit, as it does for the same
 * words in prose (reconcile/strict-reports.ts). A bare `oom` stays the help topic of the request
 * language (DESIGN.md §2): the tips, with no report claimed.
 */
const says = (text: string) => /You report running out of memory/.test(JSON.stringify(respond(text, null).reply));

describe('an out-of-memory reported in a request taken whole', () => {
  it.each([
    'qwen2.5-7b qlora seq 2048 batch 1 on a 4090, getting OOM',
    'qwen2.5-7b qlora seq 2048 batch 1 on a 4090, CUDA out of memory',
    'qwen2.5-7b qlora seq 2048 batch 1 on a 4090, it OOMs',
    'llama-3-8b lora bf16 seq 1024 batch 2 on 1x a100-80g, still OOM',
    'llama-3-8b lora seq 1024 on a100 80gb - keeps OOMing',
    'qwen2.5-7b qlora seq 2048 on a 4090 ran out of memory',
    'qwen2.5-7b qlora seq 2048 batch 1 on a 4090 but OOM',
    'qwen2.5-7b qlora seq 2048 batch 1 on a 4090, got OOM at step 0',
  ])('%j is a report', (text) => {
    expect(says(text)).toBe(true);
  });

  it.each(['qwen2.5-7b qlora seq 2048 batch 1 on a 4090 oom', 'llama-3-8b lora seq 1024 on a100 80gb oom'])('%j asks for the tips, no report', (text) => {
    expect(says(text)).toBe(false);
    expect(JSON.stringify(respond(text, null).reply)).toMatch(/"topic":"oom"/);
  });
});
