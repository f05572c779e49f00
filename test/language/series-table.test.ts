import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { catalogSeries, seriesKey, seriesTable, type SeriesMember } from '../../src/language/families.js';

/** The table as it was built before: each member added, then the series sorted again at once. */
function sortedAtEachAdd(models: readonly { id: string; publishedParams: number; sizeOnly?: boolean }[]): Map<string, SeriesMember[]> {
  const table = new Map<string, SeriesMember[]>();
  for (const m of models) {
    if (m.sizeOnly) continue;
    const found = /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(m.id) ?? /^([a-z]+)-(base|large)(?:-(?:un)?cased)?$/.exec(m.id);
    if (!found) continue;
    const key = seriesKey(found[1]!);
    table.set(key, [...(table.get(key) ?? []), { id: m.id, size: found[2]!, params: m.publishedParams }].sort((a, b) => a.params - b.params));
  }
  return table;
}

describe('the catalog series table', () => {
  it('is the table sorted at each member added: smallest first, the catalog order between equal sizes', () => {
    expect(seriesTable(MODELS)).toEqual(sortedAtEachAdd(MODELS));
    expect(catalogSeries()).toEqual(sortedAtEachAdd(MODELS));
  });

  it('keeps the catalog order between members of one size, in any catalog order', () => {
    const same = [
      { id: 'toy-7b', publishedParams: 7e9 },
      { id: 'toy-1b', publishedParams: 1e9 },
      { id: 'toy-7m', publishedParams: 7e9 },
      { id: 'toy-3b', publishedParams: 3e9 },
    ];
    for (const order of [same, [...same].reverse(), [same[2]!, same[0]!, same[3]!, same[1]!]]) {
      expect(seriesTable(order)).toEqual(sortedAtEachAdd(order));
    }
  });

  it('Llama 2 is 7b, 13b, 70b, smallest first', () => {
    expect(catalogSeries().get('llama2')?.map((m) => m.size)).toEqual(['7b', '13b', '70b']);
  });
});
