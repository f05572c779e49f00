import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setAsideJson, traceText } from '../../src/adapters/console/trace.js';
import { respond } from '../../src/core/assistant.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { parseRequest } from '../../src/language/parse.js';
import { ALL_PROSE_RULES } from '../../src/language/prose/index.js';
import { applyRules } from '../../src/language/prose/engine.js';

/**
 * Issue 22, item 6: every word the reader sets aside has its rule and span in the trace. A rule that
 * blanks words ("full" of the full version, prose.full-not-training) left nothing in `--trace`; the
 * engine (MappedText) now records what each named rewrite blanks, for every rule at once.
 */
describe('words set aside by a rule are in the trace', () => {
  it('deepseek-ai/DeepSeek-R1#460: the "full" of "the DeepSeek-R1 full version" is set aside by prose.full-not-training', () => {
    const text = 'We are planning to deploy the DeepSeek-R1 "full version" in a production environment on 8x H100';
    const trace = traceText(text, respond(text, null).reply);
    expect(trace).toMatch(/set aside by prose\.full-not-training +43-47 +"full"/);
    expect(setAsideJson(text)).toContainEqual({ rule: 'prose.full-not-training', at: 43, end: 47, words: 'full' });
  });

  it('invented: a comment after a value, a version, the whole context window — each once, with its rule', () => {
    const text = 'finetune llama-3-8b with lora on 2x 4090\nmax_seq_length: 4096 # was 2048\nI use transformers 4.41.0, at full context';
    const aside = setAsideJson(text);
    expect(aside.map((a) => [a.rule, a.words])).toEqual([
      ['config.trailing-comment', '# was 2048'],
      ['not-hw.version', '4.41.0'],
      ['prose.full-context', 'at full context'],
    ]);
  });

  it('every word a prose rule blanks in its own example is, in the whole reading, set aside by a named rule or read into a fact', () => {
    const blanking = ALL_PROSE_RULES.map((rule) => ({ rule, aside: applyRules(MappedText.of(rule.example.toLowerCase()), [rule], []).setAside() })).filter((r) => r.aside.length > 0);
    // The check is not vacuous: many rules set words aside.
    expect(blanking.length).toBeGreaterThan(20);
    const overlaps = (a: { at: number; end: number }, b: { at: number; end: number }) => a.at < b.end && b.at < a.end;
    const lost: string[] = [];
    let named = 0;
    let read = 0;
    for (const { rule, aside } of blanking) {
      const parsed = parseRequest(rule.example);
      if (!parsed.ok) continue;
      read++;
      if (parsed.aside.some((a) => a.rule === rule.id)) named++;
      // A rule before it may read the same words first (prose.tried-from-to before prose.from-to, a config key before a path).
      for (const span of aside) if (!parsed.aside.some((a) => overlaps(a, span)) && !parsed.traces.some((t) => overlaps(t, span))) lost.push(`${rule.id}: ${rule.example.slice(span.at, span.end)}`);
    }
    expect(lost).toEqual([]);
    // Most are named by their own rule: the rest were read first by another (each named as above).
    expect(named).toBeGreaterThan(read * 0.9);
  });
});

describe('MappedText.setAside', () => {
  it('is each blanked run of words, with the rule that blanked it, and nothing a rewrite kept or wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('ab', 'cd9', 'x', '12'), fc.boolean()), { minLength: 1, maxLength: 10 }), (words) => {
        const original = words.map(([w]) => w).join(' ');
        let at = 0;
        const spans = words.map(([w, drop]) => {
          const span = { at, to: at + w.length, text: drop ? ' '.repeat(w.length) : w.toUpperCase() };
          at += w.length + 1;
          return span;
        });
        // Blanked and re-cased in one pass, then a later rewrite of the words kept.
        const text = MappedText.of(original)
          .replaceSpans(spans.filter((s) => s.text !== original.slice(s.at, s.to)), 'rule.drop')
          .replace(/cd9/gi, () => 'cd-nine', 'rule.spell');
        const expected = spans.filter((s) => !s.text.trim()).map((s) => ({ rule: 'rule.drop', at: s.at, end: s.to }));
        // Each span of the pass is its own piece: adjacent words blanked are two spans, as written.
        expect(text.setAside()).toEqual(expected);
      }),
    );
  });

  it('a punctuation mark blanked is no word set aside', () => {
    expect(MappedText.of('7b, on a 4090').replace(/,/g, () => ' ', 'rule.comma').setAside()).toEqual([]);
  });
});
