import { exl2Bits } from '../memory/exllamav2.js';
import { gpuById } from '../catalog/index.js';
import type { Scenario } from './schema.js';
import { llamaCppSplitsRows } from '../memory/llamacpp-row-split.js';
import { cacheOfTotalIn } from '../memory/lmdeploy.js';
import { gpuCountOf, unnamedGpusWords } from './gpus.js';
import { runsMegatronCore } from '../memory/megatron-core.js';

/**
 * The human "Read as:" line (DESIGN §3.8): every choice that shapes the estimate, in words,
 * e.g. "Llama-2-13B shape (13.0 B params, from "13b") · full fine-tune · bf16 mixed (16 B/param)
 * · AdamW · ZeRO-3 over 4 GPUs · micro-batch 1 · seq 4096 · flash attention · no recompute · 4× A100 80GB".
 */
export function readingText(s: Scenario, totalParams: number): string {
  return [
    modelWords(s, totalParams),
    modeWords(s),
    precisionWords(s),
    s.mode === 'inference' ? '' : OPTIMIZER_NAMES[s.optimizer],
    shardingWords(s),
    offloadWords(s),
    parallelWords(s),
    `micro-batch ${s.microBatch}`,
    // The load the clients send is no setting of the server: said beside the batch it holds, never as it (rserve17).
    s.mode === 'inference' && s.inference.clientLoad !== undefined ? `${s.inference.clientLoad} concurrent users (your load)` : '',
    s.gradAccum > 1 ? `grad accum ${s.gradAccum}` : '',
    `seq ${s.seq}`,
    s.completion !== undefined && s.mode !== 'inference' ? `completion ${s.completion}` : '',
    s.rollout && s.mode !== 'inference' ? rolloutWords(s.rollout) : '',
    ATTENTION_NAMES[s.attention],
    s.mode === 'inference' ? '' : RECOMPUTE_NAMES[s.recompute],
    s.mode === 'inference' ? '' : LOSS_READING[s.loss],
    s.mode === 'inference' || !s.batches ? '' : s.batches === 'packed' ? 'packed batches' : 'batches padded to their longest sample',
    s.framework === 'hf' ? '' : s.rlTrainer === 'verl' && (s.framework === 'grpo' || s.framework === 'ppo') ? `verl ${s.framework.toUpperCase()}` : FRAMEWORK_NAMES[s.framework],
    s.llamafactoryStage === 'rm' && s.framework === 'llama-factory' && s.mode !== 'inference' ? 'reward-model stage (stage rm, chosen + rejected per pair)' : '',
    s.transformersVersion !== undefined ? `transformers ${s.transformersVersion}` : '',
    s.expandableSegments ? 'expandable_segments allocator' : '',
    s.evaluation && s.mode !== 'inference' ? `evaluation at eval batch ${s.evaluation.batch}${s.evaluation.keepLogits ? ' (logits kept for compute_metrics)' : ''}` : '',
    hardwareWords(s),
  ]
    .filter(Boolean)
    .join(' · ');
}

function modelWords(s: Scenario, totalParams: number): string {
  const vision = s.model.arch.vision;
  const tower = vision ? `; + ${(vision.params / 1e9).toFixed(2)} B ${vision.name} vision tower, frozen` : '';
  const params = `${(totalParams / 1e9).toFixed(totalParams < 1e9 ? 2 : 1)} B params`;
  const overrides = s.model.overrides.length ? `, with ${s.model.overrides.join(', ')} overridden` : '';
  const from = s.model.id === null || namesAnother(s.model.asWritten, s.model.name) ? `, from "${s.model.asWritten}"` : '';
  return `${s.model.name} (${params}${from}${overrides}${tower})`;
}

