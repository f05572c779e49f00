import { familyOf, R1_DISTILLS } from '../families.js';
import type { Token } from '../lexer.js';
import type { NameGuess } from './model-names.js';

/**
 * Rule names.r1-derivative-distill: a name that holds DeepSeek R1 and one of its distills' sizes with
 * other words between them is built on that distill — a community fine-tune or Ollama tag of it
 * ("ishumilin/deepseek-r1-coder-tools:14b", vxiaozhi/vocabulary-book-by-deepseek#5, c3221) or the distill's
 * own words reordered ("deepseek-r1-qwen-distill-32B", xorbitsai/inference#2893, c3121). Its shape is the
 * distill's base (R1_DISTILLS: Qwen2.5 or Llama-3.1 of that size), not a DeepSeek-shaped or Qwen3 stand-in
 * of that size. Which distill a fine-tune started from is not in its words: read on a guess, said.
 *
 * A word between that names another base ("-qwen3-", R1-0528's Qwen3-8B distill; "-mistral-") or a
 * release date ("deepseek-r1-0528-qwen3-8b") leaves the name to the other readers.
 */
export const R1_DERIVATIVE = {
  id: 'names.r1-derivative-distill',
  // deepseek, R1, then one or more joined words that start with a letter, then the size.
  pattern: /^deepseek[-_ ]?r1((?:[-_:.][a-z][a-z0-9]*)+)[-_:.](\d+(?:\.\d+)?b)$/,
  example: 'ishumilin/deepseek-r1-coder-tools:14b',
  source: 'vxiaozhi/vocabulary-book-by-deepseek#5',
} as const;

/** The distill base a lower-case name without its owner reads as, with the size it was read from; null when it is no R1 derivative. */
export function r1DerivativeBase(name: string): { base: string; size: string } | null {
  const m = R1_DERIVATIVE.pattern.exec(name);
  if (!m) return null;
  const size = m[2]!;
  const base = R1_DISTILLS[size];
  if (!base) return null;
  const words = m[1]!.split(/[-_:.]/).filter(Boolean);
  // DeepSeek's own names ("DeepSeek-R1-Distill-Qwen-14B") say their base: read by the base they give, no guess.
  if (/^distill (?:qwen|llama)$/.test(words.join(' '))) return null;
  for (const word of words) {
    const family = familyOf(word);
    if (family === null || family === 'deepseek') continue;
    // "-qwen-", "-llama-", "-llama3-" agree with the base; "-qwen3-" or another family does not.
    const version = /^[a-z]+(\d+(?:\.\d+)?)$/.exec(word)?.[1];
    const agrees = base.startsWith(family) && (version === undefined || base.replace(/^[a-z]+-?/, '').startsWith(version));
    if (!agrees) return null;
  }
  return { base, size };
}

/** The note a reading by this rule says on the first screen. */
export const r1DerivativeNote = (text: string, base: string, size: string) =>
  `"${text}" read as ${base}: the name gives DeepSeek R1 at ${size.toUpperCase()}, and R1's distill of that size is a ${base} fine-tune; which model this one was tuned from is not in its name (say the base model if yours differs)`;

/** A token that may go on a name written as one word: its parts and the joiners between them, never a comma or a bracket. */
const joinsName = (t: Token) => (t.type === 'sep' ? /^[-_:.]$/.test(t.text) : t.type !== 'ws' && t.type !== 'foreign');

/**
 * The token form: "deepseek" "-" "r1" and joined words up to a size (or a catalog model ending in one,
 * "DeepSeek-R1-Qwen-7B"), with no space inside, become the distill's base model, stated as a guess.
 */
export function nameR1Derivatives(tokens: Token[], notes: string[], guesses: NameGuess[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // An owner's repository or Ollama tag ("ishumilin/deepseek-r1-coder-tools:14b") stays a Hub name: the Hub's
    // config, when asked, is the evidence; unasked, offlineReading reads the same base (prose/model-name.ts). Said.
    if (t.type === 'hub') {
      const read = r1DerivativeBase(String(t.value).split('/').at(-1) ?? '');
      if (!read) continue;
      const note = r1DerivativeNote(t.text, read.base, read.size);
      notes.push(note);
      guesses.push({ at: t.offset, end: t.offset + t.text.length, note, rule: R1_DERIVATIVE.id });
      continue;
    }
    if (t.type !== 'family' || t.value !== 'deepseek') continue;
    // The run of tokens written together from "deepseek" on: no space, no other kind of token.
    let last = i;
    while (last + 1 < tokens.length && joinsName(tokens[last + 1]!) && tokens[last + 1]!.offset === tokens[last]!.offset + tokens[last]!.text.length) last++;
    const end = tokens[last]!;
    if (end.type !== 'size' && end.type !== 'model') continue;
    const text = tokens.slice(i, last + 1).map((x) => x.text).join('');
    const read = r1DerivativeBase(text.toLowerCase());
    if (!read) continue;
    const note = r1DerivativeNote(text, read.base, read.size);
    notes.push(note);
    guesses.push({ at: t.offset, end: end.offset + end.text.length, note, rule: R1_DERIVATIVE.id });
    tokens.splice(i, last - i + 1, { type: 'model', value: read.base, text, offset: t.offset });
  }
}
