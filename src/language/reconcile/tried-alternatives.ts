import type { Item, OffloadValue } from '../items.js';
import { namesOneFsdp } from '../fsdp-strategy.js';

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
const JOIN = /^\s*(?:(?:,\s*)?(?:and|or|nor|and\/or)|\/|&|\+|、|,|，|和|与|跟|及|以及|或|或者|或是|还是)\s*$/i;

export const TRIED_ALTERNATIVES_RULE = {
  id: 'reconcile.tried-alternatives',
  example: 'Deepspeed Zero2 and Zero3 both still OOM',
  source: 'axolotl-ai-cloud/axolotl#998; QwenLM/Qwen#1030; allenai/open-instruct#12',
} as const;

/**
 * A full fine-tune and LoRA named side by side are two runs tried or weighed, never one run (a run is
 * one or the other): "试了全量,lora,训最后2层，均会爆显存" (tried full, LoRA, the last 2 layers, all OOM;
 * zai-org/GLM-4#483, c1688), "跑70B的sft和lora都报内存不足" (70B sft and lora both OOM;
 * LlamaChinese/Llama-Chinese#278, c934), "full and LoRA fine-tuning both OOM". Neither is read: the
 * method left is the training words' (a fine-tune), and the reply says both were named.
 */
export const TRIED_METHODS_RULE = {
  id: 'reconcile.tried-methods',
  example: '我用了5台8卡80G的机器，按200k长度训练，试了全量,lora,训最后2层，均会爆显存',
  source: 'zai-org/GLM-4#483; LlamaChinese/Llama-Chinese#278',
} as const;

/** A method word that names a whole-model run: full (全量, 全参), or sft said beside LoRA. */
const FULL_METHOD = (i: Item, text: string) =>
  i.kind === 'mode' && (i.value === 'full' || (i.value === 'train' && /^\s*(?:sft|full|全量|全参)/i.test(text.slice(i.at, i.end))));

/** The joins of two methods: as JOIN, less "+" and "&", which put two files or parts of one run together. */
const METHOD_JOIN = /^\s*(?:(?:,\s*)?(?:and|or|nor|and\/or)|\/|、|,|，|和|与|跟|及|以及|或|或者|或是|还是)\s*$/i;
/** After the second: both said to fail or be tried ("both OOM", "都报", "均会"). */
const BOTH = /^[\s,.;:，。；!！]{0,3}(?:both|all|each|either|都|均|全都|全部|也都)/i;

function triedMethods(items: Item[], text: string, notes: string[], dropped: Set<Item>, added: Item[]): void {
  const said = items.filter((i) => i.kind === 'lora' || FULL_METHOD(i, text)).sort((a, b) => a.at - b.at);
  for (let k = 0; k + 1 < said.length; k++) {
    const [a, b] = [said[k]!, said[k + 1]!];
    if ((a.kind === 'lora') === (b.kind === 'lora') || !METHOD_JOIN.test(text.slice(a.end, b.at))) continue;
    // "sft" is also the stage LoRA trains in ("sft.py + Lora.yaml", huggingface/gpt-oss-recipes#23, c281; "SFT
    // and LoRA"): beside LoRA it is a rival run only where both are said to fail ("sft and lora both OOM").
    const whole = a.kind === 'lora' ? b : a;
    // A Chinese join names two runs ("70B模型sft和lora需要多大显存", LlamaChinese/Llama-Chinese#278's title).
    const rival = /^\s*(?:full|全量|全参)/i.test(text.slice(whole.at, whole.end)) || /[和与跟或还、]/.test(text.slice(a.end, b.at));
    if (!rival && !BOTH.test(text.slice(b.end, b.end + 12))) continue;
    dropped.add(a);
    dropped.add(b);
    // The training words stay: the full one is kept as a fine-tune of unstated method.
    added.push({ ...whole, kind: 'mode', value: 'train' } as Item);
    notes.push(`"${text.slice(a.at, a.end).trim()}" and "${text.slice(b.at, b.end).trim()}" are named together (tried or weighed), so neither is read as your setup's mode: read as a fine-tune of every weight; say lora (or full) alone to estimate one`);
    k++;
  }
}

