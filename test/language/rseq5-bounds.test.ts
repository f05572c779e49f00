import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { corpusLineRead, read, readNoticed } from './reading-fixtures.js';
import { BOUND_RULES } from '../../src/language/reconcile/bound-values.js';

/**
 * A strict bound on a count ("batch size is more than 1", "小于64") is not the run's value
 * (reconcile/bound-values.ts). c1953 (huggingface/transformers): "cuda memory out of error when train
 * batch size is more than 1. Cant fine tune a model with even batch size of 2" had read micro-batch 1.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a strict bound beside a plain value of the setting is set aside', () => {
  it('c1953: micro-batch 2, not the bound 1', () => {
    expect(read(text('c1953')).scenario.microBatch).toBe(2);
  });

  it.each([
    ['llama-3-8b lora on 1x rtx-4090: OOM once the batch size is over 4, even a batch size of 6 fails', 6],
    ['llama-3-8b lora on 1x rtx-4090. It OOMs when batch size is greater than 2; I tried batch size 3 and it still fails', 3],
    ['qwen2.5-7b lora on 1x a100-80g, batch size大于2就爆显存，batch size 4也OOM', 4],
    ['mistral-7b qlora on 1x 24gb — batch size > 8 crashes, batch size 12 crashes too', 12],
  ])('%s', (t, mbs) => {
    expect(read(t).scenario.microBatch).toBe(mbs);
  });
});

describe('a lone strict bound is kept, said as weak', () => {
  it.each([
    'llama-3-8b lora on 1x rtx-4090, OOM when batch size is more than 4',
    'qwen2.5-7b lora on 1x a100-80g，batch size大于4就OOM',
  ])('%s', (t) => {
    const { s, said } = readNoticed(t);
    expect(s.microBatch).toBe(4);
    expect(said).toMatch(/bound/);
  });
});

describe('an inclusive bound names the value the run reaches (not a strict bound)', () => {
  it.each(['batch size up to 8', 'batch size at most 8', 'batch size of no more than 8', 'batch size <= 8', 'batch size不超过8'])('%s', (w) => {
    expect(BOUND_RULES.before.pattern.test(w)).toBe(false);
    expect(read(`llama-3-8b lora on 1x a100-80g, ${w}`).scenario.microBatch).toBe(8);
  });

  it.each(['batch size is more than 1', 'batch size over 4', 'batch size > 8', 'batch size大于2', 'gradient accumulation step小于64', 'seq len less than 2048'])('%s is a strict bound', (w) => {
    expect(BOUND_RULES.before.pattern.test(w)).toBe(true);
  });
});

describe('a bound whose number is also said plainly is left as it was', () => {
  it('c689: "run with tp=4 and mbs=2, but I OOM when using mbs>2" reads micro-batch 2 (mbs=4 is paragraphs later)', () => {
    expect(corpusLineRead('c689').scenario.microBatch).toBe(2);
  });
});

/**
 * "on a 100k dataset" is the data's size (training.data-count): c1379 (unslothai/unsloth) had read seq 100000
 * from "fine-tune the Mistral model … using `UnslothTrainer` on a 100k dataset".
 */
describe('a dataset counted before its noun is no length', () => {
  it('c1379: no seq 100000', () => {
    expect(read(text('c1379')).scenario.seq).not.toBe(100_000);
  });

  it.each([
    'mistral-7b qlora on 1x a100-80g, trained on a 100k dataset',
    'llama-3-8b lora on 1x rtx-4090 with a 20k dataset and seq 2048',
    'qwen2.5-7b full on 8x h100-80g over a 1.5k datasets mix',
  ])('%s', (t) => {
    expect([100_000, 20_000, 1500]).not.toContain(read(t).scenario.seq);
  });

  it('a dataset named with its count glued to it stays a name ("dolly-15k dataset")', () => {
    expect(read('llama-3-70b lora on 8x a100-80g using databricks-dolly-15k dataset, seq 1024').scenario.seq).toBe(1024);
  });
});
