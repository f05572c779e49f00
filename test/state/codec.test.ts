import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeThreadState, encodeThreadState } from '../../src/state/codec.js';
import { scenario, threadState } from './fixtures.js';

describe('thread state codec', () => {
  it('round-trips any valid thread state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1024 }),
        fc.integer({ min: 0, max: 5 }),
        (seq, microBatch, historyLength) => {
          const state = {
            scenario: scenario({ seq, microBatch }),
            history: Array.from({ length: historyLength }, (_, i) => scenario({ seq: i + 1 })),
          };
          expect(decodeThreadState(encodeThreadState(state))).toEqual(state);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('reads a corrupted value as no state rather than throwing', () => {
    expect(decodeThreadState('{not json')).toBeNull();
    expect(decodeThreadState('null')).toBeNull();
  });

  it('reads a value written under an older, incompatible schema as no state', () => {
    const old = JSON.parse(encodeThreadState(threadState())) as { scenario: Record<string, unknown> };
    delete old.scenario.recompute;
    expect(decodeThreadState(JSON.stringify(old))).toBeNull();
  });
});
