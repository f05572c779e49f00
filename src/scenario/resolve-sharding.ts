import { zeroOffloadAssumption, zeroOffloadSharding } from '../memory/offload.js';
import { ddpDefaultWords } from './defaults.js';
import { undoSplitOverOldCount } from './split-follows-count.js';
import { pureLoadUnderZero } from './zero-keeps-masters.js';
import { deploysOnTransformers } from './transformers-run.js';
import { tgiOneShardAssumption, tgiServesOneShard } from './tgi-shards.js';
import { miiServesWholeModel, miiWholeModelAssumption } from './mii-replicas.js';
import { textgenFirstCardAssumption, textgenLoadsOnFirstCard } from './textgen-placement.js';
import { processPerGpu, processPerGpuAssumption } from './process-per-gpu.js';
import type { ErrorReply } from '../reply/types.js';
import { gpuCountOf } from './gpus.js';
import { presetFor } from './presets.js';
import type { Resolution } from './resolution.js';
import { LLAMACPP_LAYER_SPLIT_FROM_BUILD } from '../memory/llamacpp-row-split.js';
import { vllmAtLeast } from '../memory/vllm-release.js';
import type { Scenario } from './schema.js';

/** The sharding step of a resolution (resolve-steps.ts): ZeRO / FSDP / DDP, and how a served model is split over its GPUs. */

export function shardingStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const word = r.patch.value<string>('sharding');
  const frameworkAsked = r.patch.has('framework');
  // A thread served over 2 GPUs (pp 2 by default) and a follow-up run on one ("CUDA_VISIBLE_DEVICES=3 …
  // on A40 48G", InternLM/lmdeploy#519 c542): the thread's split was its default over its count, never
  // the user's, and one GPU holds the whole model (had been refused: "1 GPUs cannot be split into
  // model replicas of tp 1 × pp 2"). A count of more GPUs is split again in splitForServing.
  if (r.gpus() === 1 && !r.patch.has('par.tp') && !r.patch.has('par.pp') && undoSplitOverOldCount(r.base, s.parallel, 1)) {
    delete s.parallel.schedule;
    r.assume(`the whole model on the one GPU: the thread's split over ${r.base ? gpuCountOf(r.base) : 'its'} GPUs does not apply`);
  }
  if (word) {
    s.sharding = shardingOf(word);
    axolotlUnderZero(r);
    if (!frameworkAsked) {
      // The sharding word names the framework that provides it, unless one was named.
      if (s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp') s.framework = 'fsdp';
      // (DeepSpeed on an inference run is estimated in Hugging Face's layout: see resolve-framework.ts.)
      else if (s.framework === 'fsdp') s.framework = s.sharding.kind === 'zero' && s.mode !== 'inference' ? 'deepspeed' : 'hf';
    }
  } else if (s.parallel.schedule === 'sequential' && r.gpus() <= s.parallel.tp * s.parallel.pp) {
    // A device_map split over every GPU is one process: nothing to shard or replicate, whatever
    // a preset's default sharding (Megatron's distributed optimizer) would be.
    s.sharding = { kind: 'none', stage: 0 };
  } else if (zeroOffloadSharding(s)) {
    s.sharding = zeroOffloadSharding(s)!; // optimizer and parameter offload run under ZeRO (memory/offload.ts)
    r.assume(zeroOffloadAssumption(s.sharding));
    axolotlUnderZero(r);
  } else if (!r.presetSet.has('sharding') && (s.sharding.kind === 'none' || s.sharding.kind === 'ddp')) {
    const split = s.parallel.tp * s.parallel.pp;
    const kind = r.gpus() > 1 ? 'ddp' : 'none';
    const replicated = s.mode !== 'inference' || (r.gpus() > split && s.framework !== 'llamacpp');
    if (kind === 'ddp' && tgiServesOneShard(r)) {
      r.assume(tgiOneShardAssumption(r));
    } else if (kind === 'ddp' && miiServesWholeModel(r)) {
      r.assume(miiWholeModelAssumption(r));
    } else if (kind === 'ddp' && textgenLoadsOnFirstCard(r)) {
      s.sharding = { kind, stage: 0 };
      r.assume(textgenFirstCardAssumption(r));
    } else if (kind === 'ddp' && s.mode === 'inference' && splitForServing(r)) {
      s.sharding = { kind, stage: 0 };
    } else if (kind === 'ddp' && replicated && (r.isNew || s.sharding.kind !== 'ddp')) {
      r.assume(
        s.mode === 'inference'
          ? split > 1
            ? `${Math.floor(r.gpus() / split)} replicas of tp ${s.parallel.tp}${s.parallel.pp > 1 ? ` × pp ${s.parallel.pp}` : ''} (default)`
            : `one full replica per GPU (default; say tp ${r.gpus()} to split the model)`
          : ddpDefaultWords(r.gpus()),
      );
    }
    s.sharding = { kind, stage: 0 };
  }
  if (s.framework === 'fsdp' && s.sharding.kind !== 'fsdp' && s.sharding.kind !== 'hsdp') {
    s.framework = s.sharding.kind === 'zero' && s.mode !== 'inference' ? 'deepspeed' : 'hf';
  }
  pureLoadUnderZero(r);
  return null;
}

