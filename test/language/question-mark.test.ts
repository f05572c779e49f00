import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A trailing "?" must not turn a setup into a question of another kind (bench:variations
 * question-mark-added / -dropped). The mark is the request's cue only for a clause with no cue in
 * words (owners/clauses.ts); a question by word order ("Should i be able to run …") asks with or
 * without it (reconcile/mentions.ts); a length held up for comparison is never the one asked about
 * (reconcile/cues.ts).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

/** The reading of a message, in a thread when it has one, as canonical text (or the error). */
function reading(text: string, thread?: string): string {
  let state = null;
  if (thread) {
    const opened = readInThread(thread, null);
    state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  }
  const out = readInThread(text, state).outcome;
  return out.ok ? (out.scenario ? canonicalText(out.scenario) : 'help') : `error: ${out.error.message}`;
}
/** The message with its closing mark turned: "." or nothing to "?", "?" dropped. */
const turned = (text: string) => {
  const t = text.trimEnd();
  return /[?？]$/.test(t) ? t.slice(0, -1) : t.replace(/[.。]?$/, '?');
};

describe('a closing question mark changes no reading', () => {
  it.each([
    ['c206', '"…successfully ran Gemma-7B on 2 of the cards?": the run that works, on two of the four A6000s'],
    ['c212', '"32b model can run smoothly on RTX 4090?": still the 32B'],
    ['c671', '"…compared with training on 16K sequence length?": still 8K, the run that OOMs'],
    ['c131', '"Should i be able to run OA_SFT_Llama_30B_6 with 3 x RTX 3090" without its mark: still the 30B'],
  ])('%s: %s', (id) => {
    const l = line(id);
    expect(reading(turned(l.text), l.thread)).toBe(reading(l.text, l.thread));
  });

  it('invented setups said of a run that works, of an earlier run or asked in words read alike with and without "?" (property)', () => {
    const setups = [
      'We successfully ran llama-2-13b on 2 A100 80GB',
      'We have a box with 8 x 80G A100 GPUs and successfully served llama-2-70b on 4 of the cards',
      'This is on only 4K sequence length, so memory should be 4x smaller compared with training on 16K sequence length, qwen2.5-7b full on 8x H100',
      'I previously trained qwen2.5-7b with lora on 4x 3090',
      'llama-3-8b runs smoothly on a single 4090',
      'Can I fine-tune mistral-7b with qlora on a T4',
      'Should i be able to serve llama-2-70b awq with vllm on 2x L40S',
      '我用两张A100微调qwen2.5-14b，可以跑起来',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...setups), fc.constantFrom('', '.', '。'), (setup, end) => {
        const plain = `${setup}${end}`;
        expect(reading(`${setup}?`), plain).toBe(reading(plain));
      }),
      { numRuns: 30 },
    );
  });
});