/**
 * Two 16-bit dtypes named as rivals ("无论是fp16 或者pure_bf16 都尝试过", whether fp16 or pure_bf16, both
 * tried: hiyouga/LlamaFactory#4564, c504; "tried bf16 and fp16, both OOM") are two runs, not one recipe.
 * Only a different dtype on each side counts, joined as METHOD_JOIN joins ("bf16 + fp32 master" is
 * one recipe, "amp, bf16" one run): neither is read, and the reply says both were named.
 */
export const TRIED_PRECISIONS_RULE = {
  id: 'reconcile.tried-precisions',
  example: '训练Qwen2的时候，无论是fp16 或者pure_bf16 都尝试过，每次都会OOM',
  source: 'hiyouga/LlamaFactory#4564',
} as const;

// fp8 beside a 16-bit dtype is a weight format weighed (reconcile/format-alternatives.ts reads it weak), not here.
const dtypeOf = (i: Item) => (i.kind === 'precision' ? /(?:^|\+)(bf16|fp16)$/.exec(String(i.value))?.[1] : undefined);

function withoutTriedPrecisions(items: Item[], text: string, notes: string[]): Item[] {
  const dropped = new Set<Item>();
  const said = items.filter((i) => dtypeOf(i) !== undefined).sort((a, b) => a.at - b.at);
  for (let k = 0; k + 1 < said.length; k++) {
    const [a, b] = [said[k]!, said[k + 1]!];
    if (dtypeOf(a) === dtypeOf(b) || !METHOD_JOIN.test(text.slice(a.end, b.at))) continue;
    dropped.add(a);
    dropped.add(b);
    notes.push(`"${text.slice(a.at, a.end).trim()}" and "${text.slice(b.at, b.end).trim()}" are named together (tried or weighed), so neither is read as your setup's precision; say one alone to estimate it`);
    k++;
  }
  return dropped.size ? items.filter((i) => !dropped.has(i)) : items;
}

export function triedAlternatives(all: Item[], text: string, notes: string[]): Item[] {
  if (!text) return all;
  const items = withoutTriedPrecisions(all, text, notes);
  const dropped = new Set<Item>();
  const added: Item[] = [];
  triedMethods(items, text, notes, dropped, added);
  for (const kind of KINDS) {
    const said = items.filter((i) => i.kind === kind).sort((a, b) => a.at - b.at);
    const value = (i: Item) => JSON.stringify({ ...i, at: 0, end: 0, text: '' });
    for (let k = 0; k + 1 < said.length; k++) {
      const [a, b] = [said[k]!, said[k + 1]!];
      if (value(a) === value(b) || !JOIN.test(text.slice(a.end, b.at))) continue;
      // "hybrid shard, fsdp": FSDP and its strategy are one run, not two tried.
      if (a.kind === 'sharding' && b.kind === 'sharding' && namesOneFsdp(a.value, b.value)) continue;
      // "offload_optimizer = cpu, offload_param = cpu": the optimizer's and the parameters' offloads are one run's two
      // settings (ZeRO-Infinity sets both), not two tried; only two places for the same states are alternatives.
      if (a.kind === 'offload' && b.kind === 'offload' && offloadsOfTwoStates(a.value, b.value)) continue;
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
  if (dropped.size === added.length * 2) return [...items.filter((i) => !dropped.has(i)), ...added];
  // "DeepSpeed" beside them names the provider of the stages and offloads tried (as "DeepSpeed ZeRO-3"
  // names ZeRO's, reconcile/settings.ts frameworks()), not a DeepSpeed preset to estimate.
  const provider = items.filter((i) => i.kind === 'framework' && i.value === 'deepspeed');
  if (provider.length) notes.push(`"${provider[0]!.text.trim()}" read as the provider of the settings tried, not a preset of its own`);
  return [...items.filter((i) => !dropped.has(i) && !provider.includes(i)), ...added];
}

/** Offloads of the optimizer states and of the parameters: each moves its own states, so both hold at once. */
function offloadsOfTwoStates(a: OffloadValue, b: OffloadValue): boolean {
  if (a === 'none' || b === 'none') return false;
  return a.split('-')[0] !== b.split('-')[0];
}
