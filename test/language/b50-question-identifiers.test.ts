import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A question's words that go on into an identifier name a setting and ask nothing: "trying to increase
 * max_seq_size, (I was hoping for 1024 tokens)" (minosvasilias/godot-dodo#10, c964) had been read as the
 * question "what is the longest sequence that fits" (the keyword "max seq" matched inside max_seq_size).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const question = (text: string) => read(text).scenario.question.kind;

describe('a question keyword inside an identifier asks nothing', () => {
  it('c964: max_seq_size is a setting named', () => {
    expect(question(line('c964').text)).toBe('none');
  });

  it.each([
    'full finetune llama-2-7b on 2x a100 80gb, I set max_seq_size to 2048 and it OOMs',
    'qlora mistral-7b on a 4090: raised max_seq_len_limit, still oom at seq 4096',
    'lora llama-3-8b on one a10g with max_batch_size 4 and seq 1024',
  ])('%s', (text) => {
    expect(question(text)).toBe('none');
  });

  it.each([
    ['llama-2-7b lora on a 3090, max seq?', 'maxSeq'],
    ['qwen2.5-7b on a 4090 inference: max_seq?', 'maxSeq'],
    ['mistral-7b qlora on a t4 max batch', 'maxBatch'],
  ])('the question said alone still asks: %s', (text, kind) => {
    expect(question(text)).toBe(kind);
  });
});
