import { catalogSeries, type SeriesMember } from '../families.js';
import type { Doubt } from '../item-trace.js';
import type { Item } from '../items.js';

/**
 * A size said alone beside a model of one series said at another size (rmodel8, session 30): "I want to run Llama
 * 3.1 70B and 405B with 120K context length" (corpus c126), "我用 qwen2.5-7b 可以跑，换成 32b 就 OOM 了", "Llama-2 13B fits
 * on my 2x 3090 but 70B OOMs". People name the series once and then its sizes; the bare size is that series' member
 * of the size, where the catalog has one. The words make it likely, not certain (the size could be another
 * family's), so it is read weak: said on the first screen with the name it took the series from (rule
 * reconcile.series-size), and only where every sized model the message names is of one series.
 */

type SizeItem = Extract<Item, { kind: 'size' }>;
type ModelNamed = Extract<Item, { kind: 'model' }>;

/** The series a catalog id belongs to, with its members; null for a model named with no series (a MoE's own name). */
function seriesOf(id: string): { key: string; members: readonly SeriesMember[] } | null {
  for (const [key, members] of catalogSeries()) if (members.some((m) => m.id === id)) return { key, members };
  return null;
}

/** The member whose id's size is the size said ("32b" is 32e9; "405B" 405e9), by the id's own size, never a published total. */
function memberOfSize(members: readonly SeriesMember[], params: number): SeriesMember | undefined {
  return members.find((m) => {
    const n = Number(m.size.slice(0, -1)) * (m.size.endsWith('m') ? 1e6 : 1e9);
    return Number.isFinite(n) && Math.abs(n - params) / params < 0.01;
  });
}

export function seriesSizes(items: Item[], notes: string[], doubts?: Doubt[]): Item[] {
  const bare = items.filter((i): i is SizeItem => i.kind === 'size' && i.family === null && i.experts === null);
  if (bare.length === 0) return items;
  const named = items.filter((i): i is ModelNamed => i.kind === 'model');
  const series = named.map((i) => seriesOf(i.id));
  if (series.length === 0 || series.some((s) => s === null) || new Set(series.map((s) => s!.key)).size !== 1) return items;
  const { members } = series[0]!;
  const name = named[0]!.text.trim();
  return items.map((i) => {
    if (!bare.includes(i as SizeItem)) return i;
    const member = memberOfSize(members, (i as SizeItem).params);
    // The size of the model named is that model said again (models.ts keeps the name).
    if (!member || named.some((n) => n.id === member.id)) return i;
    const note = `"${i.text.trim()}" read as ${member.id}: the size of the series the message names as "${name}" (say the model if yours is another)`;
    notes.push(note);
    doubts?.push({ at: i.at, end: i.end, note, guess: { rule: 'reconcile.series-size', words: name } });
    const { at, end, text } = i;
    return { kind: 'model', id: member.id, at, end, text } as Item;
  });
}
