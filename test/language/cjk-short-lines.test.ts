import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A short request in Chinese, Japanese or Korean is prose, read tolerantly: its words run together
 * into few tokens, so it never reaches the word count that marks English prose (b10, c451 was
 * refused for its first word, "我们有单机").
 */

const c451 = loadCorpus().find((l) => l.id === 'c451')!;

describe('a short CJK request is read as prose, not refused for its first word', () => {
  it('c451: refused, if at all, for its model (MOSS is not in the catalog), never for "我们有单机"', () => {
    const r = resolveRequest(c451.text, null);
    if (!r.ok) expect(r.error.message).not.toMatch(/I don't know "我们有单机"/);
  });

  const openers = ['我们有单机', '我用', '请问', '私たちは', '우리는'];
  const cards: [string, number][] = [['8卡 A100', 8], ['4张 4090', 4], ['2 x H100', 2]];
  it('with any opener, card phrase and model in the middle or at the end', () => {
    fc.assert(
      fc.property(fc.constantFrom(...openers), fc.constantFrom(...cards), fc.boolean(), (opener, [card, count], modelLast) => {
        const text = modelLast ? `${opener}${card}，能否运行 qwen2-7b` : `${opener} qwen2-7b，${card}`;
        const { scenario } = read(text);
        expect(scenario.model.name).toMatch(/^Qwen2-7B/);
        expect(scenario.hardware?.count).toBe(count);
      }),
      { numRuns: 30 },
    );
  });

  it('a short English line with a typo is still refused with a suggestion', () => {
    const r = resolveRequest('13b on an h100 zer3', null);
    expect(r.ok).toBe(false);
  });
});
