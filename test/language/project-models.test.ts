import { describe, expect, it } from 'vitest';
import { PROJECT_MODELS } from '../../src/language/read-tokens/project-models.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A project named as the model (issue 22, r-left item 1; read-tokens/project-models.ts): its README's
 * model, read as a weak guess and said on the first screen with the words it came from; never where
 * the message names a model or a size of its own.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!.text;
const guessed = (said: string, words: string) => new RegExp(`LLaMA-1-7B — from "${words}"\\?`, 'i').test(said);

describe('projects named as the model', () => {
  it('c510: "fine-tune alpaca-lora model" is LLaMA-7B under alpaca-lora\'s own 8-bit LoRA, the model said as a guess', () => {
    const { scenario, said } = read(line('c510'));
    expect([scenario.model.name, scenario.framework, scenario.mode, scenario.weights]).toEqual(['LLaMA-1-7B', 'alpaca-lora', 'qlora', 'int8']);
    expect(scenario.model.arch.layers).toBe(32);
    expect(guessed(said, 'alpaca-lora')).toBe(true);
  });

  it.each([
    ['I want to finetune alpaca lora on my 3090, is 24GB enough?', 'alpaca lora'],
    ['alpaca_lora 用一张3090微调会爆显存吗', 'alpaca_lora'],
    ['training chinese-vicuna on one 2080ti 11g', 'chinese-vicuna'],
    ['Chinese-Vicuna 在 V100 32G 上 lora 微调', 'chinese-vicuna'],
    ['reproduce stanford alpaca training on 4x a100-80g', 'stanford alpaca'],
    ['stanford_alpaca full finetune on 4x a100-80g with fsdp', 'stanford_alpaca'],
  ])('%j is LLaMA-7B, said as a guess', (text, words) => {
    const { scenario, said } = read(text);
    expect(scenario.model.arch.layers).toBe(32);
    expect(scenario.model.arch.hidden).toBe(4096);
    expect(guessed(said, words)).toBe(true);
  });

  it.each([
    ['fine-tune alpaca-lora 13b on 1x a100-80g', 40],
    ['Chinese-Vicuna-lora-13b on 3x v100-32g', 40],
    ['alpaca-lora with llama-2-13b on 1x a100-80g', 40],
    ['stanford alpaca recipe on llama-30b, 8x a100-80g', 60],
  ])('a model or size the message names wins: %j', (text, layers) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.model.arch.layers).toBe(layers);
    expect(r.ok && r.assumptions.join(' | ')).not.toMatch(/the model that project trains/);
  });

  it('every project names its source and its model is in the catalog', () => {
    for (const p of PROJECT_MODELS) {
      expect(p.source).toMatch(/README/);
      expect(() => read(`${p.example}`)).not.toThrow();
    }
  });
});
