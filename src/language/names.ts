import { FAMILIES, GPU_NAMES, KEYWORD_INDEX, MODEL_NAMES } from './lexicon.js';
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

const SEPARATOR = /[\s_\-×]/;
const maxChunks = (spellings: string[]) => Math.max(1, ...spellings.map((s) => chunks(s).length));

const KEYWORD_NUMERIC = new Set<string>();
for (const k of KEYWORDS) if (k.numeric) for (const s of k.spellings) KEYWORD_NUMERIC.add(chunks(s).join(''));
const FAMILY_SET = new Set(FAMILIES.map((f) => chunks(f).join('')));

/** Longest spelling in chunks: catalog names run to ~10 ("meta-llama/llama-3.1-405b-instruct"). */
const LONGEST = Math.max(maxChunks(KEYWORDS.flatMap((k) => k.spellings)), 16);

const isAlnum = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);
const isLetter = (c: string | undefined) => c !== undefined && /[a-z]/.test(c);

/** Not followed by a letter or digit, nor by `-`, `_` or `.` and more of a name. */
function nameGuard(text: string, end: number): boolean {
  const c = text[end];
  if (isAlnum(c)) return false;
  return !((c === '-' || c === '_' || c === '.') && isAlnum(text[end + 1]));
}
/** A keyword that takes a number may touch it ("tp8"). */
function numericGuard(text: string, end: number): boolean {
  const c = text[end];
  if (isLetter(c)) return false;
  return !((c === '-' || c === '_' || c === '.') && isLetter(text[end + 1]));
}
const wordGuard = (text: string, end: number) => !isAlnum(text[end]);

/** Up to LONGEST chunk runs from `at`: their joined key and where each ends. */
function runsFrom(text: string, at: number): { key: string; end: number }[] {
  const runs: { key: string; end: number }[] = [];
  let key = '';
  let p = at;
  for (let n = 0; n < LONGEST && p < text.length; n++) {
    if (n > 0) while (p < text.length && SEPARATOR.test(text[p]!)) p++;
    const c = text[p];
    if (c === undefined || /\s/.test(c)) break;
    let q = p + 1;
    if (isLetter(c)) while (isLetter(text[q])) q++;
    else if (/\d/.test(c)) while (q < text.length && /\d/.test(text[q]!)) q++;
    else if (SEPARATOR.test(c)) break;
    key += text.slice(p, q);
    runs.push({ key, end: q });
    p = q;
  }
  return runs;
}

/** The name starting at `at`, or null. Text is normalised (lower-case). */
export function nameAt(text: string, at: number): NameMatch | null {
  const c = text[at];
  if (!isAlnum(c)) return null;
  const runs = runsFrom(text, at);
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end } = runs[i]!;
    const model = MODEL_NAMES.get(key);
    if (model && nameGuard(text, end)) return { type: 'model', value: model, end };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end } = runs[i]!;
    // "rtx3090ti", "2080super": a Ti/Super the catalog lacks reads as its card, and read-tokens says so.
    const gpu = GPU_NAMES.get(key) ?? GPU_NAMES.get(key.replace(/(?<=\d)(?:ti|super)$/, ''));
    if (!gpu) continue;
    if (nameGuard(text, end)) return { type: 'gpu', value: gpu, end };
    if (text[end] === 's' && nameGuard(text, end + 1)) return { type: 'gpu', value: gpu, end: end + 1 };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end } = runs[i]!;
    const keyword = KEYWORD_INDEX.get(key);
    if (!keyword) continue;
    if (KEYWORD_NUMERIC.has(key) ? numericGuard(text, end) : wordGuard(text, end)) return { type: keyword.type, value: keyword.value, end };
  }
  for (let i = runs.length - 1; i >= 0; i--) {
    const { key, end } = runs[i]!;
    if (FAMILY_SET.has(key) && wordGuard(text, end)) return { type: 'family', value: text.slice(at, end), end };
  }
  return null;
}
