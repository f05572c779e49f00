import { noSyncGradients } from './fsdp-no-sync.js';
import { fsdpStageStaysUnsharded, pipelineFirstBackwardActivations, pipelineMicroBatches, pipelineStepIsWarmupOnly } from './pipeline-schedule.js';
import { GPUS } from '../catalog/index.js';
import type { Scenario } from '../scenario/schema.js';
import {
  activations,
  backwardWorkingSet,
  finalNormActivations,
  offloadedActivationHostBytes,
  recomputeWorkingSet,
} from './activations.js';
import { MiB, count, num, withoutFormulas } from './format.js';
import { ggufHostBytes, isGgufFormat, llamaCppPlacement } from './gguf.js';
import { kvBytesPerToken, kvCache, prefillWorkingSet } from './inference.js';
import { largestParameter, layoutOf, shardedParamsPerGpu, type Layout } from './layout.js';
import { zero12BucketsFreedBeforeStep, zero12BucketsFromBackwardStart, zero3Config } from './deepspeed-config.js';
import { trainingLogits, prefillLogits } from './logits.js';
import { contextBytes, ncclBytes, reservedBytes, slackDrivers, slackFormula } from './overhead.js';
import { churned } from './churn.js';
import { OPTIMIZERS, WEIGHT_FORMAT_BYTES, recipeBytes } from './precision.js';
import {
  adapterWeights,
  frozenWeights,
  gatheredLayers,
  gradientBuckets,
  zero3GradientBucket,
  gradients,
  gradientsOffloaded,
  masterWeights,
  optimizerOffload,
  dequantisedMatrix,
  optimizerStates,
  isPreference,
  referenceModel,
  trainedWeights,
  usesDeepSpeed,
} from './states.js';
import { offloadHostBytes, zeroOffloadGpuStaging } from './offload.js';
import { zeroOffloadGradientCheck } from './zero-offload-checks.js';
import { runsMegatronCore } from './megatron-core.js';
import { int8BackwardWeight } from './quantised-linear.js';
import { selectiveRecomputeNote, withFrameworkRecompute } from './recompute.js';
import { zero3GradPartitionResident, zero3ReleasesGatheredBeforeStep, zero3StepElements } from './zero3-step.js';
import { FLIP_ORDER, withSetting, type Flip } from './flips.js';
import type { RlFlip } from './rl-flips.js';
import { completionTokens, generationBatchWords, isOnlineRl, logitsOfCompletionOnly, rlModels, rolloutGeneration } from './rl.js';
import { colocatedEngine, generatedByEngine, rolloutEngineReservation, rolloutEngineWords } from './rollout-engine.js';
import { preallocatedServing, servingEngine } from './serving-budget.js';
import type { Component, Estimate, PhaseName, PhasePoint } from './types.js';
import { visionTowerWeights } from './vision.js';
import { exl2Scratch } from './exllamav2.js';
import { cpuMoeHostBytes } from './llamacpp-cpu-moe.js';
import { llamaCppComputeBuffer, llamaCppSlots } from './llamacpp.js';
import { llamaCppCublasPool } from './llamacpp-cublas-pool.js';
import { llamaCppBeforeBackend, llamaCppSplitsRows, oldKvCache } from './llamacpp-row-split.js';
import { evalLogits, evalWorkingSet } from './evaluation.js';
import { llamafactoryRewardStage } from './reward-model.js';
import { gpuCountOf } from '../scenario/gpus.js';

/**
 * Peak assembly (DESIGN §3.5): the maximum over the phases of one step of what is alive then,
 * not a sum of everything and not a max of stages.
 */

function present(...components: (Component | null | undefined)[]): Component[] {
  return components.filter((c): c is Component => !!c);
}

function phase(name: PhaseName, label: string, parts: Component[]): PhasePoint {
  // One pass for the sum (in the same order) and the parts: phases are built for every estimate.
  let bytes = 0;
  const alive: PhasePoint['parts'] = [];
  for (const c of parts) {
    bytes += c.bytes;
    alive.push({ key: c.key, group: c.group, bytes: c.bytes });
  }
  return { phase: name, label, bytes, parts: alive };
}

/**
 * autocast caches a 16-bit copy of every weight it casts for the whole forward, and the matmuls
 * keep those copies for backward (torch.autocast weight cache): 2 B per matmul weight under amp.
 */
