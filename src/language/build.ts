import { ATTACHED_CONFIG } from '../hub/ids.js';
import type { Token } from './lexer.js';
import type { ArchField, BatchField, Item, ItemBody, LoraTarget, OffloadValue, ParallelDim } from './items.js';
import { COUNTED } from './read-tokens/other-counts.js';
import { capacityNumber, countedKNumber, kNumber, leadingInt, moeNumber, plainNumber, seqPostNumber, sizeNumber } from './numbers.js';
import { offlineReading } from './prose/index.js';

/**
 * Grammar postprocessors (grammar/request.ne calls these): tokens in, typed items out.
 * They never check meaning; a value out of range is still returned and judged in src/scenario.
 */

type Part = Token | Part[] | null | Item;

/** Every token inside a match, in order (nearley nests subrule and EBNF results in arrays). */
function tokensOf(d: Part): Token[] {
  if (d === null) return [];
  if (Array.isArray(d)) return d.flatMap(tokensOf);
  if ('kind' in d) return [];
  return [d];
}

/**
 * The first (or last) token of tokensOf(d), found without listing them all: every item the
 * grammar builds asks for its span (a tenth of the parser's time went to those lists).
 */
function edgeToken(d: Part, last: boolean): Token | undefined {
  if (d === null) return undefined;
  if (!Array.isArray(d)) return 'kind' in d ? undefined : d;
  for (let i = 0; i < d.length; i++) {
    const found = edgeToken(d[last ? d.length - 1 - i : i]!, last);
    if (found) return found;
  }
  return undefined;
}

function span(d: Part[]): { at: number; end: number; text: string } {
  const first = edgeToken(d, false);
  const last = edgeToken(d, true);
  if (!first || !last) return { at: 0, end: 0, text: '' };
  return { at: first.offset, end: last.offset + last.text.length, text: '' };
}

const item = (body: ItemBody, d: Part[]): Item => ({ ...body, ...span(d) }) as Item;
const tok = (d: Part): Token => edgeToken(d, false)!;

/** A number token: plain ("4096", "6.7e9") or k-suffixed ("4k"). */
export function num(d: Part[]): number {
  const t = tok(d);
  return t.type === 'knum' ? kNumber(t.text) : plainNumber(t.text);
}

/**
 * The items read so far, newest first (grammar: `items`). nearley runs a rule's postprocessor
 * each time the rule completes, which for the item list is after every token: one cell per item
 * keeps that O(1), where copying an array (EBNF `item:+`) made a message of n items cost n².
 */
export interface ItemList {
  item: Item;
  before: ItemList | null;
}

export const firstItem = (d: [Item]): ItemList => ({ item: d[0], before: null });
export const nextItem = (d: [ItemList, Item]): ItemList => ({ item: d[1], before: d[0] });
export const request = (d: [ItemList]): ItemList => d[0];

/** A parse's items in the order written. */
export function itemsOf(list: ItemList): Item[] {
  const items: Item[] = [];
  for (let cell: ItemList | null = list; cell; cell = cell.before) items.push(cell.item);
  return items.reverse();
}

export const model = (d: Part[]) => item({ kind: 'model', id: tok(d[0]!).value }, d);
export function hub(d: Part[]): Item {
  const repo = tok(d[0]!).value;
  return item({ kind: 'hub', repo, offline: repo === ATTACHED_CONFIG ? null : offlineReading(repo) }, d);
}

export function size(d: Part[]): Item {
  const family = (d[0] as Token | null)?.value ?? null;
  const t = tok(d[1]!);
  // A size token's value is the size alone; its text may hold the name around it ("baichuan-7b").
  if (t.type === 'moeSize') {
    const { experts, each } = moeNumber(t.value);
    return item({ kind: 'size', params: experts * each, experts, family }, d);
  }
  const params = t.type === 'size' ? sizeNumber(t.value) : plainNumber(t.text);
  return item({ kind: 'size', params, experts: null, family }, d);
}

export const arch = (d: Part[]) =>
  item({ kind: 'arch', field: tok(d[0]!).value as ArchField, value: num([d[1]!]) }, d);

export const mode = (d: Part[]) => item({ kind: 'mode', value: tok(d[0]!).value as 'full' }, d);
export const serve = (d: Part[]) => item({ kind: 'serve' }, d);

const ALL_TARGETS: LoraTarget[] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];

function targetList(text: string): LoraTarget[] {
  const names = text.split(/[\s,+/]+/).map((t) => t.replace(/_proj$/, '')) as LoraTarget[];
  return ALL_TARGETS.filter((t) => names.includes(t));
}

