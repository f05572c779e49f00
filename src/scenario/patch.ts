import type { Item } from '../language/items.js';
import { namesOneFsdp } from '../language/fsdp-strategy.js';
import { errorReply } from '../language/errors.js';
import { ENGINE_NAMED } from '../language/vocabulary.js';
import type { ErrorReply } from '../reply/types.js';
import { ALL_LINEAR } from './defaults.js';
import { CPU_MOE_ALL } from './cpu-moe-all.js';
import type { HelpTopic } from './schema.js';
import { namesTrl } from './trl-preset.js';
import { modelSaidAgain } from './model-said-again.js';

/**
 * One request's items as a patch: each slot (a field of the scenario) with the value asked and
 * the item that asked it. Two items setting one slot differently in the same request are a
 * contradiction (DESIGN §2), reported naming both; the same value twice is fine.
 */

export interface Slot<T = unknown> {
  value: T;
  item: Item;
}

/** How a slot is named in a contradiction message. */
const SLOT_LABELS: Record<string, string> = {
  model: 'model',
  mode: 'mode (full, lora, qlora or inference)',
  recipe: 'precision recipe',
  compute: 'compute precision',
  weights: 'weight format',
  optimizer: 'optimizer',
  impl: 'optimizer implementation',
  sharding: 'sharding',
  'offload.optimizer': 'optimizer offload',
  'offload.params': 'parameter offload',
  seq: 'sequence length',
  mbs: 'micro-batch',
  ga: 'gradient accumulation',
  gbs: 'global batch',
  recompute: 'recompute setting',
  attention: 'attention kernel',
  loss: 'loss',
  framework: 'framework',
  gpuType: 'GPU type',
  gpuCount: 'GPU count',
  nodes: 'node count',
  question: 'question',
  chart: 'chart',
  control: 'thread command',
  engine: 'inference engine',
  gen: 'generated tokens',
  completion: 'completion length (GRPO/PPO rollouts)',
  rolloutPlace: 'rollout engine placement (rollout colocate, rollout server)',
  rolloutUtil: "rollout engine's GPU memory utilization",
  rolloutSleep: 'rollout engine sleep mode',
  kv: 'KV-cache dtype',
  util: 'GPU memory utilization',
  batched: 'tokens per prefill step (--max-num-batched-tokens)',
  maxSeqs: 'sequences scheduled at once (--max-num-seqs)',
  clientLoad: 'concurrent users (the load the clients send)',
  cpuOffloadGb: 'GiB of weights per GPU kept in CPU memory (--cpu-offload-gb)',
  hostRam: 'host RAM',
  eager: 'CUDA graphs setting',
  'mm.image': 'images per prompt (--limit-mm-per-prompt)',
  'mm.video': 'videos per prompt (--limit-mm-per-prompt)',
  skipMm: 'multimodal profiling (--skip-mm-profiling)',
  atLoad: 'weights quantised at load (--quantization fp8 on a 16-bit checkpoint)',
  vllmVersion: 'vLLM release',
  tgiVersion: 'TGI release',
  lmdeployVersion: 'lmdeploy release',
  tgiSharded: 'TGI --sharded',
  unslothVersion: 'Unsloth release',
  torchtuneVersion: 'torchtune release',
  llamafactoryVersion: 'LLaMA-Factory release',
  transformersVersion: 'transformers release',
  llamacppBuild: 'llama.cpp build',
  bpw: 'EXL2 bits per weight',
  ngl: 'llama.cpp GPU layers (-ngl)',
  cpuMoe: 'MoE experts in host RAM (--cpu-moe)',
  allocator: 'allocator setting',
  rlTrainer: 'RL trainer (verl)',
  lfStage: 'LLaMA-Factory stage',
  batches: 'batch shape (packed or padded)',
  layerSplit: 'layer split (device_map)',
  'eval.batch': 'eval batch size',
};

