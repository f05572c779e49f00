import type { Item } from '../items.js';
import { clauseBefore } from './clause-before.js';

/**
 * The length the user is after, against the lengths they only tried (b13,
 * huggingface/text-generation-inference#3105, c550: "it only supports 23k context length, when i
 * increased to support 128k context window … i endup with following errors. i even tried with 64k
 * context window, it went into cuda out of memory"). The goal is the length they raised the run
 * to ("increased to", "set it to", "want", 想要, 提高到); a length in a clause that says it was a
 * further try ("even tried", "also tried", "then tried", 也试了) is a fallback. Decided by that
 * evidence, never by order; the other is said.
 */
export const GOAL_LENGTH_RULES = {
  /** Right before the length: the user raising the run to it (the "support" after it is theirs, not the model's). */
  goal: {
    id: 'reconcile.length-goal',
    pattern: /(?:\b(?:increas(?:e|ed|ing)|rais(?:e|ed|ing)|bump(?:ed)?(?:\s+up)?|extend(?:ed)?|set|setting|change[ds]?|go(?:ing)?\s+up|want(?:ed)?|need(?:ed)?|aim(?:ing)?\s+for|target(?:ing)?)\b(?:\s+(?:it|the\s+\w+(?:\s+\w+)?|max[-_ ]?model[-_ ]?len))?\s+(?:to\s+)?(?:(?:support|handle|use|run|reach)\s+)?(?:a\s+|an\s+|the\s+)?|(?:想要?|希望|提高到|增加到|调到|改成|设置为|设为)\s*)$/i,
    example: 'when i increased to support 128k context window as it supports, i endup with following errors',
    source: 'huggingface/text-generation-inference#3105',
  },
  /** Anywhere in the clause before the length: a further attempt. */
  tried: {
    id: 'reconcile.length-tried',
    pattern: /\b(?:even|also|then|again|later)\s+tried\b|\btried\s+(?:it\s+)?(?:again|also|even)\b|\bfall\s*back\s+to\b|也试了|又试了|还试了|退到|降到/i,
    example: 'i even tried with 64k context window, it went into cuda out of memeory issues',
    source: 'huggingface/text-generation-inference#3105',
  },
} as const;

/** Whether the words right before a length raise the run to it (read before the model-window rule sets it aside). */
export function statedGoal(text: string, at: number): boolean {
  return GOAL_LENGTH_RULES.goal.pattern.test(text.slice(Math.max(0, at - 48), at));
}

/** A goal length beside a tried one: the tried one is set aside, with a note. */
export function goalLengths(items: Item[], text: string, notes: string[]): Item[] {
  const seqs = items.filter((i): i is Extract<Item, { kind: 'seq' }> => i.kind === 'seq');
  if (!text || new Set(seqs.map((i) => i.value)).size < 2) return items;
  const goals = seqs.filter((i) => statedGoal(text, i.at));
  const tried = seqs.filter((i) => !goals.includes(i) && GOAL_LENGTH_RULES.tried.pattern.test(clauseBefore(text, i.at)));
  if (goals.length === 0 || tried.length === 0) return items;
  for (const t of tried) notes.push(`"${t.text.trim()}" read as a length you also tried; the one you are after is "${goals[0]!.text.trim()}"`);
  return items.filter((i) => !tried.includes(i as Extract<Item, { kind: 'seq' }>));
}
