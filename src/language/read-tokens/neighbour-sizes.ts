import { MODELS, type ModelSpec } from '../../catalog/index.js';
import type { Token } from '../lexer.js';
import type { NameGuess } from './model-names.js';

/**
 * A family named with a size it never had, next to one it has (issue 22, r-left item 3): "Qwen 70B",
 * "qwen2-70b" (Qwen and Qwen2 have 72B), "llama 72b" (Llama has 70B). People round a size to the
 * one they remember; the family's real model of the nearest size is what they run, and that model
 * is read, said as a weak guess with the words ("Qwen2-72B — from "qwen2-70b"?"), never a made-up
 * 70.0 B shape of another generation. A size more than NEIGHBOUR off every member stays a shape of
 * that size (scenario/shape.ts), as before.
 */

/** How far the said size may be from the published one: 70 vs Qwen's 72.7 B is 3.7%, 72 vs Llama's 70.6 B 2%. */
export const NEIGHBOUR = 0.06;

const paramsOf = (size: string): number | null => {
  const m = /^(\d+(?:\.\d+)?)\s*([bm])$/i.exec(size.trim());
  return m ? Number(m[1]) * (m[2]!.toLowerCase() === 'b' ? 1e9 : 1e6) : null;
};
const relative = (a: number, b: number) => Math.abs(a - b) / b;
const dense = (m: ModelSpec) => (m.arch.experts ?? 0) <= 1 && !m.arch.vision;
/** An id's series and size ("qwen2.5-72b" → qwen2.5, 72b). */
const seriesOf = (id: string) => /^(.+)-(\d+(?:\.\d+)?[bm])$/.exec(id);

/**
 * The family's (or, with a version, the series') real model nearest the size, when the family has no
 * model of that size at all and one lies within NEIGHBOUR; the current generation before a superseded one.
 */
export function neighbourModel(family: string, version: string | null, size: string): ModelSpec | null {
  const params = paramsOf(size);
  if (params === null) return null;
  const label = size.toLowerCase().replace(/\s/g, '');
  const series = version === null ? null : `${family}${version}`.replace(/[^a-z0-9.]/g, '');
  const members = MODELS.filter((m) => {
    const s = seriesOf(m.id);
    if (!s || !dense(m) || m.family.replace(/\d+$/, '') !== family) return false;
    return series === null || s[1]!.replace(/[^a-z0-9.]/g, '') === series;
  });
  // A size the family (or series) has is read as that model elsewhere: nothing to guess.
  if (members.length === 0 || members.some((m) => seriesOf(m.id)![2] === label)) return null;
  const near = members.filter((m) => relative(params, m.publishedParams) <= NEIGHBOUR);
  const current = near.filter((m) => !m.superseded);
  const pool = (current.length ? current : near).sort((a, b) => relative(params, a.publishedParams) - relative(params, b.publishedParams));
  return pool[0] ?? null;
}

/**
 * "qwen 70b", "llama-72b", "70B Qwen": a family token (with a version number joined to it or not)
 * right before (or after) a bare size the family lacks. The two become the neighbour's model token.
 */
export function nameNeighbourSizes(tokens: Token[], notes: string[], guesses: NameGuess[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const size = tokens[i]!;
    if (size.type !== 'size' || !/^\d+(?:\.\d+)?[bm]$/i.test(size.text)) continue;
    const found = familyBefore(tokens, i) ?? familyAfter(tokens, i);
    if (!found) continue;
    const model = neighbourModel(found.family, found.version, size.text);
    if (!model) continue;
    const [from, to] = [Math.min(found.at, i), Math.max(found.last, i)];
    const start = tokens[from]!;
    const end = tokens[to]!;
    const text = tokens.slice(from, to + 1).map((t) => t.text).join('');
    const note = `"${text}" read as ${model.name}: ${found.version === null ? found.family : `${found.family}${found.version}`} has no ${size.text.toUpperCase()}, its nearest size is ${(model.publishedParams / 1e9).toFixed(1)} B`;
    notes.push(note);
    guesses.push({ at: start.offset, end: end.offset + end.text.length, note, rule: 'names.family-neighbour-size' });
    tokens.splice(from, to - from + 1, { type: 'model', value: model.id, text, offset: start.offset });
    i = from;
  }
}

/** A family token, its version ("2", "2.5") and the separators before the size at i: "qwen 70b", "qwen2-70b", "llama-3 72b". */
function familyBefore(tokens: Token[], i: number): { family: string; version: string | null; at: number; last: number } | null {
  let k = i - 1;
  const sep = (t?: Token) => t !== undefined && (t.type === 'ws' || (t.type === 'sep' && /^[-_ ]$/.test(t.text)));
  if (!sep(tokens[k])) return null;
  k--;
  let version: string | null = null;
  if (tokens[k]?.type === 'number') {
    version = tokens[k]!.text;
    k--;
    if (sep(tokens[k]) && tokens[k]!.text !== ' ') k--;
  }
  const family = tokens[k];
  if (family?.type !== 'family' || !family.text) return null;
  return { family: family.value.replace(/[^a-z]/g, ''), version, at: k, last: i - 1 };
}

/** "70B Qwen", "72b llama": the family after the size, with a space between. */
function familyAfter(tokens: Token[], i: number): { family: string; version: string | null; at: number; last: number } | null {
  const family = tokens[i + 2];
  if (tokens[i + 1]?.type !== 'ws' || family?.type !== 'family' || !family.text) return null;
  if (tokens[i + 3]?.type === 'number') return null;
  return { family: family.value.replace(/[^a-z]/g, ''), version: null, at: i, last: i + 2 };
}
