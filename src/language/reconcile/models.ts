import { MODELS } from '../../catalog/index.js';
import { sameModelSize } from '../families.js';
import { familySizeGuess } from '../family-size-note.js';
import type { Item } from '../items.js';
import { bareGgufGivesWay } from './gguf-type.js';

/** Restatements of the model and its weights: one model named twice is one model. */

type ModelItem = Extract<Item, { kind: 'model' | 'size' | 'hub' }>;
/** The catalog model an item names: a model, or a Hub repo named after one ("Qwen/Qwen2.5-7B-Instruct"). */
export const catalogOf = (i: ModelItem) => {
  const id = i.kind === 'model' ? i.id : i.kind === 'hub' ? (i.offline?.model ?? undefined) : undefined;
  return id === undefined ? undefined : MODELS.find((m) => m.id === id);
};
/**
 * Billions of parameters a name holds ("Qwen3-30B-A3B" 30, "Mixtral-8x7B" 56, "WizardLM-30B-fp16" 30):
 * how a Hub repo or name the catalog lacks is compared with the other names of the model.
 */
function sizeInName(name: string): number {
  const found = [...name.toLowerCase().matchAll(/(?<![a-z0-9.])(?:(\d+)x)?(\d+(?:\.\d+)?)b(?![a-z0-9])/g)];
  const m = found[0];
  return m ? Number(m[2]) * (m[1] ? Number(m[1]) : 1) * 1e9 : NaN;
}
export const paramsOf = (i: ModelItem): number => {
  if (i.kind === 'size') return i.params;
  const known = catalogOf(i)?.publishedParams;
  if (known !== undefined) return known;
  return sizeInName(i.kind === 'hub' ? i.repo : i.text);
};
export const isMoe = (i: ModelItem) => (i.kind === 'size' ? i.experts !== null : (catalogOf(i)?.arch.experts ?? 0) > 1);
export const namesModel = (i: Item): i is ModelItem => i.kind === 'model' || i.kind === 'size' || i.kind === 'hub';

export function models(items: Item[], notes?: string[], text = ''): Item[] {
  const restated = new Map<ModelItem, ModelItem[]>();
  const named = withoutBareNames(items.filter(namesModel), notes, restated);
  const stated = restatedFirst(named.length === items.filter(namesModel).length ? items : items.filter((i) => !namesModel(i) || named.includes(i)), restated, text);
  if (named.length < 2) return stated;
  const first = named[0]!;
  const moe = named.some(isMoe);
  if (!named.every((i) => sameModelSize(paramsOf(i), paramsOf(first), moe))) return stated;
  const families = new Set(named.map(familyOf).filter((f): f is string => f !== null));
  if (families.size > 1) return stated;
  // Two catalog models, one a mixture of experts and one dense, are two releases and not one named
  // twice, however close their totals ("Qwen3.6-27B-AWQ" in the title and command, "Qwen3.6-35B-A3B-AWQ"
  // on a "模型：" line, c1305): each is left standing for the reader to weigh, as any two models are.
  const kinds = new Set(named.map(catalogOf).filter((m) => m !== undefined).map((m) => (m.arch.experts ?? 0) > 1));
  if (kinds.size > 1) return stated;
  // The most specific: the Hub repo named (its own config.json when fetched), else the longest
  // catalog spelling ("Llama-3.1-8B-Instruct" over "LLAMA3 8B"), else a size with its family,
  // else the first size.
  // The spelling's length, not its flag's: "--served-model-name qwenvl" is the six letters of a label beside the mounted
  // "Qwen3-VL-8B-Instruct" (mixa3607/ML-gfx906#3, c2611, had read the label's Qwen-VL).
  const spelling = (i: ModelItem) => i.text.replace(/^\s*-{1,2}[a-z][\w-]*(?:\s*=\s*|\s+)/i, '').length;
  const catalog = saidMostFirst(named.filter((i) => i.kind === 'model').sort((a, b) => spelling(b) - spelling(a)));
  // A repo whose name gives a weight format ("…-Instruct-FP8") is the more specific checkpoint.
  const chosen =
    named.find((i) => i.kind === 'hub' && i.offline?.weights) ?? named.find((i) => i.kind === 'hub') ?? catalog[0] ?? named.find((i) => i.kind === 'size' && i.family) ?? first;
  const keep = chosen.kind === 'size' ? sizeSaidMost(named, chosen, notes) : chosen;
  // A catalog model of the same size that the kept name reads as another ("Qwen1.5-72B-chat-AWQ" in the prose,
  // the config's path ".../Qwen2-geogpt-72b-0412-awq-…" read as qwen2-72b, c952): two releases of one size
  // differ in shape (Qwen2 has grouped KV heads, Qwen1.5-72B none), so the pick is said, never made silently.
  const kept = catalogOf(keep)?.id;
  const other = kept === undefined ? undefined : catalog.find((i) => i !== keep && catalogOf(i)?.id !== undefined && catalogOf(i)!.id !== kept);
  if (notes && other) notes.push(`"${other.text.trim()}" set aside as your setup's model: the message also names "${(keep.kind === 'hub' ? keep.repo : keep.text).trim()}" (read as ${kept}); say the model you run if it is the other`);
  return items.filter((i) => !namesModel(i) || i === keep);
}