/**
 * The options after `lora` so far (grammar: `loraOptions`), one record of fixed size: each option
 * makes a new record in O(1). Reading the whole option list in the `lora` postprocessor instead,
 * which nearley runs after every option, cost a message of n options n² ("lora r8 r8 r8 …": 30 s
 * of CPU for 6 KB when the tolerant reading re-parsed it; issue 26).
 */
export interface LoraOptions {
  rank: number | null;
  targets: LoraTarget[] | null;
  allLinear: boolean;
  dropout: number | null;
  alpha: number | null;
  /** The last token of the options: where the item ends. */
  last: Token | null;
}

export const noLoraOptions = (): LoraOptions => ({ rank: null, targets: null, allLinear: false, dropout: null, alpha: null, last: null });

/** One more option: `r16`, `rank 64`, `all-linear`, `q,v`, `dropout 0.05`, `alpha 16`. */
export function addLoraOption(d: [LoraOptions, [Token, Token?]]): LoraOptions {
  const [t, value] = d[1];
  const next: LoraOptions = { ...d[0], last: value ?? t };
  const number = () => plainNumber(value?.text ?? 'NaN');
  if (t.type === 'loraRank') next.rank = leadingIntAfterR(t.text);
  else if (t.type === 'rankKw') next.rank = number();
  else if (t.type === 'loraAll') next.allLinear = true;
  // Targets said in pieces ("k_proj, gate_proj, v_proj, …" in a LoraConfig list, huggingface/trl#5200, c1837) are one
  // set, kept in the modules' order as targetList keeps one piece: the set, not the order it was written in, is the setting.
  else if (t.type === 'loraTargets') {
    const said = new Set([...(next.targets ?? []), ...targetList(t.text)]);
    next.targets = ALL_TARGETS.filter((x) => said.has(x));
  }
  else if (t.type === 'loraDropout') next.dropout = number();
  else if (t.type === 'loraAlpha') next.alpha = number();
  return next;
}

/** `lora`, `lora r16`, `lora rank 64 all-linear`, `qlora r64 q,v dropout 0.05 alpha 16`. */
export function lora(d: [Token, LoraOptions]): Item {
  const [keyword, { last, ...options }] = d;
  const end = last ?? keyword;
  return { kind: 'lora', qlora: keyword.value === 'qlora', ...options, at: keyword.offset, end: end.offset + end.text.length, text: '' };
}

function leadingIntAfterR(text: string): number {
  return Number(text.replace(/^r\s*/, ''));
}

export const precision = (d: Part[]) => item({ kind: 'precision', value: tok(d[0]!).value }, d);
export const weights = (d: Part[]) => item({ kind: 'weights', value: tok(d[0]!).value as 'int8' }, d);

export function optimizer(d: Part[]): Item {
  const [value, impl] = tok(d[0]!).value.split('+');
  return item({ kind: 'optimizer', value: value!, fused: impl === 'fused' }, d);
}

export const impl = (d: Part[]) => item({ kind: 'impl', value: tok(d[0]!).value as 'fused' }, d);
export const sharding = (d: Part[]) => item({ kind: 'sharding', value: tok(d[0]!).value }, d);
export const offload = (d: Part[]) => item({ kind: 'offload', value: tok(d[0]!).value as OffloadValue }, d);
export const parallel = (d: Part[]) =>
  item({ kind: 'parallel', dim: tok(d[0]!).value as ParallelDim, value: num([d[1]!]) }, d);
export const sp = (d: Part[]) => item({ kind: 'sp' }, d);

/** `seq 4096`, `ctx 8k`, `4k context`, a bare `32k`. */
export function seq(d: Part[]): Item {
  const first = tok(d[0]!);
  // A count of tokens (read-tokens.ts marks it COUNTED) counts its "k" in thousands when no binary step.
  const counted = first.value === COUNTED;
  if (first.type === 'seqPost') return item({ kind: 'seq', value: seqPostNumber(first.text, counted) }, d);
  if (first.type === 'knum') return item({ kind: 'seq', value: counted ? countedKNumber(first.text) : kNumber(first.text) }, d);
  return item({ kind: 'seq', value: num([d[1]!]) }, d);
}

export const batch = (d: Part[]) =>
  item({ kind: 'batch', field: tok(d[0]!).value as BatchField, value: num([d[1]!]) }, d);
