import { gpuById } from '../../catalog/index.js';
import type { HardwareRule, Part } from './types.js';

/**
 * A card named by its architecture and its memory (issue 22 item 3, s44 rhw2): "8x32GB Nvidia Volta" (corpus c2906,
 * huggingface/transformers#3616), "a 16GB Turing card", "Ampere 24GB". The word is a part of role `card` whose card
 * the phrase's memory picks from the catalog's cards of that architecture:
 * - one card of the catalog has that architecture and memory (Volta 32 GB: the V100 32GB) → that card, said with the
 *   words and a switch, since a card outside the catalog may share the pair (the Quadro GV100 is Volta 32 GB too);
 * - several have it (Ampere 24 GB: RTX 3090, A10, A30 …) or none does (Volta 24 GB) → no card: the phrase is read
 *   by its memory, the architecture said, never swapped for another card;
 * - no memory in the phrase ("an Ampere GPU") → the word counts nothing and names no card: left out.
 * An architecture right beside a card's name ("RTX 5090 (Blackwell)", "Blackwell RTX PRO 6000") is that card's
 * generation, no card of its own (`generationOfNamedCard`).
 */

export const ARCHITECTURE_RULE_ID = 'hw.architecture';

export const ARCHITECTURE_RULES: readonly HardwareRule<'card'>[] = [
  {
    id: ARCHITECTURE_RULE_ID,
    role: 'card',
    // "ada" alone is a name too often ("RTX 6000 Ada" is the card rule's): only "Ada Lovelace" / "Lovelace".
    pattern: /(?<![\w-])(?<word>pascal|volta|turing|ampere|hopper|blackwell|(?:ada\s+)?lovelace)(?![\w-])/g,
    example: 'Out of memory error while training GPT2-large on 8x32GB Nvidia Volta',
    source: 'huggingface/transformers#3616 (corpus c2906)',
  },
];

/** The catalog's cards of each architecture (src/catalog/gpus/*: their CONTEXT_MIB tag). */
const CARDS_OF: Record<string, readonly string[]> = {
  pascal: ['p100-16g', 'p40-24g', 'gtx-1080-ti', 'gtx-1060'],
  volta: ['v100-16g', 'v100-32g'],
  turing: ['t4', 'rtx-2060', 'rtx-2060-12g', 'rtx-2070', 'rtx-2080', 'rtx-2080-ti', 'titan-rtx'],
  ampere: [
    'rtx-3090', 'rtx-3060', 'rtx-3080', 'rtx-3080-12g', 'rtx-3060-8g', 'rtx-3060-ti', 'rtx-3070', 'rtx-3070-ti', 'rtx-3080-ti',
    'rtx-3090-ti', 'a30', 'rtx-a4000', 'rtx-a5000', 'rtx-a6000', 'a10', 'a10g', 'a40', 'a100-40g', 'a100-80g', 'a800-40g', 'a800-80g',
  ],
  lovelace: ['l4', 'rtx-4090', 'rtx-4060', 'rtx-4070', 'rtx-4060-ti-16g', 'rtx-4060-ti-8g', 'rtx-4070-ti', 'rtx-4070-ti-super', 'rtx-4080', 'l20', 'l40', 'l40s', 'rtx-6000-ada'],
  hopper: ['h100-80g', 'h100-pcie', 'h100-nvl', 'h800', 'h20', 'gh200', 'h200'],
  blackwell: ['rtx-5090', 'rtx-5070-ti', 'rtx-5080', 'rtx-pro-6000', 'b200', 'b300', 'gb200'],
};

const DISPLAY: Record<string, string> = { pascal: 'Pascal', volta: 'Volta', turing: 'Turing', ampere: 'Ampere', lovelace: 'Ada Lovelace', hopper: 'Hopper', blackwell: 'Blackwell' };

function architectureOf(written: string): string {
  return written.replace(/^ada\s+/, '');
}

/** The catalog's cards of an architecture sold with that memory: the label's GB, or nvidia-smi's total in GiB. */
export function cardsOfArchitecture(arch: string, memoryGiB: number): string[] {
  const m = Math.round(memoryGiB);
  return (CARDS_OF[architectureOf(arch)] ?? []).filter((id) => {
    const g = gpuById(id);
    return g.nominalGB === m || Math.round(g.totalMiB / 1024) === m;
  });
}

/** An architecture part found beside a catalog card is that card's generation: dropped from the parts. */
export function generationOfNamedCard(parts: readonly Part[], text: string): Part[] {
  return parts.filter((p, i) => {
    if (p.rule !== ARCHITECTURE_RULE_ID) return true;
    const beside = (q: Part | undefined, gap: string) => q !== undefined && q.role === 'card' && q.rule !== ARCHITECTURE_RULE_ID && /^[\s()\[\],\-/]*$/.test(gap);
    const before = parts[i - 1];
    const after = parts[i + 1];
    return !beside(before, before ? text.slice(before.end, p.at) : '') && !beside(after, after ? text.slice(p.end, after.at) : '');
  });
}

/**
 * A phrase with an architecture part, its card picked by the phrase's memory: the parts to read (the architecture
 * written as the card it picks, or left out) and what the reply says. Null where the phrase has none.
 */
export function resolveArchitecture(phrase: readonly Part[], text: string): { parts: Part[]; notes: string[] } | null {
  const arch = phrase.find((p) => p.rule === ARCHITECTURE_RULE_ID);
  if (!arch) return null;
  const rest = phrase.filter((p) => p !== arch);
  const memory = phrase.find((p) => p.role === 'memory');
  if (!memory) return { parts: rest, notes: [] };
  const name = DISPLAY[architectureOf(arch.written!)] ?? arch.written!;
  const said = text.slice(phrase[0]!.at, phrase.at(-1)!.end).trim();
  const ids = cardsOfArchitecture(arch.written!, memory.value);
  if (ids.length === 1) {
    const id = ids[0]!;
    return {
      parts: phrase.map((p) => (p === arch ? { ...p, gpuId: id, written: id } : p)),
      notes: [`"${said}": read as the ${gpuById(id).name}, the ${name} card of ${memory.value} GB I know; say "on <your card>" if yours is another`],
    };
  }
  const known = ids.map((id) => gpuById(id).name);
  const why = known.length
    ? `several ${name} cards have ${memory.value} GB (${known.slice(0, 4).join(', ')}${known.length > 4 ? ' …' : ''})`
    : `I know no ${name} card of ${memory.value} GB`;
  const article = /^[aeiou]/i.test(name) ? 'an' : 'a';
  return { parts: rest, notes: [`"${said}": read as ${article} ${name} card of ${memory.value} GB — ${why}; say "on <your card>" to name it`] };
}
