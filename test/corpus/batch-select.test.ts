import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idRange, parseBenchArgs, selectBatch, withoutHeld } from '../../bench/language-batch.js';

/** `bench:language -- --first-sight --batch …` scores exactly the lines of one batch (issue 22). */

const id = (n: number) => `c${String(n).padStart(3, '0')}`;
const corpusOf = (batches: (string | undefined)[]) => batches.map((batch, i) => ({ id: id(i + 1), ...(batch ? { batch } : {}) }));

describe('the lines a first-sight run scores', () => {
  it('an id range selects exactly the lines whose number lies in it, in corpus order, whichever way round it is written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 120 }), (size, a, b) => {
        const lines = corpusOf(Array.from({ length: size }, () => undefined));
        const [from, to] = [Math.min(a, b), Math.max(a, b)];
        const picked = selectBatch(lines, `${id(a)}-${id(b)}`).map((l) => l.id);
        expect(picked).toEqual(lines.filter((_, i) => i + 1 >= from && i + 1 <= to).map((l) => l.id));
      }),
    );
  });

  it('a batch name selects the lines that carry it and no other', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(undefined, 'b5', 'b6', 'b7'), { maxLength: 60 }), fc.constantFrom('b5', 'b6', 'b7'), (batches, name) => {
        const lines = corpusOf(batches);
        expect(selectBatch(lines, name).map((l) => l.id)).toEqual(lines.filter((l) => l.batch === name).map((l) => l.id));
      }),
    );
  });

  it('reads the range spellings people type and leaves a name a name', () => {
    expect(idRange('c316-c345')).toEqual({ from: 316, to: 345 });
    expect(idRange('c316–c345')).toEqual({ from: 316, to: 345 });
    expect(idRange('c316-345')).toEqual({ from: 316, to: 345 });
    expect(idRange('b6')).toBeNull();
  });
});

describe('the bench arguments', () => {
  it('takes the batch with --first-sight, in either spelling, and keeps files apart from flags', () => {
    expect(parseBenchArgs(['--first-sight', '--batch', 'b6'])).toEqual({ files: [], verbose: false, firstSight: true, batch: 'b6', hold: [] });
    expect(parseBenchArgs(['--verbose', '--first-sight', '--batch=c316-c345', 'x.jsonl'])).toEqual({
      files: ['x.jsonl'],
      verbose: true,
      firstSight: true,
      batch: 'c316-c345',
      hold: [],
    });
    expect(parseBenchArgs([])).toEqual({ files: [], verbose: false, firstSight: false, batch: null, hold: [] });
  });

  it('refuses a first-sight run with no batch, a batch with no value, a batch without --first-sight and unknown flags', () => {
    expect(() => parseBenchArgs(['--first-sight'])).toThrow(/--batch/);
    expect(() => parseBenchArgs(['--first-sight', '--batch'])).toThrow(/needs a batch name/);
    expect(() => parseBenchArgs(['--batch', 'b6'])).toThrow(/--first-sight/);
    expect(() => parseBenchArgs(['--frist-sight'])).toThrow(/unknown flag --frist-sight/);
  });

  it('collects every --hold, in either spelling, and refuses a held batch scored at first sight or a --hold with no value', () => {
    expect(parseBenchArgs(['--hold', 'b30', '--hold=c2348-c9999', '--verbose']).hold).toEqual(['b30', 'c2348-c9999']);
    expect(() => parseBenchArgs(['--hold'])).toThrow(/needs a batch name/);
    expect(() => parseBenchArgs(['--hold', '--verbose'])).toThrow(/needs a batch name/);
    expect(() => parseBenchArgs(['--first-sight', '--batch', 'b45', '--hold', 'b45'])).toThrow(/held out/);
  });
});

describe('held-out batches', () => {
  const lines = [
    { id: 'c1', batch: 'b1' },
    { id: 'c2', batch: 'b2' },
    { id: 'c3' },
    { id: 'c4', batch: 'b3' },
  ];
  it('leaves out every line of each held batch, by name or by id range, and keeps the rest in order', () => {
    expect(withoutHeld(lines, ['b2', 'c4-c9']).map((line) => line.id)).toEqual(['c1', 'c3']);
    expect(withoutHeld(lines, []).map((line) => line.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(withoutHeld(lines, ['b9']).map((line) => line.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });
});
