/**
 * Hugging Face Hub repo ids in request text: `org/name` or a huggingface.co / hf.co URL.
 * Pure, shared by the lexer (src/language/lexer.ts: the `hub` token) and the adapters (which
 * fetch the ids a message names before calling respond()).
 *
 * Repo names follow the Hub's rules: letters, digits, `-`, `_`, `.`, not starting or ending
 * with `-` or `.`. The lexer runs on lower-cased text, so the sources are lower-case.
 */

import { GPUS } from '../catalog/index.js';
import { KEYWORDS } from '../language/vocabulary.js';

/** One side of `org/name`, at least two characters ("q/v" is LoRA targets, not a repo). */
const PART = '[a-z0-9][a-z0-9._\\-]*[a-z0-9]';

/** huggingface.co/org/name[/tree/main…], with or without the scheme. */
const URL_SOURCE = `(?:https?://)?(?:www\\.)?(?:huggingface\\.co|hf\\.co)/(?:models/)?${PART}/${PART}(?:/[a-z0-9._\\-/]*)?`;

/** A config.json pasted or attached to the message; the adapters write this in its place. */
export const ATTACHED_CONFIG = 'config.json';

/**
 * Words of the request language that can stand on either side of a slash: keywords, GPU names,
 * LoRA targets, written without separators ("bf16", "zero3", "h100", "a100-80g" → "a10080g").
 */
function requestWords(): string[] {
  const spellings = [...KEYWORDS.flatMap((k) => k.spellings), ...GPUS.flatMap((g) => [g.id, g.name, ...g.aliases]), 'q', 'k', 'v', 'o', 'gate', 'up', 'down'];
  // Short words only: pairs people write with a slash are short ("bf16/fp16", "zero2/zero3"), and the
  // list is compiled into the lexer's one regex, so its size is paid on the first request.
  const words = new Set(spellings.map((w) => w.toLowerCase().replace(/[\s_\-×]+/g, '')).filter((w) => /^[a-z0-9]{1,8}$/.test(w)));
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * The lexer's `hub` rule: a URL, a bare `org/name`, or "config.json". A bare pair whose both
 * sides are request words ("bf16/fp16", "7b/13b", "h100/a100", "gate/up") is left to be read as
 * those words; one known side is fine ("unsloth/llama-3-8b-bnb-4bit"). The positive lookahead
 * first makes every other position fail fast.
 */
export function hubTokenSource(): string {
  const word = `(?:\\d+(?:\\.\\d+)?[bmk]?|${requestWords().join('|')})`;
  const pair = `${PART}/${PART}(?![a-z0-9/])`;
  // A path to a file ("finetune/lora.py", "configs/ds_z3.json") is no repo.
  const file = `${PART}/[a-z0-9._\\-]*\\.(?:py|sh|json|ya?ml|txt|md|ipynb|toml|cfg|log|gguf|bin|safetensors|pt|pth)(?![a-z0-9])`;
  const bare = `(?=${pair})(?!${word}/${word}(?![._\\-]*[a-z0-9]))(?!${file})${pair}`;
  return `${URL_SOURCE}|${bare}|config\\.json(?![a-z0-9])`;
}

/** The repo id inside a matched hub token, with the user's case: "https://hf.co/Org/Name/tree/main" → "Org/Name". */
export function repoOf(matched: string): string {
  if (matched.toLowerCase() === ATTACHED_CONFIG) return ATTACHED_CONFIG;
  const path = matched.replace(/^(?:https?:\/\/)?(?:www\.)?(?:huggingface\.co|hf\.co)\//i, '').replace(/^models\//i, '');
  const [org, name] = path.split('/');
  return `${org}/${name}`;
}

/**
 * The `hub` rule compiled once for the process. Its source is ~7 KB (every request word), and
 * V8 compiles a pattern on its first use: ~30 ms alone, 130–300 ms on a loaded machine. The
 * lexer, the prose reader and isBareRepoId each wrapped the source in their own pattern (sticky,
 * global with a look-behind, anchored), so the first Hub id of a process paid that three times;
 * all three now use this one sticky pattern.
 */
let hubToken: RegExp | null = null;

/** The hub token that starts exactly at `at` in lower-case `text`, or null. */
export function hubTokenAt(text: string, at: number): string | null {
  if (!mayStartHubToken(text, at)) return null;
  hubToken ??= new RegExp(`(?:${hubTokenSource()})`, 'y');
  hubToken.lastIndex = at;
  return hubToken.exec(text)?.[0] ?? null;
}

/**
 * Whether a hub token may start at `at`, without the big pattern: every one is "config.json" or
 * reaches a "/" (org/name, huggingface.co/…) or a ":" (https://…) through characters of a repo
 * name alone. Most word starts, even in a message with a path in it, do not: they skip the
 * pattern (the lexer and the prose reader try it at every word start of such a message).
 */
function mayStartHubToken(text: string, at: number): boolean {
  let end = at;
  while (end < text.length && isNameChar(text.charCodeAt(end))) end += 1;
  const next = text.charCodeAt(end);
  return next === 47 || next === 58 || text.startsWith(ATTACHED_CONFIG, at);
}

/** a–z and 0–9: every hub token starts with one. */
function isAlnum(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/** a–z, 0–9, ".", "_", "-": what one side of `org/name` is made of (PART). */
function isNameChar(code: number): boolean {
  return isAlnum(code) || code === 46 || code === 95 || code === 45;
}

/** Inside a word, a path or a URL ("/", ".", "-", "_", ":" before it): no hub token starts there. */
function continuesToken(code: number): boolean {
  return isAlnum(code) || code === 46 || code === 95 || code === 45 || code === 47 || code === 58;
}

/** Every hub token in lower-case `text`, left to right and not overlapping, as [start, end). */
export function hubTokenSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let at = 0;
  while (at < text.length) {
    const found = isAlnum(text.charCodeAt(at)) && (at === 0 || !continuesToken(text.charCodeAt(at - 1))) ? hubTokenAt(text, at) : null;
    if (found) {
      spans.push([at, at + found.length]);
      at += found.length;
    } else at += 1;
  }
  return spans;
}

/** True when `text` is, whole, a bare `org/name` the lexer reads as a Hub repo id. */
export function isBareRepoId(text: string): boolean {
  return !text.includes(':') && hubTokenAt(text.toLowerCase(), 0)?.length === text.length;
}