/**
 * axolotl loads a full fine-tune in bf16 (its preset's pure bf16), but under DeepSpeed ZeRO the
 * Trainer hands bf16 to DeepSpeed, whose optimizer keeps fp32 master weights: mixed, said.
 */
function axolotlUnderZero(r: Resolution): void {
  const s = r.s;
  if (s.framework === 'axolotl' && s.sharding.kind === 'zero' && s.recipe === 'pure' && r.presetSet.has('recipe') && !r.patch.has('recipe')) {
    s.recipe = 'mixed';
    r.assume('bf16 mixed with fp32 master weights: under DeepSpeed ZeRO, DeepSpeed\'s bf16 optimizer keeps them (axolotl alone loads pure bf16)');
  }
}

/**
 * The DeepSpeed launcher's GPU count (`deepspeed --num_gpus 8 main.py`): one process per GPU, and on an
 * inference run DeepSpeed-Inference splits the tensors over those ranks (init_inference's tensor_parallel
 * tp_size, the world size in its examples), not accelerate's layer split (deepspeedai/DeepSpeed#2693, c2807).
 */
const DEEPSPEED_LAUNCHER_COUNT = /\bdeepspeed\b[^\n]*?--num[_-]gpus\b/i;
/**
 * A training script run by the launcher for its evaluation (`deepspeed --num_gpus 8 train_ds.py --eval_only`) keeps
 * the training script's layout, not DeepSpeed-Inference's tensor split: such a run stays the Hugging Face reading.
 */
const TRAINING_SCRIPT = /\btrain[\w-]*\.py\b/i;
const deepspeedInferenceLaunch = (text: string) => DEEPSPEED_LAUNCHER_COUNT.test(text) && !TRAINING_SCRIPT.test(text);

/**
 * One model served on several GPUs is split over them (vLLM/TGI shard with tensor
 * parallelism; HF's device_map splits layers), not copied to each: tp = the GPU count when
 * nothing about parallelism was said and the heads divide. Stated, with how to ask for copies.
 */
