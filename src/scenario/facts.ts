import type { ItemTrace } from '../language/item-trace.js';
import type { Item } from '../language/items.js';
import type { Patch } from './patch.js';
import { hardwareWords } from './reading.js';
import type { Scenario } from './schema.js';

/**
 * Every fact a reply states, traced (issue 22, item 6): the fact, its value in the scenario, and
 * where it came from — the rule chain and the user's words of the item that set it — or
 * `default` / `follow-up` (the previous scenario of the thread) when no item of this message did.
 */
export interface FactTrace {
  fact: string;
  value: string;
  rules: string[];
  /** The user's text the fact was read from; null for a default or a follow-up's earlier value. */
  at: number | null;
  end: number | null;
  words: string;
  /** Read on a weak cue: the first screen says it with its words and how to correct it. */
  weak: boolean;
  /** The weak rewrite's own words, when a weak rule read it ("every 2-3 steps"). */
  weakWords?: string;
  /** The hardware reading's note, when it guessed what a count meant (the reply states it already). */
  doubt?: string;
}

/** The fact a patch slot states ("gpuCount" is the GPUs, "compute" and "recipe" the precision). */
const FACT_OF_SLOT: Record<string, string> = {
  mode: 'method',
  train: 'method',
  run: 'method',
  pretrain: 'method',
  engine: 'method',
  recipe: 'precision',
  compute: 'precision',
  impl: 'optimizer',
  kv: 'kv cache',
  mbs: 'batch',
  ga: 'grad accum',
  gbs: 'global batch',
  gpuType: 'card',
  gpuCount: 'gpus',
  perNode: 'gpus',
  'offload.optimizer': 'offload',
  'offload.params': 'offload',
  'eval.batch': 'eval',
  'eval.metrics': 'eval',
  'eval.on': 'eval',
};

/** The fact an item kind states when it says one again (its slots are another item's). */
const FACT_OF_KIND: Record<string, string> = { size: 'model', hub: 'model', mode: 'method', serve: 'method', lora: 'method', hardware: 'gpus', kvDtype: 'kv cache', impl: 'optimizer' };

const factOf = (slot: string): string => FACT_OF_SLOT[slot] ?? (slot.startsWith('lora.') ? 'lora' : slot.startsWith('par.') ? slot.slice(4) : slot.startsWith('arch.') ? slot.slice(5) : slot);

/** The facts every estimate states, each traced to an item, a default or the thread. */
const STATED: Record<string, (s: Scenario) => string> = {
  model: (s) => s.model.name,
  method: (s) => (s.mode === 'inference' ? `inference (${s.inference.engine})` : s.mode === 'full' ? (s.pretrain ? 'pre-training' : 'full fine-tune') : `${s.mode} r${s.lora?.rank}`),
  precision: (s) => (s.mode === 'inference' ? `${s.weights} weights` : `${s.compute} ${s.recipe}`),
  gpus: (s) => hardwareWords(s) || 'no card named',
  seq: (s) => String(s.seq),
  batch: (s) => String(s.microBatch),
  framework: (s) => s.framework,
};

/** A fact's value as the scenario holds it, or as the slot was set when the scenario has no field for it. */
function valueOf(fact: string, slots: [string, unknown][], s: Scenario): string {
  if (fact === 'card') return hardwareWords(s);
  if (fact === 'gpus') return String(s.hardware?.count ?? slots.map(([, v]) => v).join(' × '));
  const stated = STATED[fact];
  if (stated) return stated(s);
  return slots.map(([, v]) => shown(v)).join(', ');
}

function shown(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.join(',');
  const v = value as { text?: string; kind?: string; gpuId?: string | null; capacityGiB?: number | null };
  if (v.gpuId !== undefined) return v.gpuId ?? `${v.capacityGiB} GB`;
  return v.text ?? v.kind ?? JSON.stringify(value);
}

/**
 * The facts of a resolved request: one per fact and item that set it (from the patch's slots, so
 * an item set aside states nothing), then the facts every estimate states that no item set.
 */
