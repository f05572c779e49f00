/**
 * The words of a span's clause before it: from the last comma, sentence end or line break (in Latin and CJK
 * punctuation) to the span. The length readers (limit-lengths, goal-lengths, token-count-lengths, speed-tokens) test
 * their cue words there. `extraStops` adds clause ends a reader also stops at ("(", "、"); `window` bounds how far back
 * the clause is looked for (the whole text before the span by default).
 */
const CLAUSE_STOPS = [',', '，', '.', '?', '!', '\n', '。', '？', '！', ';', '；'] as const;

export function clauseBefore(text: string, at: number, extraStops: readonly string[] = [], window = at): string {
  const head = text.slice(Math.max(0, at - window), at);
  const start = Math.max(...[...CLAUSE_STOPS, ...extraStops].map((c) => head.lastIndexOf(c))) + 1;
  return head.slice(start);
}
