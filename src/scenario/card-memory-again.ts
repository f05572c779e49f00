import type { FactTrace } from './facts.js';

/**
 * A card's memory said again is that card's (issue 22, item 4): "fine-tune Mistral 7B Instruct v0.3
 * with QLoRA on my RTX 3060 (12GB) … Is 12GB just not enough or am I doing something wrong?" (a
 * stranger's post the lead saw) read the card with its "(12GB" and listed the question's "12GB" as
 * not used, as if it were a setting left out. A memory equal to the card's, or to all the cards'
 * together ("2x 3090 … 48GB in total"), confirms the card: it is listed with the card fact, never as
 * not used. A memory the card does not have ("8GB" beside a 12 GB card) stays listed.
 * Corpus: "4090 24G … 24G显存" (c129), "A100 40G … 40G" (c033, c162), "my 12gb 3060" (c172).
 */

type Span = { at: number; end: number };

/** A memory as written: digits and a memory unit, the unit glued or after one space. */
const MEMORY = /^(\d+(?:\.\d+)?)\s?(?:gb|gib|g|go|gigs?)(?![a-z])/i;

/** The card's memory and count from its fact's value ("2× RTX 3090 24GB"). */
function cardMemory(card: FactTrace): { gib: number; count: number } | null {
  const gib = /(\d+(?:\.\d+)?)\s*GB\b/.exec(card.value);
  if (!gib) return null;
  const count = /^(\d+)\s*×/.exec(card.value.trim());
  return { gib: Number(gib[1]), count: count ? Number(count[1]) : 1 };
}

/**
 * The spans among `numbers` (outside every fact) that say the card's memory again: each is added to
 * the card fact's `also` and returned, with its unit.
 */
export function cardMemoryAgain(text: string, trace: FactTrace[], numbers: readonly Span[]): Span[] {
  const card = trace.find((f) => f.fact === 'card' && f.at !== null);
  const memory = card ? cardMemory(card) : null;
  if (!card || !memory) return [];
  const found: Span[] = [];
  for (const n of numbers) {
    const said = MEMORY.exec(text.slice(n.at, n.at + 24));
    if (!said) continue;
    const gib = Number(said[1]);
    if (gib !== memory.gib && gib !== memory.gib * memory.count) continue;
    found.push({ at: n.at, end: n.at + said[0].length });
  }
  if (found.length) card.also = [...(card.also ?? []), ...found];
  return found;
}