/** The slot an item could not set because an earlier item set it differently. */
interface Conflict {
  prior: Item;
  label: string;
  /** A card and a memory it does not have ("RTX 2080 11G"): the one contradiction reading never settles (issue 11). */
  cardAgainstMemory: boolean;
}

type GpuTypeValue = { gpuId: string | null; capacityGiB: number | null };
const cardAgainstMemory = (slot: string, a: unknown, b: unknown) =>
  slot === 'gpuType' && (((a as GpuTypeValue).gpuId === null) !== ((b as GpuTypeValue).gpuId === null));

/** A hardware item in the item language, for the way out ("on 1x 10gb", "on 2x a100-40g"). */
function cardWords(item: Item): string {
  if (item.kind !== 'hardware') return item.text.trim();
  const card = item.gpuId ?? (item.capacityGiB !== null ? `${item.capacityGiB}gb` : 'gpu');
  return `${item.count ?? 1}x ${card}`;
}

export class Patch {
  private slots = new Map<string, Slot>();
  private conflict: Conflict | null = null;
  /** Items set aside in prose because an earlier one already set their slot, in words for the reply. */
  readonly setAside: string[] = [];
  readonly help: HelpTopic[] = [];
  /** Every item, in order (for "which items were given"). */
  readonly items: Item[] = [];

  /** "TRL" was the library word beside the trainer it runs ("TRL DPO"): TRL's release decides that trainer's checkpointing default (trl-preset.ts). */
  trlNamed = false;
  /** "deepspeed" said beside the trainer that launches it (trainerOnDeepSpeed): the trainer is the framework read. */
  deepspeedNamed = false;

  /** seq 0 given by its key (llama.cpp's `-c 0`, `n_ctx=0`: "0 = loaded from model"): the engine takes the model's own trained context (llamacpp-context.ts). */
  modelContext = false;

  /** Read from prose or a pasted config (collectPatch's firstWins): a saying may yield to a stated setting. */
  tolerant = false;

  constructor(readonly text: string) {}

  get<T>(slot: string): Slot<T> | undefined {
    return this.slots.get(slot) as Slot<T> | undefined;
  }

  has(slot: string): boolean {
    return this.slots.has(slot);
  }

  value<T>(slot: string): T | undefined {
    return this.get<T>(slot)?.value;
  }

  /** Every slot set, in the order it was first set, with the item that set it (the facts' trace). */
  filled(): [string, Slot][] {
    return [...this.slots.entries()];
  }

  /** Forgets a slot a later reading rule found to mean something else. */
  drop(slot: string): void {
    this.slots.delete(slot);
  }

