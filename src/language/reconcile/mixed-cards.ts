import { GPUS } from '../../catalog/index.js';
import type { Doubt } from '../item-trace.js';
import { sentenceStart } from '../sentence-ends.js';
import type { Item } from '../items.js';

/**
 * One machine of two kinds of card (issue 22 §3, s48's "noticed"): "1张RTX5000ADA 32G+1张V100 32G能否运行该模型"
 * (QwenLM/Qwen3#179, corpus c3821: read as one V100, silently), "my 3090 and 4090", "a 4090 + 3090" (refused: "both
 * set the GPU type"). The scenario has one card type, so the set is read as one count of one card. Where the run
 * splits the model by layers in proportion to each card's memory (inference under llama.cpp, ExLlama or
 * device_map="auto"), as that count of cards of their mean memory; where every rank gets the same share (data
 * parallelism, ZeRO, FSDP, tensor parallelism: training, vLLM), as that count of the card with the least memory,
 * the one that runs out first. Cards of equal memory and different kinds are read as that memory alone (the corpus
 * writes them so, c3821). Weak, as every reading that joins two sayings is: said on the first screen with the words.
 *
 * Only sayings that make one machine of the two: joined by "+" (加, plus), or by "and" / 和 / 与 / 跟 where one of them
 * is a single card and both are counted ("1张A100和1张V100", "3x P40 and 1x P4") or the sentence owns them ("my", "I
 * have", 我有, "我的"). "Tested on an A100 and an H100"
 * is two runs, which the later steps weigh; "both", "each", "either", 分别 or 都 after them say so too.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;

const PLUS = /^\s*(?:\+|＋|plus|加上?|外加)\s*(?:(?:an?|one|my|another)\s+)?$/i;
const AND = /^\s*(?:and|&|和|与|跟|以及|、)\s*(?:(?:an?|one|my|another)\s+)?$/i;
/** Words after the pair that make them alternatives or separate runs. */
const APART_AFTER = /^\s*[,，]?\s*(?:both|each|either|respectively|separately|分别|都|各)/i;
/** Words before the pair, in its sentence, that own one machine. */
const OWNS = /\b(?:my|our|i(?:'ve| have| got)|we(?:'ve| have)|mixed|machine|server|rig|box)\b|我有|我的|我们的|有一台|机器|服务器|主机/i;

/** Two cards sold with one memory (within 2%: "32G" said of one and a catalog card of 32 GB). */
const sameMemory = (x: number, y: number) => Math.abs(x - y) / Math.max(x, y) < 0.02;

const gpuOf = (h: Hardware) => (h.gpuId === null ? undefined : GPUS.find((g) => g.id === h.gpuId));

/** Memory per card in GB as sold: the stated one, else the catalog's nominal (a V100 32GB is "32G" as people write it). */
function memoryOf(h: Hardware): number | null {
  if (h.capacityGiB !== null) return h.capacityGiB;
  return gpuOf(h)?.nominalGB ?? null;
}

/** A card as the reply names it: the catalog's name, or its memory. */
function cardName(h: Hardware): string {
  const gpu = gpuOf(h);
  return gpu && h.capacityGiB === null ? gpu.name : `${h.text.trim()} (${memoryOf(h)} GB)`;
}

/** The words of the sentence before a place (up to 160 characters back). */
const sentenceBefore = (text: string, at: number) => text.slice(sentenceStart(text, at, Math.max(0, at - 160)), at);

/** The two sayings make one machine of two kinds of card. */
function oneMachine(text: string, a: Hardware, b: Hardware): boolean {
  if (b.at < a.end || a.nodes !== null || b.nodes !== null) return false;
  // A memory said with no card and no count is an amount ("16G + 3060 6G Laptop": the host's 16 GB, c2671), no card.
  if ([a, b].some((h) => h.gpuId === null && h.count === null)) return false;
  const between = text.slice(a.end, b.at);
  // "my" may be the first saying's own word ("on my 3090 and 4090"). Several of each joined by "and" are most often two
  // machines ("2x4090和4x3090的多卡微调一直失败 … 两台服务器", Qwen-VL, c1839): one of them single, or a plus, makes one.
  // An article before the second counts it as one beside a first counted by a numeral ("1 RTX 4070ti and an RTX2070",
  // lmstudio-ai/lmstudio-bug-tracker, corpus c3891: the 2070 had been dropped in silence).
  const bCount = b.count ?? (/\b(?:an?|one|another)\s+$/i.test(between) ? 1 : null);
  const counted = a.count !== null && bCount !== null && Math.min(a.count, bCount) === 1;
  const joined = PLUS.test(between) || (AND.test(between) && Math.min(a.count ?? 1, b.count ?? 1) === 1 && (counted || OWNS.test(sentenceBefore(text, a.at) + a.text)));
  if (!joined || APART_AFTER.test(text.slice(b.end, b.end + 24))) return false;
  // The same card said twice is the later steps' to weigh (a count said again, two runs).
  if (a.gpuId === b.gpuId && sameMemory(memoryOf(a)!, memoryOf(b)!)) return false;
  const total = (a.count ?? 1) + (b.count ?? 1);
  return total <= 16;
}

