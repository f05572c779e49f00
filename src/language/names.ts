import { GPUS, MODELS } from '../catalog/index.js';
import { FAMILIES, GPU_NAMES, KEYWORD_INDEX, MODEL_NAMES } from './lexicon.js';
import { isLatinLetterCode } from './letters.js';
import { chunks } from './spelling.js';
import { KEYWORDS } from './vocabulary.js';

/**
 * Names by table, not by regex (issue 11: cold start). Catalog models, GPUs, keywords and
 * families were one regex alternation of every spelling, which moo and V8 took ~0.3 s to build
 * and compile on each start. The same matching by lookup: from a position, the text is cut
 * into the chunks spelling.ts defines (letter runs, digit runs, single marks), skipping the
 * separators people vary (space, `-`, `_`, `×`), and the longest run of chunks whose joined
 * form is a known spelling wins, with the same guards the regex had (a name does not run on
 * into more letters or digits). Priority is the old rule order: model, GPU, keyword, family.
 */

export interface NameMatch {
  type: string;
  value: string;
  end: number;
}

const KEYWORD_NUMERIC = new Set<string>();
for (const k of KEYWORDS) if (k.numeric) for (const s of k.spellings) KEYWORD_NUMERIC.add(chunks(s).join(''));
const FAMILY_SET = new Set(FAMILIES.map((f) => chunks(f).join('')));

/**
 * Keywords that are code identifiers ("foreach"): separators may vary inside other spellings,
 * but these are read only as one word, so "for each query" stays English.
 */
const IDENTIFIER_KEYS = new Set(KEYWORDS.filter((k) => k.identifier).flatMap((k) => k.spellings.map((s) => chunks(s).join(''))));

/**
 * Where a spelling may part two runs of letters: "fine tune", "fine-tune" part "finetune" after "fine".
 * A space the text puts inside what the spelling writes as one run of letters joins two words, not
 * one name in two pieces: "in T4 GPU" is "in" and the T4 (marella/ctransformers#96, corpus c837: it
 * had been "int4", GPTQ weights, and the T4 was lost), never "int4". Keys with no entry have no such place.
 *
 * Built on first use: only a text that parts two runs of letters with a space inside a key's prefix
 * asks (`breaksAllowed` with `spaced`), and noting every spelling's places was 10–40 ms of a
 * one-answer cold start (issue 22) that "13b zero3 on 4x a100" never reads.
 */
let letterBreaksTable: Map<string, Set<number>> | null = null;
/** `[a-z]`: the letters `chunks` runs together. */
const isAsciiLetter = (c: number) => c >= 97 && c <= 122;

function letterBreaks(): Map<string, Set<number>> {
  if (letterBreaksTable !== null) return letterBreaksTable;
  const breaks = new Map<string, Set<number>>();
  const note = (spelling: string) => {
    const parts = chunks(spelling);
    let offset = 0;
    let key: string | null = null;
    for (let i = 0; i < parts.length; i++) {
      if (i > 0 && isAsciiLetter(parts[i]!.charCodeAt(0)) && isAsciiLetter(parts[i - 1]!.charCodeAt(parts[i - 1]!.length - 1))) {
        key ??= parts.join('');
        let set = breaks.get(key);
        if (!set) breaks.set(key, (set = new Set()));
        set.add(offset);
      }
      offset += parts[i]!.length;
    }
  };
  for (const k of KEYWORDS) for (const s of k.spellings) note(s);
  for (const e of [...MODELS, ...GPUS]) for (const s of [e.id, e.name, ...e.aliases]) note(s);
  for (const f of FAMILIES) note(f);
  return (letterBreaksTable = breaks);
}

/** Whether every place the text parted two runs of letters with a space is one some spelling of the key parts. */
function breaksAllowed(key: string, spaced: readonly number[] | undefined): boolean {
  if (!spaced) return true;
  const allowed = letterBreaks().get(key);
  return spaced.every((at) => allowed?.has(at) === true);
}

/**
 * Longest spelling in chunks, at least 16: catalog names run to ~10 ("meta-llama/llama-3.1-405b-instruct").
 * A spelling has no more chunks than characters, so only the longer ones are cut into chunks
 * (cutting all ~2,900 was ~10 ms of a cold start).
 */
const LONGEST = Math.max(
  ...KEYWORDS.flatMap((k) => k.spellings.filter((s) => s.toLowerCase().length > 16)).map((s) => chunks(s).length),
  16,
);

