import { describe, expect, it } from 'vitest';
import { judge, type Line } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * A value given as an example ("For example, with Llama-3.3-70b, 2xRTX-3090 can process tokens 7.09x
 * faster", ml-explore/mlx-lm#92, c1975; "I change all variables refering to the sequence length to
 * smaller size, such as 1k", Open-Reasoner-Zero#24, c2256) is one instance of something — another
 * machine in a comparison, one of several settings — not the user's run said outright. Both lines had
 * been answered about the example's setup in silence (session 36, rdoubt1). The fact is still read (the
 * example is often the user's own case), but weak: said on the first screen with the example's words.
 */

const judged = (text: string, reading: string) => judge({ id: 'v', text, source: 'invented', reading, intent: 'stated' } as Line).verdict;
const weakFact = (text: string, fact: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return (r.trace ?? []).find((f) => f.fact === fact && f.at !== null && f.weak);
};

describe('a value given as an example is said as weak (example-values.ts)', () => {
  it('c1975 (ml-explore/mlx-lm#92): the 2x RTX 3090 of "For example, …" is said with its words', () => {
    expect(corpusLineRead('c1975').said).toMatch(/— from "[^"]*2xRTX-3090[^"]*"\?/);
  });

  it('c2256 (Open-Reasoner-Zero#24): the "such as 1k" length is said with its words', () => {
    expect(corpusLineRead('c2256').said).toMatch(/seq 1024 — from "[^"]*such as 1k"\?/);
  });

  // Invented variations, each with the reading that leaves the example's value out: whichever the reader keeps,
  // the field it took from the example must be said (flagged), never silent.
  it.each([
    ['For example, with llama-3.3-70b, 2x RTX 3090 can process tokens 7x faster than an M3 Max. Can mlx be faster?', 'llama-3.3-70b inference'],
    ['Mac vs Nvidia: e.g. llama-3.1-70b on 2x RTX 4090 prefills much faster than on my mac. why?', 'llama-3.1-70b inference'],
    ['I reduced every length setting of the qwen2.5-1.5b ppo run to a smaller size, such as 1k, and it still OOMs on 4x A100 80G', 'qwen2.5-1.5b full ppo on 4x a100-80g'],
    ['qwen2.5-7b grpo on 8x H100: I lowered the lengths (for example 2048) but it still runs out of memory', 'qwen2.5-7b full grpo on 8x h100-80g'],
    ['比如 llama-2-70b 在4张A100上推理就很快，mlx 为什么慢？', 'llama-2-70b inference'],
    ['qwen2-7b 全量微调，把长度改小了，例如 2048，还是 OOM，8卡A800', 'qwen2-7b full on 8x a800-80g'],
    ['Some users report mixtral-8x7b works, for instance on 2x A6000, so why does it OOM for me?', 'mixtral-8x7b inference'],
    ['llama-3-8b lora OOM even with small settings, such as a micro batch of 2 and seq 1024, on 1x rtx-4090', 'llama-3-8b lora on 1x rtx-4090'],
    ['예를 들어 4x A100 80G에서 llama-2-13b 추론은 빠른데, mac에서는 느립니다', 'llama-2-13b inference'],
  ])('%j: the example\'s value is not silent', (text, reading) => {
    expect(judged(text, reading)).not.toBe('silent');
  });

  // A value said as the user's own, with no example word, stays strong: not said twice.
  it.each([
    ['llama-3-8b lora on 1x rtx-4090, seq 2048', 'seq'],
    ['qwen2.5-7b full fine-tune on 8x H100 80G', 'gpus'],
    ['I run mistral-7b with vllm on 2x RTX 3090, max_model_len 8192', 'gpus'],
    ['a 7b model such as mistral-7b, lora on my 3090 with seq 4096', 'seq'],
  ])('%j: %s stays strong', (text, fact) => {
    expect(weakFact(text, fact)).toBeUndefined();
  });
});
