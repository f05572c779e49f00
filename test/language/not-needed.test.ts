import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

describe('a setting said not to be needed is off', () => {
  // Cause seen in meta-llama/llama-cookbook#25 (c162): "in which case you won't need to use offload" was read as offload on.
  it.each([
    ["train 13b on 4x A100 40G with fsdp. You won't need to use offload.", 'offload'],
    ['train 13b on 4x A100 40G, no need for gradient checkpointing', 'recompute'],
    ["serve 7b on a 4090, we don't need offload", 'offload'],
  ])('%s', (text, kind) => {
    const out = parseRequest(text);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.filter((i) => i.kind === kind).map((i) => (i as { value: string }).value)).toEqual(['none']);
  });
});
