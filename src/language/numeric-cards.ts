import type { Token } from './lexer.js';

/**
 * Keywords that must be followed by a number (grammar/request.ne: `%seqKw num`, `%batchKw num`,
 * `%rankKw %number`, ...).
 */
const NUMBER_FOLLOWS = new Set(['seqKw', 'batchKw', 'archKw', 'parDim', 'genKw', 'completionKw', 'utilKw', 'rolloutUtilKw', 'batchedKw', 'maxSeqsKw', 'clientLoadKw', 'cpuOffloadGbKw', 'nglKw', 'nCpuMoeKw', 'evalBatchKw', 'rankKw', 'loraDropout', 'loraAlpha', 'llamacppBuildKw', 'bpwKw', 'mmLimitKw']);

/**
 * Some cards are named by a bare number ("4090", "3090"), so the lexer reads `seq 4090` as
 * "seq" then an RTX 4090. Right after a keyword that takes a number, a card can never parse,
 * so such a token is the number it spells; everywhere else it stays a card ("7b on 4090").
 */
export function numbersWhereCardsCannotGo(tokens: Token[]): Token[] {
  return tokens.map((t, i) =>
    t.type === 'gpu' && /^\d+$/.test(t.text) && i > 0 && NUMBER_FOLLOWS.has(tokens[i - 1]!.type) ? { ...t, type: 'number', value: t.text } : t,
  );
}
