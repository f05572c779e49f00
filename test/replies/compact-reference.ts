import { canonicalParts, canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * compactCanonical as it was before its readings were kept (commit 8f7487f), read for read:
 * every tried text resolved afresh. The sameness test holds the kept version to it.
 */
export function referenceCompact(s: Scenario): string {
  let parts = canonicalParts(s);
  const target = parts.join(' ');
  const same = (parts: string[]) => {
    const outcome = resolveRequest(parts.join(' '), null);
    return outcome.ok && outcome.scenario !== null && canonicalText(outcome.scenario) === target;
  };
  const alone = resolveRequest(parts[0] ?? '', null);
  const defaults = alone.ok && alone.scenario ? new Set(canonicalParts(alone.scenario)) : null;
  const differing = defaults ? parts.filter((part, i) => i === 0 || !defaults.has(part)) : null;
  if (differing && same(differing)) parts = differing;
  else if (!same(parts)) return target;
  for (let i = parts.length - 1; i >= 0; i--) {
    const without = [...parts.slice(0, i), ...parts.slice(i + 1)];
    if (without.length > 0 && same(without)) parts = without;
  }
  return parts.join(' ');
}
