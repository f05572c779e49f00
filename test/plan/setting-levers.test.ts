import { describe, expect, it } from 'vitest';
import { ROW_REQUESTS } from '../../bench/accuracy/requests.js';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';
import { applyChange, leverChanges } from '../../src/plan/levers.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { freshResolution } from '../corpus/fresh.js';

/**
 * Levers whose effect is a few fields (gc, flash, mbs/ga, chunked ce, adam8bit, zero1–3, offload
 * optimizer, pure bf16, seq, int4, kv fp8) set them on the scenario re-resolved with nothing set,
 * instead of reading their change as a follow-up (issue 11: a resolution per lever was a fifth of
 * the request path). Each must lead to the very scenario the follow-up would.
 */

/** A request of the speed, accuracy or real-request corpus, its scenario, and what each lever makes of it (a second round of levers). */
interface RequestScenarios {
  text: string;
  scenarios: Scenario[];
}

/** The levers of a scenario, worked out once: the cases and the count below share them. */
const changesOf = new WeakMap<Scenario, ReturnType<typeof leverChanges>>();
function levers(s: Scenario): ReturnType<typeof leverChanges> {
  let changes = changesOf.get(s);
  if (!changes) changesOf.set(s, (changes = leverChanges(s)));
  return changes;
}

function requestScenarios(): RequestScenarios[] {
  const texts = [...SPEED_CORPUS, ...Object.values(ROW_REQUESTS).flatMap((r) => (r.text ? [r.text] : [])), ...loadCorpus().map((l) => l.text)];
  return texts.flatMap((text) => {
    // Once per worker: compact-sameness resolves the same corpus lines.
    const outcome = freshResolution(text);
    if (!outcome.ok || !outcome.scenario) return [];
    const first = outcome.scenario;
    const second = levers(first).flatMap(({ next }) => (next ? [next] : []));
    return [{ text, scenarios: [first, ...second] }];
  });
}

describe('levers that set one field', () => {
  const requests = requestScenarios();
  const all = requests.flatMap((r) => r.scenarios);

  it('covers the corpora and a second round of levers', () => {
    expect(all.length).toBeGreaterThan(2000);
  });

  // One case per request (its scenario and the second round from it), each with its own budget:
  // ~10,000 follow-up readings in one test neared the 20 s a test gets on a loaded 2-core machine.
  it.each(requests.map((r, i) => [i, r.text.replace(/\s+/g, ' ').slice(0, 60), r] as const))(
    'request %i (%s): its levers lead to the same scenario as their change read as a follow-up, or are refused alike',
    (_i, _title, { scenarios }) => {
      for (const s of scenarios) {
        for (const { change, next } of levers(s)) expect(next, `"${change}" on "${s.model.asWritten}"`).toEqual(applyChange(s, change));
      }
    },
  );

  it('compares more than 10,000 levers in the cases above (none passes by comparing nothing)', () => {
    const compared = all.reduce((sum, s) => sum + levers(s).length, 0);
    expect(compared).toBeGreaterThan(10000);
  });
});
