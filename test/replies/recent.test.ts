import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Recent } from '../../src/reply/recent.js';

describe('Recent (a bounded least-recently-used memo)', () => {
  it('never holds more than its limit, and computes each key again only after forgetting it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 200 }), (limit, keys) => {
        const recent = new Recent<string>(limit);
        const model: string[] = []; // least recent first
        let computed = 0;
        for (const key of keys.map(String)) {
          const value = recent.of(key, () => {
            computed++;
            return `v${key}`;
          });
          expect(value).toBe(`v${key}`);
          const at = model.indexOf(key);
          if (at >= 0) model.splice(at, 1);
          else if (model.length >= limit) model.shift();
          model.push(key);
          expect(recent.size).toBe(model.length);
          expect(recent.size).toBeLessThanOrEqual(limit);
        }
        // Each miss in the model is one computation.
        let misses = 0;
        const replay: string[] = [];
        for (const key of keys.map(String)) {
          const at = replay.indexOf(key);
          if (at >= 0) replay.splice(at, 1);
          else {
            misses++;
            if (replay.length >= limit) replay.shift();
          }
          replay.push(key);
        }
        expect(computed).toBe(misses);
      }),
    );
  });

  it('keeps a key in use over one not used since', () => {
    const recent = new Recent<number>(2);
    recent.of('a', () => 1);
    recent.of('b', () => 2);
    recent.of('a', () => 99); // a is now the most recent
    recent.of('c', () => 3); // so b goes
    expect(recent.of('a', () => -1)).toBe(1);
    expect(recent.of('b', () => -2)).toBe(-2);
  });
});
