import type { Scenario } from '../scenario/schema.js';
import { exl2Weights } from './exllamav2.js';
import { awqRunsSplitK } from './awq-gemm.js';
import { vllmDequantElements, vllmDequantisesMergedLinear } from './vllm-merged-dequant.js';
import { fp8ReleaseWeights } from './fp8-release.js';
import { fsdpRootParams } from './fsdp-root.js';
import { nativeFormatWeights } from './checkpoint.js';
import { cpuMoeWeights } from './llamacpp-cpu-moe.js';
import { count, num } from './format.js';
import { gathersOneModuleAtATime, zero12BucketsFromBackwardStart, zero12Config, zero3Config } from './deepspeed-config.js';
import { largestParameter, paramsPerGpu, shardedParamsPerGpu, type Layout } from './layout.js';
import { loraParams } from './lora.js';
import { KBIT_UPCAST_BYTES, kbitPrepared } from './kbit.js';
import { bnbExtraLinear } from './bnb-linear.js';
import { ggufFileBytes, ggufGpuBytes, isGgufFormat, llamaCppPlacement } from './gguf.js';
import { llamaCppSplitsRows, rowSplitShare } from './llamacpp-row-split.js';
import { OPTIMIZERS, WEIGHT_FORMAT_BYTES, isQuantised, recipeBytes } from './precision.js';
import type { Component } from './types.js';
import { fsdpStageStaysUnsharded, unshardedStageParameters } from './pipeline-schedule.js';
import { runsMegatronCore } from './megatron-core.js';
import { gatheredLayerBytes, unpackedExpertParams } from './fused-experts.js';
import { llamafactoryRewardStage } from './reward-model.js';

/**
 * Model states per GPU: weights, gradients, fp32 master copy and optimizer states, under the
 * scenario's precision recipe, ZeRO/FSDP sharding, TP/PP split and offload (DESIGN §3.2).
 */

function component(key: string, name: string, group: Component['group'], bytes: number, formula: string): Component {
  return { key, name, group, bytes, formula };
}

function divisor(n: number): string {
  return n > 1 ? ` ÷ ${n}` : '';
}

/**
 * "13.0 B" or "13.0 B ÷ tp 2" for the parameters one GPU holds; for a state sharded `shardedBy` ways under
 * expert parallelism, the stage's parameters with every expert (layout.ts shardedParamsPerGpu).
 */
function gpuParamsText(l: Layout, shardedBy = 1): string {
  const params = shardedParamsPerGpu(l, shardedBy) * l.tp;
  const experts = params !== l.stageParams ? ' (experts over the expert data-parallel ranks)' : '';
  const stage = l.pp > 1 ? `${count(params)} on the busiest of ${l.pp} stages${experts}` : `${count(params)}${experts}`;
  return l.tp > 1 ? `${stage} ÷ tp ${l.tp}` : stage;
}

/**
 * Trained weights at the recipe's storage precision, sharded by ZeRO-3 / FSDP FULL_SHARD;
 * moved to host RAM by ZeRO-3 parameter offload.
 */
export function trainedWeights(s: Scenario, l: Layout): Component {
  const r = recipeBytes(s);
  if (s.offload.params !== 'none') {
    return component('weights', `weights (offloaded to ${s.offload.params})`, 'weights', 0, `${gpuParamsText(l)} × ${r.weights} B moved to ${s.offload.params}`);
  }
  const bytes = (shardedParamsPerGpu(l, l.shard.weights) * r.weights) / l.shard.weights;
  return component('weights', `weights, ${r.weights * 8}-bit${divisor(l.shard.weights)}`, 'weights', bytes, `${gpuParamsText(l, l.shard.weights)} × ${r.weights} B${divisor(l.shard.weights)}`);
}

/**
 * LitGPT (and lit-gpt, lit-llama) under a "-mixed" precision: Lightning Fabric's MixedPrecision
 * (lightning/fabric/plugins/precision/amp.py) only autocasts, it never converts the module (the
 * "-true" precisions do: precision/half.py HalfPrecision `convert_module`), so the model built under
 * `fabric.init_module()` (finetune/lora.py) is fp32 and the 16-bit checkpoint loads into fp32
 * parameters: frozen weights take 4 B each. The preset's bf16-true keeps them 16-bit.
 */