/** Training said by an item: a method, a sharding, an optimizer, a batch of steps, a training mode. */
const TRAINS = new Set(['lora', 'sharding', 'optimizer', 'recompute', 'offload', 'loss', 'eval', 'rlTrainer']);
/**
 * Whether the run splits the model by memory: inference with no engine that splits tensors evenly (vLLM's `serve`,
 * TGI sharded, a tensor-parallel degree) and no training word. llama.cpp's --tensor-split and ExLlama's gpu-split
 * default to each card's free memory, HF's device_map="auto" fills each card to its own max_memory: a card's share is
 * its memory's, so N mixed cards hold what N cards of their mean memory hold.
 */
function splitsByMemory(items: readonly Item[]): boolean {
  const infers = items.some((i) => (i.kind === 'mode' && (i.value === 'inference' || i.value === 'run')) || i.kind === 'ngl' || i.kind === 'layerSplit' || i.kind === 'exl2Bits' || (i.kind === 'framework' && i.value === 'llamacpp'));
  const even = items.some((i) => i.kind === 'serve' || i.kind === 'tgiSharded' || (i.kind === 'parallel' && i.dim === 'tp'));
  const trains = items.some((i) => TRAINS.has(i.kind) || (i.kind === 'mode' && (i.value === 'full' || i.value === 'train' || i.value === 'pretrain')));
  return infers && !even && !trains;
}

const SPLITS = `a split by layers, as llama.cpp's --tensor-split, ExLlama's gpu-split or device_map="auto", gives each card a share of its own memory; an even split, as training's or vLLM's tensor parallelism, is bound by the smallest card`;

/** The one card the set is read as, and how the reply says it. */
function setOf(a: Hardware, b: Hardware, ma: number, mb: number, count: number, byMemory: boolean): { gpuId: string | null; capacityGiB: number | null; read: string } {
  if (!sameMemory(ma, mb) && byMemory) {
    // Whole GB below the mean: one RTX 3060 12GB and three RTX 3090 24GB (84 GB over four cards) are 4 cards of 21 GB.
    const mean = Math.floor(((a.count ?? 1) * ma + (b.count ?? 1) * mb) / count);
    return { gpuId: null, capacityGiB: mean, read: `${count} cards of ${mean} GB, their mean memory` };
  }
  if (!sameMemory(ma, mb)) {
    const least = ma < mb ? a : b;
    return { gpuId: least.gpuId, capacityGiB: least.capacityGiB, read: `${count}× the ${cardName(least)}, the card with less memory` };
  }
  // Of two with one memory, a card without bf16 binds the whole run to fp16 (a V100 beside an Ada card, c3821): that card.
  const noBf16 = [a, b].find((h) => gpuOf(h)?.bf16 === false);
  return noBf16
    ? { gpuId: noBf16.gpuId, capacityGiB: noBf16.capacityGiB, read: `${count}× the ${cardName(noBf16)}, the card without bf16` }
    : { gpuId: null, capacityGiB: Math.round(Math.min(ma, mb)), read: `${count} cards of ${Math.round(Math.min(ma, mb))} GB, the memory both have` };
}

export function mixedCards(items: Item[], text: string, notes: string[], doubts?: Doubt[]): Item[] {
  if (!text) return items;
  // Sayings with a memory of their own (a card, or a memory said): a bare count or an unread device's second saying is no set.
  const cards = items.filter((i): i is Hardware => i.kind === 'hardware' && memoryOf(i) !== null).sort((x, y) => x.at - y.at);
  for (let k = 0; k + 1 < cards.length; k++) {
    const [a, b] = [cards[k]!, cards[k + 1]!];
    if (!oneMachine(text, a, b)) continue;
    const [ma, mb] = [memoryOf(a)!, memoryOf(b)!];
    const count = (a.count ?? 1) + (b.count ?? 1);
    const { gpuId, capacityGiB, read } = setOf(a, b, ma, mb, count, splitsByMemory(items));
    const merged: Hardware = { kind: 'hardware', gpuId, capacityGiB, count, nodes: null, at: a.at, end: b.end, text: text.slice(a.at, b.end) };
    const words = merged.text.trim();
    const note = `"${words}": two kinds of card in one machine, read as ${read} (${SPLITS})`;
    notes.push(note);
    doubts?.push({ at: merged.at, end: merged.end, note, guess: { rule: 'reconcile.mixed-cards', words } });
    return items.filter((i) => i !== b).map((i) => (i === a ? merged : i));
  }
  return items;
}
