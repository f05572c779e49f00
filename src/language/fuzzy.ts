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
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
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

/** The nearest keyword or catalog name within tolerance (or extending the word as a prefix), else null. */
export function nearestSpelling(word: string): string | null {
  candidates ??= buildCandidates();
  const key = compact(word);
  if (!key) return null;
  let best: { distance: number; display: string } | null = null;
  const limit = tolerance(key.length);
  for (const c of candidates) {
    let distance = editDistance(key, c.key, limit);
    // A typed prefix of a longer name ("mixtr", "adafac") counts as close.
    if (distance > limit && key.length >= 4 && c.key.startsWith(key)) distance = limit;
    // Ties go to a name the word begins ("h10" → H100 rather than A10).
    const rank = distance - (c.key.startsWith(key) ? 0.5 : 0);
    if (distance <= limit && (!best || rank < best.distance)) best = { distance: rank, display: c.display };
  }
  return best?.display ?? null;
}
