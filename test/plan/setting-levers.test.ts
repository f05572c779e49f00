import { describe, expect, it } from 'vitest';
import { ROW_REQUESTS } from '../../bench/accuracy/requests.js';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';
import { applyChange, leverChanges } from '../../src/plan/levers.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Levers whose effect is a few fields (gc, flash, mbs/ga, chunked ce, adam8bit, zero1–3, offload
 * optimizer, pure bf16, seq, int4, kv fp8) set them on the scenario re-resolved with nothing set,
 * instead of reading their change as a follow-up (issue 11: a resolution per lever was a fifth of
 * the request path). Each must lead to the very scenario the follow-up would.
 */

/** Speed-corpus, accuracy and real-request scenarios, and what each lever makes of them (a second round of levers). */
function scenarios(): Scenario[] {
  const texts = [...SPEED_CORPUS, ...Object.values(ROW_REQUESTS).flatMap((r) => (r.text ? [r.text] : [])), ...loadCorpus().map((l) => l.text)];
  const first: Scenario[] = [];
  for (const text of texts) {
    const outcome = resolveRequest(text, null);
    if (outcome.ok && outcome.scenario) first.push(outcome.scenario);
  }
  const second = first.flatMap((s) => leverChanges(s).flatMap(({ next }) => (next ? [next] : [])));
  return [...first, ...second];
}

describe('levers that set one field', () => {
  const all = scenarios();

  it('covers the corpora and a second round of levers', () => {
    expect(all.length).toBeGreaterThan(2000);
  });

  it('lead to the same scenario as their change read as a follow-up, or are refused alike', () => {
    let compared = 0;
    for (const s of all) {
      for (const { change, next } of leverChanges(s)) {
        expect(next, `"${change}" on "${s.model.asWritten}"`).toEqual(applyChange(s, change));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10000);
  });
});
