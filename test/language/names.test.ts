import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS } from '../../src/catalog/index.js';
import { FAMILIES, GPU_NAMES, KEYWORD_INDEX, MODEL_NAMES } from '../../src/language/lexicon.js';
import { LATIN_LETTERS } from '../../src/language/letters.js';
import { nameAt, type NameMatch } from '../../src/language/names.js';
import { chunks } from '../../src/language/spelling.js';
import { KEYWORDS } from '../../src/language/vocabulary.js';

/**
 * names.ts stops a walk as soon as the joined chunks start no known spelling and tests
 * characters by code (issue 11, request path). Reference: the walk as it was before, every run
 * up to LONGEST chunks with regex character tests; both must name the same thing everywhere.
 */
const SEPARATOR = /[\s_\-×]/;
const KEYWORD_NUMERIC = new Set(KEYWORDS.filter((k) => k.numeric).flatMap((k) => k.spellings.map((s) => chunks(s).join(''))));
const FAMILY_SET = new Set(FAMILIES.map((f) => chunks(f).join('')));
const LONGEST = Math.max(1, ...KEYWORDS.flatMap((k) => k.spellings).map((s) => chunks(s).length), 16);
// A letter is a lower-case Latin letter, accented ones too (letters.ts): "llama_2_7b_é" runs on into a word.
const LETTER = new RegExp(`[${LATIN_LETTERS}]`);
const isAlnum = (c: string | undefined) => c !== undefined && (LETTER.test(c) || /[0-9]/.test(c));
const isLetter = (c: string | undefined) => c !== undefined && LETTER.test(c);
const nameGuard = (t: string, e: number) => !isAlnum(t[e]) && !((t[e] === '-' || t[e] === '_' || t[e] === '.') && isAlnum(t[e + 1]));
const numericGuard = (t: string, e: number) => !isLetter(t[e]) && !((t[e] === '-' || t[e] === '_' || t[e] === '.') && isLetter(t[e + 1]));
const wordGuard = (t: string, e: number) => !isAlnum(t[e]);

let breaksOfKey: Map<string, Set<number>> | null = null;
/** Each key's places where some spelling parts two runs of letters (built once). */
function keyBreaks(): Map<string, Set<number>> {
  if (breaksOfKey) return breaksOfKey;
  breaksOfKey = new Map();
  for (const s of SPELLINGS) {
    const key = chunks(s).join('');
    for (const at of letterBreaks(s)) breaksOfKey.set(key, (breaksOfKey.get(key) ?? new Set()).add(at));
  }
  return breaksOfKey;
}

/** Where a spelling parts two runs of letters ("fine tune" after "fine"), as offsets in its key. */
function letterBreaks(spelling: string): number[] {
  const cs = chunks(spelling);
  const out: number[] = [];
  let offset = 0;
  cs.forEach((c, i) => {
    if (i > 0 && /[a-z]$/.test(cs[i - 1]!) && /^[a-z]/.test(c)) out.push(offset);
    offset += c.length;
  });
  return out;
}

/**
 * Whether the text parts the key only where some spelling of it does: a space between two runs of
 * letters joins two words ("in t4" is no "int4"), unless a spelling parts the key there.
 */
function spelledSo(key: string, parts: string[], gaps: string[]): boolean {
  let offset = 0;
  for (let i = 0; i < parts.length; i++) {
    const spaced = i > 0 && isLetter(parts[i - 1]!.slice(-1)) && isLetter(parts[i]![0]) && /\s/.test(gaps[i]!);
    if (spaced && !keyBreaks().get(key)?.has(offset)) return false;
    offset += parts[i]!.length;
  }
  return true;
}

function referenceNameAt(text: string, at: number): NameMatch | null {
  if (!isAlnum(text[at])) return null;
  const runs = referenceRuns(text, at);
  const longestFirst = [...runs].reverse().filter((r) => spelledSo(r.key, r.parts, r.gaps));
  for (const { key, end } of longestFirst) {
    const model = MODEL_NAMES.get(key);
    if (model && nameGuard(text, end)) return { type: 'model', value: model, end };
  }
  for (const { key, end } of longestFirst) {
    const gpu = GPU_NAMES.get(key);
    if (!gpu) continue;
    if (nameGuard(text, end)) return { type: 'gpu', value: gpu, end };
    if (text[end] === 's' && nameGuard(text, end + 1)) return { type: 'gpu', value: gpu, end: end + 1 };
    // A card starting a word, its last digit glued to a keyword of three letters or more ("3090lora").
    if (!isAlnum(text[at - 1]) && /\d/.test(text[end - 1]!) && isLetter(text[end])) {
      const glued = referenceRuns(text, end).some((r) => r.key.length >= 3 && KEYWORD_INDEX.has(r.key) && (KEYWORD_NUMERIC.has(r.key) ? numericGuard(text, r.end) : wordGuard(text, r.end)));
      if (glued) return { type: 'gpu', value: gpu, end };
    }
  }
  for (const { key, end } of longestFirst) {
    const keyword = KEYWORD_INDEX.get(key);
    // A question's words that go on into an identifier ("increase max_seq_size", c964) ask nothing (names.ts).
    if (keyword?.type === 'question' && text[end] === '_' && isAlnum(text[end + 1])) continue;
    if (keyword && (KEYWORD_NUMERIC.has(key) ? numericGuard(text, end) : wordGuard(text, end))) return { type: keyword.type, value: keyword.value, end };
  }
  for (const { key, end } of longestFirst) if (FAMILY_SET.has(key) && wordGuard(text, end)) return { type: 'family', value: text.slice(at, end), end };
  return null;
}

