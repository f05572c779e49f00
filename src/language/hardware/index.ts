import type { MappedText } from '../mapped-text.js';
import { readAlternativePhrases } from './alternative-phrases.js';
import { readAlternatives } from './alternatives.js';
import { readMemoryArithmetic } from './arithmetic.js';
import { LARGEST_CARD_GIB, MEMORY_OF_ALL_CARDS, scanHardware } from './engine.js';
import { laptopCardNotes } from './laptop-cards.js';
import { coresOfCardNotes } from './cores-of-card.js';
import { readNodeSize } from './node-size.js';
import { readNodeTotal } from './node-total.js';
import { readOfferedCounts } from './offered-counts.js';
import { readUsedAndFree } from './used-and-free.js';
import type { Guarded, HardwareReading } from './types.js';

export { GUARD_RULES, PART_RULES } from './rules.js';
export { scanHardware } from './engine.js';
export type { Guarded, HardwareReading, HardwareRule, Part, PartRole } from './types.js';

export interface HardwareText {
  text: MappedText;
  readings: HardwareReading[];
  guarded: Guarded[];
}

/**
 * The hardware grammar's place in the reader: each hardware phrase is written again in the item
 * language ("10 nodes of 8x a100-40g"), mapped onto the whole phrase of the user's words, and
 * the digits of a measurement or a version are blanked, so no later rule counts them.
 */
export function readHardware(given: MappedText, notes: string[]): HardwareText {
  // "两卡或者三卡3090": options, not two counts (alternatives.ts).
  const options = readAlternatives(given, notes);
  // "I could use two A40 GPUs if necessary": an offer, not the setup (offered-counts.ts).
  // "it takes 14G, 10G still free", "nvidia-smi shows 22/24 GB": a card's halves, its sum or total the card (used-and-free.ts).
  const input = readUsedAndFree(readOfferedCounts(options.text, notes), notes);
  const scanned = scanHardware(input.text);
  const guarded = scanned.guarded;
  // "RTX 3080 Ti Laptop GPU": the desktop card's name on a laptop part of other memory, said as weak (laptop-cards.ts).
  notes.push(...laptopCardNotes(input.text, (at, end) => input.userText(at, end)));
  // "A100-80 GB of 8 cores": cards said as cores, the other reading said (cores-of-card.ts).
  notes.push(...coresOfCardNotes(input.text, (at, end) => input.userText(at, end)));
  // "at least 700GB of GPU memory is required": the memory of all the cards, said as set aside (engine.ts).
  for (const g of guarded.filter((x) => x.rule === MEMORY_OF_ALL_CARDS)) {
    notes.push(`"${input.userText(g.at, g.end).trim()}" is more than one card holds (${Math.round(LARGEST_CARD_GIB)} GB at most): read as the memory of several cards, not as your card — say "on 8x a100-80g" for yours`);
  }
  // "192 A100 40GB … Each node contains 4 × NVIDIA A100": the node's size said apart (node-size.ts).
  const nodeSize = readNodeSize(input.text, scanned.readings, (at, end) => input.userText(at, end));
  notes.push(...nodeSize.notes);
  // "256gpus … on 32-node H200": the GPUs in all said apart from the node count (node-total.ts).
  const nodeTotal = readNodeTotal(input.text, nodeSize.readings, (at, end) => input.userText(at, end));
  notes.push(...nodeTotal.notes);
  // "一张24G的A100或四张16G的V100": two whole phrases offered as options (alternative-phrases.ts).
  const phraseOptions = readAlternativePhrases(input.text, nodeTotal.readings, (at, end) => input.userText(at, end));
  const readings = phraseOptions.readings;
  for (const a of options.asked) {
    const reading = readings.find((r) => r.at <= a.at && a.at < r.end);
    if (reading) reading.notes.push(a.note);
    else notes.push(a.note);
  }
  // A phrase is written by the part rules it was read from, in order ("hw.count+hw.card+hw.memory");
  // a number set aside by its guard's rule.
  // "on 4A10 … so we have 24*4 G": the user's own arithmetic beside their card, set aside and said (arithmetic.ts).
  const arithmetic = readMemoryArithmetic(input.text, readings, (at, end) => input.userText(at, end));
  notes.push(...arithmetic.map((a) => a.note));
  const spans = [
    ...arithmetic.map((a) => ({ at: a.at, to: a.to, result: ' '.repeat(a.to - a.at), rule: a.rule })),
    ...phraseOptions.setAside.map((o) => ({ at: o.at, to: o.to, result: ' '.repeat(o.to - o.at), rule: o.rule })),
    ...readings.map((r) => ({ at: r.at, to: r.end, result: ` ${r.canonical} `, rule: [...new Set(r.parts.map((p) => p.rule))].join('+') })),
    ...guarded.map((g) => ({ at: g.numberAt, to: g.numberEnd, result: ' '.repeat(g.numberEnd - g.numberAt), rule: g.rule })),
  ].sort((a, b) => a.at - b.at);
  const disjoint = spans.filter((s, i) => i === 0 || s.at >= spans[i - 1]!.to);
  for (const r of readings) {
    const said = input.userText(r.at, r.end).trim();
    if (r.nodes !== null && r.perNode !== null && r.nodes > 1 && !nodeSize.written.has(r)) {
      // The other reading, where there is one: the count said was the total.
      const alt = r.perNode % r.nodes === 0 && r.perNode > r.nodes ? ` (say "${r.nodes} nodes of ${r.perNode / r.nodes}x" if ${r.perNode} is the total)` : '';
      notes.push(`"${said}" read as ${r.perNode} per node, ${r.count} GPUs in all${alt}`);
    }
    // The engine quotes the normalised text; the reply quotes the user's own words.
    const [first, last] = [r.parts[0]!, r.parts.at(-1)!];
    const quoted = `"${input.text.slice(first.at, last.end).trim()}"`;
    const own = `"${input.userText(first.at, last.end).trim()}"`;
    notes.push(...r.notes.map((n) => n.replace(quoted, own)));
  }
  return { text: input.replaceSpansEach(disjoint), readings, guarded };
}