/**
 * Every key of the four tables, sorted: a run whose key starts no table key cannot grow into
 * one (a longer run's key extends it), so the walk stops there. Most token starts ("please",
 * "on", "8") end after their first chunk instead of joining up to LONGEST chunks (the request
 * path's largest cost before: issue 11, "Measure").
 */
const SORTED_KEYS = [...new Set([...MODEL_NAMES.keys(), ...GPU_NAMES.keys(), ...KEYWORD_INDEX.keys(), ...FAMILY_SET])].sort();

function startsSomeKey(key: string): boolean {
  let lo = 0;
  let hi = SORTED_KEYS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (SORTED_KEYS[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < SORTED_KEYS.length && SORTED_KEYS[lo]!.startsWith(key);
}

// Character classes by code: these run at every token start, where a regex test per character
// was a tenth of the request path. Only `\s` outside ASCII still goes to the regex.
// A letter is any lower-case Latin letter (letters.ts): "lot" does not end inside "lotería".
const isLetterCode = isLatinLetterCode;
const isDigitCode = (c: number) => c >= 48 && c <= 57;
const isAlnumCode = (c: number) => isLetterCode(c) || isDigitCode(c);
/** `\s`, `_`, `-` or `×` (spelling.ts's separators). */
const isSeparatorCode = (c: number) =>
  c === 32 || c === 95 || c === 45 || c === 0xd7 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/** charCodeAt, with NaN (no letter, digit or separator) past the end as `text[end]` was undefined. */
const isAlnumAt = (text: string, i: number) => isAlnumCode(text.charCodeAt(i));
const isLetterAt = (text: string, i: number) => isLetterCode(text.charCodeAt(i));

/** Not followed by a letter or digit, nor by `-`, `_` or `.` and more of a name. */
function nameGuard(text: string, end: number): boolean {
  const c = text[end];
  if (isAlnumAt(text, end)) return false;
  return !((c === '-' || c === '_' || c === '.') && isAlnumAt(text, end + 1));
}
/** A keyword that takes a number may touch it ("tp8"). */
function numericGuard(text: string, end: number): boolean {
  const c = text[end];
  if (isLetterAt(text, end)) return false;
  return !((c === '-' || c === '_' || c === '.') && isLetterAt(text, end + 1));
}
const wordGuard = (text: string, end: number) => !isAlnumAt(text, end);

/**
 * A card number with a keyword glued after it, as Latin words run together inside Chinese text
 * ("4张3090lora微调Qwen7B爆显存", hiyouga/LlamaFactory#3708; "4张24GB显存的4090lora微调GLM-4V-9B",
 * c1097): the card ends at its last digit and the letters that follow are a whole keyword of their
 * own (lora, qlora, full, zero3 …), so the two are two words. A card's own suffixes never get here
 * (Ti, Super, SXM and memory spellings are catalog keys, read whole first).
 */
function gluedKeywordAfter(text: string, at: number, end: number): boolean {
  // The card starts a word ("llama30b" holds no A30 glued to a "b"), and the keyword is a word of
  // three letters or more, never a unit's letter.
  if (isAlnumAt(text, at - 1) || !isDigitCode(text.charCodeAt(end - 1)) || !isLetterAt(text, end)) return false;
  return runsFrom(text, end).some(({ key, end: after, particle }) => !particle && key.length >= 3 && KEYWORD_INDEX.has(key) && (KEYWORD_NUMERIC.has(key) ? numericGuard(text, after) : wordGuard(text, after)));
}

/** One run of chunks from a name's start: its joined key, where it ends, and how it was joined. */
interface Run {
  key: string;
  end: number;
  chunks: number;
  spaced?: number[];
  /** A Chinese or Korean particle stood between the name and its size ("qwen2.5-vl的3b"): a model's name only. */
  particle?: boolean;
}

/**
 * A possessive particle between a model's name and its size, as Chinese and Korean write "the 3B of
 * Qwen2.5-VL": "qwen2.5-vl的3B" (c2511), "qwen3-vl 的 8b 版本", "qwen3-vl의 8B 모델". Where 的 or 의 (with
 * spaces around or none) stands at `p` and a digit follows, the place after it; else null. Only model names
 * are read across it (nameAt): "a100的80g" is the card's memory said apart, left to the hardware grammar.
 */
function particleBeforeSize(text: string, p: number): number | null {
  const c = text.charCodeAt(p);
  if (c !== 0x7684 && c !== 0xc758) return null;
  let q = p + 1;
  while (q < text.length && text.charCodeAt(q) === 32) q++;
  return isDigitCode(text.charCodeAt(q)) ? q : null;
}

/**
 * Up to LONGEST chunk runs from `at` that may still be a name: their joined key and where each
 * ends. Runs stop at the first key that starts no table key.
 */
function runsFrom(text: string, at: number): Run[] {
  const runs: Run[] = [];
  let key = '';
  let p = at;
  let spaced: number[] | undefined;
  let particle = false;
  for (let n = 0; n < LONGEST && p < text.length; n++) {
    const gapAt = p;
    if (n > 0) while (p < text.length && isSeparatorCode(text.charCodeAt(p))) p++;
    if (n > 0 && !particle) {
      const after = particleBeforeSize(text, p);
      if (after !== null) {
        p = after;
        particle = true;
      }
    }
    if (p >= text.length) break;
    const c = text.charCodeAt(p);
    let q = p + 1;
    if (isLetterCode(c)) while (isLetterAt(text, q)) q++;
    else if (isDigitCode(c)) while (q < text.length && isDigitCode(text.charCodeAt(q))) q++;
    else if (isSeparatorCode(c)) break;
    // Two runs of letters parted by a space: the place in the key, checked against the spellings (LETTER_BREAKS).
    if (n > 0 && isLetterCode(c) && isLetterAt(text, gapAt - 1) && /\s/.test(text.slice(gapAt, p))) spaced = [...(spaced ?? []), key.length];
    key += text.slice(p, q);
    if (!startsSomeKey(key)) break;
    runs.push({ key, end: q, chunks: n + 1, ...(spaced ? { spaced } : {}), ...(particle ? { particle } : {}) });
    p = q;
  }
  return runs;
}

/**
 * A card's letters the text parts from its digits by a space, the digits followed by a memory's unit: "on a 40 GB card",
 * "I have a 10 GB GPU" are the article and an amount (runpod/docs#839, c3276: read as an A40), never an A40 or an A10.
 * The name written whole ("a40 48gb", "an A40") or with its memory after another number is the card.
 */
function articleBeforeMemory(text: string, at: number, end: number): boolean {
  return /^[a-z]+\s+\d+$/.test(text.slice(at, end)) && /^\s*(?:gib|gb|gi|g)(?![a-z0-9])/.test(text.slice(end, end + 8));
}

/** The name starting at `at`, or null. Text is normalised (lower-case). */
export function nameAt(text: string, at: number): NameMatch | null {
  if (!isAlnumAt(text, at)) return null;
  const runs = runsFrom(text, at);
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end, spaced } = runs[i]!;
    const model = MODEL_NAMES.get(key);
    if (model && breaksAllowed(key, spaced) && nameGuard(text, end)) return { type: 'model', value: model, end };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end, spaced, particle } = runs[i]!;
    if (particle) continue;
    // "rtx3090ti", "2080super": a Ti/Super the catalog lacks reads as its card, and read-tokens says so.
    const gpu = GPU_NAMES.get(key) ?? GPU_NAMES.get(key.replace(/(?<=\d)(?:ti|super)$/, ''));
    if (!gpu || !breaksAllowed(key, spaced) || articleBeforeMemory(text, at, end)) continue;
    if (nameGuard(text, end)) return { type: 'gpu', value: gpu, end };
    if (text[end] === 's' && nameGuard(text, end + 1)) return { type: 'gpu', value: gpu, end: end + 1 };
    if (gluedKeywordAfter(text, at, end)) return { type: 'gpu', value: gpu, end };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end, chunks: runChunks, spaced, particle } = runs[i]!;
    const keyword = KEYWORD_INDEX.get(key);
    if (!keyword || particle || (IDENTIFIER_KEYS.has(key) && runChunks > 1) || !breaksAllowed(key, spaced)) continue;
    // A question's words that go on into an identifier ("increase max_seq_size", c964) name a setting, ask nothing.
    if (keyword.type === 'question' && text[end] === '_' && isAlnumAt(text, end + 1)) continue;
    if (KEYWORD_NUMERIC.has(key) ? numericGuard(text, end) : wordGuard(text, end)) return { type: keyword.type, value: keyword.value, end };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end, spaced, particle } = runs[i]!;
    if (!particle && FAMILY_SET.has(key) && breaksAllowed(key, spaced) && wordGuard(text, end)) return { type: 'family', value: text.slice(at, end), end };
  }
  return null;
}