/**
 * Two catalog models of one size and family, one named again and again and the other once: the one said most is
 * the user's (rule reconcile.model-said-most), before the longer spelling. "qwen3:32b-fp16" in the title, the
 * model section and four sentences, and "deepseekr1:32b-fp16" once, as what `ollama ps` shows beside it
 * (QwenLM/Qwen3#1464, corpus c1883), had kept the longer "deepseekr1:32b" (read as qwen2.5-32b). Only a clear majority
 * (at least twice as often, and at least three times): one restatement more is no evidence, and the longer
 * spelling (a Hub id, "-Instruct") stays the pick otherwise.
 */
function saidMostFirst(catalog: ModelItem[]): ModelItem[] {
  const ids = new Map<string, number>();
  for (const i of catalog) {
    const id = catalogOf(i)?.id;
    if (id !== undefined) ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  if (ids.size < 2) return catalog;
  const [most, second] = [...ids.entries()].sort((a, b) => b[1] - a[1]);
  if (most![1] < 3 || most![1] < 2 * second![1]) return catalog;
  return [...catalog.filter((i) => catalogOf(i)?.id === most![0]), ...catalog.filter((i) => catalogOf(i)?.id !== most![0])];
}

/**
 * A release the catalog lacks, named with two sizes close enough to be one model (a mixture's 30B and
 * 35B): the size said most (rule reconcile.size-said-most). "Qwen3.6-30b-a3b" in a title, then
 * "Qwen3.6-35B-A3B" in the model path, the served name and the last line (vllm-project/vllm-ascend#10872,
 * c1607) is the 35B the command serves; the title's slip is said. A tie keeps the first.
 */
function sizeSaidMost(named: ModelItem[], chosen: ModelItem, notes?: string[]): ModelItem {
  const sizes = named.filter((i) => i.kind === 'size');
  if (sizes.length < 3) return chosen;
  const count = (p: number) => sizes.filter((i) => paramsOf(i) === p).length;
  const most = sizes.reduce((a, b) => (count(paramsOf(b)) > count(paramsOf(a)) ? b : a), chosen);
  if (most === chosen || count(paramsOf(most)) < 2 || count(paramsOf(most)) <= count(paramsOf(chosen))) return chosen;
  notes?.push(`read "${most.text.trim()}", the size the message names ${count(paramsOf(most))} times; "${chosen.text.trim()}" is said ${count(paramsOf(chosen)) === 1 ? 'once' : `${count(paramsOf(chosen))} times`} (say the model's size if it is that one)`);
  return most;
}

/** A name's letters and digits: "CodeLlama-13B-Instruct-fp16" is "codellama13binstructfp16". */
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A name's words joined by one hyphen: "DeepSeek R1" and "deepseek - r1" are "deepseek-r1", "deepseek-r1:70b" "deepseek-r1-70b". */
const spelled = (text: string) => text.toLowerCase().trim().replace(/[\s_:-]+/g, '-');

/** A name's words with its version set apart: "gemma3", "Gemma 3" and "gemma-3" are "gemma-3". */
const versionApart = (text: string) => spelled(text).replace(/(?<=[a-z])(?=\d)/g, '-');

/** A size in a name's words ("13B", "7b", "0.5b"), not a version ("gemma3", "qwen2.5"). */
const SIZE_IN_WORDS = /\d+(?:\.\d+)?\s*[bm](?![a-z])/i;
/**
 * What may follow a release's bare name in a checkpoint of it: a size ("deepseek-r1-70b"), or up to three
 * variant words and then a size ("deepseek-r1-distill-llama-70b", "-distill-qwen-32b"). "Add deepseek-r1 examples"
 * over `MODEL_ID=deepseek-ai/DeepSeek-R1-Distill-Llama-70B` (dstackai/dstack#2234, c2920) is the distill the
 * command serves, not the 671B the title's bare name reads as (rule reconcile.bare-name-of-checkpoint).
 */
const VARIANT_THEN_SIZE = /^(?:[a-z]+-){0,3}\d+(?:\.\d+)?[bm](?:-|$)/;
/** A size and nothing of the name after it but its own words: "2b", "2b-it" after "gemma-3-". */
const SIZE_THEN_END = /^\d+(?:\.\d+)?[bm](?:-|$)/;
/** A catalog id's series, the id up to its size: "gemma-3-27b" and "gemma-3-12b" are gemma-3, "qwen3-235b-a22b" qwen3. */
const seriesOfId = (id: string | undefined) => (id === undefined ? undefined : /^(.+?)-\d+(?:\.\d+)?[bm](?:-|$)/.exec(id)?.[1]);

/**
 * A model named without a size ("my long context issue with CodeLlama above") where the message
 * also names it with one (`--model=TheBloke/CodeLlama-13B-Instruct-fp16`, vllm-project/vllm#2136,
 * corpus c648) is that model, not the default size of its series the bare name reads as: set aside.
 * Only a name the sized one starts with counts, so "Llama" before "CodeLlama-13B" is not folded.
 * A series said with its version and no size ("gemma3-AWQ", "Qwen3-AWQ") is folded into a sized
 * name of the same catalog series ("vllm serve gaunernst/gemma-3-27b-it-int4-awq", vllm#16199, c766;
 * "`cognitivecomputations/Qwen3-235B-A22B-AWQ`", c578): its size was a default, the other's is said.
 * A version is not a size, but "qwen2" is not "qwen2.5-7b" either: the version must name the same series.
 */
function withoutBareNames(named: ModelItem[], notes?: string[], restated?: Map<ModelItem, ModelItem[]>): ModelItem[] {
  const sized = named.filter((i) => i.kind !== 'size' && /\d/.test(i.text));
  const sizedName = (s: ModelItem) => (s.kind === 'hub' ? s.repo : s.text);
  // A release named by itself ("DeepSeek R1", the 671B) and the same words with a size after them
  // ("deepseek-r1:70b", "deepseek-r1-70b": Ollama's tag of the R1 distill into Llama-70B; ollama/ollama#15063
  // and #9005, corpus c1261, c1258): the user's model is the sized one, the bare name its short form.
  // Words compared with their separators, so "qwen2" is no short form of "qwen2.5-7b".
  const sizedSpelling = (i: ModelItem): ModelItem | undefined => {
    const bare = spelled(i.text);
    if (bare.length < 4) return undefined;
    return sized.find((s) => {
      const rest = spelled(sizedName(s).split('/').at(-1)!);
      return s !== i && catalogOf(s) !== undefined && rest.startsWith(`${bare}-`) && VARIANT_THEN_SIZE.test(rest.slice(bare.length + 1));
    });
  };
  // "Fine-tuning Gemma-3 …" in a comment, then `model_id: "google/gemma-3-2b-it"` (dbpedia/neural-extraction-framework#54,
  // c2936): a member of the series with a size the catalog lacks (Gemma 3 has no 2B) is read by its size, which the
  // reply says it does not know, never the series' default size the bare name reads as (rule
  // reconcile.bare-series-of-unknown-member). Only the series' own words then a size: "qwen2.5-4b" after "Qwen2.5".
  const uncataloguedMember = (i: ModelItem): ModelItem | undefined => {
    const bare = versionApart(i.text);
    return named.find((s) => {
      if (s === i || catalogOf(s) !== undefined) return false;
      // The name's last word: a key before it ("model_name: gemma-2-7b") or an owner ("google/") is no part of it.
      const rest = versionApart(sizedName(s).split(/[\s:=/"'`]+/).filter(Boolean).at(-1) ?? '');
      return rest.startsWith(`${bare}-`) && SIZE_THEN_END.test(rest.slice(bare.length + 1));
    });
  };
  // "LoRA examples for Qwen3 on Ascend, the example uses Qwen3-Next-80B-A3B-Instruct" (hiyouga/LlamaFactory#10552,
  // c3024), "deepseek-v2 … vllm serve deepseek-ai/DeepSeek-V2-Lite-Chat": a series said bare and a catalog checkpoint
  // of a release within it (its words, then a variant word, then the size or nothing more) is that checkpoint, not
  // the bare series' default size, which had stood first (rule reconcile.bare-series-of-sub-release).
  const subReleaseOf = (i: ModelItem & { kind: 'model' }): ModelItem | undefined =>
    sizedSpelling(i) ??
    sized.find((s) => {
      const id = catalogOf(s)?.id;
      return s !== i && id !== undefined && id !== i.id && id.startsWith(`${i.id}-`) && spelled(sizedName(s).split('/').at(-1)!).startsWith(`${spelled(i.text)}-`);
    });
  const foldedInto = (i: ModelItem): ModelItem | undefined => {
    if (i.kind !== 'model') return undefined;
    if (/\d/.test(i.text)) {
      if (SIZE_IN_WORDS.test(i.text)) return undefined;
      const series = seriesOfId(i.id);
      if (series === undefined) return sizedSpelling(i) ?? subReleaseOf(i);
      return sized.find((s) => s !== i && SIZE_IN_WORDS.test(sizedName(s)) && seriesOfId(catalogOf(s)?.id) === series && catalogOf(s)?.id !== i.id) ?? uncataloguedMember(i) ?? subReleaseOf(i);
    }
    const bare = compact(i.text);
    if (bare.length < 4) return undefined;
    return sized.find((s) => compact(s.kind === 'hub' ? s.repo.split('/').at(-1)! : s.text).startsWith(bare));
  };
  return named.filter((i) => {
    const into = foldedInto(i);
    if (!into) return true;
    restated?.set(into, [...(restated.get(into) ?? []), i]);
    if (notes) {
      // The bare name's default-size note ("gemma3" names no size: read as gemma-3-12b) no longer holds.
      const stale = notes.findIndex((n) => familySizeGuess(n)?.words.toLowerCase() === i.text.trim().toLowerCase());
      const note = `"${i.text.trim()}" read as "${sizedName(into).trim()}", which names it with its size in the same message`;
      if (stale >= 0) notes.splice(stale, 1, note);
      else if (SIZE_IN_WORDS.test(sizedName(into))) notes.push(note);
    }
    return false;
  });
}

/**
 * Models listed in prose ("SGLang has supported Llama 4 Scout and Llama 4 Maverick"), one of them named again in
 * full where the message runs it (`--model-path meta-llama/Llama-4-Scout-17B-16E-Instruct`, sgl-project/sglang#5133,
 * c3017): the one said twice is the run's, before the first said once, which the resolver then sets aside with its
 * note (rule reconcile.model-named-again-first). Only a list: the short name and the model said first are joined by
 * "and", "or", a comma or a slash ("Scout 和 Maverick"); a model said first on its own stays first ("I run llama-2-7b;
 * Qwen (Qwen/Qwen-7B) worked before"). Two models each said twice keep their order.
 */
const LIST_JOINT = /^\s*(?:,|&|\/|and|or|和|或|与|及|、|,\s*and)\s*$/i;
const listJoint = (gap: string) => gap.length <= 12 && LIST_JOINT.test(gap);
function restatedFirst(items: Item[], restated: ReadonlyMap<ModelItem, ModelItem[]>, text: string): Item[] {
  const models = items.filter(namesModel);
  const again = models.filter((i) => restated.has(i));
  const first = models[0];
  if (again.length !== 1 || first === undefined || first === again[0]) return items;
  const listed = restated.get(again[0]!)!.some((bare) => listJoint(bare.end <= first.at ? text.slice(bare.end, first.at) : text.slice(first.end, bare.at)));
  if (!listed) return items;
  const firstModel = items.indexOf(first);
  const rest = items.filter((i) => i !== again[0]);
  return [...rest.slice(0, firstModel), again[0]!, ...rest.slice(firstModel)];
}

export function familyOf(i: ModelItem): string | null {
  if (i.kind === 'size') return i.family;
  return catalogOf(i)?.family.toLowerCase() ?? null;
}

/** "4bit" and "GPTQ", "AWQ-INT4" and "--quantization marlin", "4bit" and "double quant": one 4-bit format, said twice. */
export function weights(given: Item[]): Item[] {
  const items = bareGgufGivesWay(given);
  const w = items.filter((i): i is Extract<Item, { kind: 'weights' }> => i.kind === 'weights');
  if (w.length < 2) return items;
  const fourBit = ['nf4', 'nf4-dq', 'gptq', 'awq'];
  if (!w.every((i) => fourBit.includes(i.value))) return items;
  // A width joined to the name it follows ("qwen-14b-int4") is read with its separator ("-int4"). A scheme's
  // width ("w4", "W4A16", llm-awq's "w4-g128" folders) names no quantiser either: "…-w4-g128-awq" with TGI's
  // `--quantize awq` is AWQ (huggingface/text-generation-inference, corpus c2302, had read GPTQ from "w4").
  const generic = (i: (typeof w)[number]) => /^(?:4|int4|q4|marlin|fp4|bnb|nf4|w4(?:a16)?)\b|4[\s_-]*bit/i.test(i.text.trim().replace(/^[-_.]+/, ''));
  const specific = w.filter((i) => !generic(i));
  const values = new Set(specific.map((i) => i.value));
  if (values.size > 1 && !(values.size === 2 && values.has('nf4') && values.has('nf4-dq'))) return items;
  const keep = specific.find((i) => i.value === 'nf4-dq') ?? specific[0] ?? w.find((i) => i.value === 'nf4-dq') ?? w[0]!;
  return items.filter((i) => i.kind !== 'weights' || i === keep);
}
