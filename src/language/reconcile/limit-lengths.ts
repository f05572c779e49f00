import type { Item } from '../items.js';
import type { OwnedRuns } from './owners.js';

/**
 * A length said as the most the user's run reaches, with no other length beside it: "I can't get over
 * 8k context on qwen 235b" (turboderp-org/exllamav3#54, c1760), "EXAONE-3.5-2.4B-Instruct for me has a
 * context limit of 60k" (ggml-org/llama.cpp#10823, c1207). It is where the run stops, not a length the
 * user set: the thread asks why it stops there, which is "max seq"'s question. The number is still the
 * best figure the message gives, so it is kept, but weak: said on the first screen with the way to ask
 * the longest that fits. (Beside a length asked about, cues.ts's reachedLengths sets it aside.)
 */
export const LIMIT_LENGTH_RULES = {
  reached: {
    id: 'reconcile.length-limit-reached',
    // Tested on the words of the length's clause before it, and the length's own words ("context limit of 60k").
    pattern: new RegExp(
      [
        String.raw`\b(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not|unable\s+to|not\s+able\s+to)\s+(?:get|go|push|run|reach|load|fit|exceed)\s+(?:it\s+|the\s+\w+\s+)?(?:over|past|beyond|above|(?:any\s+)?(?:more|higher|longer)\s+than)\b`,
        String.raw`\b(?:max(?:es|ed)?|tops?|topped|caps?|capped)\s+out\s+(?:at|around)\b`,
        String.raw`\b(?:context|ctx|length|token|sequence)\s+limit\s+(?:of|is|was|at|around)\b`,
        String.raw`\bcan\s+only\s+(?:get|reach|fit|go\s+up\s+to|manage|load)\b`,
        String.raw`最多只能|最长只能|只能跑到|只能到|上不去`,
      ].join('|'),
      'i',
    ),
    example: "as a result, i can't get over 8k context on qwen 235b",
    source: 'turboderp-org/exllamav3#54',
  },
  /** A limit the user sets is a setting: "I set a context limit of 8k", "设置…". */
  set: /\b(?:set|sets|setting|configured?|specif(?:y|ied)|pass(?:ed)?|use[ds]?)\b|设置|设定|设为/i,
} as const;

/** The words of a span's clause before it: from the last sentence end, comma or line break. */
function clauseBefore(text: string, at: number): string {
  const head = text.slice(0, at);
  const start = Math.max(...[',', '，', '.', '?', '!', '\n', '。', '？', '！', ';', '；'].map((c) => head.lastIndexOf(c))) + 1;
  return head.slice(start);
}

/** A lone length said as the most the run reaches: kept, said weak (a doubt over its span). */
export function limitLengths(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const seqs = items.filter((i): i is Extract<Item, { kind: 'seq' }> => i.kind === 'seq');
  if (!text || !owned || new Set(seqs.map((i) => i.value)).size !== 1) return items;
  for (const i of seqs) {
    // A key's length (`--max-model-len 8192`, `n_ctx=4096`) is a setting, whatever words stand before it.
    if (/[_=]|--/.test(i.text)) return items;
    const words = clauseBefore(text, i.at) + i.text;
    if (!LIMIT_LENGTH_RULES.reached.pattern.test(words) || LIMIT_LENGTH_RULES.set.test(words)) continue;
    const note = `"${i.text.trim()}" is said as the most your run reaches, not a length you set: estimated at it (say "max seq" to ask the longest that fits, or "seq N" for the length you run)`;
    owned.doubts.push({ at: i.at, end: i.end, note });
    if (!notes.includes(note)) notes.push(note);
  }
  return items;
}
