import { sameModelSize } from './families.js';
import type { Item, SaidAgain } from './items.js';
import { familyOf, isMoe, namesModel, paramsOf } from './reconcile/models.js';

export type { SaidAgain };

/**
 * A setting said twice is one fact (issue 22, item 4): the prose names "Llama 3.1 8B" and the config
 * `base_model: /home/owen/models/Meta-Llama-3.1-8B-Instruct` (c242, a 2×24 GB axolotl QLoRA config);
 * the reconciler keeps the config's, and the prose's words, read but dropped, were listed as "not
 * used" ("3.1", "8B"), as if a setting had been left out. A dropped item that says what a kept one
 * says is that fact said again: the reply lists it with the fact ("same model"), never as not used.
 * An item that says something else (another size, another length) is no restatement: it stays
 * listed, or asked, as before.
 * Corpus: "the 8B model … `vllm serve meta-llama/Meta-Llama-3.1-8B-Instruct`" (c005), "finetune the 7B
 * models … --model_name_or_path lmsys/vicuna-7b-v1.5" (c033, a fine-tune read as its base),
 * "70b Llama2 … base_model: NousResearch/Llama-2-70b-chat-hf" (c055).
 */

type ModelItem = Extract<Item, { kind: 'model' | 'size' | 'hub' }>;

/** Two names of one model: the same catalog model (a fine-tune read as its base), or the same size of one family. */
export function sameModel(a: ModelItem, b: ModelItem): boolean {
  const moe = isMoe(a) || isMoe(b);
  if (!sameModelSize(paramsOf(a), paramsOf(b), moe)) return false;
  const [fa, fb] = [familyOf(a), familyOf(b)];
  return fa === null || fb === null || fa === fb;
}

/** An item's meaning: its kind and values, without where or how it was written. */
const meaning = ({ at: _at, end: _end, text: _text, ...body }: Item) => JSON.stringify(body);

/**
 * Kinds whose item holds no value that tells two sayings apart: "vLLM" and `python -m
 * sglang.launch_server` are both a serve item (c552, c881), yet name two engines.
 */
const NO_VALUE = new Set<Item['kind']>(['serve']);

/** The kept item a dropped one says again, if any. */
function keptFor(dropped: Item, kept: readonly Item[]): Item | undefined {
  if (NO_VALUE.has(dropped.kind)) return undefined;
  if (namesModel(dropped)) return kept.find((k): k is ModelItem => namesModel(k) && sameModel(dropped, k));
  const said = meaning(dropped);
  return kept.find((k) => k.kind === dropped.kind && meaning(k) === said);
}

/**
 * The items `before` holds and `after` dropped that say again what a kept item says; `apart` are
 * spans listed on their own (another run's settings, with their reason) and are left to that list.
 */
export function saidAgain(before: readonly Item[], after: readonly Item[], apart: readonly { at: number; end: number }[] = []): SaidAgain[] {
  const found: SaidAgain[] = [];
  for (const d of before) {
    if (after.includes(d) || apart.some((a) => a.at < d.end && d.at < a.end)) continue;
    const k = keptFor(d, after);
    if (k && (k.at !== d.at || k.end !== d.end)) found.push({ at: d.at, end: d.end, of: { at: k.at, end: k.end, kind: k.kind } });
  }
  return found;
}
