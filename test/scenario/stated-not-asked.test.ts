import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A card or limit question written inside a statement is no question (issue 22, item 5): b21's silent
 * lines at first sight mostly answered a question nobody asked. "This is the minimum GPU requirement
 * for effective training." (a README quoted in huggingface/alignment-handbook, corpus c786) had been
 * answered as "which GPU", and vLLM's "The model's max seq len (4096) is larger than …" (c766) as "max
 * seq", without a word. Such a question is now said on the first screen with its sentence.
 */
const read = (text: string) => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return { question: outcome.scenario.question.kind, said: outcome.assumptions.join(' | ') };
};
const weakQuestion = (said: string) => /the question "(?:which GPU|max seq|max batch)" — from/.test(said);

describe('a question written in a statement', () => {
  it('c786: "This is the minimum GPU requirement for effective training." is said as a weak question', () => {
    const line = loadCorpus().find((l) => l.id === 'c786')!;
    expect(weakQuestion(read(line.text).said)).toBe(true);
  });

  it.each(['mistral-7b full on 4x a6000. This is the minimum GPU requirement for effective training.'])('invented: "%s" says its question is weak', (text) => {
    expect(weakQuestion(read(text).said)).toBe(true);
  });

  // Since prose.length-value reads a value in parentheses (c828), vLLM's sentence states the length and asks nothing.
  it('vLLM\'s "The model\'s max seq len (4096) is larger than …" is seq 4096, no question', () => {
    const r = read("serve llama-2-7b with vllm on 1x a10g. The model's max seq len (4096) is larger than the maximum number of tokens that can be stored in KV cache (2160).");
    expect(r.question).toBe('none');
  });

  it.each([
    'minimum gpu for llama-2-70b lora',
    'what is the minimum GPU for 70b lora?',
    'which gpu do I need for 13b full fine-tuning.',
    'llama-2-13b lora max seq on 1x a100-80g',
    'smallest gpu that fits qwen2.5-7b qlora',
  ])('"%s" stays a question, not said as weak', (text) => {
    const r = read(text);
    expect(r.question).not.toBe('none');
    expect(weakQuestion(r.said)).toBe(false);
  });

  it('property: "<setup>. This is the <minimum GPU|max seq> <noun> for <purpose>." never answers a silent question', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llama-2-7b lora on 1x a100-80g', 'qwen2.5-14b full zero3 on 8x h100'),
        fc.constantFrom('minimum GPU', 'max seq'),
        fc.constantFrom('requirement', 'setting', 'figure we found'),
        fc.constantFrom('effective training', 'our cluster', 'this recipe'),
        (setup, words, noun, purpose) => {
          const r = read(`${setup}. This is the ${words} ${noun} for ${purpose}.`);
          expect(r.question === 'none' || weakQuestion(r.said)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