export function fabricMixedKeepsFp32(s: Scenario): boolean {
  const sixteenBit = s.weights === 'bf16' || s.weights === 'fp16';
  return s.framework === 'litgpt' && s.mode !== 'full' && (s.recipe === 'mixed' || s.recipe === 'amp') && sixteenBit;
}

/**
 * The frozen base of LoRA / QLoRA / inference at its storage format: the decoder's linear layers
 * shrink when quantised; embeddings, LM head and norms stay 16-bit (bitsandbytes and GPTQ
 * quantise nn.Linear inside the blocks only).
 */
export function frozenWeights(s: Scenario, l: Layout): Component {
  return cpuMoeWeights(s, l, cpuOffloaded(s, l, frozenWeightsOnCard(s, l)));
}

/**
 * vLLM's --cpu-offload-gb (SGLang's, the same code): "the space in GiB to offload to CPU, per GPU"
 * (vllm/engine/arg_utils.py, v0.5.3 → v0.11). `maybe_offload_to_cpu` (vllm/model_executor/models/utils.py,
 * v0.5.3, PR #6496), called on each decoder layer by `make_layers`, moves that layer's parameters to
 * pinned CPU memory while the running total stays under cpu_offload_gb × 2^30 B, and streams them back
 * one layer at a time in forward; embeddings and the LM head stay on the GPU. So the GPU keeps the
 * weights less min(cpu_offload_gb GiB, the decoder layers' bytes); one layer in flight is within the
 * profile run's peak. Worked example (PR #6496's GH200 test): Llama-3-70B bf16, 131.4 GiB, offload 70
 * → 61.4 GiB on the GPU (its log: "Loading model weights took 61.2922 GB", i.e. GiB).
 */
export function cpuOffloaded(s: Scenario, l: Layout, weights: Component): Component {
  const gib = s.mode === 'inference' ? (s.inference.cpuOffloadGb ?? 0) : 0;
  if (gib <= 0 || weights.bytes <= 0) return weights;
  const layerShare = Math.min(1, (l.params.perLayer * l.layersOnStage) / Math.max(1, l.stageParams));
  const offloaded = Math.min(gib * 2 ** 30, weights.bytes * layerShare);
  return { ...weights, name: `${weights.name}, ${num(gib)} GiB of its layers in CPU memory (--cpu-offload-gb)`, bytes: weights.bytes - offloaded, formula: `${weights.formula} − min(${num(gib)} GiB, decoder layers) kept on the CPU` };
}

function frozenWeightsOnCard(s: Scenario, l: Layout): Component {
  const format = s.weights;
  if (s.offload.params !== 'none') {
    return component('weights', `weights, ${format} (offloaded to ${s.offload.params})`, 'weights', 0, `${gpuParamsText(l)} × ${num(WEIGHT_FORMAT_BYTES[format])} B moved to ${s.offload.params}`);
  }
  const native = nativeFormatWeights(s, l) ?? fp8ReleaseWeights(s, l);
  if (native) return native;
  const perParam = WEIGHT_FORMAT_BYTES[format];
  if (isGgufFormat(format)) return ggufWeights(s, l, format);
  if (format === 'exl2') return exl2Weights(s, l);
  const { linear, rest } = linearAndRest(s, l);
  if (fabricMixedKeepsFp32(s)) {
    const bytes = (shardedParamsPerGpu(l, l.shard.weights) * 4) / l.shard.weights;
    return component('weights', `weights, fp32 (frozen; Fabric mixed precision keeps the module in fp32)${divisor(l.shard.weights)}`, 'weights', bytes, `${gpuParamsText(l, l.shard.weights)} × 4 B${divisor(l.shard.weights)}`);
  }
  if (!isQuantised(format)) {
    const bytes = (shardedParamsPerGpu(l, l.shard.weights) * perParam) / l.shard.weights;
    return component('weights', `weights, ${format} (frozen)${divisor(l.shard.weights)}`, 'weights', bytes, `${gpuParamsText(l, l.shard.weights)} × ${perParam} B${divisor(l.shard.weights)}`);
  }
  // PEFT's prepare_model_for_kbit_training (kbit.ts; and the older prepare_model_for_int8_training
  // that alpaca-lora calls, from PEFT 0.3.0) casts every fp16/bf16 parameter left (embeddings, LM head, norms) to fp32.
  const restBytes = kbitPrepared(s) ? KBIT_UPCAST_BYTES : 2;
  // Linear layers outside the catalog's layer shape (CogVLM's visual expert) that bitsandbytes packs too (bnb-linear.ts).
  const extra = Math.min(rest, bnbExtraLinear(s, l));
  const packed = linear + extra;
  const left = rest - extra;
  const bytes = (packed * perParam + left * restBytes) / l.shard.weights;
  const extraText = extra > 0 ? ` (${count(extra)} of them ${s.model.name}'s extra nn.Linear layers)` : '';
  return component(
    'weights',
    `weights, ${format} linear + ${restBytes * 8}-bit rest${divisor(l.shard.weights)}`,
    'weights',
    bytes,
    `${count(packed)}${extraText} × ${num(perParam)} B + ${count(left)} × ${restBytes} B${divisor(l.shard.weights)}`,
  );
}

