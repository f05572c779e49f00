/**
 * Hugging Face Hub repo ids in request text: `org/name` or a huggingface.co / hf.co URL.
 * Pure, shared by the lexer (src/language/lexer.ts: the `hub` token) and the adapters (which
 * fetch the ids a message names before calling respond()).
 *
 * Repo names follow the Hub's rules: letters, digits, `-`, `_`, `.`, not starting or ending
 * with `-` or `.`. The lexer runs on lower-cased text, so the sources are lower-case.
 */

/** One side of `org/name`, at least two characters ("q/v" is LoRA targets, not a repo). */
const PART = '[a-z0-9][a-z0-9._\\-]*[a-z0-9]';

/** huggingface.co/org/name[/tree/main…], with or without the scheme. */
const URL_SOURCE = `(?:https?://)?(?:www\\.)?(?:huggingface\\.co|hf\\.co)/(?:models/)?${PART}/${PART}(?:/[a-z0-9._\\-/]*)?`;

/** A config.json pasted or attached to the message; the adapters write this in its place. */
export const ATTACHED_CONFIG = 'config.json';

/**
 * Not two request words joined by a slash ("bf16/fp16", "7b/13b", "h100/a100", "gate/up"):
 * a bare `org/name` whose both sides are words the request language knows is read as those
 * words. One known side is fine ("unsloth/llama-3-8b-bnb-4bit").
 */
function notRequestWords(excluded: string): string {
  const size = '\\d+(?:\\.\\d+)?[bmk]?';
  const word = `(?:${[size, excluded].filter(Boolean).join('|')})`;
  return `(?!${word}/${word}(?![._\\-]*[a-z0-9]))`;
}

/**
 * The lexer's `hub` rule. `excluded`: regex sources of the words that must not start a bare
 * `org/name` (keywords, GPUs, LoRA targets), so "bf16/fp16" still reads as two items.
 */
export function hubTokenSource(excluded = ''): string {
  const bare = `${notRequestWords(excluded)}${PART}/${PART}(?![a-z0-9/])`;
  return `${URL_SOURCE}|${bare}|config\\.json(?![a-z0-9])`;
}

/** The repo id inside a matched hub token, with the user's case: "https://hf.co/Org/Name/tree/main" → "Org/Name". */
export function repoOf(matched: string): string {
  if (matched.toLowerCase() === ATTACHED_CONFIG) return ATTACHED_CONFIG;
  const path = matched.replace(/^(?:https?:\/\/)?(?:www\.)?(?:huggingface\.co|hf\.co)\//i, '').replace(/^models\//i, '');
  const [org, name] = path.split('/');
  return `${org}/${name}`;
}
