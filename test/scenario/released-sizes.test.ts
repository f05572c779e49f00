import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { releasedCheckpoint } from '../../src/scenario/released-sizes.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from '../language/reading-fixtures.js';

/**
 * A size written as a release was named ("345M": GPT-2 medium as OpenAI first published it, later
 * recounted as 355M) is that checkpoint, said as a guess when no family word is beside it.
 * Real lines: nshepperd/gpt-2#69 (c870), openai/gpt-2#173 (c875), openai/gpt-2#150 (c884), none naming GPT-2.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a size written as a release was named', () => {
  it.each(['c870', 'c875', 'c884'])('%s: "345M" with no family word is GPT-2 medium, said on the first screen as a guess', (id) => {
    const { s, said } = readNoticed(line(id).text);
    expect(s.model.id).toBe('gpt2-medium');
    expect(said).toMatch(/GPT-2 medium — from "345M"\? say the model's name or size if not/);
  });

  it.each([
    ['What GPU is needed to finetune the 117M model?', 'gpt2'],
    ['fine-tune the 345m model, batch 2, on a 1080 8GB', 'gpt2-medium'],
    ['训练345M模型需要多大显存', 'gpt2-medium'],
    ['train 774M on 1x v100', 'gpt2-large'],
    ['train 762M on 1x v100', 'gpt2-large'],
    ['finetune 1558M on 2x a100', 'gpt2-xl'],
    ['finetune the 124M model on a t4', 'gpt2'],
  ])('%s: %s', (text, model) => {
    expect(readNoticed(text).s.model.id).toBe(model);
  });

  it.each([
    ['finetune GPT-2 345M on 1x t4', 'gpt2-medium'],
    ['gpt2 117M full fine-tune on a t4', 'gpt2'],
    ['fine-tune gpt-2 762M with deepspeed on 1x v100', 'gpt2-large'],
  ])('%s: with its family word, %s and no doubt on it', (text, model) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(model);
    expect(said).not.toMatch(/— from "[^"]*"\? say the model's name/);
  });

  it('matches the label as written, never by nearness, and never another family\'s label', () => {
    expect(releasedCheckpoint(350e6, null)).toBeNull();
    expect(releasedCheckpoint(345e6, 'llama')).toBeNull();
    expect(readNoticed('finetune 350m on a t4').s.model.id).toBeNull();
    expect(readNoticed('finetune llama 345m on a t4').s.model.id).toBeNull();
  });

  it('gives each label to one release only', () => {
    const labels = MODELS.flatMap((m) => m.releasedAs ?? []);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
