import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A keyword is a cue for its own sentence's number only (issue 22, item 2). InternLM/lmdeploy#722
 * (corpus c663): "10个input_len 50、output_len 128的并发请求 … OOM了。\n\n但一个1500 input_len的请求 …
 * 是可以serve的" — 并发 (concurrency) lost its own number with the words set aside and took the next
 * sentence's 1500, a batch of 1,500 requests.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const batches = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { values: outcome.items.filter((i) => i.kind === 'batch').map((i) => (i.kind === 'batch' ? i.value : null)), notes: outcome.notes };
};

describe('a batch keyword takes no number from another sentence', () => {
  it('c663: no batch or concurrency of 1500, and the note says why', () => {
    const read = batches(lineText('c663'));
    expect(read.values).not.toContain(1500);
    // 并发 is the clients' load since rserve17: the load's keyword keeps to its sentence as the batch's did.
    expect(read.notes.join(' ')).toMatch(/"1500" not read as the concurrency: its keyword is in another sentence/);
    const outcome = parseRequest(lineText('c663'));
    expect(outcome.ok && outcome.items.some((i) => i.kind === 'clientLoad' && i.value === 1500)).toBe(false);
  });

  it.each([
    // The same message with the CJK full stop and no blank line, in English, with a Korean sentence around it.
    'qwen-7b模型，session_len开了8200，跑在单卡A10上。当并发请求过来，就直接OOM了。但一个1500 input_len的请求过来，是可以serve的',
    'qwen-7b 모델, session_len 8200, A10 한 장. 동시 요청 concurrency 에서 OOM. 하지만 1500 input_len 요청은 됩니다',
  ])('%s', (text) => {
    expect(batches(text).values).not.toContain(1500);
  });

  it('a keyword and its number in one sentence stay, whatever follows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 512 }), fc.constantFrom('batch size', 'bs', 'micro batch size'), fc.constantFrom('. seq 2048', '。还会OOM吗', '! It OOMs.', ''), (n, word, after) => {
        const text = `llama-2-7b lora on a 4090, ${word} ${n}${after}`;
        expect(batches(text).values, text).toEqual([n]);
      }),
      { numRuns: 60 },
    );
  });
});
