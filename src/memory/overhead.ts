import type { Scenario } from '../scenario/schema.js';
import { gpuById } from '../catalog/index.js';
import { CONTEXT_MIB, VOLTA_LAZY_CONTEXT_MIB } from '../catalog/gpus/card-memory.js';
import { MiB, formulasWanted, gib, num } from './format.js';
import { gpuCountOf } from '../scenario/gpus.js';
import type { Churned } from './churn.js';
import { runsFsdp2 } from './fsdp2.js';

/**
 * What sits between allocated bytes and what nvidia-smi shows (DESIGN §3.5).
 */

/**
 * Caching-allocator slack, reserved − allocated, as a share of the bytes the allocator churns: what a
 * step frees and asks for again (churn.ts). PyTorch's caching allocator
 * (c10/cuda/CUDACachingAllocator.cpp) rounds every request up (512 B; a request of 10 MiB or more gets
 * its own segment rounded to 2 MiB, smaller ones are cut from 2 MiB and 20 MiB segments) and keeps
 * freed blocks cached for reuse; reserved − allocated is the cached blocks no live tensor holds.
 * Tensors loaded once (weights, a frozen LoRA/QLoRA base, optimizer states, the master copy) sit in
 * segments cut to their size and are never freed, so they leave no such block: the slack grows only
 * on what is freed and asked for again — activations, logits and loss, gradients, gathered
 * parameters, reduce buckets, optimizer-step and dequantisation temporaries, the KV cache of
 * generate. A block freed in backward is reused by the next forward only where the sizes agree, so
 * the slack is a share of that set, not of all allocated bytes (an earlier fit took it of all bytes:
 * verdict vb3 v099, a LoRA on a frozen 72B base, got 7.7 GiB of slack, most of it on the base, and
 * was called ✗ by 2.4 GiB). It is taken at the allocated peak, on the parts alive there.
 *
 * Three drivers, each fitted on the reserved / nvidia-smi rows of shared/reference/measured.csv as
 * implied slack ÷ churned bytes, where implied slack = reserved − headroom's allocated (nvidia-smi rows
 * less the CUDA context and NCCL) and churned = the allocated peak's parts that are not loaded once
 * (each row's request states the batch shape its source documents, bench/accuracy/requests.ts):
 *
 * - block rounding and the cache with fixed shapes: 12.8 %, the median of the fixed-length BERT-large
 *   rows (512 dummy sequences of exactly 512 tokens) whose allocated terms are complete: GT113 18.6,
 *   GT114 12.8, GT116 6.5, GT118 12.9, GT120 6.7 → median 12.8 %. GT121 (weights loaded, no step)
 *   churns nothing; its 0.7 % of the weights is the rounding of tensors loaded once, counted as none.
 *   GT112/115/117/119 are short of an allocated term, see bench/accuracy/requests.ts;
 * - variable lengths: batches padded to their own longest sample leave cached blocks of many sizes
 *   that the next batch cannot reuse: +5.2 %, from the PEFT MetaMathQA rows (length-bucketed dynamic
 *   padding): GT008 20.6, GT009 14.7, GT010 16.1, GT012 19.9 → median 18.0 %, less the 12.8 % above
 *   (GT011 is DoRA, not in the language);
 * - ZeRO-3 / FSDP full sharding gathers and frees every layer's parameters twice a step, in sizes
 *   that interleave with activations: +26 %, from the PEFT DeepSpeed/FSDP Llama-2-70B rows without
 *   offload, as (measured − CUDA context and NCCL − allocated) ÷ churned, in decimal GB:
 *     GT013 (LoRA, ZeRO-3, 8× H100)   (64.0 − 1.11 − 56.07) ÷ 37.30 = 18.3 %
 *     GT014 (QLoRA, ZeRO-3, 2× A100)  (36.6 − 1.01 − 30.16) ÷ 10.15 = 53.5 %
 *     GT015 (LoRA, FSDP, 8× H100)     (72.0 − 1.11 − 56.11) ÷ 38.35 = 38.5 %
 *     GT017 (QLoRA, FSDP, 2× A100)    (35.6 − 1.01 − 30.21) ÷ 11.20 = 39.1 %
 *   → median (38.5 + 39.1) / 2 = 38.8 %, less the 12.8 % = 26.0 %. Their batches are packed
 *   (`packing=True`, max_seq_len 2048), so no variable-length term is in them. History: 18 % while
 *   the LoRA adapters were counted with an fp32 copy of each adapted input (GT013 10.7, GT014 44.4,
 *   GT015 29.9, GT017 31.6 → 30.8 %): under bf16 autocast the adapter keeps 16-bit casts, so
 *   allocated and churned bytes fell and the residual share rose (activations.ts adapterTensors);
 *   26 % before that, before FSDP's root unit was counted as allocated (fsdp-root.ts).
 *   No reference row is both sharded and padded: on such a run the two terms are added, unmeasured.
 *   All four rows gather through record_stream (FSDP1, ZeRO-3); FSDP2 runs (torchtitan, torchtune ≥ 0.3)
 *   do not, and do not get this term (fsdp2.ts).
 *
 * `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` (the request's "expandable segments") maps
 * memory in 2 MiB pages and grows one segment per stream in place, so a freed range is reused by any
 * later size and the last two drivers go; block rounding stays. No reference row runs with it: this
 * follows the allocator's design (CUDACachingAllocator.cpp ExpandableSegment), not a fit. vLLM allocates its KV pool in exact blocks (estimate.ts sets reserved = allocated).
 */
