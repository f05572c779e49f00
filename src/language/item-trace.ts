import type { MappedText } from './mapped-text.js';

/**
 * Where an item came from (issue 22, item 6): the span of the user's text it was read from, and
 * the chain of rules behind it — the named rewrites over that span, in the order they ran, then
 * the item's own reader (`item.<kind>`: the grammar item the tokens formed). A rewrite nobody
 * named leaves no step, so the chain is never empty: the reader alone stands for it.
 */
export interface ItemTrace {
  at: number;
  end: number;
  /** The user's own words behind the item. */
  words: string;
  rules: string[];
  /** A step in the chain read on a weak cue, or the hardware reading guessed what a count meant. */
  weak: boolean;
  /** The hardware reading's own note when it guessed (the reply states that note already); null otherwise. */
  doubt: string | null;
  /** The weak rewrite behind the item, with the user's words it read; null when none. */
  weakStep: { rule: string; words: string } | null;
}

/** A span of the user's text whose reading was guessed, with the note that says so. */
export interface Doubt {
  at: number;
  end: number;
  note: string;
  /** A reading of names that guessed (a model taken from the size in a name it does not know): its rule, said with the words. */
  guess?: { rule: string; words: string };
}

/** What a trace needs of an item (items.ts's Item, without importing it back): its kind and user span. */
export interface Traced {
  kind: string;
  at: number;
  end: number;
}

/** The reader an item kind stands for in a rule chain. */
export const readerOf = (item: Traced): string => `item.${item.kind}`;

export function traceItem(item: Traced, mapped: MappedText, doubts: readonly Doubt[]): ItemTrace {
  const steps = mapped.stepsOver(item.at, item.end);
  const rules = [...new Set(steps.map((s) => s.rule)), readerOf(item)];
  const doubt = doubts.find((d) => d.at < item.end && item.at < d.end) ?? null;
  const step = steps.find((s) => s.weak);
  return {
    at: item.at,
    end: item.end,
    words: mapped.original.slice(item.at, item.end),
    rules,
    weak: step !== undefined || doubt !== null,
    doubt: doubt?.note ?? null,
    weakStep: step ? { rule: step.rule, words: mapped.original.slice(step.at, step.end).trim() } : (doubt?.guess ?? null),
  };
}