/**
 * A GGUF file tensor by tensor (gguf.ts): under llama.cpp the busiest GPU's share of the last -ngl
 * layers plus the output when offloaded, token_embd on the host; elsewhere the whole file per stage.
 * A bare size pinned below its shape (a negative sizeAdjustment) scales the bytes to the asked total.
 */
function ggufWeights(s: Scenario, l: Layout, format: Parameters<typeof ggufFileBytes>[1]): Component {
  const arch = s.model.arch;
  const pinned = Math.min(1, (l.params.total) / (l.params.total - Math.min(0, arch.sizeAdjustment ?? 0)));
  const name = `weights, GGUF ${format.toUpperCase()}`;
  if (s.framework !== 'llamacpp') {
    const bytes = (ggufFileBytes(arch, format) * pinned) / l.pp / l.tp;
    return component('weights', name, 'weights', bytes, `${format.toUpperCase()} file, tensor types per llama-quant.cpp${divisor(l.pp * l.tp)}`);
  }
  const placement = llamaCppPlacement(arch, s.inference.gpuLayers, l.pp, s.inference.cpuMoeLayers);
  if (llamaCppSplitsRows(s)) {
    const split = rowSplitShare(s, ggufGpuBytes(arch, format, placement) * pinned);
    return component('weights', name, 'weights', split.bytes, `${split.formula}; token_embd on the CPU`);
  }
  const bytes = ggufGpuBytes(arch, format, placement) * pinned;
  const share = l.pp > 1 ? `${placement.layersHere} of ${placement.gpuLayers} GPU layers (last GPU of ${l.pp})` : `${placement.gpuLayers} of ${arch.layers} layers`;
  const output = placement.outputOnGpu ? ' + output' : ', output on the CPU';
  const experts = placement.cpuMoeLayers > 0 ? `, routed experts of the first ${Math.min(placement.cpuMoeLayers, arch.layers)} layers on the CPU (--cpu-moe)` : '';
  return component('weights', name, 'weights', bytes, `${share}${output}${experts}, tensor types per llama-quant.cpp; token_embd on the CPU`);
}

/**
 * One GPU's parameters split into the decoder's linear layers (what bitsandbytes / GPTQ quantise)
 * and the rest (embeddings, LM head, norms, which stay 16-bit). A bare size smaller than its catalog
 * shape is pinned by a negative `sizeAdjustment` (src/scenario/shape.ts); that deficit comes off the
 * linear layers, which hold nearly all parameters, so neither part is ever negative.
 */
export function linearAndRest(s: Scenario, l: Layout): { linear: number; rest: number } {
  const all = paramsPerGpu(l);
  const deficit = Math.min(0, s.model.arch.sizeAdjustment ?? 0) / l.pp / l.tp;
  // Experts held as nn.Parameter stay 16-bit under a bitsandbytes load (fused-experts.ts).
  const rest = Math.min(all, Math.max(0, all - l.params.linear / l.pp / l.tp - deficit) + unpackedExpertParams(s, l));
  return { linear: all - rest, rest };
}

/** LoRA adapter weights: fp32 under PEFT's default autocast of adapters, 16-bit in torchtune/litgpt. */
export function adapterBytesPerParam(s: Scenario): number {
  return s.recipe === 'pure' ? 2 : 4;
}

