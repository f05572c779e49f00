import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Batch b27 (test/corpus/first-sight.md), c948 (ModelTC/LightLLM#28: "when the length of prompt exceeds
 * 1020, OOM happens", read as seq 1020 and said as a plain setting): a length said as the point past which
 * a run fails is not the run's setting — the run asked about is at or past it. Kept (the estimate at that
 * length shows what fits up to the failure) but weak, said with its words (scenario/fact-doubts.ts
 * withFailureThreshold). Real: c948; c664 ("输入长度超过一两百就显存不够了"); c951 ("a MAX_TOTAL_TOKENS value
 * above 4096" and OOM).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const seq = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { seq: r.scenario.seq, said: r.notices.join(' | ') };
};

describe('a length past which the run fails is said as weak', () => {
  it('c948: seq 1020, from "length of prompt exceeds 1020", said', () => {
    const r = seq(lineText('c948'));
    expect(r.seq).toBe(1020);
    expect(r.said).toContain('seq 1020 — from "length of prompt exceeds 1020"?');
  });

  it.each([
    ['llama-2-13b serve on 1x a100 80GB; when the prompt is longer than 3000 tokens it OOMs', 3000],
    ['qwen-7b inference on 1x 3090, OOM once the input exceeds 6000 tokens', 6000],
    ['qwen-14b 推理 1x a10，输入长度超过 4000 就报错 OOM', 4000],
    // c1170 (OpenNMT/CTranslate2#1299): "After 1000 tokens, the GPU run out of memory"; invented variations.
    ['falcon-40b inference on 1x a40. After 1000 tokens, the GPU run out of memory', 1000],
    ['llama-2-13b inference on 1x 4090, it runs out of memory after ~3000 tokens', 3000],
  ])('%j', (text, n) => {
    const r = seq(text);
    expect(r.seq).toBe(n);
    expect(r.said).toMatch(new RegExp(`seq ${n} — from "`));
  });

  it('a length set plainly, or a threshold with no failure, stays a setting', () => {
    expect(seq('llama-2-13b serve seq 3000 on 1x a100 80GB, it OOMs').said).not.toMatch(/seq 3000 — from/);
    expect(seq('llama-2-13b serve on 1x a100 80GB with prompts longer than 3000 tokens').said).not.toMatch(/seq 3000 — from/);
  });
});
