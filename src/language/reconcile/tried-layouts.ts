import type { Item } from '../items.js';

/**
 * Layouts tried and left (s46, rhw4, mechanism 4). "I have tried FSDP stage3, tensor parallel and full recompute, all OOM",
 * "I tried:\n- TP=1 FSDP=128\n- TP=8 FSDP=16\n- DP=2 TP=8\nall OOM", "试过 TP=8 PP=2 和 TP=8 PP=4，都 OOM", "TP=4 그리고 FSDP
 * 둘 다 해봤는데 OOM": the parallel degrees and shardings named under a word of trying, closed by a word that says all of them
 * failed, are the configurations the user tried, not the run. Before, one of them was read — the last value of a key set
 * several times, the first of two, or FSDP over "stage3" — and its degrees could even raise the stated GPU count ("tried tp
 * 8 and then pp 2, neither fits" beside "8x A800" was read as 16 cards). None is read; the reply says each and asks for the
 * one to estimate, and the count the message states stays.
 *
 * The cue, in order: a word of trying (tried, attempted, attempts, configs tried, 试过 / 试了 / 尝试, 해봤 / 시도) before the
 * settings, or after them in Korean and Japanese; at least two layout settings (a parallel degree or a sharding); and a
 * closing that says they all failed (all, both, neither, none, each, still, 都 / 均 / 全, 둘 다 / 모두 / 다) within the same
 * few lines. What breaks it: no closing ("I tried zero2 before but now use zero3" is a setting left, reconcile/left-tries.ts),
 * a single setting ("tried fsdp and it fits"), a blank line between the try and the settings.
 */
export const TRIED_LAYOUTS_RULE = {
  id: 'reconcile.tried-layouts',
  example: '128xH100 80GB, llama-3-70b pretraining\nI tried:\n- TP=1 FSDP=128\n- TP=8 FSDP=16\n- DP=2 TP=8\nall OOM',
  source: 'invented (s46 rhw4, mechanism 4, from a fresh batch the lead saw)',
} as const;

/** A word of trying before the settings. */
const TRIED_BEFORE = /\b(?:i(?:'ve| have)?\s+(?:also\s+)?tried|tried|attempted|attempts|configs?\s+tried|configurations?\s+tried|试过|试了|尝试了?|測試了?|试验了?)\b|试过|试了|尝试/gi;
/** The try said after the settings, as Korean and Japanese put it: "… 둘 다 해봤는데", "… 모두 시도했지만", "… 試したが". */
const TRIED_AFTER = /(?:둘\s*다|모두|다|전부)?\s*(?:해\s*봤|해봤|시도(?:했|해)|試(?:した|しました))/g;
/** All of them failed: "all OOM", "both OOM", "neither fits", "still OOM", "都 OOM", "均爆显存", "둘 다". */
const CLOSING = /\b(?:all|both|neither|none|each|still|every\s+one)\b|都|均|全都|全部|둘\s*다|모두|いずれも|どれも/i;
/** How far the settings tried may run from the word of trying (a short list, not the message). */
const REACH = 260;

const isLayout = (i: Item) => i.kind === 'parallel' || i.kind === 'sharding';

export function triedLayouts(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !/tr(?:ied|y)|attempt|试|尝试|測試|해\s*봤|시도|試/i.test(text)) return items;
  const layouts = items.filter(isLayout).sort((a, b) => a.at - b.at);
  if (layouts.length === 0) return items;
  const spans: [number, number][] = [];
  for (const m of text.matchAll(TRIED_BEFORE)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + REACH);
    // A paragraph break ends the list.
    const stop = window.search(/\n\s*\n/);
    const list = stop >= 0 ? window.slice(0, stop) : window;
    const close = CLOSING.exec(list);
    if (close) spans.push([m.index, from + close.index]);
  }
  for (const m of text.matchAll(TRIED_AFTER)) {
    if (!m[0].trim()) continue;
    const to = m.index;
    const back = text.slice(Math.max(0, to - REACH), to);
    const stop = back.lastIndexOf('\n\n');
    spans.push([stop >= 0 ? to - back.length + stop : to - back.length, to]);
  }
  if (spans.length === 0) return items;
  const inSpan = (i: Item) => spans.some(([at, end]) => i.at >= at && i.end <= end + 1);
  const tried = layouts.filter(inSpan);
  // The key each setting was read from ("TP=8" → tp, "FSDP=16" → fsdp): a note that read one of its values is replaced by this one.
  const keyOf = (i: Item) => /^[\s-]*([a-z_]+)/i.exec(i.text)?.[1]?.toLowerCase() ?? '';
  const readOne = (n: string, key: string) => n.startsWith(`"${key}" is set more than once`) || n.startsWith(`"${key}" is given as options`);
  // Several settings tried; or one key the config reader saw set more than once ("TP=1 … TP=8 … TP=8").
  const repeated = tried.filter((i) => notes.some((n) => readOne(n, keyOf(i))));
  if (tried.length < 2 && repeated.length === 0) return items;
  for (const key of new Set(tried.map(keyOf))) for (let k = notes.length - 1; k >= 0; k--) if (readOne(notes[k]!, key)) notes.splice(k, 1);
  const names = [...new Set(tried.map((i) => `"${i.text.trim()}"`))];
  const said = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  notes.push(`${said}: configurations tried, all said to fail, so none of them is read as your setup's layout; say the one to estimate ("tp 8", "zero3", "fsdp")`);
  const left = new Set<Item>(tried);
  return items.filter((i) => !left.has(i));
}
