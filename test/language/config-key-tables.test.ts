import { describe, expect, it } from 'vitest';
import { KEY_TABLES, NO_MEMORY_EFFECT, keyKnown } from '../../src/language/config-keys.js';

/** The key tables as data (issue 22, item 6): each key in one table, with its reading and, where cited, its source. */
describe('config key tables', () => {
  const entries = Object.entries(KEY_TABLES).flatMap(([table, keys]) => Object.entries(keys).map(([key, rule]) => ({ table, key, rule })));

  it('hold each key in one table only (a second entry would silently replace the first)', () => {
    const tablesOf = new Map<string, string[]>();
    for (const { table, key } of entries) tablesOf.set(key, [...(tablesOf.get(key) ?? []), table]);
    expect([...tablesOf].filter(([, tables]) => tables.length > 1)).toEqual([]);
    expect(entries.length).toBeGreaterThan(200);
  });

  it('give every key a reading, and a source only where one is cited', () => {
    for (const { key, rule } of entries) {
      expect(typeof rule.reads, key).toBe('function');
      if (rule.source !== undefined) expect(rule.source.trim().length, key).toBeGreaterThan(3);
    }
  });

  it('are the keys the reader knows', () => {
    expect(entries.every(({ key }) => keyKnown(key))).toBe(true);
    expect(keyKnown('no_such_key_anywhere')).toBe(false);
    expect([...NO_MEMORY_EFFECT].every((key) => keyKnown(key))).toBe(true);
  });
});
