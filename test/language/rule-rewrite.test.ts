import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/language/config-keys.js';
import { readHardware } from '../../src/language/hardware/index.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { normalise } from '../../src/language/normalise.js';
import { readSegments } from '../../src/language/segments/index.js';

/** Every character's user span: the whole map of a MappedText, to compare two rewrites by. */
const mapOf = (t: MappedText) => Array.from({ length: t.text.length }, (_, i) => t.userSpan(i, i + 1));

/** Random text, and spans of it in order that do not overlap, each with new text and one of a few rules. */
const spansOnText = fc
  .tuple(
    fc.string({ unit: fc.constantFrom('a', 'b', ' ', '=', '4', '\n'), minLength: 1, maxLength: 40 }),
    fc.array(fc.tuple(fc.nat(40), fc.nat(6), fc.string({ unit: fc.constantFrom('x', 'y', ' '), maxLength: 8 }), fc.constantFrom('r.one', 'r.two', 'r.three')), { maxLength: 8 }),
  )
  .map(([text, raw]) => {
    const spans: { at: number; to: number; result: string; rule: string }[] = [];
    let from = 0;
    for (const [gap, length, result, rule] of raw) {
      const at = from + (gap % 5);
      const to = Math.min(text.length, at + 1 + length);
      if (at >= text.length) break;
      spans.push({ at, to, result, rule });
      from = to;
    }
    return { text, spans };
  });

describe('rewrites named one rule per match', () => {
  it('write the same text and map as one rewrite of all the spans', () => {
    fc.assert(
      fc.property(spansOnText, ({ text, spans }) => {
        const base = MappedText.of(text).replace(/a/g, () => 'A', 'r.before');
        const byRule = base.replaceSpansEach(spans);
        const once = base.replaceSpans(spans.map((s) => ({ at: s.at, to: s.to, text: s.result })));
        expect(byRule.text).toBe(once.text);
        expect(mapOf(byRule)).toEqual(mapOf(once));
      }),
    );
  });

  it('leave one step per changed span, named by its own rule, over its own user span', () => {
    fc.assert(
      fc.property(spansOnText, ({ text, spans }) => {
        const changed = spans.filter((s) => s.result !== text.slice(s.at, s.to));
        const steps = MappedText.of(text).replaceSpansEach(spans).steps;
        const key = (s: { rule: string; at: number; end: number }) => `${s.rule}@${s.at}-${s.end}`;
        expect(steps.map(key).sort()).toEqual(changed.map((s) => key({ rule: s.rule, at: s.at, end: s.to })).sort());
      }),
    );
  });

  it('name each match of one pattern by what it matched', () => {
    const text = MappedText.of('bs=4 tp=2 bs=8').replaceEach(/(\w+)=(\d)/g, (m) => ({ result: ` ${m[1]} ${m[2]} `, rule: `config.key.${m[1]}` }));
    expect(text.text).toBe(' bs 4   tp 2   bs 8 ');
    // One pass: the steps come in the order of the text.
    expect(text.steps.map((s) => [s.rule, s.at, s.end])).toEqual([
      ['config.key.bs', 0, 4],
      ['config.key.tp', 5, 9],
      ['config.key.bs', 10, 14],
    ]);
  });
});

describe('the reader names its rules', () => {
  const stepsOf = (text: string) => readConfig(normalise(text)).text.steps;

  it('a key named with no value is read as on, on a weak cue', () => {
    const step = stepsOf('I use gradient_checkpointing to save memory').find((s) => s.rule === 'config.key.gradient_checkpointing');
    expect(step).toMatchObject({ at: 6, end: 28, weak: true });
  });

  it('a key given its value is no weak cue', () => {
    const step = stepsOf('gradient_checkpointing: true').find((s) => s.rule === 'config.key.gradient_checkpointing');
    expect(step).toBeDefined();
    expect(step!.weak).toBeUndefined();
  });

  it("what a DeepSpeed file offloads, read from its name, is a weak cue; its stage alone is not", () => {
    const offload = stepsOf('deepspeed: ds_z3_offload_config.json').find((s) => s.rule === 'config.key.deepspeed');
    expect(offload?.weak).toBe(true);
    const stage = stepsOf('deepspeed: ds_z3_config.json').find((s) => s.rule === 'config.key.deepspeed');
    expect(stage).toBeDefined();
    expect(stage!.weak).toBeUndefined();
  });

  it('a hardware phrase is written by the part rules it was read from', () => {
    const notes: string[] = [];
    const { text } = readHardware(normalise('2 nodes of 8x A100 80GB'), notes);
    const phrase = text.steps.find((s) => s.rule.startsWith('hw.'));
    expect(phrase?.rule.split('+')).toEqual(expect.arrayContaining(['hw.nodes']));
    expect(phrase).toMatchObject({ at: 0, end: 23 });
  });

  it('a log is blanked by the rule that named it', () => {
    const message = 'my setup is 7b lora\nTraceback (most recent call last):\n  File "train.py", line 3, in <module>';
    const { text } = readSegments(normalise(message));
    const logSteps = text.steps.filter((s) => s.rule.startsWith('log.'));
    expect(logSteps.length).toBeGreaterThan(0);
    expect(logSteps.every((s) => s.at >= message.indexOf('Traceback'))).toBe(true);
  });
});
