import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c603 (vllm-project/vllm#1543): "a large sequence length (for instance, `max_tokens` being
 * set to 10000)" beside SamplingParams(max_tokens=10000) was refused: "gen 10000 must be less than
 * seq 10000". The key's value said in prose is the key's ("being set to"), a keyword with its
 * number keeps it over one without, and a generation not below a context read from words of
 * another meaning is the context's share, said; only item language typed both ways is refused.
 */
const line = loadCorpus().find((l) => l.id === 'c603')!;

const answered = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('a generation length beside a context length', () => {
  it('c603: max_tokens 10000 is the generation, after a default prompt; not refused', () => {
    const { s } = answered(line.text);
    expect(s.inference.newTokens).toBe(10_000);
    expect(s.seq).toBe(12_048);
    expect(s.hardware?.count).toBe(8);
  });

  it.each([
    ['llama-2-13b vllm on an a100, the max_tokens being set to 3000 crashes it', 3000],
    ['llama-2-13b vllm on an a100; max_tokens has been set to 3000 for every request', 3000],
    ['llama-2-13b vllm on an a100, sequence length (e.g. max_tokens set to 3000) is too large', 3000],
  ])('the key set to a value in prose is the generation: %s', (text, gen) => {
    expect(answered(text).s.inference.newTokens).toBe(gen);
  });

  it.each([
    ['llama-2-70b vllm on 8x L4, max_model_len=4096, max_tokens=4096', 4096],
    ['llama-2-70b vllm on 8x L4, context length 8k, and max_tokens set to 10000', 8192],
    ['vllm serve llama-2-13b --max-model-len 2048 on an a100, 请求里 max_tokens=2048', 2048],
  ])('a context and a longer generation from other words: the context is the whole, said (%s)', (text, seq) => {
    const { s, said } = answered(text);
    expect(s.seq).toBe(seq);
    expect(s.inference.newTokens).toBeLessThan(s.seq);
    expect(said).toMatch(/are not fewer than the [\d,]+-token context .*read as [\d,]+ tokens in all/);
  });

  it('the share leaves a prompt, never longer than the window, for any pair of lengths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 256, max: 200_000 }), fc.integer({ min: 0, max: 400_000 }), (seq, extra) => {
        const gen = seq + extra;
        const { s } = answered(`llama-2-7b vllm on an h100, max_model_len=${seq}, max_tokens=${gen}`);
        expect(s.seq).toBe(seq);
        expect(s.inference.newTokens).toBeGreaterThan(0);
        expect(s.inference.newTokens).toBeLessThan(seq);
      }),
      { numRuns: 25 },
    );
  });

  it('item language typed both ways is still refused, with the fix', () => {
    const r = resolveRequest('llama-2-70b vllm seq 4096 gen 8000 on 8x l4', null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/gen 8000 must be less than seq 4096/);
  });
});