const letters = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The user's words name a release or a fine-tune the catalog reads as another model of the same shape
 * ("llama 3.3 70b" is Llama-3.1-70B's config, "yi-1.5-34b" Yi-34B's, "qwq-32b" Qwen2.5-32B's): the
 * "Read as" line says which words it came from, so a reply never names a model the user did not write
 * without saying why. A spelling of the catalog name itself ("meta-llama/Llama-3-8B-Instruct") is not.
 */
function namesAnother(written: string, name: string): boolean {
  return written.length > 0 && written.length <= 80 && !letters(written).includes(letters(name));
}

function modeWords(s: Scenario): string {
  if (s.mode === 'full') return s.pretrain ? 'pre-training' : 'full fine-tune';
  if (s.mode === 'inference') {
    const engine = s.inference.engine !== 'vllm' ? 'inference' : servingWords(s.inference);
    const gen = s.inference.newTokens ? `, ${s.inference.newTokens} new tokens` : '';
    const ngl = s.inference.gpuLayers;
    const layers = ngl !== undefined ? `, -ngl ${ngl}: ${Math.min(ngl, s.model.arch.layers)} of ${s.model.arch.layers} layers on the GPU${ngl > s.model.arch.layers ? ' with the output' : ', the rest in host RAM'}` : '';
    const weights = s.weights === 'exl2' ? `EXL2 ${exl2Bits(s)} bpw` : s.weights;
    const moe = s.inference.cpuMoeLayers;
    const experts = moe !== undefined ? `, routed experts of ${moe >= s.model.arch.layers ? 'every layer' : `the first ${moe} layers`} in host RAM (--cpu-moe)` : '';
    return `${engine}${gen}, ${weights} weights, KV cache ${s.inference.kvDtype}${layers}${experts}`;
  }
  const l = s.lora!;
  const targets = l.targets.length === 7 ? 'all linear layers' : l.targets.join(',');
  const base = s.mode === 'qlora' ? `${s.weights.toUpperCase()} base` : `${s.weights} base`;
  return `${s.mode === 'qlora' ? 'QLoRA' : 'LoRA'} r${l.rank} on ${targets} (${base})`;
}

/** Bytes per parameter of weights + grads + master + AdamW states (DESIGN §3.2 table). */
const RECIPE_BYTES: Record<Scenario['recipe'], number> = { mixed: 16, megatron: 18, amp: 16, pure: 8, fp32: 16 };

function precisionWords(s: Scenario): string {
  if (s.mode === 'inference') return '';
  const name =
    s.recipe === 'fp32'
      ? 'fp32'
      : s.recipe === 'pure'
        ? `pure ${s.compute}`
        : s.recipe === 'amp'
          ? `${s.compute} autocast over fp32 weights (amp)`
          : s.recipe === 'megatron'
            ? `${s.compute} with fp32 main grads (Megatron)`
            : `${s.compute} mixed`;
  const adamLike = s.optimizer === 'adamw' || s.optimizer === 'adam';
  return s.mode === 'full' && adamLike ? `${name} (${RECIPE_BYTES[s.recipe]} B/param)` : name;
}

const OPTIMIZER_NAMES: Record<Scenario['optimizer'], string> = {
  adamw: 'AdamW',
  adam: 'Adam',
  'adamw-8bit': '8-bit AdamW',
  'paged-adamw': 'paged AdamW',
  'paged-adamw-8bit': 'paged 8-bit AdamW',
  sgd: 'SGD',
  'sgd-momentum': 'SGD with momentum',
  adafactor: 'Adafactor',
  lion: 'Lion',
  sophia: 'Sophia',
};

function shardingWords(s: Scenario): string {
  const n = gpuCountOf(s);
  const over = n > 1 ? ` over ${n} GPUs` : '';
  const sh = s.sharding;
  if (sh.kind === 'none') return '';
  if (sh.kind === 'ddp' && llamaCppSplitsRows(s)) return `rows split over ${n} GPUs, KV cache on the main GPU (llama.cpp build ${s.inference.llamacppBuild})`;
  if (sh.kind === 'ddp' && llamaCppLayerSplit(s)) {
    return `layers split over ${n} GPUs (llama.cpp --split-mode layer)`;
  }
  if (sh.kind === 'ddp' && s.mode === 'inference') {
    // Replicas are what is left after TP × PP: "tp 4 on 4 GPUs" is one model split four ways.
    const split = s.parallel.tp * s.parallel.pp;
    const replicas = Math.floor(n / split);
    if (replicas <= 1) return '';
    return split > 1 ? `${replicas} replicas, each split over ${split} GPUs` : `a full replica on each of ${n} GPUs (say tp ${n} to split)`;
  }
  if (sh.kind === 'ddp') return `DDP${over}`;
  if (sh.kind === 'zero' && sh.stage === 1 && runsMegatronCore(s)) {
    // Megatron's --use-distributed-optimizer shards over the data-parallel ranks only.
    const dp = Math.max(1, Math.floor(n / (s.parallel.tp * s.parallel.pp * s.parallel.cp)));
    return `distributed optimizer over ${dp} data-parallel rank${dp === 1 ? '' : 's'}`;
  }
  if (sh.kind === 'zero') return `ZeRO-${sh.stage}${over}`;
  if (sh.kind === 'hsdp') return `HSDP (shard within a node)${over}`;
  return `${sh.stage === 2 ? 'FSDP SHARD_GRAD_OP' : 'FSDP FULL_SHARD'}${over}`;
}

function offloadWords(s: Scenario): string {
  const o = s.offload;
  return [o.optimizer !== 'none' ? `optimizer offload to ${o.optimizer.toUpperCase()}` : '', o.params !== 'none' ? `parameter offload to ${o.params.toUpperCase()}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** llama.cpp's own layer split over every GPU (pp 1 or pp = the GPU count): said once, as what it is. */
function llamaCppLayerSplit(s: Scenario): boolean {
  const p = s.parallel;
  return s.mode === 'inference' && s.framework === 'llamacpp' && p.tp === 1 && (p.pp === 1 || p.pp === gpuCountOf(s));
}

function parallelWords(s: Scenario): string {
  const p = s.parallel;
  if (llamaCppLayerSplit(s)) return '';
  return [p.tp > 1 ? `TP ${p.tp}${p.sp ? ' + SP' : ''}` : p.sp ? 'SP' : '', p.pp > 1 ? `PP ${p.pp}${(p.vpp ?? 1) > 1 ? ` interleaved (${p.vpp} chunks per rank)` : ''}${p.schedule === 'sequential' ? ' (device_map layer split, one micro-batch in flight)' : ''}` : '', p.cp > 1 ? `CP ${p.cp}` : '', p.ep > 1 ? `EP ${p.ep}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** The default fp32 loss goes unsaid, as before: only a loss the user or a preset chose is named. */
const LOSS_READING: Record<Scenario['loss'], string> = { full: '', bf16: '16-bit cross-entropy (no fp32 upcast)', chunked: 'chunked cross-entropy', fused: 'fused linear cross-entropy' };
const ATTENTION_NAMES: Record<Scenario['attention'], string> = { flash: 'flash attention', sdpa: 'SDPA attention', eager: 'eager attention' };
const RECOMPUTE_NAMES: Record<Scenario['recompute'], string> = { none: 'no recompute', full: 'full recompute', selective: 'selective recompute', 'per-op': 'per-op selective checkpointing', offloaded: 'full recompute, layer inputs offloaded to host' };
const FRAMEWORK_NAMES: Record<Scenario['framework'], string> = {
  hf: 'Hugging Face',
  deepspeed: 'DeepSpeed',
  fsdp: 'PyTorch FSDP',
  megatron: 'Megatron-LM',
  torchtune: 'torchtune',
  litgpt: 'litgpt',
  peft: 'PEFT k-bit',
  'llama-factory': 'LLaMA-Factory',
  axolotl: 'axolotl',
  unsloth: 'Unsloth',
  torchtitan: 'torchtitan',
  dpo: 'TRL DPO',
  orpo: 'TRL ORPO',
  grpo: 'TRL GRPO',
  ppo: 'TRL PPO',
  reward: 'reward model (TRL RewardTrainer)',
  'alpaca-lora': 'alpaca-lora',
  tgi: 'TGI',
  llamacpp: 'llama.cpp',
  exllamav2: 'ExLlamaV2',
  'llama-recipes': 'llama-recipes',
  longlora: 'LongLoRA',
};

/** The cards as the reading names them: "8× H100 80GB (2 nodes of 4)". */
export function hardwareWords(s: Scenario): string {
  const h = s.hardware;
  if (!h) return unnamedGpusWords(s) ?? '';
  const name = h.gpuId ? gpuById(h.gpuId).name : `${Number((h.capacityBytes / 2 ** 30).toFixed(1))} GiB GPU`;
  const nodes = h.count > h.perNode ? ` (${h.count / h.perNode} nodes of ${h.perNode})` : '';
  return `${h.count}× ${name}${nodes}`;
}

/** The serving engine and the share of the card it plans in, by the engine's own name for that share. */
function servingWords(inf: Scenario['inference']): string {
  const share = inf.gpuMemoryUtilization;
  if (inf.server === 'sglang') return `SGLang serving (mem_fraction_static ${share})`;
  if (inf.server === 'lmdeploy' && cacheOfTotalIn(inf.lmdeployVersion)) return `lmdeploy ${inf.lmdeployVersion} TurboMind serving (cache_max_entry_count ${share} of the card's total memory)`;
  if (inf.server === 'lmdeploy') return `lmdeploy${inf.lmdeployVersion !== undefined ? ` ${inf.lmdeployVersion}` : ''} TurboMind serving (cache_max_entry_count ${share} of the memory left after weights)`;
  if (inf.server === 'mii') return 'DeepSpeed-MII FastGen serving (KV from the memory left after weights, 1 GB reserved)';
  if (inf.fork === 'aphrodite') return `Aphrodite serving (vLLM's gpu_memory_utilization ${share}; max_model_len shortened to the pool)`;
  if (inf.namedEngine) return `${inf.namedEngine} serving, counted as vLLM's (gpu_memory_utilization ${share})`;
  return `vLLM serving (gpu_memory_utilization ${share})`;
}

function rolloutWords(r: NonNullable<Scenario['rollout']>): string {
  if (r.placement === 'server') return 'rollout engine on other GPUs';
  const util = r.util !== undefined ? ` at util ${r.util}` : '';
  const sleep = r.sleep === undefined ? '' : r.sleep ? ', asleep while training' : ', awake while training';
  return `co-located rollout engine${util}${sleep}`;
}