export function adapterWeights(s: Scenario, l: Layout): Component {
  const bytes = adapterBytesPerParam(s);
  const lora = loraParams(s);
  const perGpu = lora.total / l.pp / l.tp;
  return component(
    'adapters',
    `LoRA adapters r${s.lora?.rank}, ${bytes * 8}-bit`,
    'weights',
    perGpu * bytes,
    `${count(perGpu)} (${s.model.arch.layers} layers × r ${s.lora?.rank} × Σ(d_in + d_out)) × ${bytes} B`,
  );
}

/**
 * Where the optimizer step runs. DeepSpeed offloads it when asked (`offload_optimizer`); PyTorch
 * FSDP has no separate switch: `CPUOffload(offload_params=True)` (torch/distributed/fsdp/api.py,
 * torch 1.12 → 2.x) keeps the sharded parameters on the host, copies each gradient shard to the host
 * after reduce-scatter and runs the optimizer there, so parameters, gradients, master copy and
 * optimizer states all leave the GPU together.
 */
export function optimizerOffload(s: Scenario): 'none' | 'cpu' | 'nvme' {
  if (s.offload.optimizer !== 'none') return s.offload.optimizer;
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp ? s.offload.params : 'none';
}

/** FSDP CPUOffload: gradient shards live on the host between backward and the CPU optimizer step. */
export function gradientsOffloaded(s: Scenario): boolean {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp && s.offload.params !== 'none';
}

/**
 * DeepSpeed with offload_optimizer keeps no gradient partition on the GPU from ZeRO-2 on. Stage 2
 * (runtime/zero/stage_1_and_2.py `reduce_ipg_grads` → `copy_grads_in_partition`, v0.10 → master)
 * reduces each gradient in the contiguous ipg bucket, copies this rank's part into the pinned fp32
 * partition on the host (`async_inplace_copy_grad_to_fp32_buffer_from_gpu`) and clears the rest;
 * the GPU-side `grads_in_partition` is only built without offload. Stage 3 puts
 * `grad_partitions_flat_buffer` on `self.device`, which is the CPU under offload_optimizer
 * (runtime/zero/stage3.py). What stays is the bucket (gradientBuckets, zero3GradientBucket).
 * Stage 1 keeps whole gradients until the end-of-backward reduction, so it is not counted here.
 */
export function deepSpeedGradientsOnHost(s: Scenario): boolean {
  return usesDeepSpeed(s) && s.mode === 'full' && s.sharding.stage >= 2 && s.offload.optimizer !== 'none';
}

/**
 * torchtune's full recipes with `optimizer_in_bwd: True` (recipes/full_finetune_single_device.py,
 * v0.2 → v0.6; the distributed recipe accepts it too) register a post-accumulate-grad hook that
 * steps and frees each parameter's gradient as soon as it is ready: only the largest single
 * gradient (the embedding or LM head, V·h) is ever alive. Its single-device configs pair it with
 * PagedAdamW8bit, which is how the preset (and this check) recognise it.
 */
export function optimizerInBackward(s: Scenario): boolean {
  return s.framework === 'torchtune' && s.mode === 'full' && s.optimizer === 'paged-adamw-8bit';
}

/** Bytes per element of the trainable parameters' gradients. */
export function gradientBytes(s: Scenario): number {
  return s.mode === 'full' ? recipeBytes(s).grads : adapterBytesPerParam(s);
}

