import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, QwenLM/Qwen3-VL#518 (corpus c721): a chat message's `"content": [{"type": "image", …
 * "min_pixels": 224 * 224}]` had "content" read as a typo of "context", and 224 became the length.
 * "content" is an English word, never a keyword's typo (parse.ts WORDS_NOT_TYPOS).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('"content" is a word, not a typo of "context"', () => {
  it('c721: no length of 224, no generation cut to its share', () => {
    const s = read(line('c721').text).scenario;
    expect(s.seq).not.toBe(224);
    expect(s.inference?.newTokens ?? 0).not.toBe(112);
  });

  it.each(['qwen2-7b on 1x a100\nthe content 4096', 'qwen2-7b on 1x a100\n{"role": "user", "content": 512}'])('%s: no length from content', (text) => {
    expect(read(text).scenario.seq).toBe(read('qwen2-7b on 1x a100').scenario.seq);
  });

  it('a real typo of context is still read: "conteext 4096"', () => {
    expect(read('qwen2-7b on 1x a100\nconteext 4096').scenario.seq).toBe(4096);
  });
});
