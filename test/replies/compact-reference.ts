import { canonicalParts, precisionWritten } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/** The canonical items a new request of exactly this text reads back as, or null where it reads as no scenario. */
export type ReadBack = (text: string) => string[] | null;

/** Every text read afresh: a new request each time. */
export const readAfresh: ReadBack = (text) => {
  const outcome = resolveRequest(text, null);
  return outcome.ok && outcome.scenario ? canonicalParts(precisionWritten(outcome.scenario)) : null;
};

/**
 * compactCanonical as it was before its readings were kept (commit 8f7487f), read for read:
 * every tried text goes to `read`, with no short form or reading kept between scenarios unless
 * `read` keeps them (the sameness test keeps each text's reading in a plain map of its own, keyed
 * by the whole text: see there). Depends on canonicalParts(s) alone.
 */
export function referenceCompact(s: Scenario, read: ReadBack = readAfresh): string {
  let parts = canonicalParts(precisionWritten(s));
  const target = parts.join(' ');
  const same = (parts: string[]) => read(parts.join(' '))?.join(' ') === target;
  const alone = read(parts[0] ?? '');
  const defaults = alone ? new Set(alone) : null;
  const differing = defaults ? parts.filter((part, i) => i === 0 || !defaults.has(part)) : null;
  if (differing && same(differing)) parts = differing;
  else if (!same(parts)) return target;
  for (let i = parts.length - 1; i >= 0; i--) {
    const without = [...parts.slice(0, i), ...parts.slice(i + 1)];
    if (without.length > 0 && same(without)) parts = without;
  }
  return parts.join(' ');
}
