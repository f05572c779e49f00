import type { Item } from '../items.js';
import { gpuIdOf } from '../lexicon.js';

/**
 * Two cards compared are what a message is about, not always the card it runs: "feat: add Qwen3-8B pre-training
 * sample (H200 vs B300, NeMo/Megatron)" over the diff of ".../qwen3-8b-pretraining/h200/train.py"
 * (awslabs/awsome-distributed-ai#1138, corpus c2578: read as the question "compare h200 vs b300", no card, silent).
 * Where the message names one side again outside the comparison (a folder of its path, a config value, a sentence)
 * and never the other, that side is the setup's card, said with the words that name it; where it names both or
 * neither, the comparison stays the question, which answers for both cards.
 */

/** Card-like words: a letter run and digits ("h200", "a100", "rtx 4090", "l40s") or four digits ("4090"). */
const CARD_WORD = /(?<![a-z0-9])(?:(?:rtx|gtx)[\s_-]?)?(?:[a-z]{1,3}\d{1,4}[a-z]?|\d{4}(?:[\s_-]?ti)?)(?![a-z0-9])/gi;

/** Where the text names a card, outside [from, to). */
function namedOutside(text: string, gpuId: string, from: number, to: number): { at: number; words: string } | null {
  for (const m of text.matchAll(CARD_WORD)) {
    if (m.index >= from && m.index < to) continue;
    if (gpuIdOf(m[0].replace(/[\s_-]+/g, ' ')) === gpuId) return { at: m.index, words: m[0] };
  }
  return null;
}

/** The stretch of text around a place, for the reply: its line, cut short. */
function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  const line = text.slice(start, end < 0 ? undefined : end).trim();
  return line.length <= 72 ? line : `…${line.slice(Math.max(0, at - start - 40), at - start + 30).trim()}…`;
}

export function comparedCards(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  return items.map((i) => {
    if (i.kind !== 'compare' || i.a.kind !== 'hardware' || i.b.kind !== 'hardware') return i;
    const [a, b] = [i.a, i.b];
    if (a.gpuId === null || b.gpuId === null || a.gpuId === b.gpuId) return i;
    const from = Math.min(a.at, i.at);
    const to = Math.max(b.end, i.end);
    const again = [namedOutside(text, a.gpuId, from, to), namedOutside(text, b.gpuId, from, to)];
    if ((again[0] === null) === (again[1] === null)) return i;
    const [side, where] = again[0] ? [a, again[0]] : [b, again[1]!];
    notes.push(`"${a.text.trim()} vs ${b.text.trim()}" read as what the message compares, not a question: your setup's card is "${side.text.trim()}", named again in "${lineAround(text, where.at)}" (say "compare ${a.text.trim()} vs ${b.text.trim()}" to compare them)`);
    return side;
  });
}
