import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeThreadState, encodeThreadState } from '../../src/state/codec.js';
import { MAX_OPENING_CHARS } from '../../src/core/opening.js';
import { openingState, scenario, threadState } from './fixtures.js';

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

  it('round-trips a waiting opening, with or without the answer id that saved it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: MAX_OPENING_CHARS }), fc.option(fc.integer({ min: 1, max: 2 ** 40 }).map(String), { nil: undefined }), (opening, answerTs) => {
        const state = answerTs === undefined ? { opening } : { opening, answerTs };
        expect(decodeThreadState(encodeThreadState(state))).toEqual(state);
      }),
      { numRuns: 100 },
    );
  });

  it('writes a waiting opening with no scenario fields, and a scenario state with no opening', () => {
    expect(Object.keys(JSON.parse(encodeThreadState({ ...openingState(), answerTs: '1700000000.000100' })))).toEqual(['opening', 'answerTs', 'answerOrder']);
    expect(Object.keys(JSON.parse(encodeThreadState(threadState())))).toEqual(['scenario', 'history']);
  });

  it('reads rows written before openings existed (scenario, history, measured, answerTs) as they were', () => {
    const older = JSON.stringify({ scenario: scenario({ seq: 2048 }), history: [], answerTs: '1700000000.000100', answerOrder: 'x' });
    expect(decodeThreadState(older)).toEqual({ scenario: scenario({ seq: 2048 }), history: [], answerTs: '1700000000.000100' });
  });

  it('reads an empty, over-long or non-string opening as no state', () => {
    expect(decodeThreadState(JSON.stringify({ opening: '' }))).toBeNull();
    expect(decodeThreadState(JSON.stringify({ opening: 'x'.repeat(MAX_OPENING_CHARS + 1) }))).toBeNull();
    expect(decodeThreadState(JSON.stringify({ opening: 42 }))).toBeNull();
    expect(decodeThreadState(JSON.stringify({ history: [] }))).toBeNull();
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