/** Gradients of the trainable parameters; sharded from ZeRO-2 / SHARD_GRAD_OP on. */
export function gradients(s: Scenario, l: Layout): Component {
  const bytes = gradientBytes(s);
  const trainablePerGpu = s.mode === 'full' ? shardedParamsPerGpu(l, l.shard.grads) : l.trainable / l.pp / l.tp;
  if (optimizerInBackward(s)) {
    const largest = Math.max(l.params.embedding, l.params.lmHead, l.params.perLayer / 4);
    return component('gradients', `gradients, ${bytes * 8}-bit (one at a time: optimizer in backward)`, 'gradients', largest * bytes, `${count(largest)} (largest parameter) × ${bytes} B`);
  }
  if (deepSpeedGradientsOnHost(s)) {
    // The gradient autograd has just produced is a tensor of its own until the hook copies it
    // into the bucket; one larger than reduce_bucket_size (an embedding or LM head) is reduced
    // from its own tensor (`extra_large_param_to_reduce`): the largest parameter's gradient.
    const where = optimizerOffload(s);
    const largest = largestParameter(l);
    return component('gradients', `gradients, ${bytes * 8}-bit, one in flight (partitions on ${where})`, 'gradients', largest * bytes, `${count(largest)} (largest parameter) × ${bytes} B; ${count(trainablePerGpu)}${divisor(l.shard.optimizer)} × 4 B on ${where}`);
  }
  if (gradientsOffloaded(s)) {
    return component('gradients', `gradients (offloaded to ${s.offload.params})`, 'gradients', 0, `${count(trainablePerGpu)} × ${bytes} B${divisor(l.shard.grads)} copied to ${s.offload.params} after reduce-scatter`);
  }
  return component(
    'gradients',
    `gradients, ${bytes * 8}-bit${divisor(l.shard.grads)}`,
    'gradients',
    (trainablePerGpu * bytes) / l.shard.grads,
    `${count(trainablePerGpu)} × ${bytes} B${divisor(l.shard.grads)}`,
  );
}

/** fp32 master weights kept by mixed-precision optimizers; sharded from ZeRO-1 on. */
export function masterWeights(s: Scenario, l: Layout): Component | null {
  const master = recipeBytes(s).master;
  if (s.mode !== 'full' || master === 0) return null;
  const offload = optimizerOffload(s);
  if (offload !== 'none') {
    return component('master', `master weights (offloaded to ${offload})`, 'optimizer', 0, `${count(paramsPerGpu(l))} × ${master} B on ${offload}`);
  }
  const params = shardedParamsPerGpu(l, l.shard.optimizer);
  return component(
    'master',
    `master weights, fp32${divisor(l.shard.optimizer)}`,
    'optimizer',
    (params * master) / l.shard.optimizer,
    `${gpuParamsText(l, l.shard.optimizer)} × ${master} B${divisor(l.shard.optimizer)}`,
  );
}

/**
 * Adafactor's factored second moment: one row vector and one column vector per weight matrix
 * (Shazeer & Stern 2018), a full vector for 1-D parameters. Counted per decoder layer from the
 * architecture, plus the embedding matrix.
 */
function adafactorElements(s: Scenario, l: Layout): number {
  const { hidden: h, heads: a, kvHeads: g, headDim: d, ffn: f, mlp, vocab: V, layers: L } = s.model.arch;
  const matrices: [number, number][] = [
    [h, a * d],
    [h, g * d],
    [h, g * d],
    [a * d, h],
    ...(mlp === 'gated' ? ([[h, f], [h, f], [f, h]] as [number, number][]) : ([[h, f], [f, h]] as [number, number][])),
  ];
  const perLayer = matrices.reduce((sum, [r, c]) => sum + r + c, 0) + 4 * h;
  const embeddings = (V + h) * (l.params.lmHead > 0 ? 2 : 1);
  return (perLayer * L + embeddings) / l.pp / l.tp;
}

/** Optimizer states of the trainable parameters (Adam m, v …); sharded from ZeRO-1 on. */
export function optimizerStates(s: Scenario, l: Layout): Component {
  const opt = OPTIMIZERS[s.optimizer];
  const elementBytes = opt.elementBytes ?? (s.mode === 'full' ? recipeBytes(s).state : adapterBytesPerParam(s));
  const trainablePerGpu = s.mode === 'full' ? shardedParamsPerGpu(l, l.shard.optimizer) : l.trainable / l.pp / l.tp;
  const name = `${opt.label} states${divisor(l.shard.optimizer)}`;
  const offload = optimizerOffload(s);
  if (offload !== 'none' && (s.mode === 'full' || gradientsOffloaded(s))) {
    return component('optimizer', `${opt.label} states (offloaded to ${offload})`, 'optimizer', 0, `${count(trainablePerGpu)} × ${opt.states} × ${num(elementBytes)} B on ${offload}`);
  }
  if (opt.paged) {
    // bitsandbytes allocates paged states with cudaMallocManaged (bitsandbytes/functional.py
    // `get_paged`, 0.39 → 0.45): unified memory outside torch's caching allocator, so
    // max_memory_allocated/reserved never see it, and the driver evicts its pages to host RAM when
    // the card runs short instead of failing. estimate.ts counts it on the card but not for the fit.
    return component('optimizer', `${opt.label} states (unified memory)${divisor(l.shard.optimizer)}`, 'optimizer', (trainablePerGpu * opt.states * elementBytes) / l.shard.optimizer, `${count(trainablePerGpu)} × ${opt.states} states × ${num(elementBytes)} B${divisor(l.shard.optimizer)}, pages to host under pressure`);
  }
  if (opt.factored) {
    const elements = s.mode === 'full' ? adafactorElements(s, l) : trainablePerGpu;
    return component('optimizer', name, 'optimizer', (elements * elementBytes) / l.shard.optimizer, `${count(elements)} factored row+column elements × ${num(elementBytes)} B${divisor(l.shard.optimizer)}`);
  }
  return component(
    'optimizer',
    name,
    'optimizer',
    (trainablePerGpu * opt.states * elementBytes) / l.shard.optimizer,
    `${count(trainablePerGpu)} × ${opt.states} states × ${num(elementBytes)} B${divisor(l.shard.optimizer)}`,
  );
}

