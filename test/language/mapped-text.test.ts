import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from '../../src/language/mapped-text.js';

describe('MappedText steps (the trace of named rewrites)', () => {
  it('records the rule, the user span it read and what it wrote', () => {
    const text = MappedText.of('train on 2 servers with 8 H100s each').replace(/8 h100s each/gi, () => '8x h100', 'hw.example');
    expect(text.steps).toEqual([{ rule: 'hw.example', at: 24, end: 36, wrote: '8x h100' }]);
    expect(text.stepsOver(26, 30).map((s) => s.rule)).toEqual(['hw.example']);
    expect(text.stepsOver(0, 5)).toEqual([]);
  });

  it('keeps steps through later rewrites and records none for an unnamed or idle one', () => {
    const text = MappedText.of('seq 4k on a100')
      .replace(/4k/g, () => '4096', 'number.k-suffix')
      .replace(/a100/g, () => 'a100-80g')
      .replace(/nothing/g, () => 'x', 'never.fires');
    expect(text.steps.map((s) => s.rule)).toEqual(['number.k-suffix']);
    expect(text.userText(0, text.text.length)).toBe('seq 4k on a100');
  });

  it('every step spans the user text of the match it rewrote', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('ab', 'c', ' ', 'xyz'), { maxLength: 12 }), (parts) => {
        const original = parts.join('');
        const text = MappedText.of(original).replace(/xyz/g, () => 'Q', 'rule.xyz');
        for (const step of text.steps) expect(original.slice(step.at, step.end)).toBe('xyz');
        expect(text.steps.length).toBe(original.split('xyz').length - 1);
      }),
    );
  });
});

describe('weak rules', () => {
  it('mark their steps weak, and only theirs', () => {
    const text = MappedText.of('every 2-3 steps on 4090')
      .replace(/2-3/g, () => '2x', { id: 'hw.guess', weak: true })
      .replace(/4090/g, () => 'rtx-4090', 'hw.card');
    expect(text.steps.map((s) => [s.rule, s.weak ?? false])).toEqual([
      ['hw.guess', true],
      ['hw.card', false],
    ]);
  });
});