export const SLACK = { fixedShapes: 0.128, variableLengths: 0.052, shardedGathers: 0.26 } as const;

/**
 * Frameworks whose batches have one fixed shape: Megatron/NeMo and torchtitan train on packed
 * fixed-length sequences, axolotl's examples set `sample_packing: true`. The others pad each batch
 * to its longest sample (transformers `DataCollatorWithPadding`/`DataCollatorForSeq2Seq`, TRL
 * SFTTrainer `packing=False`, torchtune `packed: False`, litgpt).
 */
const FIXED_SHAPE_FRAMEWORKS = new Set<string>(['megatron', 'torchtitan', 'axolotl']);

/**
 * LLaMA-Factory's pre-training stage packs unless the config says `packing: false`:
 * `data_args.packing = data_args.packing if data_args.packing is not None else finetuning_args.stage == "pt"`
 * (src/llamafactory/hparams/parser.py; `packing` "Will automatically enable in pre-training",
 * hparams/data_args.py), and the pre-training processor concatenates the texts and cuts them into
 * blocks of `block_size = self.data_args.cutoff_len`, dropping the remainder
 * (src/llamafactory/data/processor/pretrain.py; hiyouga/LLaMA-Factory ff6d4d1, 2026-08). Releases
 * before 4881f4e ("allow non-packing pretraining", 2024-03-09) always grouped pre-training texts so.
 * Every row is cutoff_len tokens, so every step asks for the same shapes. Its SFT, DPO and the other
 * stages pad each batch to its longest sample (packing None is off outside "pt").
 */
export function llamafactoryPretrainPacks(s: Scenario): boolean {
  return s.framework === 'llama-factory' && s.pretrain && s.mode !== 'inference';
}

export const LLAMAFACTORY_PT_PACKED_WORDS =
  'packed fixed-length batches: LLaMA-Factory\'s pre-training stage packs its texts into cutoff_len blocks by default (packing = stage == "pt", hparams/parser.py), so no variable-length allocator slack (say "dynamic padding" for packing: false)';

/**
 * The shape of the training batches: what the request says ("packed", "dynamic padding"), else the
 * framework's convention above. Only padded batches vary from step to step, and only they earn the
 * variable-length slack: a packed or fixed-length batch asks the allocator for the same block sizes
 * every step, which its cache reuses exactly.
 */
export function batchShape(s: Scenario): 'packed' | 'padded' {
  if (s.batches) return s.batches;
  return FIXED_SHAPE_FRAMEWORKS.has(s.framework) || llamafactoryPretrainPacks(s) ? 'packed' : 'padded';
}

export interface SlackDrivers {
  variableLengths: boolean;
  shardedGathers: boolean;
  expandableSegments?: boolean;
}

export function slackDrivers(s: Scenario, shardedWeights: boolean): SlackDrivers {
  // Pages of an expandable segment are reused whatever the size asked next.
  const expandable = s.expandableSegments === true;
  return {
    // One generate call has one shape; training varies unless the framework packs.
    variableLengths: s.mode !== 'inference' && batchShape(s) === 'padded' && !expandable,
    // Fitted on FSDP1 / ZeRO-3 runs, whose record_stream frees FSDP2 does without (fsdp2.ts).
    shardedGathers: s.mode !== 'inference' && shardedWeights && !expandable && !runsFsdp2(s),
    expandableSegments: expandable,
  };
}

