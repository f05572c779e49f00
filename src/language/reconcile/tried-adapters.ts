import type { Item } from '../items.js';

type Lora = Extract<Item, { kind: 'lora' }>;

/**
 * LoRA and QLoRA named side by side, both tried or both failing, are two runs the user weighs, never
 * one: "I tried LoRA and QLoRA on qwen2-7b with one 3090, both give OOM", "lora 和 qlora 都爆显存",
 * "LoRA or QLoRA, either way it OOMs". The later word had won in silence (a QLoRA run estimated where
 * the user also ran 16-bit LoRA). Read as the comparison the two runs make ("compare lora vs qlora",
 * as the corpus reads the two configs of hiyouga/LlamaFactory#7568, c1208), said. As tried-alternatives.ts
 * reads a full fine-tune and LoRA named so, and only where the words say both were run.
 */
export const TRIED_ADAPTERS_RULE = {
  id: 'reconcile.tried-adapters',
  example: 'I tried LoRA and QLoRA on qwen2-7b with one 3090, both give OOM',
  source: 'hiyouga/LlamaFactory#7568 (two configs, LoRA and its 4-bit twin, "both of them give OOM")',
} as const;

/** Only a joining word between the two: and, or, "/", "、", 和, 与, 或, 还是. */
const JOIN = /^\s*(?:(?:,\s*)?(?:and|or|and\/or)|\/|、|,|，|和|与|跟|及|以及|或|或者|或是|还是)\s*$/i;
/** Both run: "both"/"either"/"all" after them (都, 均, 也都), or "both"/"tried" before them. */
const BOTH_AFTER = /^[^.?!。？！\n]{0,40}?(?:\bboth\b|\beither\b|\ball\b|\beach\b|都|均|全都|也都)/i;
const BOTH_BEFORE = /(?:\bboth\b|\beither\b|\btried\b|\btry\b|\btrying\b|试了|试过|尝试了?|不管是|无论是?)[^.?!。？！\n]{0,40}$/i;

export function triedAdapters(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || items.some((i) => i.kind === 'compare')) return items;
  const said = items.filter((i): i is Lora & Item => i.kind === 'lora').sort((x, y) => x.at - y.at);
  for (let k = 0; k + 1 < said.length; k++) {
    const [a, b] = [said[k]!, said[k + 1]!];
    if (a.qlora === b.qlora || !JOIN.test(text.slice(a.end, b.at))) continue;
    if (!BOTH_AFTER.test(text.slice(b.end)) && !BOTH_BEFORE.test(text.slice(Math.max(0, a.at - 50), a.at))) continue;
    const [lora, qlora] = a.qlora ? [b, a] : [a, b];
    notes.push(`"${a.text.trim()}" and "${b.text.trim()}" are both run (tried or weighed): compared, LoRA on 16-bit weights against QLoRA on 4-bit ones; say one alone to estimate it`);
    const compare: Item = { kind: 'compare', a: lora, b: qlora, at: a.at, end: b.end, text: text.slice(a.at, b.end) };
    return [...items.filter((i) => i !== a && i !== b), compare].sort((x, y) => x.at - y.at);
  }
  return items;
}
