import { describe, expect, it } from 'vitest';
import { withArticle } from '../../src/language/article.js';

describe('a or an, by the sound of the word after it', () => {
  it.each([
    ['axolotl', 'an axolotl'],
    ['LLaMA-Factory', 'a LLaMA-Factory'],
    ['unsloth', 'an unsloth'],
    ['8 GB', 'an 8 GB'],
    ['11 GB', 'an 11 GB'],
    ['80 GB', 'an 80 GB'],
    ['24 GB', 'a 24 GB'],
    ['110B', 'a 110B'],
    ['1,100 GB', 'a 1,100 GB'],
    ['8,192-token', 'an 8,192-token'],
    ['11000', 'an 11000'],
    ['18.5 GB', 'an 18.5 GB'],
    ['1.8B', 'a 1.8B'],
    ['800M', 'an 800M'],
    ['2048', 'a 2048'],
    ['H100', 'an H100'],
    ['RTX 4090', 'an RTX 4090'],
    ['MLX', 'an MLX'],
    ['torchtune', 'a torchtune'],
    ['hf', 'a hf'],
    ['universal', 'a universal'],
  ])('%s → %s', (word, said) => expect(withArticle(word)).toBe(said));
});
