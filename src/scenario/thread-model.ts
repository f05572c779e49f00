import { MODELS } from '../catalog/index.js';
import type { Item, ParseOutcome } from '../language/items.js';
import { familyOf, namesModel } from '../language/reconcile/models.js';
import type { Scenario } from './schema.js';

type ReadItems = Extract<ParseOutcome, { ok: true }>;

/**
 * A reply in a thread that names a model only in another run's clause ("之前用baichuan1-base，2张V100就够了",
 * baichuan-inc/Baichuan2#162, c441, in a thread about baichuan2-7b): the thread states the model, and a
 * past run's model does not replace it. Set aside with a note and listed as not used ("another run").
 * Where the thread named only a family, a model of that family is kept ("成功把llama2 70b的推理跑起来了"
 * in a thread that said "llama2", linyiLYi/snake-ai#26, c448: the size the thread left open).
 */
export function threadKeepsItsModel(read: ReadItems, previous: Scenario): ReadItems {
  const family = MODELS.find((m) => m.id === previous.model.id)?.family.toLowerCase() ?? null;
  const kept = read.keptFromOtherRuns ?? [];
  // The thread named its model with a size ("baichuan2-7b-base"), or only its family ("llama2").
  const sized = /\d(?:\.\d+)?\s*[bm](?![a-z])/i.test(previous.model.asWritten);
  const saidOfAnotherRun = (i: Item) => namesModel(i) && kept.some((s) => s.at === i.at && s.end === i.end) && (sized || family === null || familyOf(i) !== family);
  const dropped = read.items.filter(saidOfAnotherRun);
  if (dropped.length === 0) return read;
  const stays = (_: unknown, k: number) => !dropped.includes(read.items[k]!);
  return {
    ...read,
    items: read.items.filter(stays),
    traces: read.traces.filter(stays),
    // What the reader said of a model set aside ("\"baichuan\" names no size: read as …") no longer holds.
    notes: [...read.notes.filter((n) => !dropped.some((i) => n.startsWith(`"${i.text.trim()}"`))), ...dropped.map((i) => `"${i.text.trim()}" set aside as your setup's model: said of another run; the thread's ${previous.model.name} stays`)],
    otherRuns: [...(read.otherRuns ?? []), ...dropped.map((i) => ({ at: i.at, end: i.end, words: i.text, reason: 'another run' }))],
  };
}