  /** Sets a slot, or returns the contradiction with the item that set it first. */
  set(slot: string, value: unknown, item: Item): ErrorReply | null {
    const prior = this.slots.get(slot);
    // "GRPO with TRL": TRL's trainers run on the Hugging Face Trainer, so the library and its trainer agree; the trainer is the reading.
    if (prior && slot === 'framework' && trainerOnHfTrainer(prior.value, value)) {
      if (namesTrl((prior.value === 'hf' ? prior.item : item).text)) this.trlNamed = true;
      if (prior.value === 'hf') this.slots.set(slot, { value, item });
      return null;
    }
    // "llama-factory deepspeed zero3", "axolotl + deepspeed": the trainer launches DeepSpeed as its engine, so both
    // are one run; the trainer is the reading (its preset), DeepSpeed's own 16-bit weights with it (deepspeedNamed).
    if (prior && slot === 'framework' && trainerOnDeepSpeed(prior.value, value)) {
      this.deepspeedNamed = true;
      if (prior.value === 'deepspeed') this.slots.set(slot, { value, item });
      return null;
    }
    // "Unsloth/Qwen3.8-27B-MTP:Q8_0" beside llama-server.exe (Anbeeld/beellama.cpp#168, c2540), "hf.co/unsloth/…-GGUF" after
    // `ollama run`: Unsloth publishes the GGUF files llama.cpp runs and serves nothing itself, so the engine is the run's
    // and Unsloth the file's publisher, said.
    if (prior && slot === 'framework' && publisherBesideEngine(prior.value, value)) {
      const [engine, publisher] = prior.value === 'unsloth' ? [item, prior.item] : [prior.item, item];
      this.slots.set(slot, { value: 'llamacpp', item: engine });
      this.setAside.push(`read "${engine.text.trim()}" as the engine that runs the model; "${publisher.text.trim()}" as who published its file (say "qlora" with unsloth to fine-tune)`);
      return null;
    }
    // "FSDP … hybrid_shard", "FSDP (shard grad op)": the strategy names which FSDP; the more specific one is the reading.
    if (prior && slot === 'sharding' && namesOneFsdp(prior.value, value)) {
      if (prior.value === 'fsdp') this.slots.set(slot, { value, item });
      return null;
    }
    if (prior && JSON.stringify(prior.value) !== JSON.stringify(value)) {
      const label = SLOT_LABELS[slot] ?? slot.replace(/^\w+\./, '');
      this.conflict = { prior: prior.item, label, cardAgainstMemory: cardAgainstMemory(slot, prior.value, value) };
      return errorReply(
        this.text,
        item.at,
        `"${prior.item.text}" and "${item.text}" contradict each other: both set the ${label}. Keep one of them.`,
        { expected: [], suggestion: prior.item.text },
      );
    }
    if (!prior) this.slots.set(slot, { value, item });
    return null;
  }

  /**
   * Sets every slot of one item, or none: in prose ("A100 40G*4 … a more reasonable choice would
   * be A100 40G*8") an item that contradicts an earlier one is another setup the message
   * mentions. It is set aside whole, never mixed into the first, and the reply says so.
   */
  setAtomically(item: Item, set: () => ErrorReply | null): ErrorReply | null {
    const slots = new Map(this.slots);
    const help = this.help.length;
    this.conflict = null;
    const error = set();
    // set() records the conflict it reports (TypeScript cannot see the call change the field).
    const conflict = this.conflict as Conflict | null;
    if (!error || !conflict) return error;
    const { prior, label } = conflict;
    this.slots = slots;
    this.help.length = help;
    // A card and another memory for it in prose ("on A100 (40GB VRAM) … a separate A100 (10GB VRAM)",
    // huggingface/trl#899, c887, refused): two readings that disagree are asked, not refused (DESIGN §2).
    // The first stands; the reply asks which card the run is on, with the way to say the other.
    if (conflict.cardAgainstMemory) {
      this.setAside.push(`read "${prior.text.trim()}" as your card; "${item.text.trim()}" gives another card or memory — which is the run on? say "on ${cardWords(item)}" if it is that one`);
      return null;
    }
    // A Hub repo set aside takes the weight format its name gives with it ("…-FP8").
    const format = item.kind === 'hub' && item.offline?.weights ? ` (and its ${item.offline.weights} weights)` : '';
    this.setAside.push(`read "${prior.text}" as your setup's ${label}; "${item.text}"${format} sets it differently, so it is left out (say it alone to estimate that one)`);
    return null;
  }
}

/**
 * TRL's DPO, ORPO, GRPO and PPO trainers subclass transformers' Trainer (trl/trainer/*_trainer.py),
 * and "hf" is what "trl", "transformers", "trainer" and "accelerate" read as (language/vocabulary.ts):
 * the two words name one run.
 */