/** Every run of chunks from `at` the name walk may join, with each run's parts and the gaps before them. */
function referenceRuns(text: string, at: number) {
  const runs: { key: string; end: number; parts: string[]; gaps: string[] }[] = [];
  let key = '';
  let p = at;
  const parts: string[] = [];
  const gapsHere: string[] = [];
  for (let n = 0; n < LONGEST && p < text.length; n++) {
    const gapAt = p;
    if (n > 0) while (p < text.length && SEPARATOR.test(text[p]!)) p++;
    const c = text[p];
    if (c === undefined || /\s/.test(c)) break;
    let q = p + 1;
    if (isLetter(c)) while (isLetter(text[q])) q++;
    else if (/\d/.test(c)) while (q < text.length && /\d/.test(text[q]!)) q++;
    else if (SEPARATOR.test(c)) break;
    key += text.slice(p, q);
    parts.push(text.slice(p, q));
    gapsHere.push(text.slice(gapAt, p));
    runs.push({ key, end: q, parts: [...parts], gaps: [...gapsHere] });
    p = q;
  }
  return runs;
}

const SPELLINGS = [
  ...MODELS.flatMap((m) => [m.id, m.name, ...m.aliases]),
  ...GPUS.flatMap((g) => [g.id, g.name, ...g.aliases]),
  ...KEYWORDS.flatMap((k) => k.spellings),
  ...FAMILIES,
].map((s) => s.toLowerCase());
const PIECES = ['', ' ', '-', '_', '.', 's', 'x', '×', '\u00a0', '\u3000', '\n', '8', '80gb', 'b', 'please', 'on', '/', ',', 'é', '跑'];

/** Every position of the text, both ways. */
function sameEverywhere(text: string): void {
  for (let at = 0; at <= text.length; at++) expect(nameAt(text, at), `at ${at} of ${JSON.stringify(text)}`).toEqual(referenceNameAt(text, at));
}

describe('names by table lookup', () => {
  it('a walk cut where no spelling can follow names exactly what the full walk named', () => {
    const word = fc.oneof(fc.constantFrom(...SPELLINGS), fc.constantFrom(...PIECES));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom('', ' ', '-', '_', '×', '\u00a0'), fc.integer({ min: 0, max: 3 }), (words, sep, cut) => {
        const text = words.map((w) => w.replace(/[-\s_]/g, sep)).join(sep || ' ');
        sameEverywhere(cut ? text.slice(0, -cut) : text);
      }),
      { numRuns: 1500 },
    );
  });

  it('names a catalog spelling written with other separators, and nothing in a word that merely starts like one', () => {
    expect(nameAt('llama 3.1 70b on 8 h100s', 0)).toEqual(referenceNameAt('llama 3.1 70b on 8 h100s', 0));
    expect(nameAt('llama 3.1 70b on 8 h100s', 0)?.type).toBe('model');
    expect(nameAt('8 h100s', 2)).toMatchObject({ type: 'gpu', end: 7 });
    expect(nameAt('pleased', 0)).toBeNull();
    // fast-check's counterexample ["huggyllama/llama-30b", "s", "llama-2-7b"]: "llama30b" holds no A30 glued to a "b".
    sameEverywhere('huggyllama/llama30b s llama27b');
    expect(nameAt('huggyllama/llama30b s llama27b', 15)).toBeNull();
  });

  it('the places a spelling parts its letters (built on first use) let "fine tune" be one name and keep "in t4" two words', () => {
    expect(nameAt('fine tune 7b', 0)).toEqual({ type: 'mode', value: 'train', end: 9 });
    expect(nameAt('flash attn', 0)).toEqual({ type: 'attention', value: 'flash', end: 10 });
    // c837: "in T4 GPU" is "in" and the T4, never "int4".
    expect(nameAt('in t4 gpu', 0)).toBeNull();
    for (const text of ['fine tune 7b', 'in t4 gpu', 'off load optimizer', 'flash attn']) sameEverywhere(text);
  });
});
