import { GPUS } from '../../catalog/index.js';
import type { Doubt } from '../item-trace.js';
import type { Item } from '../items.js';

type Hardware = Extract<Item, { kind: 'hardware' }>;

const isHardware = (i: Item): i is Hardware => i.kind === 'hardware';
const named = (h: Hardware) => h.gpuId !== null || h.capacityGiB !== null;

/**
 * A count of GPUs said with no card, where the message names its card only in a machine of more of them that the
 * reconcile steps set aside as another run: "8*24G的4090服务器 … 现在4卡启动报错" (xorbitsai/inference#2853, corpus
 * c2084: read as 4 GPUs and no card), "I can run the SFT stage on 8x3090 GPUs … when I'm trying to inference on
 * 4 GPUs" (c1825: the same). The run is on that many cards, most likely the machine's kind, but the message never
 * says so: the count stays the run's and takes the machine's card, said as weak with the machine's words (issue 22:
 * never a confident card from another phrase). Only where nothing left names a card or a memory, one kind of card
 * was set aside, and every saying of it has more cards than the run: "two 3090s … with one GPU" (c075) keeps the
 * two the other steps kept.
 * `before` is the items as they were before the ownership steps; `items` what is left after them.
 */
export function countTakesMachineCard(items: Item[], before: Item[], notes: string[], doubts: Doubt[] = []): Item[] {
  const hw = items.filter(isHardware);
  if (hw.length === 0 || hw.some(named) || hw.some((h) => h.nodes !== null && h.nodes > 1)) return items;
  const bare = hw.filter((h) => h.count !== null);
  if (bare.length === 0 || new Set(bare.map((b) => b.count)).size !== 1) return items;
  const count = bare[0]!.count!;
  const aside = before.filter((i): i is Hardware => isHardware(i) && !items.includes(i) && named(i));
  if (aside.length === 0 || new Set(aside.map((h) => `${h.gpuId}|${h.capacityGiB}`)).size !== 1) return items;
  if (aside.some((h) => h.count === null || h.count <= count || (h.nodes !== null && h.nodes > 1))) return items;
  const machine = aside[0]!;
  const card = machine.gpuId !== null ? (GPUS.find((g) => g.id === machine.gpuId)?.name ?? machine.gpuId) : `${machine.capacityGiB} GB`;
  const run = bare[0]!;
  doubts.push({ at: run.at, end: run.end, note: `read as ${card} cards, the machine's ("${machine.text.trim()}"); the message does not name the ${count}` });
  notes.push(`${count} GPUs ("${run.text.trim()}"): read as the ${card} cards of "${machine.text.trim()}", the machine's ${machine.count} — say "on ${count}x <gpu>" if the run's are another card`);
  return items.map((i) => (bare.includes(i as Hardware) ? { ...(i as Hardware), gpuId: machine.gpuId, capacityGiB: machine.capacityGiB } : i));
}
