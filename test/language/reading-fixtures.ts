import { expect } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** A scenario's fields and its model's shape, without the words it was written in. */
export const shape = (s: Scenario) => JSON.stringify({ ...s, model: { arch: s.model.arch }, help: [] });

/** A new request's scenario and what the reply states about it (a refusal fails the test, naming why). */
export function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

/** A new request's scenario and the notices its reply shows on the first screen (a refusal fails the test, naming why). */
export function readNoticed(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.notices.join(' | ') };
}

/** `text` reads as the same scenario as `reading`, whatever words name the model ("guanaco 65b" is "llama-1-65b"). */
export function sameShape(text: string, reading: string) {
  expect(shape(read(text).scenario)).toBe(shape(read(reading).scenario));
}

/** `text` reads as `reading` (written in the item language), down to its canonical text. */
export function sameAs(text: string, reading: string) {
  expect(canonicalText(read(text).scenario)).toBe(canonicalText(read(reading).scenario));
  sameShape(text, reading);
}