export function slackFraction(d: SlackDrivers): number {
  return SLACK.fixedShapes + (d.variableLengths ? SLACK.variableLengths : 0) + (d.shardedGathers ? SLACK.shardedGathers : 0);
}

/** CUDA context and loaded kernels when the card is not in the catalog (CUDA ≥ 11.7 lazy loading). */
export const DEFAULT_CONTEXT_BYTES = 500 * MiB;

/**
 * NCCL communicator buffers per GPU in multi-GPU runs: NCCL_BUFFSIZE 4 MiB per channel and
 * peer direction, tens of channels on NVLink systems, plus proxy and work FIFOs ≈ 0.5 GiB.
 */
export const NCCL_BYTES = 512 * MiB;

/** Reserved at the allocated peak: the slack grows on the bytes churned there, not on what is loaded once. */
export function reservedBytes(allocated: number, churned: Churned, d: SlackDrivers): number {
  return allocated + churned.bytes * slackFraction(d);
}

export function contextBytes(s: Scenario): number {
  if (!s.hardware?.gpuId) return DEFAULT_CONTEXT_BYTES;
  return lazyLoadedContextMiB(s, gpuById(s.hardware.gpuId).contextMiB) * MiB;
}

/**
 * The catalog's Volta context (1343 MiB, card-memory.ts) is a stack that loads every kernel module
 * when the context is made: HF's V100 run (reference GT121), CUDA 11 without lazy loading. PyTorch
 * 2.x makes it lazy itself: torch/cuda/__init__.py `_lazy_init` sets CUDA_MODULE_LOADING=LAZY when
 * the user has not set it, before `torch._C._cuda_init()` (the lines every "Found no NVIDIA driver"
 * traceback of torch 2.x shows), which takes effect on CUDA ≥ 11.7. vLLM has required PyTorch 2 since
 * its first release and ships CUDA 11.8 / 12.x wheels, and SGLang runs on vLLM's or its own torch 2
 * stack, so a V100 under either engine holds a lazily loaded context, not the eager one (issue 23:
 * verdict v1017, 1Cat-vLLM on 4× V100 16GB, which V1's start-up check had refused on 1.3 GiB of
 * context). Other engines and training keep the catalog's figure: their stack is not known.
 */
export function lazyLoadedContextMiB(s: Scenario, catalogMiB: number): number {
  const torch2Engine = s.mode === 'inference' && s.framework !== 'tgi' && s.inference.engine === 'vllm' && (!s.inference.server || s.inference.server === 'sglang');
  return torch2Engine && catalogMiB === CONTEXT_MIB.volta ? VOLTA_LAZY_CONTEXT_MIB : catalogMiB;
}

/** Only GPUs that talk to each other hold communicators: inference replicas (tp 1, pp 1) do not. */
export function ncclBytes(s: Scenario): number {
  // A device_map layer split is one process moving activations with .to(): no communicator,
  // unless replicas of it also run data parallel.
  const sequentialOnly = s.parallel.schedule === 'sequential' && gpuCountOf(s) <= s.parallel.pp * s.parallel.tp;
  if (sequentialOnly) return 0;
  // Hugging Face generate over several GPUs (device_map) and llama.cpp's layer split are one process too.
  if (s.mode === 'inference' && s.inference.engine === 'hf' && s.parallel.tp === 1) return 0;
  const communicates = s.mode !== 'inference' || s.parallel.tp > 1 || s.parallel.pp > 1;
  return gpuCountOf(s) > 1 && communicates ? NCCL_BYTES : 0;
}

export function slackFormula(churned: Churned, d: SlackDrivers): string {
  if (!formulasWanted()) return '';
  const parts = [`${num(SLACK.fixedShapes * 100)}% block rounding`];
  if (d.variableLengths) parts.push(`${num(SLACK.variableLengths * 100)}% variable lengths`);
  if (d.shardedGathers) parts.push(`${num(SLACK.shardedGathers * 100)}% sharded gathers`);
  if (d.expandableSegments) parts.push('expandable segments: no fragmentation term');
  const what = churned.groups.length ? ` (${churned.groups.join(', ')})` : '';
  return `(${parts.join(' + ')}) of the ${gib(churned.bytes)} GiB freed and reallocated each step${what}`;
}
