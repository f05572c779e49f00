import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Item } from '../../src/language/items.js';
import { Patch } from '../../src/scenario/patch.js';
import { checkRanges, setAsideOutOfRangeInProse } from '../../src/scenario/ranges.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c587 (OpenMOSS/CoLLiE#138): "训练参数为4,194,304，按理单卡是可以跑的" — a parameter count
 * written with thousands separators, then 单卡 (one card). The tolerant reading had set aside the 1
 * and read "4,194,304 … gpu" as a GPU count, then refused the whole message as out of range. The
 * number right before a counting noun is its count; the other is set aside. A value out of range
 * read on a guess is set aside and said, not refused.
 */
const line = loadCorpus().find((l) => l.id === 'c587')!;

function gpusOf(text: string): number {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return gpusIn(r.scenario);
}

/** Cards in all: a named card's count, or GPUs counted with no card named (absent = 1). */
const gpusIn = (s: Scenario) => s.hardware?.count ?? s.unnamedGpus ?? 1;

describe('a number written before another number and its counting noun counts nothing', () => {
  it('c587 (OpenMOSS/CoLLiE#138) is answered on one card in its thread, not refused', () => {
    const opened = readInThread(line.thread!, null).outcome;
    expect(opened.ok).toBe(true);
    const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
    const r = readInThread(line.text, state).outcome;
    if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
    expect(gpusIn(r.scenario)).toBe(1);
    expect(r.scenario.compute).toBe('fp16');
  });

  it.each([
    ['llama-2-7b lora 训练参数为4,194,304，按理单卡是可以跑的', 1],
    ['llama-2-7b lora，可训练参数 4,194,304，两张卡应该够了吧', 2],
    ['llama-2-7b lora, trainable params 4,194,304, one gpu should be plenty', 1],
    ['llama-2-7b lora with 1,048,576 trainable params, two gpus ought to be enough, right?', 2],
    ['llama-2-7b lora 학습 파라미터 4,194,304, 1 gpu 로 충분할까요?', 1],
  ])('%s → %i GPU(s)', (text, gpus) => {
    expect(gpusOf(text)).toBe(gpus);
  });

  it('any separated count before a stated count of cards leaves the cards counted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_001, max: 9_999_999_999 }), fc.integer({ min: 1, max: 8 }), (params, cards) => {
        const text = `llama-2-7b lora 训练参数为${params.toLocaleString('en-US')}，按理${cards}张卡是可以跑的`;
        expect(gpusOf(text)).toBe(cards);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a value out of range in a pasted message is set aside and said, one in a plain request is refused', () => {
  const gpus = (n: number): Item => ({ kind: 'hardware', count: n, at: 0, end: 9, text: `${n} gpus` }) as unknown as Item;

  it('a weak GPU count out of range is dropped and said as a guess; the message is not refused', () => {
    const patch = new Patch('x');
    const item = gpus(4_194_304);
    patch.set('gpuCount', 4_194_304, item);
    setAsideOutOfRangeInProse(patch, () => true);
    expect(patch.has('gpuCount')).toBe(false);
    expect(patch.setAside.join(' ')).toMatch(/"4194304 gpus" set aside: GPU count must be a whole number from 1 to 100,000, and I read it on a guess/);
    expect(checkRanges(patch, 'x')).toBeNull();
  });

  it('in a pasted message every count out of range is set aside (said as a guess only where the rule was weak); one in range is kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (n, weak) => {
        const patch = new Patch('x');
        patch.set('gpuCount', n, gpus(n));
        setAsideOutOfRangeInProse(patch, () => weak);
        const out = n > 100_000;
        expect(patch.has('gpuCount')).toBe(!out);
        expect(checkRanges(patch, 'x')).toBeNull();
        if (out) expect(patch.setAside.join(' ')).toMatch(weak ? /on a guess/ : /something else the message says|its default is used/);
      }),
      { numRuns: 60 },
    );
  });

  it('a plain request with an impossible count or card memory is still refused with the range', () => {
    const r = resolveRequest('13b on 200000 gpus', null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/GPU count must be a whole number from 1 to 100,000/);
    const card = resolveRequest('13b on 1x 0.5gb', null);
    expect(card.ok).toBe(false);
    if (!card.ok) expect(card.error.message).toMatch(/GPU memory must be 1–2048 GB per card/);
  });
});
