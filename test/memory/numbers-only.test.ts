import { describe, expect, it } from 'vitest';
import { ROW_REQUESTS } from '../../bench/accuracy/requests.js';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';
import { estimate } from '../../src/memory/estimate.js';
import { FLIP_ORDER } from '../../src/memory/flips.js';
import type { Estimate } from '../../src/memory/types.js';
import { applyChange } from '../../src/plan/levers.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Levers, flips and solvers ask for numbers-only estimates (issue 11: the request path's
 * speed): the formula words are skipped, and nothing else may change.
 */

/** The changes levers and solvers apply, so their re-estimated scenarios are covered too. */
const CHANGES = ['gc', 'flash', 'mbs 1 ga 8', 'chunked ce', 'adam8bit', 'zero1', 'zero3', 'lora', 'qlora', 'offload optimizer', 'seq 1024', 'pure bf16', 'int4', 'kv fp8'];

function scenarios(): Scenario[] {
  const texts = [...SPEED_CORPUS, ...Object.values(ROW_REQUESTS).flatMap((r) => (r.text ? [r.text] : []))];
  const out: Scenario[] = [];
  for (const text of texts) {
    const outcome = resolveRequest(text, null);
    if (!outcome.ok || !outcome.scenario) continue;
    out.push(outcome.scenario);
    for (const change of CHANGES) {
      const next = applyChange(outcome.scenario, change);
      if (next) out.push(next);
    }
  }
  return out;
}

/** The estimate with every formula blanked: the rest must be the same with or without words. */
function withoutWords(e: Estimate): Estimate {
  const blank = <T extends { formula: string }>(c: T): T => ({ ...c, formula: '' });
  return { ...e, components: e.components.map(blank), modelStates: e.modelStates.map(blank) };
}

describe('numbers-only estimate', () => {
  const all = scenarios();

  it('covers the speed corpus, the accuracy requests and their lever changes', () => {
    expect(all.length).toBeGreaterThan(1000);
  });

  it('has every number, verdict, phase, note and flip of the full estimate, with formulas left empty', () => {
    for (const s of all) {
      // Every flip unstated, so the flips' own (numbers-only) estimates run too.
      const unstated = new Set(FLIP_ORDER);
      const full = estimate(s, { unstated });
      const numbers = estimate(s, { unstated, numbersOnly: true });
      expect(withoutWords(numbers)).toEqual(withoutWords(full));
    }
  });

  it('skips the formula words (counts, sizes, per-layer coefficients)', () => {
    const words = (e: Estimate) => e.components.reduce((n, c) => n + c.formula.length, 0);
    for (const s of all.slice(0, 50)) expect(words(estimate(s, { numbersOnly: true }))).toBeLessThan(words(estimate(s)));
  });

  it('leaves the next full estimate with its formulas', () => {
    estimate(all[0]!, { numbersOnly: true });
    const full = estimate(all[0]!);
    expect(full.components.some((c) => /\d/.test(c.formula))).toBe(true);
  });
});