const TRL_TRAINERS = new Set(['dpo', 'orpo', 'grpo', 'ppo', 'reward']);
/** Trainers that launch DeepSpeed as their engine (their `deepspeed:` config key / `--deepspeed` flag). */
const DEEPSPEED_TRAINERS = new Set(['hf', 'llama-factory', 'axolotl', 'longlora', ...TRL_TRAINERS]);
/** A GGUF publisher's name (Unsloth) beside the llama.cpp engine that runs its file. */
function publisherBesideEngine(a: unknown, b: unknown): boolean {
  return (a === 'unsloth' && b === 'llamacpp') || (a === 'llamacpp' && b === 'unsloth');
}
function trainerOnDeepSpeed(a: unknown, b: unknown): boolean {
  return (a === 'deepspeed' && DEEPSPEED_TRAINERS.has(b as string)) || (b === 'deepspeed' && DEEPSPEED_TRAINERS.has(a as string));
}
function trainerOnHfTrainer(a: unknown, b: unknown): boolean {
  return (a === 'hf' && TRL_TRAINERS.has(b as string)) || (b === 'hf' && TRL_TRAINERS.has(a as string));
}

/** Which slots a precision word sets (DESIGN §2: bf16/fp16/fp8 set compute and keep the recipe). */
const PRECISION_SLOTS: Record<string, { recipe?: string; compute?: string }> = {
  fp32: { recipe: 'fp32', compute: 'fp32' },
  bf16: { compute: 'bf16' },
  fp16: { compute: 'fp16' },
  fp8: { compute: 'fp8' },
  amp: { recipe: 'amp' },
  mixed: { recipe: 'mixed' },
  'mixed+bf16': { recipe: 'mixed', compute: 'bf16' },
  'mixed+fp16': { recipe: 'mixed', compute: 'fp16' },
  pure: { recipe: 'pure' },
  'pure+bf16': { recipe: 'pure', compute: 'bf16' },
  'pure+fp16': { recipe: 'pure', compute: 'fp16' },
  megatron: { recipe: 'megatron' },
};

