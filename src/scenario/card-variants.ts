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

/** The other memory sizes of this card, smallest first (none for a card sold in one size). */
export function otherSizes(gpuId: string): GpuSpec[] {
  const family = familyOf(gpuId);
  return GPUS.filter((g) => g.id !== gpuId && familyOf(g.id) === family).sort((a, b) => a.totalMiB - b.totalMiB);
}

/** The user's words name a memory size: "A100 40G", "a100-80gb", "V100 (32 GB)", "24G*8". */
export const namesMemory = (words: string): boolean => /\d\s*(?:g|gb|gib|GB|G)(?![a-z])/i.test(words);
