import { GPUS, MODELS } from '../catalog/index.js';
import type { Item } from './items.js';
import { cardWithMemory } from './read-tokens.js';

/**
 * Prose says the same thing twice (issue 11): a title names "Llama-2-7B", the command
 * `--model meta-llama/Llama-2-7b-hf`; a card is "8x A100 80GB" and later "80GB"; the memory
 * a log printed ("51GB used") sits next to the card. In prose (never in a short request,
 * where two such items stay a contradiction to report) restatements of one thing collapse to
 * the most specific, and a memory figure that cannot be the named card's is not read as a
 * card size, with a note. Genuinely different values stay, for the resolver to report.
 */
export function reconcile(items: Item[], notes: string[], ignored: string[]): Item[] {
  let out = models(items);
  out = cards(out, notes);
  out = frameworks(out);
  out = narrativeHelp(out, ignored);
  return out;
}

type ModelItem = Extract<Item, { kind: 'model' | 'size' }>;
const paramsOf = (i: ModelItem): number => (i.kind === 'model' ? (MODELS.find((m) => m.id === i.id)?.publishedParams ?? NaN) : i.params);
const close = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b) <= 0.15;

function models(items: Item[]): Item[] {
  const named = items.filter((i): i is ModelItem => i.kind === 'model' || i.kind === 'size');
  if (named.length < 2) return items;
  const ids = new Set(named.filter((i) => i.kind === 'model').map((i) => (i as { id: string }).id));
  if (ids.size > 1) return items;
  const first = named[0]!;
  if (!named.every((i) => close(paramsOf(i), paramsOf(first)))) return items;
  // The most specific: a catalog model, else a size with its family, else the first size.
  const keep = named.find((i) => i.kind === 'model') ?? named.find((i) => i.kind === 'size' && i.family) ?? first;
  return items.filter((i) => !(i.kind === 'model' || i.kind === 'size') || i === keep);
}

type Hardware = Extract<Item, { kind: 'hardware' }>;
const gib = (id: string) => (GPUS.find((g) => g.id === id)?.totalMiB ?? NaN) / 1024;

function cards(items: Item[], notes: string[]): Item[] {
  const hw = items.filter((i): i is Hardware => i.kind === 'hardware');
  if (hw.length < 2) return items;
  const ids = [...new Set(hw.map((h) => h.gpuId).filter((x): x is string => x !== null))];
  const drop = new Set<Item>();
  if (ids.length === 1) {
    const card = ids[0]!;
    const counts = hw.map((h) => h.count).filter((c): c is number => c !== null);
    for (const h of hw) {
      if (h.gpuId !== null || h.capacityGiB === null) continue;
      // "A100 (160GB)": no A100 has 160 GB, so it is the memory of two of them.
      const cardItem = hw.find((x) => x.gpuId === card)!;
      const times = h.capacityGiB / gib(card);
      if (counts.length === 0 && times >= 2 && Math.abs(times - Math.round(times)) < 0.05) {
        const total = Math.round(times);
        notes.push(`"${h.text}" read as the memory of ${total} × ${card} in all`);
        items = items.map((i) => (i === cardItem ? { ...cardItem, count: total } : i));
        drop.add(h);
        continue;
      }
      const total = (counts[0] ?? 1) * gib(card);
      const same = cardWithMemory(card, h.capacityGiB) === card || Math.abs(h.capacityGiB - total) / total <= 0.1;
      if (h.count !== null && !counts.every((c) => c === h.count)) continue;
      if (!same) notes.push(`"${h.text}" read as an amount of memory, not the size of a card (the card is named: ${card})`);
      drop.add(h);
    }
  }
  // The same card said twice ("on 8x A100" … "8 A100s"): keep the first.
  const seen = new Map<string, Hardware>();
  for (const h of hw) {
    if (drop.has(h)) continue;
    const key = JSON.stringify([h.gpuId, h.capacityGiB, h.count, h.nodes]);
    if (seen.has(key)) drop.add(h);
    else seen.set(key, h);
  }
  // A count said with a bare "gpus" that another item also says.
  return items.filter((i) => !drop.has(i));
}

/** "DeepSpeed with the HF Trainer / accelerate": DeepSpeed is what shapes memory. */
function frameworks(items: Item[]): Item[] {
  // "DeepSpeed ZeRO-3" in prose names ZeRO's provider (usually under the HF Trainer or
  // accelerate): the stage says what shapes memory, so the stage is read, not a DeepSpeed preset.
  if (items.some((i) => i.kind === 'sharding' && i.value.startsWith('zero'))) {
    items = items.filter((i) => !(i.kind === 'framework' && i.value === 'deepspeed'));
  }
  const fw = items.filter((i): i is Extract<Item, { kind: 'framework' }> => i.kind === 'framework');
  if (fw.length < 2 || !fw.some((f) => f.value === 'deepspeed')) return items;
  const keep = fw.find((f) => f.value === 'deepspeed')!;
  return items.filter((i) => i.kind !== 'framework' || (i as { value: string }).value !== 'hf' || i === keep);
}

/**
 * "OOM", "out of memory", "why" in a message that describes a run are what happened, not a
 * request for the troubleshooting page: the estimate answers them. Listed as ignored.
 */
function narrativeHelp(items: Item[], ignored: string[]): Item[] {
  if (!items.some((i) => i.kind === 'model' || i.kind === 'size')) return items;
  return items.filter((i) => {
    if (i.kind !== 'help') return true;
    ignored.push(i.text);
    return false;
  });
}
