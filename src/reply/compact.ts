import { canonicalParts, canonicalText } from '../scenario/canonical.js';
import { resolveRequest } from '../scenario/resolve.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * The canonical request with every item that a new request would default to anyway left out:
 * "13b zero3 seq 4096 on 4x a100-80g" instead of naming the precision, optimizer, attention,
 * loss, LoRA dropout and so on. Each item is dropped only if the rest still reads back as the
 * very same scenario (its canonical text), so the short form is exact, not a summary. Buttons
 * carry it (a Discord custom_id holds 100 characters).
 */
export function compactCanonical(s: Scenario): string {
  let parts = canonicalParts(s);
  // canonicalText is these parts joined: read once, not twice.
  const target = parts.join(' ');
  const same = (parts: string[]) => {
    const outcome = resolveRequest(parts.join(' '), null);
    return outcome.ok && outcome.scenario !== null && canonicalText(outcome.scenario) === target;
  };
  // Fast path (one read instead of one per item): leave out every item that the model alone
  // already reads as, and keep the result when it reads back the same.
  // The rest may still be implied by each other (zero3 implies training, so "full" goes too).
  const defaults = defaultPartsOf(parts[0] ?? '');
  const differing = defaults ? parts.filter((part, i) => i === 0 || !defaults.has(part)) : null;
  if (differing && same(differing)) parts = differing;
  else if (!same(parts)) return target;
  // Later items first: the model and mode at the front are what other defaults depend on.
  for (let i = parts.length - 1; i >= 0; i--) {
    const without = [...parts.slice(0, i), ...parts.slice(i + 1)];
    if (without.length > 0 && same(without)) parts = without;
  }
  return parts.join(' ');
}

/** The canonical items a request naming only this model reads as; few models recur, so they are kept. */
const defaultParts = new Map<string, Set<string> | null>();
const DEFAULT_PARTS_LIMIT = 256;

function defaultPartsOf(model: string): Set<string> | null {
  let parts = defaultParts.get(model);
  if (parts === undefined) {
    const alone = resolveRequest(model, null);
    parts = alone.ok && alone.scenario ? new Set(canonicalParts(alone.scenario)) : null;
    if (defaultParts.size >= DEFAULT_PARTS_LIMIT) defaultParts.delete(defaultParts.keys().next().value!);
    defaultParts.set(model, parts);
  }
  return parts;
}
