import { allMatches } from '../all-matches.js';
import { GPUS } from '../../catalog/index.js';
import type { Guarded, HardwareReading } from './types.js';

/** The most memory one card is sold with (the catalog's largest): a GPU memory above it is several cards'. */
export const LARGEST_CARD_GIB = Math.max(...GPUS.map((g) => g.totalMiB / 1024));

/** The rule that sets aside a memory more than one card holds said with no card, count or total (s35). */
export const BEYOND_ONE_CARD = 'not-hw.beyond-one-card';
const ANY_MEMORY = /(?<![\w.])(\d+(?:\.\d+)?)[ \t]*(?:gib|gb|g)(?![a-z])/g;
/** Host memory, disk, or a Mac's unified memory: read by their own rules (the host-RAM prose rules, apple-devices.ts). */
const OTHER_MEMORY_AFTER = /^[ \t]*(?:of[ \t]+)?(?:(?:cpu|system|host|main)[ \t]+)?(?:ram|dram|ddr\d?|memory|disk|ssd|nvme|storage|swap|unified|内存|硬盘|磁盘|メモリ|메모리)/;
const OTHER_MEMORY_BEFORE = /(?:ram|ddr\d?|memory|disk|ssd|storage|swap|unified|mac|apple|m[1-5]\s*(?:ultra|max|pro)?|内存|硬盘|磁盘|メモリ|메모리)[^\n\d]{0,12}$/;

/**
 * An amount no card is sold with and no phrase reads ("Right, I don't have 805 GB of mem", ggml-org/llama.cpp#7118,
 * corpus c2618: read as an 805 GB card) is no card: what a run asked for or the memory of several machines. Host RAM,
 * disk and unified memory named beside it are left to their rules.
 */
export function beyondOneCard(text: string, readings: HardwareReading[], guarded: Guarded[]): Guarded[] {
  const found: Guarded[] = [];
  for (const m of allMatches(ANY_MEMORY, text)) {
    const at = m.index;
    const end = at + m[0].length;
    if (Number(m[1]) <= LARGEST_CARD_GIB) continue;
    if (readings.some((r) => r.at < end && at < r.end) || guarded.some((g) => g.at < end && at < g.end)) continue;
    if (OTHER_MEMORY_AFTER.test(text.slice(end, end + 24)) || OTHER_MEMORY_BEFORE.test(text.slice(Math.max(0, at - 24), at))) continue;
    // "on 512gb" is the item language's own device (a Mac's or a DGX's unified memory, as the corpus writes it).
    if (/\bon[ \t]+(?:an?[ \t]+|one[ \t]+|my[ \t]+)?$/.test(text.slice(Math.max(0, at - 10), at))) continue;
    // Right after a card's or a system's name it is that system's total ("DGX-A100 320GB", "8x H100 640GB"), read by
    // the systems' rules: a card word beside it, as above.
    if (/(?:dgx|hgx|\b[abhlv]\d{2,3}|\bmi\d{3}|\brtx[ \t-]?\d{4}|\bgb\d{3})[\w-]*[ \t,(]*$/.test(text.slice(Math.max(0, at - 24), at))) continue;
    // "320 GB of A100 80GB", "512GB VRAM of H100s": the cards' memory in all, before their name (cards-in-total.ts).
    if (/^[ \t]*(?:(?:of[ \t]+)?(?:vram|gpu[ \t]+memory)[ \t]+)?of[ \t]+(?:(?:nvidia|tesla|geforce|rtx|amd|instinct)[ \t-]*)*(?:[abhlv]\d{2,3}|mi\d{3}|\d{4})/i.test(text.slice(end, end + 40))) continue;
    // A count or a times sign beside it makes it part of the user's arithmetic or a total, read elsewhere.
    if (/\d[ \t]*[x×*][ \t]*$/.test(text.slice(Math.max(0, at - 6), at)) || /^[ \t]*[x×*=]/.test(text.slice(end, end + 3))) continue;
    found.push({ rule: BEYOND_ONE_CARD, role: 'measurement', at, end, numberAt: at, numberEnd: end });
  }
  return found;
}

