import { GPUS } from '../catalog/index.js';

/**
 * A card spelled with a memory size it was never made with ("H100-160G", "4090 48GB"): say
 * which sizes exist instead of guessing a neighbour. The sizes come from the GPU catalog.
 */
export function impossibleCardSize(word: string): string | null {
  const match = /^([a-z]+[\s_-]*\d+[a-z]*)[\s_-]*(\d+)\s*g(?:i?b)?$/i.exec(word.trim());
  if (!match) return null;
  const family = match[1]!.toLowerCase().replace(/[\s_-]+/g, '');
  const asked = Number(match[2]);
  const cards = GPUS.filter((g) => g.id.replace(/[-_]/g, '').startsWith(family) || g.aliases.some((a) => a.replace(/[\s_-]+/g, '') === family));
  if (cards.length === 0) return null;
  const sizes = cards.map((g) => `${g.name}`).join(', ');
  const bigger = GPUS.filter((g) => g.totalMiB / 1024 >= asked * 0.95 && g.vendor === cards[0]!.vendor)
    .sort((a, b) => a.totalMiB - b.totalMiB)
    .slice(0, 2)
    .map((g) => g.name);
  const hint = bigger.length ? ` For ${asked} GB on one card look at ${bigger.join(' or ')}.` : '';
  return `There is no ${match[1]!.toUpperCase()} with ${asked} GB: it comes as ${sizes}.${hint}`;
}
