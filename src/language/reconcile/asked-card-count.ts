import type { Item } from '../items.js';

type HowMany = Extract<Item, { kind: 'howMany' }>;
type Hardware = Extract<Item, { kind: 'hardware' }>;

/**
 * A count of cards with no card beside a how-many question that names one: "需要多少张A100（80G）吗，32卡oom了"
 * (how many A100 80G are needed? 32 cards ran out of memory; hiyouga/EasyR1, corpus c1804), "How many A100 80G
 * do I need? We tried 32 GPUs and got OOM". The cards counted are the ones the question is about: the count
 * takes the question's card (asked-card.ts is the other way round: a card with no count is the one asked of).
 * Whether the stated count then answers the question is the resolver's (resolve-questions.ts). Said, with the
 * other reading, since the message never says the 32 were that card.
 */
export function countTakesAskedCard(items: Item[], notes: string[]): Item[] {
  const asks = items.filter((i): i is HowMany & Item => i.kind === 'howMany');
  if (asks.length !== 1 || asks[0]!.gpuId === null) return items;
  const hw = items.filter((i): i is Hardware & Item => i.kind === 'hardware');
  if (hw.length === 0 || hw.some((h) => h.gpuId !== null || h.capacityGiB !== null || (h.count === null && h.nodes === null))) return items;
  const gpuId = asks[0]!.gpuId;
  notes.push(`"${hw[0]!.text.trim()}" read as ${gpuId} cards, the card "${asks[0]!.text.trim()}" asks about; say "on ${hw[0]!.count ?? 1}x <gpu>" if they are another card`);
  return items.map((i) => (hw.includes(i as Hardware & Item) ? { ...(i as Hardware & Item), gpuId } : i));
}