/** Normalised request text of one compare side: lower-case, single spaces. */
export function sideText(item: Item): string {
  return item.text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The request's items as slots. Two items that set one slot differently are a contradiction
 * to report in a short request; in prose or a pasted config (`firstWins`) the first saying
 * stands and the other is set aside, stated.
 */
export function collectPatch(items: Item[], text: string, firstWins = false): Patch | ErrorReply {
  const patch = new Patch(text);
  patch.tolerant = firstWins;
  for (const item of items) {
    const error = firstWins ? patch.setAtomically(item, () => setItem(patch, item)) : setItem(patch, item);
    if (error) return error;
    patch.items.push(item);
  }
  return patch;
}

function setAll(patch: Patch, item: Item, entries: [string, unknown][]): ErrorReply | null {
  for (const [slot, value] of entries) {
    const error = patch.set(slot, value, item);
    if (error) return error;
  }
  return null;
}

/**
 * Words between a plain serve verb and an engine named after it that keep them one clause: no
 * sentence or line break, no word that turns to another option ("or", "vs", "instead", 或, 还是), and
 * short (a model's name and "with" / "using" / "on"). In c371 "部署。\n\n或者其它的sglang之类的方案" the
 * engine is another option the user weighs, not the run.
 */
function sameClause(between: string): boolean {
  return between.length <= 60 && !/[.!?](?:\s|$)|[。！？\n;；]|\b(?:or|vs\.?|versus|instead|than|but)\b|或|还是|而不是/i.test(between);
}

function setItem(patch: Patch, item: Item): ErrorReply | null {
  switch (item.kind) {
    case 'model':
    case 'size':
    case 'hub': {
      // A bare size and a name of that size are one model said twice (model-said-again.ts).
      const prior = patch.get<Item>('model');
      const again = prior ? modelSaidAgain(prior.value, item) : null;
      if (again === 'keep') return null;
      if (again === 'replace') patch.drop('model');
      return patch.set('model', item, item);
    }
    case 'arch':
      return patch.set(`arch.${item.field}`, item.value, item);
    case 'mode':
      if (item.value === 'train') return patch.set('train', true, item);
      if (item.value === 'run') return patch.set('run', true, item);
      if (item.value === 'pretrain') return setAll(patch, item, [['mode', 'full'], ['pretrain', true]]);
      return patch.set('mode', item.value, item);
    case 'serve': {
      // "serve lmdeploy": the engine named right after the verb, not the verb, is the engine's item
      // (resolve-serving.ts reads the engine from its text). Only right after it: in prose an engine
      // named further on may be another setup the message mentions (corpus c371).
      // The same holds across the model in one clause: "serve llama-2-7b with sglang" (the plain verb
      // names no engine; the clause's engine is the run's).
      const prior = patch.get('engine');
      const end = prior ? prior.item.at + prior.item.text.length : 0;
      const between = prior && item.at >= end ? patch.text.slice(end, item.at) : null;
      if (prior && between !== null && sameClause(between) && !ENGINE_NAMED.test(prior.item.text) && ENGINE_NAMED.test(item.text)) patch.drop('engine');
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm']]);
    }
    case 'lora': {
      const entries: [string, unknown][] = [['mode', item.qlora ? 'qlora' : 'lora']];
      if (item.rank !== null) entries.push(['lora.rank', item.rank]);
      if (item.allLinear) entries.push(['lora.targets', ALL_LINEAR]);
      if (item.targets) entries.push(['lora.targets', item.targets]);
      if (item.dropout !== null) entries.push(['lora.dropout', item.dropout]);
      if (item.alpha !== null) entries.push(['lora.alpha', item.alpha]);
      return setAll(patch, item, entries);
    }
    case 'precision': {
      const slots = PRECISION_SLOTS[item.value] ?? {};
      return setAll(patch, item, Object.entries(slots));
    }
    case 'weights':
      return patch.set('weights', item.value, item);
    case 'optimizer':
      return setAll(patch, item, [['optimizer', item.value], ...(item.fused ? [['impl', 'fused'] as [string, unknown]] : [])]);
    case 'impl':
      return patch.set('impl', item.value, item);
    case 'sharding':
      return patch.set('sharding', item.value, item);
    case 'offload':
      if (item.value === 'none') return setAll(patch, item, [['offload.optimizer', 'none'], ['offload.params', 'none']]);
      return patch.set(`offload.${item.value.split('-')[0]}`, item.value.split('-')[1], item);
    case 'parallel':
      return patch.set(`par.${item.dim}`, item.value, item);
    case 'sp':
      return patch.set('par.sp', true, item);
    case 'seq':
      return patch.set('seq', item.value, item);
    case 'batch':
      return patch.set(item.field, item.value, item);
    case 'framework':
      // LLaMA-Factory's reward-model stage rides on its framework item (reconcile/rl-algorithm.ts).
      if (item.stage) return setAll(patch, item, [['framework', item.value], ['lfStage', item.stage]]);
      return patch.set(item.kind, item.value, item);
    case 'recompute':
    case 'attention':
    case 'loss':
    case 'chart':
    case 'control':
      return patch.set(item.kind, item.value, item);
    case 'hardware': {
      const entries: [string, unknown][] = [];
      if (item.gpuId !== null) entries.push(['gpuType', { gpuId: item.gpuId, capacityGiB: null }]);
      if (item.capacityGiB !== null) entries.push(['gpuType', { gpuId: null, capacityGiB: item.capacityGiB }]);
      if (item.nodes !== null) {
        entries.push(['nodes', item.nodes]);
        if (item.count !== null) entries.push(['perNode', item.count]);
      } else if (item.count !== null) entries.push(['gpuCount', item.count]);
      return setAll(patch, item, entries);
    }
    case 'question':
      return patch.set('question', { kind: item.value }, item);
    case 'howMany':
      return patch.set('question', { kind: 'howMany', gpuId: item.gpuId }, item);
    case 'compare':
      return patch.set('question', { kind: 'compare', a: sideText(item.a), b: sideText(item.b) }, item);
    case 'help':
      if (!patch.help.includes(item.value)) patch.help.push(item.value);
      return null;
    case 'gen':
      return patch.set('gen', item.value, item);
    case 'completion':
      return patch.set('completion', item.value, item);
    case 'rollout':
      if (item.value === 'sleep' || item.value === 'awake') return patch.set('rolloutSleep', item.value === 'sleep', item);
      return patch.set('rolloutPlace', item.value, item);
    case 'rolloutUtil':
      // "rollout util 50" is a percentage; vLLM takes a fraction.
      return patch.set('rolloutUtil', item.value > 1 && item.value <= 100 ? item.value / 100 : item.value, item);
    case 'kvDtype':
      return patch.set('kv', item.value, item);
    case 'mmLimit':
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm'], [`mm.${item.modality}`, item.value]]);
    case 'quantisedAtLoad':
      return setAll(patch, item, [['mode', 'inference'], ['atLoad', true]]);
    case 'skipMmProfiling':
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm'], ['skipMm', true]]);
    case 'enforceEager':
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm'], ['eager', true]]);
    case 'vllmVersion':
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm'], ['vllmVersion', item.value]]);
    case 'tgiVersion':
      return setAll(patch, item, [['framework', 'tgi'], ['tgiVersion', item.value]]);
    case 'lmdeployVersion': {
      // Names lmdeploy too: the engine item's text ("lmdeploy 0.2.1") is what resolve-serving reads the
      // server from, so a plain verb before it ("serve lmdeploy 0.2.1") gives way, as in 'serve' above.
      const prior = patch.get('engine');
      if (prior && !ENGINE_NAMED.test(prior.item.text)) patch.drop('engine');
      return setAll(patch, item, [['mode', 'inference'], ['engine', 'vllm'], ['lmdeployVersion', item.value]]);
    }
    case 'tgiSharded':
      return setAll(patch, item, [['framework', 'tgi'], ['tgiSharded', true]]);
    case 'llamacppBuild':
      return setAll(patch, item, [['framework', 'llamacpp'], ['llamacppBuild', item.value]]);
    case 'exl2Bits':
      return setAll(patch, item, [['framework', 'exllamav2'], ['bpw', item.value]]);
    case 'unslothVersion':
      return setAll(patch, item, [['framework', 'unsloth'], ['unslothVersion', item.value]]);
    case 'torchtuneVersion':
      return setAll(patch, item, [['framework', 'torchtune'], ['torchtuneVersion', item.value]]);
    case 'llamafactoryVersion':
      return setAll(patch, item, [['framework', 'llama-factory'], ['llamafactoryVersion', item.value]]);
    case 'transformersVersion':
      // Names no framework: the trainers on top of transformers keep their own (transformers-versions.ts).
      return patch.set('transformersVersion', item.value, item);
    case 'hostRam':
      return patch.set('hostRam', item.gib, item);
    case 'util':
      // "util 90" is a percentage; vLLM takes a fraction.
      return patch.set('util', item.value > 1 && item.value <= 100 ? item.value / 100 : item.value, item);
    case 'ngl':
      return patch.set('ngl', item.value, item);
    case 'cpuMoe':
      return patch.set('cpuMoe', item.value === 'all' ? CPU_MOE_ALL : item.value, item);
    case 'batched':
      return patch.set('batched', item.value, item);
    case 'maxSeqs':
      return patch.set('maxSeqs', item.value, item);
    case 'clientLoad':
      return patch.set('clientLoad', item.value, item);
    case 'cpuOffloadGb':
      return patch.set('cpuOffloadGb', item.value, item);
    case 'allocator':
      return patch.set('allocator', item.value, item);
    case 'rlTrainer':
      return patch.set('rlTrainer', item.value, item);
    case 'batches':
      return patch.set('batches', item.value, item);
    case 'layerSplit':
      return patch.set('layerSplit', item.value, item);
    case 'eval':
      if (item.batch !== null) return patch.set('eval.batch', item.batch, item);
      return patch.set(item.keepLogits ? 'eval.metrics' : 'eval.on', true, item);
  }
}
