import { allMatches } from '../language/all-matches.js';
import { GPUS } from '../catalog/index.js';
import type { GpuSpec } from '../catalog/types.js';

/**
 * The same card sold with more than one memory size (A100 40 / 80 GB, V100 16 / 32 GB, A800,
 * RTX 3080 10 / 12 GB, RTX 3060 8 / 12 GB, RTX 2060 6 / 12 GB): the catalog spells the other
 * sizes as the card's id with a "-NNg" suffix. A card named without its memory ("8 A100") is read
 * as the catalog's default size — a fact on a weak cue, said on the first screen (issue 22,
 * item 5), since a team rents 40 GB and 80 GB A100s alike.
 */
const familyOf = (id: string): string => id.replace(/-\d+g$/, '');

/** The catalog's cards by family, in catalog order: every reply with a card asks for its other sizes (issue 22). */
const BY_FAMILY = new Map<string, GpuSpec[]>();
for (const g of GPUS) BY_FAMILY.set(familyOf(g.id), [...(BY_FAMILY.get(familyOf(g.id)) ?? []), g]);

/** The other memory sizes of this card, smallest first (none for a card sold in one size). */
export function otherSizes(gpuId: string): GpuSpec[] {
  return (BY_FAMILY.get(familyOf(gpuId)) ?? []).filter((g) => g.id !== gpuId).sort((a, b) => a.totalMiB - b.totalMiB);
}

/** A memory's unit after its number, before a glued count too ("40Gx2", "40GB×2"; not "40 gpus"). */
const MEMORY_UNIT = /(\d+(?:\.\d+)?)\s*(?:gb|gib|g)(?![a-wyz]|x[a-z])/gi;

/** The user's words name a memory size: "A100 40G", "a100-80gb", "V100 (32 GB)", "24G*8", "A100 40Gx2". */
export const namesMemory = (words: string): boolean => words.match(MEMORY_UNIT) !== null;

/** The size a card is sold as ("H100 NVL 94GB" is 94). */
const nominalGiB = (g: GpuSpec): number => g.nominalGB;

/** The word that names a card's model: "H100" of "H100 NVL 94GB", "RTX 3090" of "RTX 3090 Ti 24GB". */
const modelWord = (g: GpuSpec): string => {
  const words = g.name.split(' ');
  return /^(?:rtx|gtx|tesla|radeon|quadro|instinct|arc)$/i.test(words[0]!) ? words.slice(0, 2).join(' ') : words[0]!;
};

/** The cards sold under the same model word or as another size of this one ("h100-80g", "h100-pcie" beside "h100-nvl"). */
export function siblings(gpuId: string): GpuSpec[] {
  const card = GPUS.find((g) => g.id === gpuId);
  if (!card) return [];
  const word = modelWord(card);
  const sizes = GPUS.filter((g) => g.id !== gpuId && (familyOf(g.id) === familyOf(gpuId) || modelWord(g) === word));
  // One per size: "h100-80g" and "h100-pcie" are both 80 GB.
  return sizes.filter((g, i) => sizes.findIndex((o) => nominalGiB(o) === nominalGiB(g)) === i).sort((a, b) => a.totalMiB - b.totalMiB);
}

/**
 * The memory the user's words give a card when it is near, but not, a size the card is sold in
 * ("96GB H100" read as the H100 NVL 94GB, corpus c396): the reading took the nearest size, a weak
 * cue. A memory that is the card's size, or the count's total ("2x 3090 48GB"), is no doubt; one
 * far from it is not the card's (host memory, a budget) and is someone else's to read.
 */
export function memoryOff(gpuId: string, words: string, count: number): number | null {
  const card = GPUS.find((g) => g.id === gpuId);
  if (!card) return null;
  const size = nominalGiB(card);
  const usable = card.totalMiB / 1024;
  for (const m of allMatches(MEMORY_UNIT, words)) {
    const gib = Number(m[1]);
    if (gib === size || gib === size * count) continue;
    // What the card reports, a little under its size ("L40 (45GB)", "A40 is 46GB", "A100 79GB"): its own.
    if (gib < size && gib >= usable - 1) continue;
    if (Math.abs(gib - size) <= 0.25 * size) return gib;
  }
  return null;
}

/** Within this fraction of a size the card is sold in, a memory may be that size misremembered. */
const NEAR_A_SIZE = 0.25;

/**
 * A memory the user states for a card that is a quarter or more below every size the card and its
 * siblings are sold in: the smaller part the catalog of desktop and datacenter cards lacks ("RTX
 * 3060 with 6GB VRAM", the laptop RTX 3060, meta-llama/llama#381; "NV 3060 6GB", mlc-ai/mlc-llm#931;
 * "RTX 4090 with 16GB", the laptop 4090). The user knows the card in front of them: it is read as a
 * card of that memory with its name said. A memory near a size ("A100 32GB" beside the 40 GB one,
 * "RTX 2080 11G", the 2080 Ti's) or above every size ("8 x L40S 80GB", another card's size; "A100
 * (160GB)", two cards' in all, c083; "4090 48GB", a total or a modded card) stays the question it
 * was: two readings, asked.
 */
export function memoryOfItsOwn(gpuId: string, gib: number): boolean {
  const card = GPUS.find((g) => g.id === gpuId);
  if (!card) return false;
  return [card, ...siblings(gpuId)].map(nominalGiB).every((size) => gib <= (1 - NEAR_A_SIZE) * size);
}

/** A GeForce card by its catalog name ("RTX 3090 24GB", "GTX 1080 Ti 11GB"): sold under one name in several memories. */
const geForce = (name: string) => /^(?:RTX|GTX) \d{4}/.test(name);
export const isGeForceCard = (gpuId: string): boolean => geForce(GPUS.find((g) => g.id === gpuId)?.name ?? '');

/**
 * A memory twice the size a GeForce card is sold in: the card with its memory chips swapped for
 * denser ones, sold second-hand as its own product ("4x2080ti 22GB", ollama/ollama#11702, c1132;
 * "2*22G 2080ti", AutoGPTQ/AutoGPTQ#185, c1137; the "3080 20G" and "4090 48G" of Chinese cloud
 * listings). The memory the user states is the card's; the card's name is the catalog's stock part,
 * so the reading is said as weak. Not a count's total ("2x 3090 48GB" is two of 24), which the
 * reader decides first.
 */
export function moddedMemory(gpuId: string, gib: number): boolean {
  const card = GPUS.find((g) => g.id === gpuId);
  if (!card || !geForce(card.name)) return false;
  const sizes = [card, ...siblings(gpuId)].map(nominalGiB);
  return sizes.some((size) => Math.abs(gib - 2 * size) <= 1) && sizes.every((size) => gib > 1.1 * size);
}

/**
 * The modified cards sold as a product of their own under the stock card's name, whose memory is
 * written right after the name even when a count times the stock memory gives the same figure:
 * "双 2080ti 22G显卡" (c1253, two 22 GB cards, not two 11 GB ones in all), "4x2080ti 22GB"
 * (ollama/ollama#11702), "2*22G 2080ti" (AutoGPTQ/AutoGPTQ#185). Not the 4090 48G: "2x4090 48G显存"
 * is as often the two stock cards' total, so it stays the count's total (asked there).
 */
const MODDED_PRODUCTS: Record<string, number> = { 'rtx-2080-ti': 22 };
export const moddedProduct = (gpuId: string, gib: number): boolean => MODDED_PRODUCTS[gpuId] === gib;