export const recompute = (d: Part[]) => item({ kind: 'recompute', value: tok(d[0]!).value as 'full' }, d);
export const attention = (d: Part[]) => item({ kind: 'attention', value: tok(d[0]!).value as 'flash' }, d);
export const loss = (d: Part[]) => item({ kind: 'loss', value: tok(d[0]!).value as 'full' }, d);
export const batches = (d: Part[]) => item({ kind: 'batches', value: tok(d[0]!).value as 'packed' }, d);
export const framework = (d: Part[]) => item({ kind: 'framework', value: tok(d[0]!).value as 'hf' }, d);

/**
 * Hardware: `[on] [N x|N] (gpu | 24GB | gpus [of (24GB | gpu)])`, or
 * `[on] N nodes [of] [M x] target`. Count and type are each optional; the resolver fills them
 * from the previous scenario ("on H100" keeps the count, "on 8 gpus" keeps the type).
 */
/**
 * A bare number counts cards only when it is whole: "on 8" is eight GPUs, "on 7.2" a release ("Ollama Out of
 * Memory on 7.2", ROCm 7.2 in c1642, whose hardware item had reached over the sentence to "96GB" and swallowed
 * the model between). A fraction is rejected here, so the parse leaves it a bare number to set aside.
 */
export function wholeCount(d: Part[], _at: number, reject: object): Part | object {
  const t = tok(d[0]!);
  return /^-?\d+$/.test(t.text.replace(/,/g, '')) ? d[0]! : reject;
}

export function hardware(d: Part[]): Item {
  const tokens = tokensOf(d);
  let gpuId: string | null = null;
  let capacityGiB: number | null = null;
  let count: number | null = null;
  let nodes: number | null = null;
  for (const t of tokens) {
    if (t.type === 'gpu') gpuId = t.value;
    else if (t.type === 'capacity') capacityGiB = capacityNumber(t.text);
    else if (t.type === 'count' || t.type === 'number') count = t.type === 'count' ? leadingInt(t.text) : plainNumber(t.text);
    else if (t.type === 'nodes') nodes = leadingInt(t.text);
    else if (t.type === 'gpus' && t.value !== 'gpus' && count === null) count = Number(t.value);
  }
  return item({ kind: 'hardware', gpuId, capacityGiB, count, nodes }, d);
}

export const question = (d: Part[]) => item({ kind: 'question', value: tok(d[0]!).value as 'maxBatch' }, d);
export function howMany(d: Part[]): Item {
  const target = tok(d[1]!);
  return item({ kind: 'howMany', gpuId: target.type === 'gpu' ? target.value : null }, d);
}

/** `compare A vs B` or `A vs B`: each side one item. */
export function compare(d: Part[]): Item {
  const sides = d.filter((x): x is Item => x !== null && !Array.isArray(x) && 'kind' in x);
  const [a, b] = [sides[0]!, sides[1]!];
  return { kind: 'compare', a, b, at: Math.min(a.at, tokensOf(d)[0]?.offset ?? a.at), end: b.end, text: '' };
}

export const help = (d: Part[]) => item({ kind: 'help', value: tok(d[0]!).value as 'help' }, d);
export const chart = (d: Part[]) => item({ kind: 'chart', value: tok(d[0]!).value as 'breakdown' }, d);
export const gen = (d: Part[]) => item({ kind: 'gen', value: num([d[1]!]) }, d);
export const completion = (d: Part[]) => item({ kind: 'completion', value: num([d[1]!]) }, d);
export const kvDtype = (d: Part[]) => item({ kind: 'kvDtype', value: tok(d[0]!).value as 'fp8' | 'int4' }, d);
export const util = (d: Part[]) => item({ kind: 'util', value: num([d[1]!]) }, d);
/** `rollout colocate` / `rollout server` / `rollout sleep` / `no sleep`: the RL rollout engine's place and sleep mode. */
export const rollout = (d: Part[]) => item({ kind: 'rollout', value: tok(d[0]!).value as 'colocate' }, d);
/** `rollout util 0.5`: the co-located rollout engine's gpu_memory_utilization. */
export const rolloutUtil = (d: Part[]) => item({ kind: 'rolloutUtil', value: num([d[1]!]) }, d);
/** `batched tokens 8192`: a server's tokens per prefill step (vLLM's profile run, TGI's warm-up). */
export const batched = (d: Part[]) => item({ kind: 'batched', value: num([d[1]!]) }, d);
/** `max seqs 64`: vLLM --max-num-seqs, the rows of the sampler's dummy run. */
export const maxSeqs = (d: Part[]) => item({ kind: 'maxSeqs', value: num([d[1]!]) }, d);
/** `concurrent users 10`: the load the clients send a server, held against what it serves at once (no server setting). */
export const clientLoad = (d: Part[]) => item({ kind: 'clientLoad', value: num([d[1]!]) }, d);

