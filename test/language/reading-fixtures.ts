import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
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

/** A follow-up read in the thread `thread` opened: its scenario and what the reply states (either refusing fails the test, naming why). */
export function follow(thread: string, text: string) {
  const opened = readInThread(thread, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error(`thread not read: ${thread}`);
  const r = readInThread(text, { scenario: opened.scenario, history: [] }).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

/** The first screen's notices of `text`, read alone or as a follow-up in the thread `thread` opened (a refusal fails the test). */
export function noticesInThread(text: string, thread?: string): string[] {
  const opened = thread ? readInThread(thread, null).outcome : null;
  const state = opened?.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.notices;
}

/** A corpus line as the bench reads it: its thread's opening first (or the words it left waiting), then its text as a follow-up. */
export function corpusLineRead(id: string): { scenario: Scenario; said: string } {
  const l = loadCorpus().find((c) => c.id === id);
  if (!l) throw new Error(`no corpus line ${id}`);
  let state = null;
  if (l.thread) {
    const opened = readInThread(l.thread, null);
    state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  }
  const r = readInThread(l.text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${id}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

/** The model `text` reads as, against the one `reading` names in the item language (its arch must equal). */
export function readsAs(text: string, reading: string) {
  const got = read(text).scenario;
  const want = read(`${reading} inference`).scenario;
  expect(got.model.arch).toEqual(want.model.arch);
  return got;
}

/** The refusal's words, or null where the message was read. */
export function refusal(text: string): string | null {
  const r = resolveRequest(text, null);
  return r.ok ? null : r.error.message;
}

/**
 * Runs a helper's invented lines, mechanism by mechanism: each line must read as it wants, and each known miss is an
 * `it.fails`, so the test says so when a later change reads it (the rmode2, rtask and rlen2 specs share this runner).
 */
export function runInvented<W>(invented: Record<string, [string, W][]>, knownMisses: ReadonlyMap<string, string>, misses: (text: string, want: W) => string[]): void {
  describe.each(Object.entries(invented))('%s', (_mechanism, lines) => {
    it.each(lines.filter(([text]) => !knownMisses.has(text)))('%s', (text, want) => {
      expect(misses(text, want)).toEqual([]);
    });
    it.fails.each(lines.filter(([text]) => knownMisses.has(text)))('still misread: %s', (text, want) => {
      expect(misses(text, want)).toEqual([]);
    });
  });
}

/** The hardware a message is read as, in the item language (host RAM and a chart request left out). */
export function hardwareOf(text: string): string {
  const r = resolveRequest(text, null);
  if (!r.ok) return `refused: ${r.error.message}`;
  if (!r.scenario) return 'help';
  const tail = / (on .*|how many .*|which gpu.*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
  return tail.replace(/ hostram \S+| chart/g, '');
}

/** Whether the reply says a reading with these words (weak evidence is said on the first screen). */
export function says(text: string, words: RegExp): boolean {
  const r = resolveRequest(text, null);
  return r.ok && r.assumptions.some((a) => words.test(a));
}

/** Records a field that differs from the spec's value (an undefined value is not asked for). */
export type FieldCheck = (field: string, got: unknown, wanted: unknown) => void;

/**
 * The fields a line's reading gets wrong ([] when it reads as its spec says): a refusal is one miss; `compare` checks the
 * scenario's fields with `check` and pushes any other miss to `out` (the rmode2, rtask and rlen2 specs share this prelude).
 */
export function fieldMisses(
  text: string,
  compare: (s: Scenario, check: FieldCheck, out: string[], said: string) => void,
): string[] {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return [`refused: ${r.ok ? 'help' : r.error.message.slice(0, 120)}`];
  const out: string[] = [];
  const check: FieldCheck = (field, got, wanted) => {
    if (wanted !== undefined && got !== wanted) out.push(`${field} ${String(got)} (want ${String(wanted)})`);
  };
  compare(r.scenario, check, out, [...r.notices, ...r.assumptions].join(' | '));
  return out;
}
