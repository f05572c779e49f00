import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A length asked for is named by what it measures as well as by "context" or "sequence": "what is the
 * maximum token length per sample" (c1659, a full fine-tune of Gemma 3 12B on one A100), "what's the
 * longest input length", "what prompt length can I use". Each is the question of the longest length
 * that fits (config.asked-value), and a length asked of a model stays that model's limit.
 */
const asks = (text: string) => canonicalText(read(text).scenario);

describe('a length asked by what it measures is the "max seq" question', () => {
  const setups = ['full fine-tune gemma-3-12b on 1x a100 40gb', 'lora llama-3-8b on a 4090', 'serve qwen2.5-7b on 2x 3090'];
  const questions = [
    'what is the maximum token length per sample?',
    "what's the max token length I can use?",
    'what is the longest input length that fits?',
    'What is the max prompt length?',
    'what is the maximum sample length',
    'what training length can I use?',
    "what's the longest context I can train with?",
  ];
  for (const setup of setups) {
    for (const q of questions) {
      it(`${setup}, ${q}`, () => expect(asks(`${setup}, ${q}`)).toMatch(/max seq/));
    }
  }

  it('c1659 (unslothai/unsloth): "what is the maximum token length per sample" asks the longest length', () => {
    expect(asks(loadCorpus().find((l) => l.id === 'c1659')!.text)).toMatch(/max seq/);
  });

  it('a token length asked of a model is its own limit, not the question', () => {
    expect(asks('serve llama-3-8b on a 4090, what is the max token length of llama-3-8b?')).not.toMatch(/max seq/);
    expect(asks("serve qwen2.5-7b on 2x 3090; what's the maximum input length supported?")).not.toMatch(/max seq/);
  });

  it('a length stated, not asked, sets seq and asks nothing', () => {
    expect(asks('lora llama-3-8b on a 4090, the token length is 4096')).not.toMatch(/max seq/);
  });
});