function autocastWeightCopies(s: Scenario, l: Layout): Component | null {
  if (s.recipe !== 'amp' || s.mode !== 'full') return null;
  // Sharded fp32 parameters (FSDP MixedPrecision, torchtitan's MixedPrecisionPolicy) are cast to
  // bf16 per layer as they are gathered and freed after it: no whole-model cache (gatheredLayers).
  if (l.shard.weights > 1) return null;
  const matmulParams = (l.params.linear / l.pp + l.params.lmHead) / l.tp;
  return { key: 'autocast', name: 'autocast 16-bit weight copies', group: 'buffers', bytes: matmulParams * 2, formula: `${count(matmulParams)} matmul weights × 2 B` };
}

/**
 * Temporaries of the optimizer step. PyTorch's foreach AdamW (`_multi_tensor_adamw`) builds
 * `exp_avg_sq_sqrt` for all parameters at once, one state-sized temporary; fused and 8-bit
 * kernels update in place. DeepSpeed ZeRO-1/2 under bf16 also materialises an fp32 gradient
 * partition for its optimizer step; ZeRO-3 does the same one sub-group at a time (zero3-step.ts).
 */
function optimizerTemporaries(s: Scenario, l: Layout): Component | null {
  if (optimizerOffload(s) !== 'none' && (s.mode === 'full' || gradientsOffloaded(s))) return null;
  if (OPTIMIZERS[s.optimizer].paged) return null;
  const opt = OPTIMIZERS[s.optimizer];
  const partition = (s.mode === 'full' ? shardedParamsPerGpu(l, l.shard.optimizer) : l.trainable / l.pp / l.tp) / l.shard.optimizer;
  // ZeRO-3 steps one sub-group of the partition at a time (zero3-step.ts).
  const zero3 = usesDeepSpeed(s) && s.sharding.stage === 3;
  // With sub_group_size 0 a group is one parameter: a full fine-tune's largest tensor, a LoRA's one small matrix.
  const largestTrainable = s.mode === 'full' ? largestParameter(l) / l.shard.optimizer : 0;
  const trainablePerGpu = zero3 ? zero3StepElements(partition, zero3Config(s).subGroupSize, largestTrainable) : partition;
  const parts: string[] = [];
  let bytes = 0;
  if (!opt.fused && s.optimizerImpl === 'foreach' && opt.states > 0) {
    const stateBytes = s.mode === 'full' ? recipeBytes(s).state : s.recipe === 'pure' ? 2 : 4;
    bytes += trainablePerGpu * stateBytes;
    parts.push(`${count(trainablePerGpu)} × ${stateBytes} B (foreach sqrt(v)${trainablePerGpu < partition ? ', one ZeRO-3 sub-group' : ''})`);
  }
  if (usesDeepSpeed(s) && s.sharding.stage >= 1 && s.sharding.stage <= 3 && s.mode === 'full' && recipeBytes(s).grads < 4) {
    bytes += trainablePerGpu * 4;
    parts.push(`${count(trainablePerGpu)} × 4 B (fp32 gradient ${zero3 ? 'of one ZeRO-3 sub-group' : 'partition'})`);
  }
  if (bytes === 0) return null;
  return { key: 'opt-temp', name: 'optimizer step temporaries', group: 'optimizer', bytes, formula: parts.join(' + ') };
}

/**
 * Megatron's DDP allocates one contiguous fp32 grad buffer for all parameters when the model is
 * wrapped (`_ParamAndGradBuffer.__init__`, megatron/core/distributed/param_and_grad_buffer.py,
 * core_r0.5 → main: `self.grad_data = torch.zeros(...)`), and each parameter's `main_grad` is a view
 * into it; `zero_grad_buffer` zeroes it in place each step and never frees it. The main gradients
 * are therefore alive in every phase — forward, backward and the optimizer step — not only from
 * backward on (issue 23 item 6).
 */
export function megatronGradBufferResident(s: Scenario): boolean {
  return runsMegatronCore(s) && s.mode !== 'inference';
}

/** The gradients are allocated once and held in every phase: Megatron's grad buffer (above), DeepSpeed ZeRO-3's partition buffer (zero3-step.ts). */
function gradientsResident(s: Scenario): boolean {
  return megatronGradBufferResident(s) || zero3GradPartitionResident(s, usesDeepSpeed(s));
}

