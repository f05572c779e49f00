import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { looksLikeModelName } from '../../src/scenario/unknown-model.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rref: a message of several sentences is never refused for one word or number the reader
 * cannot place. A pronoun ("Mine is 3080ti 12G *2,", c1252), a verb, a role or a participle before
 * "model" ("I put model _path as", c1274; "the Agent model", c1213; "customized model", c1130) names
 * no model: the reply asks which model, never "I don't know the model put". A bare number prose cannot
 * place ("2月 11 14:49:03" in a pasted log, c1258; "我这边100多G", c1098) is listed as not read.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

const refusal = (text: string) => {
  const r = resolveRequest(text, null);
  return r.ok ? null : r.error.message;
};

describe('a pronoun is no unknown word', () => {
  it.each([
    ['Mine is 3080ti 12G *2,'], // c1252 (zai-org/GLM-4 thread)
    ['mine is 2x 4090 24G'],
    ['Ours is 4 A100 80G'],
  ])('%s: asked which model, not refused for the pronoun', (text) => {
    const message = refusal(text) ?? '';
    expect(message).not.toMatch(/I don't know "(?:mine|ours)"/i);
    expect(message).toMatch(/^Which model\?/);
  });
});

describe('a word before "model" must have a model\'s shape to be asked about by name', () => {
  it.each([
    ['put', line('c1274').text],
    ['put', 'I put model path as the folder, on 4 A100 80G'],
    ['customized', line('c1130').text],
    ['quantized', 'can I run a quantized model on 2x 3090?'],
    ['Agent', line('c1213').text],
    ['reward', 'the reward model OOMs on 8x A100'],
  ])('"%s" is no model name', (word, text) => {
    expect(looksLikeModelName(word, text)).toBe(false);
  });

  it.each([
    ['zephyr', 'can the zephyr model fit on one a6000'],
    ['FalconLite', 'serving the FalconLite model with vllm'],
    ['mPLUG-Owl2', 'lora on the mPLUG-Owl2 model with 2 48G cards'],
  ])('"%s" still names one', (word, text) => {
    expect(looksLikeModelName(word, text)).toBe(true);
  });

  // Since rmodel20, c1130's "Phi3.5-mini-instrcut" is read as the catalog's Phi-3.5-mini (the tag said) and c1213's
  // "fine-tuning CogAgent" names the model the catalog lacks: neither takes the word before "model".
  it('c1130 and c1213 never name "customized" or "Agent" as the model', () => {
    expect(refusal(line('c1130').text) ?? '').not.toMatch(/customized/);
    const cogagent = refusal(line('c1213').text) ?? '';
    expect(cogagent).toMatch(/^I don't know the model "CogAgent"/);
    expect(cogagent).not.toMatch(/"Agent"/);
  });
});

describe('bare numbers prose cannot place are set aside, never a refusal', () => {
  it('c1258: a log\'s dates do not refuse the message', () => {
    const r = resolveRequest(line('c1258').text, null);
    expect(r.ok ? '' : r.error.message).not.toMatch(/is a number with no unit/);
  });

  it.each([
    ['咨询下，这个一般需要多少内存，我这边100多G，一直报内存不足。'], // c1098 (CVI-SZU/Linly#26)
    ['咨询下，我这边200多G，一直报内存不足。'],
  ])('%s: nothing to estimate, the number listed as not read', (text) => {
    const message = refusal(text) ?? '';
    expect(message).not.toMatch(/is a number with no unit/);
    expect(message).toMatch(/^I found nothing to estimate/);
  });

  it('a short request in the item language keeps its exact refusal', () => {
    expect(refusal('7b 13 bf16')).toMatch(/is a number with no unit/);
  });
});