/** `cpu offload gb 70`: vLLM / SGLang --cpu-offload-gb, GiB of weights per GPU kept in CPU memory. */
export const cpuOffloadGb = (d: Part[]) => item({ kind: 'cpuOffloadGb', value: num([d[1]!]) }, d);
/** `video limit 0`, `image limit 2`: vLLM --limit-mm-per-prompt for one modality. */
export const mmLimit = (d: Part[]) => item({ kind: 'mmLimit', modality: tok(d[0]!).value as 'image' | 'video', value: num([d[1]!]) }, d);
/** `skip mm profiling`: vLLM --skip-mm-profiling. */
export const skipMmProfiling = (d: Part[]) => item({ kind: 'skipMmProfiling' }, d);
export const enforceEager = (d: Part[]) => item({ kind: 'enforceEager' }, d);
/** `quantised at load`: vLLM / SGLang quantise a 16-bit checkpoint after loading it whole. */
export const quantisedAtLoad = (d: Part[]) => item({ kind: 'quantisedAtLoad' }, d);
/** `vllm 0.6.4`, `vllm v0`: the vLLM release or engine, which also names vLLM. */
export const vllmVersion = (d: Part[]) => item({ kind: 'vllmVersion', value: tok(d[0]!).value }, d);
/** `tgi 1.3.0`: the TGI release, which also names TGI. */
export const tgiVersion = (d: Part[]) => item({ kind: 'tgiVersion', value: tok(d[0]!).value }, d);
/** `lmdeploy 0.2.1`: the lmdeploy release, which also names lmdeploy as the server. */
export const lmdeployVersion = (d: Part[]) => item({ kind: 'lmdeployVersion', value: tok(d[0]!).value }, d);
/** `tgi sharded`: TGI's --sharded true, the model split over every device the launcher counts; also names TGI. */
export const tgiSharded = (d: Part[]) => item({ kind: 'tgiSharded' }, d);
/** `llama.cpp build 1430`: llama.cpp's build number, which also names llama.cpp. */
export const llamacppBuild = (d: Part[]) => item({ kind: 'llamacppBuild', value: num([d[1]!]) }, d);
/** `bpw 2.4`: EXL2 bits per weight, which also names ExLlamaV2 (memory/exllamav2.ts). */
export const exl2Bits = (d: Part[]) => item({ kind: 'exl2Bits', value: num([d[1]!]) }, d);
/** `unsloth 2024.5`: the Unsloth release, which also names Unsloth. */
export const unslothVersion = (d: Part[]) => item({ kind: 'unslothVersion', value: tok(d[0]!).value }, d);
export const torchtuneVersion = (d: Part[]) => item({ kind: 'torchtuneVersion', value: tok(d[0]!).value }, d);
export const llamafactoryVersion = (d: Part[]) => item({ kind: 'llamafactoryVersion', value: tok(d[0]!).value }, d);
export const transformersVersion = (d: Part[]) => item({ kind: 'transformersVersion', value: tok(d[0]!).value }, d);
export const hostRam = (d: Part[]) => item({ kind: 'hostRam', gib: capacityNumber(tok(d[1]!).text) }, d);
export const evaluation = (d: Part[]) => item({ kind: 'eval', batch: null, keepLogits: tok(d[0]!).value === 'metrics' }, d);
export const evalBatch = (d: Part[]) => item({ kind: 'eval', batch: num([d[1]!]), keepLogits: false }, d);
export const allocator = (d: Part[]) => item({ kind: 'allocator', value: 'expandable' }, d);
export const rlTrainer = (d: Part[]) => item({ kind: 'rlTrainer', value: 'verl' }, d);
export const layerSplit = (d: Part[]) => item({ kind: 'layerSplit', value: tok(d[0]!).value === 'first-card' ? 'first-card' : 'sequential' }, d);
/** `ngl 35` or `35 layers on gpu`. */
/** "cpu moe" keeps every MoE layer's routed experts in host RAM; "n cpu moe N" those of the first N layers (--n-cpu-moe N). */
export const cpuMoe = (d: Part[]) => item({ kind: 'cpuMoe', value: d.length > 1 ? num([d[1]!]) : 'all' }, d);
export const ngl = (d: Part[]) => item({ kind: 'ngl', value: num([tok(d[0]!).type === 'nglKw' ? d[1]! : d[0]!]) }, d);
export const control = (d: Part[]) => item({ kind: 'control', value: tok(d[0]!).value as 'undo' }, d);