interface Assembled {
  components: Component[];
  modelStates: Component[];
  phases: PhasePoint[];
  hostBytes: number;
  /** Paged optimizer states in unified memory: on the card while there is room, not in torch's statistics. */
  pagedBytes: number;
}

/**
 * FSDP reshards every unit by the end of backward, so the optimizer steps on shards with nothing gathered:
 * FSDP1's post-backward hook frees each handle's unsharded flat parameter under FULL_SHARD, the root's too
 * (torch/distributed/fsdp/_runtime_utils.py `_post_backward_reshard`, `_should_free_in_backward`: the root
 * skips the reshard after forward only), and FSDP2's `FSDPParamGroup.post_backward` reshards each group, the
 * root's final callback any left (torch/distributed/fsdp/_fully_shard/_fsdp_state.py
 * `_root_post_backward_final_callback`). An FSDP2 stage under torch.distributed.pipelining stays gathered to
 * the step's end (pipeline-schedule.ts). DeepSpeed ZeRO-3 keeps its own bookkeeping (not changed here).
 */
function fsdpReshardedBeforeStep(s: Scenario, l: Layout): boolean {
  return (s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp') && l.shard.weights > 1 && s.offload.params === 'none' && !fsdpStageStaysUnsharded(s, l);
}

function trainingPhases(s: Scenario, l: Layout): Assembled {
  const weights = s.mode === 'full' ? trainedWeights(s, l) : frozenWeights(s, l);
  const adapters = s.mode === 'full' ? null : adapterWeights(s, l);
  const master = masterWeights(s, l);
  const optimizer = optimizerStates(s, l);
  const grads = gradients(s, l);
  const gathered = gatheredLayers(s, l);
  const buckets = gradientBuckets(s, l);
  const zeroBucket = zero3GradientBucket(s);
  const staging = zeroOffloadGpuStaging(s, l);
  const offloadCheck = zeroOffloadGradientCheck(s, l);
  const reference = referenceModel(s, l);
  const vision = visionTowerWeights(s, l);
  // DPO/ORPO concatenate chosen and rejected: every per-token term sees twice the micro-batch.
  const fwd = isPreference(s) ? { ...s, microBatch: 2 * s.microBatch } : s;
  const acts = activations(fwd, l);
  const finalNorm = finalNormActivations(fwd);
  // TRL's RL trainers compute logits for the completion positions only (logits_to_keep); verl's for every position (rl.ts).
  const logits = trainingLogits(logitsOfCompletionOnly(s) ? { ...fwd, seq: completionTokens(s) * s.parallel.cp } : fwd);
  const backwardWs = backwardWorkingSet(fwd);
  const recompute = recomputeWorkingSet(fwd);
  const autocast = autocastWeightCopies(s, l);
  const temps = optimizerTemporaries(s, l);
  const dequant = dequantisedMatrix(s, l);
  const int8Backward = int8BackwardWeight(s, l);
  // Gradients outlive a micro-batch when the step runs several: accumulation, or a pipeline's micro-batches (pipeline-schedule.ts).
  const accumulating = pipelineMicroBatches(s) > 1;
  const evalWs = evalWorkingSet(s, l);
  const evalLogitsPart = evalLogits(s);

  // Paged optimizer states sit in unified memory, outside the allocator's phases (states.ts).
  const onAllocator = OPTIMIZERS[s.optimizer].paged ? null : optimizer;
  const policyStates = [weights, master, optimizer, grads].reduce((sum, c) => sum + (c?.bytes ?? 0), 0);
  const rl = rlModels(s, l, policyStates);
  const persistent = present(weights, vision, reference, ...rl, adapters, master, onAllocator, gathered, zeroBucket, staging, dequant);
  // A rollout engine generates instead of the policy; on these GPUs it holds its reservation while
  // generating, and in every phase unless it sleeps while the policy trains (rollout-engine.ts).
  const engine = rolloutEngineReservation(s);
  const rollout = generatedByEngine(s) ? present(engine) : rolloutGeneration(s, l);
  const awake = engine && !colocatedEngine(s)!.sleep ? [engine] : [];
  const trainResident = [...persistent, ...awake];
  // Under FSDP's no_sync the micro-steps hold the whole unsharded gradient instead (fsdp-no-sync.ts).
  const unsharded = noSyncGradients(s, l);
  const stepGrads = unsharded ? [unsharded] : accumulating || gradientsResident(s) ? [grads] : [];
  // A torch.distributed.pipelining step of exactly p micro-batches: the first stage's p forwards all
  // come before its first backward, so no gradient is alive with the p-th micro-batch; they meet at
  // the end of that first backward, with p − 1 micro-batches still held (pipeline-schedule.ts).
  const warmupOnly = pipelineStepIsWarmupOnly(s);
  const heldGrads = warmupOnly ? [] : stepGrads;
  const firstPipelineBackward = warmupOnly && acts ? pipelineFirstBackwardActivations(s, acts) : null;
  // In backward the logits' gradient is gone before the first layer's working set appears. LLaMA-Factory's
  // value-head model discards its logits after forward: they have no gradient (reward-model.ts).
  const logitsGrad = llamafactoryRewardStage(s) ? null : logits;
  const logitsBytes = logitsGrad?.bytes ?? 0;
  const layerWsBytes = backwardWs.bytes + (recompute?.bytes ?? 0) + (int8Backward?.bytes ?? 0);
  const backwardTransient = logitsBytes >= layerWsBytes ? present(logitsGrad) : present(backwardWs, recompute, int8Backward);

  // FSDP reshards after backward; DeepSpeed ZeRO-3 partitions every parameter as its step begins (zero3-step.ts).
  const releasedBeforeStep = fsdpReshardedBeforeStep(s, l) || zero3ReleasesGatheredBeforeStep(s, usesDeepSpeed(s));
  const phases = [
    phase('load', 'model loaded', present(weights, vision, adapters)),
    ...(rollout.length ? [phase('generate', 'rollout generation', [...persistent, ...heldGrads, ...rollout])] : []),
    phase('forward', 'end of forward', [...trainResident, ...heldGrads, ...present(autocast, acts, finalNorm, logits)]),
    // DeepSpeed ZeRO-1/2 allocate their reduce buckets before loss.backward() runs (deepspeed-config.ts).
    phase('backward', 'start of backward', [...trainResident, ...heldGrads, ...present(autocast, acts, finalNorm), ...backwardTransient, ...present(zero12BucketsFromBackwardStart(s) ? buckets : null)]),
    ...(firstPipelineBackward ? [phase('backward', 'end of the first backward (pipeline)', [...trainResident, ...stepGrads, ...present(firstPipelineBackward, backwardWs)])] : []),
    phase('backward', 'end of backward', [...trainResident, grads, ...present(buckets, backwardWs, int8Backward)]),
    // ZeRO-Offload checks the largest gradient beside its own tensor and the bucket (zero-offload-checks.ts).
    ...(offloadCheck ? [phase('backward', offloadCheck.moment, [...trainResident, grads, ...present(...(offloadCheck.withActivations ? [autocast, acts, finalNorm] : []), buckets, offloadCheck.component)])] : []),
    phase('optimizer', 'optimizer step', [...trainResident.filter((c) => c !== gathered || !releasedBeforeStep), grads, ...present(zero12BucketsFreedBeforeStep(s) ? null : buckets, temps)]),
    // Evaluation runs between steps: gradients are freed, the model states stay.
    ...(evalWs ? [phase('eval', 'evaluation forward', [...trainResident, ...present(evalWs, evalLogitsPart)])] : []),
  ];
  const peak = peakOf(s, l, phases);
  // A list, not a Set: a phase has a dozen parts, and building a Set was the costliest line here.
  const atPeak = peak.parts.map((p) => p.key);
  // The table lists what is alive at the peak, plus offloaded states (0 B on the GPU) so the move shows.
  const offloaded = present(weights, master, optimizer, grads).filter((c) => c.bytes === 0);
  const paged = OPTIMIZERS[s.optimizer].paged && optimizer.bytes > 0 ? [optimizer] : [];
  const all = present(weights, vision, reference, ...rl, ...rollout, adapters, master, optimizer, grads, unsharded, gathered, zeroBucket, staging, dequant, buckets, autocast, acts, firstPipelineBackward, finalNorm, logits, backwardWs, recompute, int8Backward, offloadCheck?.component, temps, evalWs, evalLogitsPart);
  const components = all.filter((c) => atPeak.includes(c.key) || offloaded.includes(c) || paged.includes(c));
  const pagedBytes = paged.reduce((sum, c) => sum + c.bytes, 0);
  return { components, modelStates: present(weights, adapters, master, optimizer, grads), phases, hostBytes: offloadHostBytes(s, l) + offloadedActivationHostBytes(fwd, l), pagedBytes };
}

function inferencePhases(s: Scenario, l: Layout): Assembled {
  const weights = frozenWeights(s, l);
  const vision = visionTowerWeights(s, l);
  const prompt = Math.max(1, s.seq - s.inference.newTokens);
  const promptScenario = { ...s, seq: prompt };
  const kvPrompt = kvCache(promptScenario, l);
  const kvFull = kvCache(s, l);
  const dequant = dequantisedMatrix(s, l);
  if (s.framework === 'llamacpp') {
    // llama.cpp allocates the n_ctx KV cache and its worst-case compute buffer when the context is
    // created: both are there from the first prompt to the last token (llamacpp.ts).
    // Ollama's parallel requests each hold the whole context (llamacpp.ts llamaCppSlots).
    const slots = llamaCppSlots(s);
    const kvSlots = slots === s ? kvFull : kvCache(slots, l);
    const kv = llamaCppBeforeBackend(s) ? oldKvCache(s, kvSlots) : kvSlots;
    const resident = present(weights, vision, kv, llamaCppComputeBuffer(s, l));
    // Builds b1430–b2474 also keep the CUDA pool a long prompt's cuBLAS multiplications grew (llamacpp-cublas-pool.ts).
    const pool = llamaCppCublasPool(s, l);
    const prompt = pool ? [phase('decode', 'first long prompt', present(...resident, pool))] : [];
    const phases = [phase('load', 'weights loaded', present(weights, vision)), phase('prefill', 'context created', resident), ...prompt];
    return { components: pool ? present(...resident, pool) : resident, modelStates: present(weights, vision), phases, hostBytes: llamaCppHostBytes(s, l), pagedBytes: 0 };
  }
  if (s.framework === 'exllamav2') {
    // ExLlamaV2 builds its cache at max_seq_len and its device scratch when the model loads (exllamav2.ts).
    const resident = present(weights, vision, kvFull, exl2Scratch(s));
    const phases = [phase('load', 'weights loaded', present(weights, vision)), phase('prefill', 'cache created', resident)];
    return { components: resident, modelStates: present(weights, vision), phases, hostBytes: 0, pagedBytes: 0 };
  }
  const prefill = prefillWorkingSet(s, prompt, l);
  const logits = prefillLogits(s, prompt);
  const prefillParts = present(weights, vision, dequant, kvPrompt, prefill, logits);
  const decodeParts = present(weights, vision, kvFull, prefillWorkingSet(s, 1, l));
  const phases = [phase('load', 'weights loaded', present(weights, vision)), phase('prefill', 'prefill', prefillParts), phase('decode', 'last decode step', decodeParts)];
  const peak = allocatedPeak(phases);
  const components = peak.phase === 'prefill' ? prefillParts : decodeParts;
  return { components, modelStates: present(weights, vision), phases, hostBytes: llamaCppHostBytes(s, l), pagedBytes: 0 };
}

/** Host RAM llama.cpp's CPU-side weights take (token_embd, layers not offloaded by -ngl, the output if kept). */
function llamaCppHostBytes(s: Scenario, l: Layout): number {
  if (s.framework !== 'llamacpp' || s.mode !== 'inference') return 0;
  const placement = llamaCppPlacement(s.model.arch, s.inference.gpuLayers, l.pp, s.inference.cpuMoeLayers);
  if (isGgufFormat(s.weights)) return ggufHostBytes(s.model.arch, s.weights, placement);
  // A float GGUF (F32 / F16 / BF16, scenario/resolve-precision.ts): the same tensors, each at the format's bytes.
  const output = placement.outputOnGpu ? 0 : l.params.lmHead || l.params.embedding;
  return (l.params.embedding + l.params.perLayer * (s.model.arch.layers - placement.gpuLayers) + output) * WEIGHT_FORMAT_BYTES[s.weights] + cpuMoeHostBytes(s, l);
}


function allocatedPeak(phases: PhasePoint[]): PhasePoint {
  return phases.reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

/**
 * The phase that sets the peak. With a rollout engine on these GPUs (rollout-engine.ts) the generation
 * phase holds the engine's reservation, made once and never freed by the step, while the training phases
 * hold what the step frees and reallocates (logits, activations: churn.ts): the allocator's reserve grows on
 * the second and the caching allocator keeps it, so the peak is the phase whose reserved total is largest.
 * By allocated bytes alone, an asleep engine's generation phase (verl: 0.5 × the card) hid a training phase
 * that reserves more, and a co-located engine came out below the same run with the engine elsewhere (helper
 * vrl, property in test/memory/rl-flips.test.ts). Without an engine the allocated peak, as before.
 */
function peakOf(s: Scenario, l: Layout, phases: PhasePoint[]): PhasePoint {
  if (!rolloutEngineReservation(s)) return allocatedPeak(phases);
  const drivers = slackDrivers(s, l.shard.weights > 1);
  const reserved = (p: PhasePoint) => reservedBytes(p.bytes, churned(s, p.parts, gradientsResident(s)), drivers);
  return phases.reduce((a, b) => (reserved(b) > reserved(a) ? b : a));
}

export interface EstimateOptions {
  /** Settings the request left to the defaults: each is tried when the verdict is "does not fit". */
  unstated?: ReadonlySet<Flip>;
  /**
   * For callers that read only numbers and the verdict (levers, flips, solvers): formula strings
   * are left empty, every number is the same as in a full estimate (test/memory/numbers-only.test.ts).
   */
  numbersOnly?: boolean;
  /** Online RL settings the request left unsaid, each as the other common layout has it (rl-flips.ts): tried on every verdict. */
  rlAlternatives?: readonly { flip: RlFlip; scenario: Scenario; how?: string }[];
}

/**
 * llama.cpp spreads the layers over the GPUs it sees (`--split-mode layer`, the default): each GPU
 * holds its share of the layers and their KV cache, one after the other, like a pipeline stage.
 */
function llamaCppLayerSplit(s: Scenario): Scenario {
  const gpus = gpuCountOf(s);
  // Builds before ggml-backend split rows instead: one main GPU holds the KV and the scratch (llamacpp-row-split.ts).
  if (s.framework !== 'llamacpp' || gpus <= 1 || s.parallel.tp > 1 || s.parallel.pp > 1 || llamaCppSplitsRows(s)) return s;
  return { ...s, parallel: { ...s.parallel, pp: gpus } };
}

export function estimate(asked: Scenario, options: EstimateOptions = {}): Estimate {
  return options.numbersOnly ? withoutFormulas(() => assemble(asked, options)) : assemble(asked, options);
}

function assemble(asked: Scenario, options: EstimateOptions): Estimate {
  const s = withFrameworkRecompute(llamaCppLayerSplit(asked));
  const l = layoutOf(s);
  const assembled = s.mode === 'inference' ? inferencePhases(s, l) : trainingPhases(s, l);
  const peak = s.mode === 'inference' ? allocatedPeak(assembled.phases) : peakOf(s, l, assembled.phases);
  const context = contextBytes(s);
  // llama.cpp's layer split copies activations between devices directly; it opens no NCCL communicators.
  const nccl = s.framework === 'llamacpp' ? 0 : ncclBytes(s);
  const capacityBytes = s.hardware?.capacityBytes ?? null;
  const notes: string[] = [];
  const engineWords = rolloutEngineWords(s);
  if (engineWords) notes.push(engineWords);
  const generationWords = generationBatchWords(s, l);
  if (generationWords) notes.push(generationWords);
  let components = assembled.components;
  let peakAllocatedBytes = peak.bytes;
  const drivers = slackDrivers(s, l.shard.weights > 1);
  // The slack grows on what the step frees and reallocates, not on what is loaded once (churn.ts).
  const churn = churned(s, peak.parts, gradientsResident(s));
  // llama.cpp allocates its ggml buffers (weights, KV, compute) itself, at their exact size.
  // ExLlamaV2's cache and scratch are torch tensors made once, at load, and kept: nothing churns (exllamav2.ts).
  let peakReservedBytes = s.framework === 'llamacpp' || s.framework === 'exllamav2' ? peakAllocatedBytes : reservedBytes(peakAllocatedBytes, churn, drivers);
  let serving: Estimate['serving'] = null;

  // A preallocating server's margin is the KV pool beyond one sequence of max-model-len.
  let spareKvBytes: number | null = null;
  // A server that refuses to start (vLLM V1's fraction check) has no margin: the shortfall, negative.
  let refusedBytes = 0;
  if (servingEngine(s) !== null) {
    const v = preallocatedServing(s, l, context + nccl, context);
    components = v.components;
    serving = v.serving;
    // The pool is allocated once in exact blocks: reserved equals allocated.
    peakAllocatedBytes = v.allocated;
    peakReservedBytes = v.allocated;
    spareKvBytes = capacityBytes === null ? null : v.spareKvBytes;
    refusedBytes = capacityBytes === null ? 0 : v.refusedBytes;
    notes.push(v.note);
  }

  const deviceBytes = peakReservedBytes + context + nccl + assembled.pagedBytes;
  // Paged states are evicted to host RAM before anything else fails: the fit counts the rest.
  const neededBytes = deviceBytes - assembled.pagedBytes;
  if (s.evaluation?.keepLogits && s.mode !== 'inference') notes.push('compute_metrics keeps every eval batch\'s logits on the GPU unless eval_accumulation_steps is set (or preprocess_logits_for_metrics shrinks them): the count above is one batch');
  if (assembled.pagedBytes > 0) notes.push(`${OPTIMIZERS[s.optimizer].label} states live in unified memory: outside max_memory_allocated, and paged to host RAM when the card runs short`);
  const overhead: Component[] = [];
  if (peakReservedBytes > peakAllocatedBytes) {
    overhead.push({ key: 'slack', name: 'allocator slack (reserved)', group: 'overhead', bytes: peakReservedBytes - peakAllocatedBytes, formula: slackFormula(churn, drivers) });
  }
  overhead.push({ key: 'context', name: 'CUDA context + kernels', group: 'overhead', bytes: context, formula: `${num(context / MiB)} MiB${s.hardware?.gpuId ? ' on this card' : ' (typical)'}` });
  if (nccl > 0) overhead.push({ key: 'nccl', name: 'NCCL buffers', group: 'overhead', bytes: nccl, formula: `${num(nccl / MiB)} MiB per GPU with ${gpuCountOf(s)} GPUs` });

  // A server plans inside its fraction of the card (vLLM's utilisation, TGI's 0.9, SGLang's static fraction).
  const planned = serving?.gpuMemoryUtilization ?? 1;
  const fitsOn = capacityBytes === null ? GPUS.filter((g) => g.usableMiB * MiB * planned >= neededBytes - context + g.contextMiB * MiB).map((g) => g.id) : [];
  if (s.offload.optimizer !== 'none' || s.offload.params !== 'none') notes.push('offload moves states to host RAM: the step waits on PCIe');
  const host = hostShortfall(s, assembled.hostBytes);
  if (host) notes.push(host.note);
  const selective = selectiveRecomputeNote(asked);
  if (selective) notes.push(selective);
  if (gradientsOffloaded(s)) notes.push('FSDP CPUOffload moves parameters, gradients and the optimizer step to the host together');
  const quantisedBase = s.mode !== 'full' && s.weights !== 'bf16' && s.weights !== 'fp16' && s.weights !== 'fp32';
  if (quantisedBase && s.sharding.stage >= 3 && (s.sharding.kind === 'zero' || s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp')) {
    // FSDP flattens only tensors of one dtype; bitsandbytes packs 4-bit weights into uint8 unless
    // bnb_4bit_quant_storage names the compute dtype (bitsandbytes ≥ 0.43, transformers ≥ 4.39,
    // PEFT ≥ 0.10, accelerate ≥ 0.28 for ZeRO-3): only then is the 4-bit base sharded.
    notes.push('the 4-bit base is sharded only with bnb_4bit_quant_storage set to the compute dtype (bitsandbytes ≥ 0.43, transformers ≥ 4.39); older stacks keep it whole on every GPU');
  }

  // Offload that outgrows the node's RAM fails before the GPU does (issue 23 item 4; verdict corpus v023).
  const fits = capacityBytes === null ? null : !host?.short && neededBytes <= capacityBytes && (spareKvBytes === null || spareKvBytes >= 0) && (!serving || serving.concurrentSequences >= s.microBatch);
  // The card outside a server's budget is not headroom: the margin is what the budget leaves.
  const cardMargin = capacityBytes === null ? null : capacityBytes - neededBytes;
  // A pool short of one sequence is said by serving.concurrentSequences = 0 (the reply's "no room
  // for one sequence"), so the margin stops at zero there.
  const headroomBytes = cardMargin === null || spareKvBytes === null || cardMargin < 0 ? cardMargin : refusedBytes > 0 ? -refusedBytes : Math.max(0, spareKvBytes);
  const flipsOn =
    fits === false && options.unstated
      ? FLIP_ORDER.filter((flip) => {
          if (!options.unstated!.has(flip)) return false;
          const alternative = withSetting(s, flip);
          return alternative !== null && estimate(alternative, { numbersOnly: true }).fits === true;
        })
      : [];

  // A fit resting on checkpointing assumed from the framework's examples: the peak without it (flips.ts 'no gc').
  const withoutAssumedGc = fits === true && options.unstated?.has('no gc') ? withSetting(s, 'no gc') : null;
  const noGc = withoutAssumedGc ? estimate(withoutAssumedGc, { numbersOnly: true }) : null;
  const holdsOnlyWithGc = noGc && noGc.fits === false ? { withoutBytes: noGc.deviceBytes } : undefined;
  // An RL verdict that one unsaid RL setting would turn (rl-flips.ts): the other figure, said beside the verdict.
  const rlRestsOn = fits === null ? [] : (options.rlAlternatives ?? []).map(({ flip, scenario, how }) => ({ flip, how, ...estimate(scenario, { numbersOnly: true }) })).filter((a) => a.fits !== null && a.fits !== fits).map((a) => ({ flip: a.flip, deviceBytes: a.deviceBytes, fits: a.fits as boolean, ...(a.how ? { how: a.how } : {}) }));

  return {
    scenario: asked,
    params: {
      total: l.params.total,
      trainable: l.trainable,
      active: l.params.active,
      embedding: l.params.embedding,
      lmHead: l.params.lmHead,
      perLayer: l.params.perLayer,
    },
    components: [...components, ...overhead],
    modelStates: assembled.modelStates,
    phases: assembled.phases,
    peakPhase: peak.phase,
    peakLabel: peak.label,
    peakAllocatedBytes,
    peakReservedBytes,
    deviceBytes,
    capacityBytes,
    // Under vLLM the card is always ~full; it fits when the pool holds the asked sequences.
    fits,
    headroomBytes,
    hostBytes: assembled.hostBytes,
    ...(host?.short ? { hostShortBytes: assembled.hostBytes - s.hostMemoryBytes! } : {}),
    fitsOn,
    serving,
    notes,
    flipsOn,
    ...(holdsOnlyWithGc ? { holdsOnlyWithGc } : {}),
    ...(rlRestsOn.length ? { rlRestsOn } : {}),
  };
}

/** The label of the phase the peak was taken at: the estimate's own choice (peakOf), or the largest allocation of a hand-built one. */
export function peakPhaseLabel(e: Estimate): string {
  return e.peakLabel ?? allocatedPeak(e.phases).label;
}

/**
 * Offload keeps states in the node's RAM (hostBytes, per node): when the user gave the node's RAM
 * ("1T RAM") and offload needs more, the host runs out before the GPU does (axolotl#1439: ZeRO-3
 * offload of a 70B on a node with 1024 GB).
 */
export function hostShortfall(s: Scenario, hostBytes: number): { short: boolean; note: string } | null {
  const have = s.hostMemoryBytes ?? null;
  if (have === null || hostBytes <= 0) return null;
  const gib = (b: number) => Math.round(b / 2 ** 30);
  if (hostBytes <= have) return { short: false, note: `host RAM: offload keeps ${gib(hostBytes)} GiB per node, within the ${gib(have)} GiB given` };
  return { short: true, note: `host RAM runs out: offload keeps ${gib(hostBytes)} GiB per node, more than the ${gib(have)} GiB given, so it does not fit (offload less, or shard over more nodes)` };
}
