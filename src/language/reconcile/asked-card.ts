import type { Item } from '../items.js';

type HowMany = Extract<Item, { kind: 'howMany' }>;
type Hardware = Extract<Item, { kind: 'hardware' }>;

/**
 * The card a how-many question is about, named apart from it: "准备用80G的A100，先计算下要多少张显卡" (we plan
 * to use 80G A100s and first want to work out how many cards, deepseek-ai/DeepSeek-R1#354, c1297: read as one
 * A100 and "how many GPUs" beside it), "We plan to use A100 80GB. How many GPUs do we need?". Said in one
 * phrase the question already names it ("How many blocks of 80g a100 are needed", meta-llama/llama#389;
 * "全量训练大概有多少张A800呢", TigerResearch/TigerBot#5). A card with no count, the only card the message
 * names, is the one the count is asked of, never one card of the user's; said, with the other reading.
 * A card with a count ("Minimum gpus for Yi-34B?" over "8 * A100 80GB", c413) stays the user's.
 */
export function cardAsked(items: Item[], notes: string[]): Item[] {
  const asks = items.filter((i): i is HowMany & Item => i.kind === 'howMany');
  if (asks.length !== 1) return items;
  const hw = items.filter((i): i is Hardware & Item => i.kind === 'hardware');
  if (hw.length === 0 || hw.some((h) => h.count !== null || h.nodes !== null || h.gpuId === null)) return items;
  const gpuId = hw[0]!.gpuId!;
  if (hw.some((h) => h.gpuId !== gpuId)) return items;
  const ask = asks[0]!;
  // The question names the same card ("deploy deepseek 600B use vllm and RTX4090 … How many RTX 4090 do I need at
  // least?", vllm-project/vllm#11539, c2258: read as one 4090 and the question beside it): the card named alone is
  // the one asked of too, never one card of the user's. Another card in the question leaves both (a run and a target).
  if (ask.gpuId !== null && ask.gpuId !== gpuId) return items;
  notes.push(`"${hw[0]!.text.trim()}" with "${ask.text.trim()}": read as the card whose count is asked (how many ${gpuId}); say "on 1x ${gpuId}" if you have one and ask whether it fits`);
  return items.filter((i) => !hw.includes(i as Hardware & Item)).map((i) => (i === ask ? { ...ask, gpuId } : i));
}
