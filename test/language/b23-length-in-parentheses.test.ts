import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A length noun with its value in parentheses states the length, it asks nothing. vLLM's own error says
 * the length it serves so: "The model's max seq len (32768) is larger than the maximum number of tokens
 * that can be stored in KV cache" (the thread of c828, QwenLM/Qwen3#110; c766 and c126 paste the same
 * error). It had been read as the question "what is the longest sequence that fits" (prose.length-value).
 */
const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

describe('a length in parentheses is a setting, not the question "max seq"', () => {
  it('c828: the reply in the thread of vLLM\'s error is read at seq 32768, with no question', () => {
    const l = line('c828');
    const opened = readInThread(l.thread!, null);
    const r = readInThread(l.text, opened.waiting).outcome;
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.seq).toBe(32768);
    expect(r.scenario.question.kind).not.toBe('maxSeq');
  });

  it.each([
    ["serve llama-2-7b on a 4090: ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (2256)", 32768],
    ['serve qwen2-7b on a 4090, max seq len (4096)', 4096],
    ['serve qwen2-7b on a 4090, max model len ( 8k )', 8192],
    ['qwen2-7b lora on a 4090 with max sequence length (2048)', 2048],
  ])('%s', (text, seq) => {
    const s = read(text).scenario;
    expect(s.seq).toBe(seq);
    expect(s.question.kind).not.toBe('maxSeq');
  });

  it('a question with no value stays the question', () => {
    expect(read('serve llama-2-7b on a 4090, what max seq len fits?').scenario.question.kind).toBe('maxSeq');
    expect(read('serve llama-2-7b on a 4090, what max seq len (in tokens) fits?').scenario.question.kind).toBe('maxSeq');
  });
});
