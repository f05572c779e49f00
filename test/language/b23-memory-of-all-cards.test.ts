import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * People's arithmetic and sums are their reasoning, not a card (issue 22 §7). c757 (simplescaling/s1#25,
 * a follow-up in "How could I train 32B qwen using torch FSDP with 16*80G H100?"): "at least 700GB of GPU
 * memory is required … 1280 - 64 * 16 = 256GB of remaining GPU memory" was read as 1280 cards of 700 GB.
 * - not-hw.arithmetic now reads a difference first ("1280 - 64 * 16 = 256GB"), so 1280 is no count;
 * - hw.total-memory reads a GPU memory more than one card holds as the cards' memory in all: divided by
 *   the count said beside it, or set aside and said where there is none.
 */
const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

function inThread(id: string) {
  const l = line(id);
  const opened = readInThread(l.thread!, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error('the thread does not read');
  const r = readInThread(l.text, { scenario: opened.scenario, history: [] }).outcome;
  if (!r.ok || !r.scenario) throw new Error('not read');
  return r;
}

describe('a memory of all the cards is no card', () => {
  it('c757: the thread\'s 16 H100 80GB stay, and "700GB of GPU memory" is said as several cards\' memory', () => {
    const r = inThread('c757');
    const h = r.scenario!.hardware!;
    expect([h.gpuId, h.count]).toEqual(['h100-80g', 16]);
    expect(r.notices.join(' | ')).toMatch(/"700GB of GPU memory" is more than one card holds/);
  });

  it.each([
    ['serve llama-2-70b on 8 GPUs with 640GB of GPU memory', 8, 80],
    ['serve llama-2-70b on 4 gpus, 320GB GPU memory', 4, 80],
    ['finetune qwen2-7b on 2 cards with 384GB VRAM', 2, 192],
  ])('%s: the memory divided by the count beside it', (text, count, each) => {
    const h = read(text).scenario.hardware!;
    expect(h.count).toBe(count);
    expect(Math.round(h.capacityBytes / 2 ** 30)).toBe(each);
  });

  it.each(['serve llama-2-70b, I have 640GB VRAM', 'train qwen2.5-32b full fsdp, at least 700GB of GPU memory is required', '训练qwen2.5-32b需要700G显存'])(
    '%s: with no count it is set aside and said, never one card of that size',
    (text) => {
      const r = read(text);
      expect(r.scenario.hardware).toBeNull();
      expect(r.said).toMatch(/is more than one card holds/);
    },
  );

  it('a memory one card holds stays that card\'s ("80GB of GPU memory" beside 2x H100)', () => {
    const h = read('serve llama-2-70b on 2x h100 with 80GB of GPU memory').scenario.hardware!;
    expect([h.gpuId, h.count]).toEqual(['h100-80g', 2]);
  });

  it('property: n cards and their memory in all read as n cards of the memory each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.constantFrom(40, 48, 80, 96), (n, each) => {
        fc.pre(n * each > 300);
        const s = read(`serve llama-2-70b on ${n} GPUs with ${n * each}GB of GPU memory`).scenario;
        expect(s.hardware!.count).toBe(n);
        expect(Math.round(s.hardware!.capacityBytes / 2 ** 30)).toBe(each);
      }),
      { numRuns: 30 },
    );
  });
});

describe('a difference in the user\'s arithmetic is no count', () => {
  it.each([
    ['qwen2.5-32b full fsdp on 16x h100, so 1280 - 64 * 16 = 256GB left', 'h100-80g', 16],
    ['llama-3-8b lora on 1x a100-80g: 80 - 2*14 = 52G left for activations', 'a100-80g', 1],
    ['llama-3-8b lora on a 4090, 24-16=8GB free', 'rtx-4090', 1],
  ])('%s', (text, gpu, count) => {
    const h = read(text).scenario.hardware!;
    expect([h.gpuId, h.count]).toEqual([gpu, count]);
  });

  it('the reading names no 1280 anywhere', () => {
    expect(canonicalText(read('qwen2.5-32b full fsdp on 16x h100, so 1280 - 64 * 16 = 256GB left').scenario)).not.toMatch(/1280/);
  });
});
