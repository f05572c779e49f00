import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c615 (mosaicml/llm-foundry#468): Composer's `precision: amp_bf16` (torch.autocast over
 * fp32 weights, composer/core/precision.py) had been read as bf16 mixed with fp32 master weights in
 * silence. amp_bf16 and amp_fp16 are the amp recipe. Lightning's "bf16-mixed" is torch.autocast over fp32
 * weights too (lightning/fabric/plugins/precision/amp.py): amp since s31 (rprec9); "bf16-true" stays pure.
 */
const line = loadCorpus().find((l) => l.id === 'c615')!;

const precisionOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return `${r.scenario.recipe} ${r.scenario.compute}`;
};

describe("Composer's precision strings", () => {
  it('c615: amp_bf16 is bf16 autocast (amp)', () => {
    expect(precisionOf(line.text)).toBe('amp bf16');
  });

  it.each([
    ['mpt-7b pretrain on 1x a100 80gb\nprecision: amp_fp16\nmax_seq_len: 2048', 'amp fp16'],
    ['mpt-7b pretrain on 1x a100 80gb, --precision amp_bf16', 'amp bf16'],
    ['llama-2-7b full on 1x a100 80gb\nprecision: bf16-mixed', 'amp bf16'],
    ['llama-2-7b full on 1x a100 80gb\nprecision: bf16-true', 'pure bf16'],
  ])('%s → %s', (text, precision) => {
    expect(precisionOf(text)).toBe(precision);
  });
});
