import { describe, expect, it } from 'vitest';
import { looksLikeModelName } from '../../src/scenario/unknown-model.js';

describe('a word before "model" in code names no model', () => {
  it.each([
    ['till', 'Everything works fine till model.train(). Seem like when it runs optimizer'], // Qwen-VL (c824)
    ['in', 'for response, history in model.stream_chat(tokenizer, query)'], // c572
    ['then', 'then model (input_ids) fails'],
  ])('"%s" in %s', (word, text) => {
    expect(looksLikeModelName(word, text)).toBe(false);
  });

  it.each([
    ['zephyr', 'the zephyr model.'],
    ['zephyr', 'can the zephyr model fit on one a6000'],
  ])('"%s" still names one in %s', (word, text) => {
    expect(looksLikeModelName(word, text)).toBe(true);
  });
});
