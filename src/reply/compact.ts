import { canonicalParts, canonicalText, precisionWritten } from '../scenario/canonical.js';
import { resolveRequest } from '../scenario/resolve.js';
import type { Scenario } from '../scenario/schema.js';
import { Recent } from './recent.js';

/**
 * The canonical request with every item that a new request would default to anyway left out:
 * "13b zero3 seq 4096 on 4x a100-80g" instead of naming the precision, optimizer, attention,
 * loss, LoRA dropout and so on. Each item is dropped only if the rest still reads back as the
 * very same scenario (its canonical text), so the short form is exact, not a summary. Buttons
 * carry it (a Discord custom_id holds 100 characters).
 *
 * Every step below depends on the canonical items alone (a fresh request reads the same text
 * the same way every time), so the short form of items already shortened is kept, and so is
 * what each tried text read back as: a scenario answered again (a thread's next message, a
 * button, the diagnosis of the same setup) costs no reading at all.
 */
export function compactCanonical(s: Scenario): string {
  const parts = canonicalParts(precisionWritten(s));
  // JSON, not a join: two different lists of items can join to the same text.
  return shortForms.of(JSON.stringify(parts), () => shortened(parts));
}

function shortened(canonical: string[]): string {
  let parts = canonical;
  // canonicalText is these parts joined: read once, not twice.
  const target = parts.join(' ');
  const same = (parts: string[]) => readBack(parts.join(' ')) === target;
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

/** Short forms by their canonical items; a reply's scenario recurs within a thread and across its buttons. */
const shortForms = new Recent<string>(1024);

/**
 * The canonical text a new request of exactly this text reads back as, or null where it does
 * not read as a scenario. Kept: the texts tried for one scenario are tried again for its
 * neighbours (the same setup on another card drops the same items).
 */
const readBacks = new Recent<string | null>(4096);
let reads = 0;

function readBack(text: string): string | null {
  return readBacks.of(text, () => {
    reads++;
    const outcome = resolveRequest(text, null);
    return outcome.ok && outcome.scenario !== null ? canonicalText(precisionWritten(outcome.scenario)) : null;
  });
}

/** How many texts compactCanonical has read so far in this process (a CPU-independent cost, for tests and benches). */
export function compactReadCount(): number {
  return reads;
}

/** The canonical items a request naming only this model reads as; few models recur, so they are kept. */
const defaultParts = new Recent<Set<string> | null>(256);

function defaultPartsOf(model: string): Set<string> | null {
  return defaultParts.of(model, () => {
    reads++;
    const alone = resolveRequest(model, null);
    return alone.ok && alone.scenario ? new Set(canonicalParts(precisionWritten(alone.scenario))) : null;
  });
}
