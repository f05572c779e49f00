import type { Item } from '../items.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';
import { inProse } from './asked-run.js';
import { namesModel } from './models.js';
import { recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * A card in a sentence about another run is that run's card (s46 rdev; docs/reading.md, "Which card is the user's"). A
 * message says its run first and then another with its own model: "qwen2-7b lora fine-tune OOMs at seq 4096. The same
 * thing happens with llama-3-8b on an A800", "internlm2-7b 全参微调 OOM。另外 qwen1.5-7b 在 H800 上也报同样的错". Once the
 * asked run's step (asked-run.ts) has set that model aside as another run's, a card said in its sentence, where no model
 * of the run read stands, belongs to it too: beside a card said anywhere else it is set aside, said; as the message's only
 * card it is read weak, said on the first screen with its sentence (never silently the run's, never refused).
 */
export const OTHER_RUN_CARD = { id: 'reconcile.other-run-card', example: 'qwen2-7b lora fine-tune OOMs at seq 4096. The same thing happens with llama-3-8b on an A800.' } as const;

/** The words of a sentence, short enough for a note. */
function sentenceWords(text: string, from: number, to: number): string {
  const words = text.slice(from, to).trim().replace(/\s+/g, ' ').replace(/[,;，；。.!！]+$/, '');
  return words.length <= 72 ? words : `${words.slice(0, 69)}…`;
}

/** `before` and `after` are the items around the asked run's step: the models it set aside are another run's. */
export function otherRunCards(before: readonly Item[], after: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return after;
  const kept = new Set(after);
  const asideModels = before.filter((i) => namesModel(i) && !kept.has(i));
  if (asideModels.length === 0) return after;
  const keptModels = after.filter(namesModel);
  const cards = after.filter((i) => i.kind === 'hardware' && slotsOf(i).includes('hardware'));
  const within = (i: Item, from: number, to: number) => i.at >= from && i.at < to;
  const others: { card: Item; model: Item; from: number; to: number }[] = [];
  for (const card of cards) {
    if (!inProse(text, card)) continue;
    const from = sentenceStart(text, card.at);
    const to = sentenceStop(text, card.end);
    const model = asideModels.find((m) => within(m, from, to));
    if (model && !keptModels.some((m) => within(m, from, to))) others.push({ card, model, from, to });
  }
  if (others.length === 0) return after;
  const theRunsCard = cards.some((c) => !others.some((o) => o.card === c));
  const aside = new Set<Item>();
  for (const { card, model, from, to } of others) {
    const words = sentenceWords(text, from, to);
    if (theRunsCard) {
      notes.push(`"${card.text.trim()}" set aside as your setup's cards: said in the sentence about ${model.text.trim()}, another run ("${words}")`);
      recordAside(owned, card, 'another run');
      aside.add(card);
    } else {
      owned?.doubts.push({ at: card.at, end: card.end, note: `said in the sentence about ${model.text.trim()}, another run`, guess: { rule: OTHER_RUN_CARD.id, words } });
    }
  }
  return aside.size ? after.filter((i) => !aside.has(i)) : after;
}