/**
 * Preference training that runs chosen and rejected sequences through one forward (TRL `concatenated_forward`),
 * and reward-model training, whose two sequences of a pair are in the graph together (memory/reward-model.ts;
 * LLaMA-Factory's stage rm stacks them in one forward).
 */
export function isPreference(s: Scenario): boolean {
  return ((s.framework === 'dpo' || s.framework === 'orpo' || s.framework === 'reward') && s.mode !== 'inference') || llamafactoryRewardStage(s);
}

/**
 * DPO / KTO's frozen reference model: a second copy of the weights in the compute dtype, prepared
 * like the policy (ZeRO-3 shards it; TRL `_prepare_deepspeed`), used under no_grad. With a PEFT
 * model TRL uses the base with the adapters disabled (`null_ref_context`), so there is no copy.
 */
export function referenceModel(s: Scenario, l: Layout): Component | null {
  if (s.framework !== 'dpo' || s.mode !== 'full') return null;
  const perParam = s.compute === 'fp32' ? 4 : 2;
  const bytes = (shardedParamsPerGpu(l, l.shard.weights) * perParam) / l.shard.weights;
  return component('reference', `reference model, ${perParam * 8}-bit (frozen)${divisor(l.shard.weights)}`, 'weights', bytes, `${gpuParamsText(l, l.shard.weights)} × ${perParam} B${divisor(l.shard.weights)}`);
}

/**
 * ZeRO-3 / FSDP gather each layer's full parameters before computing it and prefetch the next:
 * two unsharded layers are alive at once (FSDP `backward_prefetch=BACKWARD_PRE`, DeepSpeed's
 * prefetch). DeepSpeed also keeps fetched parameters resident up to `stage3_max_live_parameters`
 * (1e9 elements by default) when they will be reused soon (`stage3_max_reuse_distance`, 1e9),
 * which is what it holds around the forward→backward turn. A config with both at 0 (axolotl's)
 * neither prefetches nor keeps anything: one module's parameters at a time (deepspeed-config.ts).
 */

/** ZeRO stages are DeepSpeed's, whichever trainer drives it (HF Trainer, accelerate); Megatron's distributed optimizer is not. */
export function usesDeepSpeed(s: Scenario): boolean {
  return s.sharding.kind === 'zero' && !runsMegatronCore(s);
}

/** "0.5159 B", or with unpacked experts "0.5159 B (its 16-bit experts at 2 B)" (fused-experts.ts). */
function layerBytesText(s: Scenario, l: Layout, perParam: number): string {
  return unpackedExpertParams(s, l) > 0 ? `${num(perParam)} B (its ${count(unpackedExpertParams(s, l) / s.model.arch.layers)} unpacked expert weights at 2 B)` : `${num(perParam)} B`;
}

/** Bytes a parameter takes once gathered: an fp32 model sharded under FSDP mixed precision is all-gathered in param_dtype (bf16). */
export function gatheredBytesPerParam(s: Scenario): number {
  const gatheredAs16 = s.mode === 'full' && s.recipe === 'amp' && s.sharding.kind !== 'zero';
  return gatheredAs16 ? 2 : s.mode === 'full' ? recipeBytes(s).weights : WEIGHT_FORMAT_BYTES[s.weights];
}

