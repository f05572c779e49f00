import type { Token } from '../lexer.js';
import { PROSE } from './words.js';

/**
 * A length keyword whose nearest number counts something else (issue 22: "a stray number read as
 * seq"). The grammar pairs `seqKw num` once the prose between them is dropped, so a keyword in a
 * sentence took whatever number the sentence held next:
 * - a share, "context limit (50% the limit of Qwen 2.5 3B)" (ggml-org/llama.cpp, c1207);
 * - a card count, "70b model with large context loads with two 3090s" (c1854);
 * - an architecture count, "long-context prefill … despite only 10 KV-cache layers" (c1821).
 * The number says what it counts right after it (%, a card, layers/heads), so it is not the
 * keyword's: the keyword is read as a word, and the number stays for its own noun (the cards take
 * the count; a share is no setting). A count written right after the keyword ("context 8192 on 2
 * 3090s") is the keyword's: only a count with prose before it is another's; a share never is a length.
 */

/** Token types that a number right before them counts: cards, and the model's shape. */
const COUNTED_NOUNS = new Set(['gpu', 'gpus', 'archKw']);
/** Keywords this reads for: the length's and the generated length's. */
const LENGTH_KEYWORDS = new Set(['seqKw', 'genKw', 'completionKw']);

/** Numbers of the raw tokens written as a share ("50%", "50 %", "50 percent"). */
export function sharesOf(tokens: readonly Token[]): Set<number> {
  const at = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'number') continue;
    let k = i + 1;
    if (tokens[k]?.type === 'ws' && !tokens[k]!.text.includes('\n')) k++;
    const next = tokens[k];
    if ((next?.type === 'sep' && next.text.startsWith('%')) || (next?.type === 'word' && /^percent$/.test(next.text))) at.add(t.offset);
  }
  return at;
}

/**
 * Kept tokens a keyword may stand apart from its number by: words the reader does not read ("prefill",
 * "despite"), a verb ("context loads with two 3090s"), a model's name.
 */
const PASSED = new Set(['word', 'foreign', 'mode', 'hub', 'model']);
/** How many of them: a clause, not a paragraph. */
const REACH = 8;

/**
 * Whether `out[i]`, a length keyword, has as its next number (past prose, and past words, a verb or
 * a model the reader kept) one that counts something else: a share (no setting) or a count of the
 * noun after it; `at`: the number's index. `gaps[k]` is what lies before `out[k]` (PROSE marks
 * words); `sentenceEnd` says whether a sentence ends between two tokens.
 */
export function numberCountsAnother(
  out: readonly Token[],
  gaps: readonly string[],
  i: number,
  shares: ReadonlySet<number>,
  sentenceEnd: (a: Token, b: Token) => boolean,
): { counts: 'share' | 'count'; at: number } | null {
  if (!LENGTH_KEYWORDS.has(out[i]!.type)) return null;
  let k = i + 1;
  while (k < out.length && k <= i + REACH && PASSED.has(out[k]!.type)) k++;
  const number = out[k];
  const gap = gaps.slice(i + 1, k + 1).join('');
  if (number?.type !== 'number' || sentenceEnd(out[i]!, number)) return null;
  // A share is never a length, however close it stands ("context window (50 % lower than …)").
  if (shares.has(number.offset)) return { counts: 'share', at: k };
  if (!(gap.includes(PROSE) || k > i + 1)) return null;
  const after = out[k + 1];
  return after && COUNTED_NOUNS.has(after.type) && !(gaps[k + 1] ?? '').includes(PROSE) ? { counts: 'count', at: k } : null;
}

/**
 * The value a length token carries when it is a count of tokens somebody measured ("8k tokens",
 * "a 54K long prompt"), not a setting: build.ts counts its "k" with countedKNumber.
 */
export const COUNTED = 'counted-tokens';
/** The word after a "k" number that says it counts a prompt's tokens ("54K long prompt", "43K prompt"). */
const PROMPT = /^(?:prompts?|inputs?)$/;

/**
 * Whether a "k" number `t` measures a prompt: the words after it (filler or not, in order: `words`)
 * are "prompt" or "input", with at most "long" before.
 */
export function promptCount(t: Token, words: readonly string[]): boolean {
  const first = words[0] === 'long' ? words[1] : words[0];
  return t.type === 'knum' && PROMPT.test(first ?? '');
}
