/**
 * A bound said right before a length ("longer than 3000 tokens", "after ~3000 tokens", 超过 4000): the point past
 * which a run fails, not the length it is set to. "After 1000 tokens, the GPU run out of memory"
 * (OpenNMT/CTranslate2#1299, c1170). Read by scenario/fact-doubts.ts withFailureThreshold, which says such a length
 * weak with these words, and by reconcile/token-count-lengths.ts, which leaves it to that doubt.
 */
const BOUND_BEFORE = /(?:\b(?:exceed(?:s|ed|ing)?|beyond|longer than|more than|greater than|above|over|after(?:\s+generating)?)\s+(?:about\s+|around\s+|~\s*)?|超过了?\s*|大于\s*|超出了?\s*)$/i;

/** The bound words just before `at` (within 24 characters), or null. */
export function boundBefore(text: string, at: number): string | null {
  return BOUND_BEFORE.exec(text.slice(Math.max(0, at - 24), at))?.[0] ?? null;
}
