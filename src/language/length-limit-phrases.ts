/**
 * The words that say a length is where a run stops ("can't get over 8k context", "tops out at 4k", 最多只能8k): the
 * rule of reconcile/limit-lengths.ts (rseq4, rseq10), which reads such a length as the question "max seq" with the
 * length said. Kept in a module of its own so that the prose question rules (question-requirement.ts's cap complained
 * of) can leave these words to it: one mechanism, one wording.
 */
export const LENGTH_LIMIT_REACHED = {
  id: 'reconcile.length-limit-reached',
  // Tested on the words of the length's clause before it, and the length's own words ("context limit of 60k").
  pattern: new RegExp(
    [
      String.raw`\b(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not|unable\s+to|not\s+able\s+to)\s+(?:get|go|push|run|reach|load|fit|exceed)\s+(?:it\s+|the\s+\w+\s+)?(?:over|past|beyond|above|(?:any\s+)?(?:more|higher|longer)\s+than)\b`,
      String.raw`\b(?:max(?:es|ed)?|tops?|topped|caps?|capped)\s+out\s+(?:at|around)\b`,
      String.raw`\b(?:context|ctx|length|token|sequence)\s+limit\s+(?:of|is|was|at|around)\b`,
      String.raw`\bcan\s+only\s+(?:get|reach|fit|go\s+up\s+to|manage|load)\b`,
      // "the max context I can reach is 12k", "the longest I could fit was 6k", "most we can get is 4k"
      String.raw`\b(?:max(?:imum)?|most|longest|largest|highest)\s+(?:context\s+|ctx\s+|length\s+|sequence\s+|tokens?\s+)?(?:length\s+)?(?:i|we)\s+(?:can|could)\s+(?:get|reach|fit|run|load|go|do|manage)\b`,
      // "推理长度不过1k" (c2328), "上下文长度超不过4k", "长度到不了8k": 不过 after a length noun is "no more than", not "but"
      String.raw`最多只能|最长只能|只能跑到|只能到|上不去|(?:长度|上下文|token数?)(?:都|也)?(?:超不过|不过|到不了|过不了|上不去)`,
    ].join('|'),
    'i',
  ),
  example: "as a result, i can't get over 8k context on qwen 235b",
  source: 'turboderp-org/exllamav3#54',
};