export function factsOf(patch: Patch, items: readonly Item[], traces: readonly ItemTrace[], s: Scenario, followUp: boolean): FactTrace[] {
  const traceOf = (item: Item): ItemTrace | undefined => traces[items.indexOf(item)] ?? traces.find((t) => t.at <= item.at && item.end <= t.end);
  const groups = new Map<string, { fact: string; item: Item; slots: [string, unknown][] }>();
  const itemKey = new Map<Item, number>();
  for (const [slot, { value, item }] of patch.filled()) {
    if (slot === 'control') continue;
    const fact = factOf(slot);
    if (!itemKey.has(item)) itemKey.set(item, itemKey.size);
    const key = `${fact}\u0000${itemKey.get(item)}`;
    const group = groups.get(key) ?? { fact, item, slots: [] };
    group.slots.push([slot, value]);
    groups.set(key, group);
  }
  const facts: FactTrace[] = [...groups.values()].map(({ fact, item, slots }) => {
    const t = traceOf(item);
    return {
      fact,
      value: valueOf(fact, slots, s),
      rules: t?.rules ?? [`item.${item.kind}`],
      at: item.at,
      end: item.end,
      words: t?.words ?? item.text,
      weak: t?.weak ?? false,
      ...(t?.weakStep ? { weakWords: t.weakStep.words } : {}),
      ...(t?.doubt ? { doubt: t.doubt } : {}),
    };
  });
  // An item that sets no slot and was not set aside said a fact again ("finetune" twice): it is that fact's too.
  const inSlots = new Set(patch.filled().map(([, slot]) => slot.item));
  items.forEach((item, i) => {
    if (inSlots.has(item) || item.kind === 'help' || item.kind === 'control' || patch.setAside.some((n) => n.includes(`"${item.text}"`))) return;
    const fact = FACT_OF_KIND[item.kind] ?? (item.kind === 'batch' ? factOf(item.field) : item.kind);
    const t = traces[i]!;
    const value = facts.find((f) => f.fact === fact)?.value ?? item.text;
    facts.push({ fact, value, rules: t.rules, at: item.at, end: item.end, words: t.words, weak: t.weak, ...(t.weakStep ? { weakWords: t.weakStep.words } : {}) });
  });
  // One item may stand for two slots of one fact ("--bf16": recipe and compute): said once.
  const once = facts.filter((f, i) => facts.findIndex((g) => g.fact === f.fact && g.value === f.value && g.at === f.at && g.end === f.end) === i);
  facts.length = 0;
  facts.push(...once);
  // Help words set no slot, yet they are what the reply's tips answer: a fact of their own.
  items.forEach((item, i) => {
    if (item.kind !== 'help') return;
    const t = traces[i]!;
    facts.push({ fact: 'help', value: item.value, rules: t.rules, at: item.at, end: item.end, words: t.words, weak: false });
  });
  // In the order of the user's text; the facts no item set come last.
  facts.sort((a, b) => a.at! - b.at!);
  const said = new Set(facts.map((f) => (f.fact === 'card' ? 'gpus' : f.fact)));
  for (const [fact, value] of Object.entries(STATED)) {
    if (said.has(fact)) continue;
    facts.push({ fact, value: value(s), rules: [followUp ? 'follow-up' : 'default'], at: null, end: null, words: '', weak: false });
  }
  return facts;
}

/** How a fact is said on the first screen: "2 GPUs", "seq 4096", "card A100 80GB". */
function said(f: FactTrace): string {
  if (f.fact === 'gpus') return `${f.value} GPU${f.value === '1' ? '' : 's'}`;
  if (f.fact === 'model' || f.fact === 'card') return f.value;
  return `${f.fact} ${f.value}`;
}

/** What the user says instead if the weak reading is wrong. */
function correction(f: FactTrace): string {
  switch (f.fact) {
    case 'gpus':
      return f.value === '1' ? 'say "on 2 GPUs" (your count)' : 'say "on 1 GPU"';
    case 'card':
      return 'say "on <your card>"';
    case 'seq':
      return 'say "seq N" with your length';
    case 'batch':
      return 'say "bs N" with your batch';
    case 'model':
      return "say the model's name or size";
    default:
      return `say the ${f.fact} you mean`;
  }
}

/**
 * The weak facts in words for the first screen (issue 22, item 5): the fact, the user's words it
 * came from, and how to correct it — \`2 GPUs — from "every 2-3 steps"? say "on 1 GPU" if not\`.
 * A hardware guess states its own note already (with its correction), so it is not said twice.
 */
export function weakFactNotices(facts: readonly FactTrace[]): string[] {
  return facts.filter((f) => f.weak && f.weakWords !== undefined).map((f) => `${said(f)} — from "${f.weakWords || f.words.trim()}"? ${correction(f)} if not`);
}