export function gatheredLayers(s: Scenario, l: Layout): Component | null {
  if (l.shard.weights <= 1 && s.offload.params === 'none') return null;
  const perParam = gatheredBytesPerParam(s);
  // Under expert parallelism a layer's gather brings its dense part and the E/ep experts this GPU computes,
  // gathered over the expert data-parallel ranks (torchtitan's `efsdp` mesh, layout.ts shardedParamsPerGpu), not all E.
  const expertsPerLayer = l.layersOnStage > 0 ? l.stageExperts / Math.min(l.layersOnStage, s.model.arch.layers) : 0;
  const layer = (l.params.perLayer - expertsPerLayer * (1 - 1 / l.ep)) / l.tp;
  if (usesDeepSpeed(s)) {
    // A parameter is fetched whole even when it alone exceeds max_live_parameters, and the tied
    // LM head (the embedding) is reused at once in backward, so it stays: the largest tensor is a floor.
    const largest = Math.max(l.params.embedding, l.params.lmHead) / l.tp;
    const config = zero3Config(s);
    // No prefetch and no reuse (axolotl's configs): one module's tensors, the largest of them at most.
    if (gathersOneModuleAtATime(config)) {
      const one = largestParameter(l);
      return component('gathered', 'live parameters (ZeRO-3)', 'buffers', one * perParam, `largest tensor ${count(one)} × ${num(perParam)} B (stage3_max_live_parameters 0, max_reuse_distance 0: ${config.source})`);
    }
    const live = Math.max(2 * layer, largest, Math.min(config.maxLiveParameters, paramsPerGpu(l)));
    return component('gathered', 'live parameters (ZeRO-3)', 'buffers', live * perParam, `max(min(stage3_max_live_parameters ${count(config.maxLiveParameters)}, ${count(paramsPerGpu(l))}), largest tensor ${count(largest)}) × ${num(perParam)} B`);
  }
  // An FSDP2 stage under torch.distributed.pipelining keeps every unit gathered until the step ends (pipeline-schedule.ts).
  if (fsdpStageStaysUnsharded(s, l)) return unshardedStageParameters(s, l, perParam);
  // FSDP's root unit (embedding, final norm, LM head) stays whole beside the layers it gathers (fsdp-root.ts).
  // A quantised base keeps its embedding and LM head in 16 bits (bitsandbytes replaces the linears only).
  const root = fsdpRootParams(s, l);
  if (root > 0) {
    const rootBytes = isQuantised(s.weights) ? 2 : perParam;
    return component('gathered', 'gathered layers + root unit (FSDP)', 'buffers', 2 * gatheredLayerBytes(s, l, layer, perParam) + root * rootBytes, `2 layers × ${count(layer)} × ${layerBytesText(s, l, perParam)} + root (embedding, norm, LM head) ${count(root)} × ${num(rootBytes)} B`);
  }
  return component('gathered', 'gathered layers (ZeRO-3/FSDP)', 'buffers', 2 * gatheredLayerBytes(s, l, layer, perParam), `2 layers × ${count(layer)} × ${layerBytesText(s, l, perParam)}`);
}

/**
 * bitsandbytes dequantises a 4-bit weight to 16 bits for each matmul (`F.dequantize_4bit(B).to(A.dtype)`
 * in MatMul4Bit, forward and backward): one full-size 16-bit copy of the largest matrix at a time.
 */
export function dequantisedMatrix(s: Scenario, l: Layout): Component | null {
  // llama.cpp multiplies GGUF blocks in place (its MMQ kernels), without a 16-bit copy.
  if (!isQuantised(s.weights) || s.weights === 'int8' || s.weights === 'fp8' || isGgufFormat(s.weights)) return null;
  // llm-awq's split-K GEMM dequantises in registers, with no 16-bit copy of the weight (awq-gemm.ts).
  if (awqRunsSplitK(s)) return null;
  const { hidden: h, ffn: f, heads: a, kvHeads: g, headDim: d } = s.model.arch;
  // vLLM's GPTQ and AWQ kernels copy a merged linear whole: gate_up is hidden × 2·ffn (vllm-merged-dequant.ts).
  const merged = vllmDequantisesMergedLinear(s);
  const largest = merged ? vllmDequantElements(s, l) : Math.max(h * f, h * (a + 2 * g) * d) / l.tp;
  return component('dequant', 'dequantised weight (one matrix)', 'buffers', largest * 2, `${count(largest)} × 2 B (largest ${merged ? 'merged linear, gate_up or QKV' : 'linear'}, dequantised per matmul)`);
}

