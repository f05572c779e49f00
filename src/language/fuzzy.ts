import { GPUS, MODELS } from '../catalog/index.js';
import { compact } from './spelling.js';
import { KEYWORDS } from './vocabulary.js';

/**
 * Nearest valid spelling for a word the lexer did not recognise. DESIGN §2: a word close to a
 * keyword or name ("zer3", "bf61", "A100-80") is an error with a suggestion, never ignored.
 */

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions: "bf61"→"bf16" is 1). */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  return alignment(a, b, Infinity);
}

// Three rows of the table, reused: this runs for every catalog spelling against each unread word
// (issue 11: a table allocated per pair was three quarters of reading real prose).
let twoUp = new Int32Array(64);
let up = new Int32Array(64);
let row = new Int32Array(64);

/**
 * The OSA table, row by row. With a finite `cap` it stops once two rows in a row exceed it
 * (no later cell can come back under: each draws on the two rows above) and answers cap + 1.
 */
function alignment(a: string, b: string, cap: number): number {
  if (row.length <= b.length) [twoUp, up, row] = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  for (let j = 0; j <= b.length; j++) row[j] = j;
  let lastMin = 0;
  for (let i = 1; i <= a.length; i++) {
    [twoUp, up, row] = [up, row, twoUp];
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, twoUp[j - 2]! + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > cap && lastMin > cap) return cap + 1;
    lastMin = rowMin;
  }
  return row[b.length]!;
}

interface Candidate {
  key: string;
  /** How to write it in a request. */
  display: string;
}

function buildCandidates(): Candidate[] {
  const out: Candidate[] = [];
  for (const k of KEYWORDS) for (const s of k.spellings) out.push({ key: compact(s), display: s });
  for (const m of MODELS) for (const s of [m.id, m.name, ...m.aliases]) out.push({ key: compact(s), display: m.id });
  for (const g of GPUS) for (const s of [g.id, g.name, ...g.aliases]) out.push({ key: compact(s), display: g.id.toUpperCase() });
  return out;
}

let candidates: Candidate[] | null = null;

/** Allowed distance: none for 1–2 letters, one for 3, two from 4 letters on. */
function tolerance(length: number): number {
  return length <= 2 ? 0 : length === 3 ? 1 : 2;
}

/** Answers by compact key: real messages repeat their unread words, and every answer is a full scan. */
const nearest = new Map<string, string | null>();
const NEAREST_LIMIT = 4096;

/** The nearest keyword or catalog name within tolerance (or extending the word as a prefix), else null. */
export function nearestSpelling(word: string): string | null {
  const key = compact(word);
  if (!key) return null;
  const known = nearest.get(key);
  if (known !== undefined) return known;
  const found = scanNearest(key);
  if (nearest.size >= NEAREST_LIMIT) nearest.delete(nearest.keys().next().value!);
  nearest.set(key, found);
  return found;
}

function scanNearest(key: string): string | null {
  candidates ??= buildCandidates();
  let best: { distance: number; display: string } | null = null;
  const limit = tolerance(key.length);
  for (const c of candidates) {
    // Only whether a distance is within the limit matters past it: the table may stop early.
    let distance = Math.abs(key.length - c.key.length) > limit ? limit + 1 : alignment(key, c.key, limit);
    // A typed prefix of a longer name ("mixtr", "adafac") counts as close.
    if (distance > limit && key.length >= 4 && c.key.startsWith(key)) distance = limit;
    // Ties go to a name the word begins ("h10" → H100 rather than A10).
    const rank = distance - (c.key.startsWith(key) ? 0.5 : 0);
    if (distance <= limit && (!best || rank < best.distance)) best = { distance: rank, display: c.display };
  }
  return best?.display ?? null;
}
