import type { Item } from '../items.js';

/**
 * Rival values of one setting named side by side, joined by nothing but "and", "or", "/" or their
 * Chinese words, are the things the user tried or weighs, not the run's setting: "Deepspeed Zero2
 * and Zero3 both still OOM" (axolotl-ai-cloud/axolotl#998, c889), "不管是zero2还是zero3 都存在OOM"
 * (whether zero2 or zero3, OOM either way; QwenLM/Qwen#1030, c913), "it fails for both offload and
 * no_offload ds configs" (allenai/open-instruct#12, c912). Neither is read; the reply says both were
 * named and how to estimate one. (A question that compares them, "zero2 or zero3?", is a compare and
 * never reaches here: reconcile/compares.ts.)
 */

/** The setting kinds whose values are alternatives of one run: the sharding and what is offloaded. */
const KINDS = ['sharding', 'offload'] as const;

/** Only a joining word between the two: and, or, nor, "/", "、", 和, 或, 还是 (and a comma before them). */
const JOIN = /^\s*(?:(?:,\s*)?(?:and|or|nor|and\/or)|\/|&|\+|、|,|和|与|跟|及|以及|或|或者|或是|还是)\s*$/i;

export const TRIED_ALTERNATIVES_RULE = {
  id: 'reconcile.tried-alternatives',
  example: 'Deepspeed Zero2 and Zero3 both still OOM',
  source: 'axolotl-ai-cloud/axolotl#998; QwenLM/Qwen#1030; allenai/open-instruct#12',
} as const;

export function triedAlternatives(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const dropped = new Set<Item>();
  for (const kind of KINDS) {
    const said = items.filter((i) => i.kind === kind).sort((a, b) => a.at - b.at);
    const value = (i: Item) => JSON.stringify({ ...i, at: 0, end: 0, text: '' });
    for (let k = 0; k + 1 < said.length; k++) {
      const [a, b] = [said[k]!, said[k + 1]!];
      if (value(a) === value(b) || !JOIN.test(text.slice(a.end, b.at))) continue;
      // A run of alternatives ("zero1, zero2 or zero3") goes whole.
      const group = [a, b];
      while (k + 2 < said.length && JOIN.test(text.slice(said[k + 1]!.end, said[k + 2]!.at))) group.push(said[++k + 1]!);
      k++;
      for (const i of group) dropped.add(i);
      const names = group.map((i) => `"${i.text}"`);
      notes.push(`${names.slice(0, -1).join(', ')} and ${names.at(-1)} are named together (tried or weighed), so none of them is read as your setup's ${kind}; say one alone to estimate it`);
    }
  }
  if (dropped.size === 0) return items;
  // "DeepSpeed" beside them names the provider of the stages and offloads tried (as "DeepSpeed ZeRO-3"
  // names ZeRO's, reconcile/settings.ts frameworks()), not a DeepSpeed preset to estimate.
  const provider = items.filter((i) => i.kind === 'framework' && i.value === 'deepspeed');
  if (provider.length) notes.push(`"${provider[0]!.text.trim()}" read as the provider of the settings tried, not a preset of its own`);
  return items.filter((i) => !dropped.has(i) && !provider.includes(i));
}