/**
 * DeepSpeed's reduce_bucket_size (runtime/zero/config.py: 5e8 elements), which accelerate's
 * config plugin leaves at the default; configs that say "auto" (LLaMA-Factory's ds_z*_config.json,
 * axolotl's zero3*.json, filled by transformers integrations/deepspeed.py `trainer_config_finalize`)
 * get hidden² (deepspeed-config.ts).
 */
export function deepSpeedReduceBucket(s: Scenario): number {
  return zero3Config(s).reduceBucketElements;
}

/**
 * ZeRO-3's contiguous gradient bucket: DeepSpeedZeroOptimizer_Stage3.__init__
 * (runtime/zero/stage3.py, v0.7 → v0.16) allocates `__ipg_bucket_flat_buffer =
 * torch.empty(reduce_bucket_size, dtype=self.dtype)` on the GPU when contiguous_gradients (on by
 * default) — at start-up, in the engine's dtype, whatever the GPU count or how few parameters train.
 */
export function zero3GradientBucket(s: Scenario): Component | null {
  if (!usesDeepSpeed(s) || s.sharding.stage < 3 || s.mode === 'inference') return null;
  const elements = deepSpeedReduceBucket(s);
  const bytes = s.recipe === 'fp32' || s.compute === 'fp32' ? 4 : 2;
  const size = zero3Config(s).reduceBucketAuto ? `hidden² ${count(elements)} ("auto")` : 'reduce_bucket_size 5e8';
  return component('zero3-bucket', 'ZeRO-3 contiguous gradient bucket', 'buffers', elements * bytes, `${size} × ${bytes} B`);
}

/**
 * Communication buffers that hold gradients outside the parameters' .grad:
 * PyTorch DDP copies every gradient into its bucket tensors (gradient_as_bucket_view=False, the
 * default), one more gradient-sized copy; DeepSpeed ZeRO-1/2 reduce through `reduce_bucket_size`
 * buckets allocated whole in backward, whatever trains (deepspeed-config.ts zero12Config).
 */
export function gradientBuckets(s: Scenario, l: Layout): Component | null {
  // DeepSpeed ZeRO-1/2 allocate their buckets on one GPU too (deepspeed-config.ts zero12BucketsFromBackwardStart); DDP has none there.
  if ((l.dataParallel <= 1 && !zero12BucketsFromBackwardStart(s)) || s.mode === 'inference') return null;
  // Megatron's DDP has no second copy: each parameter's `main_grad` is a view into the fp32 grad
  // buffer and the communication buckets are views into that same buffer
  // (megatron/core/distributed/param_and_grad_buffer.py, `_ParamAndGradBuffer`, core_r0.5 → main).
  if (runsMegatronCore(s)) return null;
  const bytes = gradientBytes(s);
  const trainablePerGpu = s.mode === 'full' ? shardedParamsPerGpu(l, l.shard.grads) : l.trainable / l.pp / l.tp;
  if (s.sharding.kind === 'ddp') {
    return component('buckets', 'DDP gradient buckets', 'buffers', trainablePerGpu * bytes, `${count(trainablePerGpu)} × ${bytes} B (a second gradient copy)`);
  }
  if (s.sharding.kind === 'zero') {
    // ZeRO-3's bucket is allocated at start-up (zero3GradientBucket).
    if (s.sharding.stage >= 3) return null;
    const config = zero12Config(s);
    // In the engine's dtype (the bf16/fp16 engine casts the module, adapters included).
    const engineBytes = s.recipe === 'fp32' || s.compute === 'fp32' ? 4 : 2;
    const n = config.overlapComm ? 2 : 1;
    return component('buckets', 'ZeRO reduce buckets (backward)', 'buffers', n * config.reduceBucketElements * engineBytes, `${n} × reduce_bucket_size ${count(config.reduceBucketElements)} × ${engineBytes} B (${config.overlapComm ? 'overlap_comm: two buckets, ' : ''}${config.source})`);
  }
  return null;
}