function splitForServing(r: Resolution): boolean {
  const s = r.s;
  const n = r.gpus();
  const p = s.parallel;
  if (r.patch.has('par.tp') || r.patch.has('par.pp') || r.patch.has('par.dp')) return false;
  // Transformers named beside a deploy word runs the model itself (transformers-run.ts); a served
  // thread it moves onto transformers is split again, as transformers splits.
  const onTransformers = deploysOnTransformers(r);
  const movesOffServer = onTransformers && r.base !== null && r.base.inference.engine !== 'hf';
  // "…how can I run such model with vllm?" in a thread read as Hugging Face generate: the layer
  // split that engine was given by default becomes the serving engine's tensor split.
  const nowServed = r.patch.has('engine') && r.base?.inference.engine !== 'vllm' && r.base?.mode === 'inference';
  if (nowServed && p.tp === 1 && p.pp === n && n > 1) p.pp = 1;
  else if (!(r.isNew || r.modeChanged() || firstOnSeveralGpus(r) || undoSplitOverOldCount(r.base, p, n) || movesOffServer)) return false;
  // llama.cpp splits layers over its GPUs itself (--split-mode layer, its default; memory/gguf.ts),
  // not tensors: the split is written as the layer split it is, as Hugging Face's device_map below.
  // Builds before ggml-backend split every matrix's rows instead (memory/llamacpp-row-split.ts).
  const build = r.patch.value<number>('llamacppBuild') ?? s.inference?.llamacppBuild;
  if (s.framework === 'llamacpp' && build !== undefined && build < LLAMACPP_LAYER_SPLIT_FROM_BUILD && p.tp === 1 && p.pp === 1 && n > 1) {
    r.assume(`rows of every matrix split over the ${n} GPUs, the KV cache and the scratch buffer whole on the main GPU (llama.cpp build ${build}, before ggml-backend's layer split)`);
    return false;
  }
  if (s.framework === 'llamacpp' && p.tp === 1 && p.pp === 1 && n > 1 && n <= s.model.arch.layers) {
    p.pp = n;
    r.assume(`layers split over the ${n} GPUs (llama.cpp --split-mode layer, its default)`);
    return true;
  }
  if (p.tp !== 1 || p.pp !== 1 || s.framework === 'llamacpp') return false;
  // Hugging Face generate with device_map="auto" (accelerate's big-model inference) places
  // whole layers on each GPU in turn: a layer split, run one GPU at a time.
  // One process per GPU (`torchrun --nproc-per-node 8 generate.py`, Meta's and DeepSeek's reference
  // inference code) is model parallel over tensors, not accelerate's single-process layer split.
  // A launcher's or a reference script's words anywhere in the message say the same (process-per-gpu.ts), where
  // the GPU count itself came from prose ("8 A100s 40GB" beside `torchrun --nproc_per_node=8 generate.py`, c3102).
  const started = processPerGpu(r.text);
  const layerSplitter = (onTransformers || (!r.patch.has('engine') && s.inference.engine !== 'vllm')) && s.framework !== 'tgi' && n <= s.model.arch.layers;
  const launchedByProcess = layerSplitter && started !== null && (started.count === null || started.count === n);
  const perProcess = /nproc|num_processes|world_size/i.test(r.patch.get('gpuCount')?.item.text ?? r.patch.get('perNode')?.item.text ?? '') || deepspeedInferenceLaunch(r.text) || launchedByProcess;
  // (A thread already served by vLLM, moved onto several GPUs, is split as vLLM splits: c273.)
  if (layerSplitter && !perProcess) {
    p.pp = n;
    r.assume(`one model split over the ${n} GPUs layer by layer (device_map="auto", as Hugging Face places it; say tp ${n} for a serving engine's tensor split, or tp 1 for a full copy per GPU)`);
    return true;
  }
  const { heads, kvHeads } = s.model.arch;
  // More GPUs than KV heads: vLLM and TGI copy each KV head to tp / kv_heads GPUs
  // (vLLM's QKVParallelLinear, num_kv_head_replicas), so tp 8 over 4 KV heads splits (checks.ts).
  // vLLM over several nodes: "the tensor parallel size should be the number of GPUs in each node, and the pipeline
  // parallel size the number of nodes" (docs.vllm.ai v0.5.5+ serving/distributed_serving.html, "How to decide the
  // distributed inference strategy?": 16 GPUs in 2 nodes → tp 8, pp 2), from v0.5.1, whose pipeline parallel serves.
  const perNode = s.hardware?.perNode ?? n;
  const splits = (k: number) => heads % k === 0 && (kvHeads % k === 0 || k % kvHeads === 0);
  const engine = r.patch.value<string>('engine') ?? s.inference.engine;
  // The release is read later (resolve-serving.ts): the one this message names, else the thread's.
  const release = r.patch.value<string>('vllmVersion') ?? s.inference.vllmVersion;
  if (engine === 'vllm' && vllmAtLeast({ ...s, inference: { ...s.inference, vllmVersion: release } }, 5, 1) && perNode > 1 && perNode < n && n % perNode === 0 && splits(perNode) && n / perNode <= s.model.arch.layers) {
    p.tp = perNode;
    p.pp = n / perNode;
    r.assume(`one model split over the ${n} GPUs as vLLM's guide splits it across nodes: tensor parallel ${perNode} within each node, pipeline parallel ${p.pp} across the nodes (say tp ${n} for one tensor split over all)`);
    return true;
  }
  if (!splits(n)) return false;
  p.tp = n;
  // A framework that runs SP with TP (Megatron) turns it on with this split as with a stated tp, so the
  // scenario is the one its canonical text ("… tp 16 …") reads back as.
  if (presetFor(s.framework, s.mode, r.gpus()).sequenceParallel) p.sp = true;
  r.assume(launchedByProcess && started ? processPerGpuAssumption(started, n) : `one model split over the ${n} GPUs (tensor parallel ${n}, as vLLM/TGI shard it; say tp 1 for a full copy per GPU)`);
  return true;
}

/**
 * A thread that ran on one GPU (or named none) moved onto several by this message ("两张卡" with
 * vLLM after "how much memory to run Qwen1.5-72B", "on 2x a100-80g"): the model is split over
 * them as a new request on those GPUs would be, not copied to each (QwenLM/Qwen3#88, c273).
 * A thread already on several GPUs keeps the layout it had.
 */
function firstOnSeveralGpus(r: Resolution): boolean {
  if (r.isNew || !r.base) return false;
  return gpuCountOf(r.base) <= 1 && r.gpus() > 1 && r.base.parallel.tp === 1 && r.base.parallel.pp === 1;
}

export function shardingOf(word: string): Scenario['sharding'] {
  if (word === 'ddp') return { kind: 'ddp', stage: 0 };
  if (word.startsWith('zero')) return { kind: 'zero', stage: Number(word.slice(4)) };
  if (word === 'fsdp-grad-op') return { kind: 'fsdp', stage: 2 };
  if (word === 'hsdp') return { kind: 'hsdp', stage: 3 };
  return { kind: 'fsdp', stage: 3 };
}
