import type { Scenario } from '../scenario/schema.js';
import { countParams, isMoe, routedExpertParams, type ParamBreakdown } from './parameters.js';
import { loraParams } from './lora.js';
import { llamaCppPlacement } from './gguf.js';
import { gpuCountOf, gpusPerNodeOf } from '../scenario/gpus.js';

/**
 * How the scenario's parameters and work land on one GPU: parallel degrees, what each
 * ZeRO/FSDP stage shards, and how many parameters sit on the busiest pipeline stage.
 */
export interface Layout {
  params: ParamBreakdown;
  /** Trainable parameters (all of them for full training, adapters for LoRA/QLoRA). */
  trainable: number;
  world: number;
  tp: number;
  pp: number;
  /** Data-parallel (sharding) degree N = GPUs / (t·p); HSDP shards within a node only. */
  shardDegree: number;
  dataParallel: number;
  /** Divisors ZeRO/FSDP apply to each state: 1 when that state is replicated. */
  shard: { weights: number; grads: number; optimizer: number };
  /** Parameters held by the busiest pipeline stage before tensor parallelism. */
  stageParams: number;
  /** Fraction of a stage's parameters that tensor parallelism splits (layers' matrices). */
  layersOnStage: number;
  /** Routed-expert parameters of the stage's layers, all E experts (before expert parallelism). */
  stageExperts: number;
  /** Expert-parallel degree (1 without expert parallelism). */
  ep: number;
}

export function layoutOf(s: Scenario): Layout {
  const params = countParams(s.model.arch);
  const world = gpuCountOf(s);
  const tp = s.parallel.tp;
  const pp = s.parallel.pp;
  const dataParallel = Math.max(1, Math.floor(world / (tp * pp)));
  const perNodeDp = Math.max(1, Math.floor(gpusPerNodeOf(s) / (tp * pp)));
  const shardDegree = s.sharding.kind === 'hsdp' ? Math.min(perNodeDp, dataParallel) : dataParallel;
  const stage = s.sharding.kind === 'none' || s.sharding.kind === 'ddp' ? 0 : s.sharding.stage;
  const shard = {
    optimizer: stage >= 1 ? shardDegree : 1,
    grads: stage >= 2 ? shardDegree : 1,
    weights: stage >= 3 ? shardDegree : 1,
  };
  const trainable = s.mode === 'full' ? params.total : s.mode === 'inference' ? 0 : loraParams(s).total;
  if (s.framework === 'llamacpp' && s.mode === 'inference') {
    // llama.cpp (gguf.ts llamaCppPlacement): the busiest GPU holds its share of the offloaded layers
    // and the output; token_embd stays on the CPU.
    const p = llamaCppPlacement(s.model.arch, s.inference.gpuLayers, pp, s.inference.cpuMoeLayers);
    const output = p.outputOnGpu ? params.lmHead || params.embedding : 0;
    return { params, trainable, world, tp, pp, shardDegree, dataParallel, shard, stageParams: params.perLayer * p.layersHere + output, layersOnStage: p.layersHere, stageExperts: 0, ep: 1 };
  }
  const layersOnStage = Math.ceil(s.model.arch.layers / pp);
  const edge = pp > 1 ? Math.max(params.embedding, params.lmHead) : params.embedding + params.lmHead;
  const allOnStage = pp > 1 ? params.perLayer * layersOnStage + edge : params.total;
  // Expert parallelism places E/ep of each MoE layer's experts on a GPU (Megatron/DeepSpeed-MoE).
  const ep = Math.max(1, s.parallel.ep);
  const stageExperts = expertParams(s) * (Math.min(layersOnStage, s.model.arch.layers) / s.model.arch.layers);
  const stageParams = allOnStage - stageExperts * (1 - 1 / ep);
  return { params, trainable, world, tp, pp, shardDegree, dataParallel, shard, stageParams, layersOnStage, stageExperts, ep };
}

/**
 * Parameters of one GPU's slice as a state sharded `divisor` ways counts them (the count the caller
 * divides by `divisor`): `paramsPerGpu` for a replicated state (divisor 1); under expert parallelism a
 * sharded state also holds its share of every expert, not only of the E/ep experts the GPU computes.
 * The sharding engines partition an expert's states over the expert data-parallel group — the ranks that
 * hold the same experts, world ÷ (ep·tp·pp) = N ÷ ep — not over all N data-parallel ranks:
 * - Megatron-Core's distributed optimizer (fp32 main params, Adam m and v) is built for the expert
 *   parameters on their own group: megatron/core/optimizer/__init__.py `get_megatron_optimizer`, dense
 *   parameter groups on `get_data_parallel_group(with_context_parallel=True)`, MoE groups on
 *   `get_data_modulo_expert_parallel_group()` (core_r0.6) / `get_expert_data_parallel_group()` (core_r0.10 on);
 *   the expert grad buffers (`expert_parallel_buffers`) reduce over the same group;
 * - DeepSpeed-MoE splits expert parameters into their own groups (`split_params_into_different_moe_groups_for_optimizer`,
 *   deepspeed/moe/utils.py) that ZeRO partitions over `groups._get_expert_data_parallel_group(name)`;
 * - torchtitan's FSDP2 shards the experts on the `efsdp` mesh dimension (dp_shard·cp ÷ ep; torchtitan
 *   distributed/parallel_dims.py, models/llama4/infra/parallelize.py `apply_fsdp` with `ep_degree > 1`).
 * E/ep experts split over N/ep ranks is E/N per GPU: the expert part of a sharded state is what it would be
 * without EP. With fewer sharding ranks than ep (N < ep) each expert lives on one rank and its states are whole.
 */
export function shardedParamsPerGpu(l: Layout, divisor: number): number {
  if (divisor <= 1 || l.ep <= 1) return paramsPerGpu(l);
  const spread = Math.min(1, divisor / l.ep);
  return (l.stageParams + l.stageExperts * (spread - 1 / l.ep)) / l.tp;
}

/** Routed-expert parameters of the whole model (0 for dense models). */
function expertParams(s: Scenario): number {
  const arch = s.model.arch;
  if (!isMoe(arch)) return 0;
  return routedExpertParams(arch);
}

/**
 * The largest single parameter tensor on a GPU: the embedding or LM head, else one layer's largest
 * matrix (a quarter of the layer stands for it), split over TP. DeepSpeed sizes its per-parameter
 * buffers by it (offload.ts, states.ts, zero-offload-checks.ts).
 */
export function largestParameter(l: Layout): number {
  return Math.max(l.params.embedding, l.params.lmHead, l.params.perLayer / 4) / l.tp;
}

/** Parameters of one GPU's slice before ZeRO sharding: the stage's layers split over TP. */
export function paramsPerGpu(l: Layout): number {
  return l.stageParams / l.tp;
}
