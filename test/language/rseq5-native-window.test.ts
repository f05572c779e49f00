import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A length followed by "native" is the model's window, never the user's length (reconcile/cues.ts,
 * modelWindows): c1968 (a vLLM serving guide) "**262144 (256K) native** context; served at 200K (…)"
 * had read seq 262144 and set the served 200K aside.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('"N native context" is the model window; the length served is read', () => {
  it('c1968: seq 200000', () => {
    expect(read(text('c1968')).scenario.seq).toBe(200_000);
  });

  it.each([
    ['serve qwen3-32b with vllm on 2x h100-80g: 128K native context, served at 32K', 32_768],
    ['serve qwen3-32b with vllm on 2x h100-80g, 131072 (128k) natively; we serve it with a 65536 context', 65_536],
    ['qwen3-32b 用 vllm 部署在 2x h100-80g 上，128K原生上下文，实际用 32K 上下文', 32_768],
  ])('%s', (t, seq) => {
    expect(read(t).scenario.seq).toBe(seq);
  });

  it('a length the user runs, with no "native" after it, stays read', () => {
    expect(read('serve qwen3-32b with vllm on 2x h100-80g at 128K context').scenario.seq).toBe(131_072);
  });
});
