import type { Scenario } from '../scenario/schema.js';
import type { RlFlip } from './rl-flips.js';

/** What a component's bytes are, for grouping in tables and charts. */
export type ComponentGroup =
  | 'weights'
  | 'gradients'
  | 'optimizer'
  | 'activations'
  | 'logits'
  | 'kv'
  | 'buffers'
  | 'overhead';

/** One line of the per-GPU breakdown: bytes and the arithmetic that gives them. */
export interface Component {
  /** Stable key, e.g. "weights", "master", "adam", "activations", "logits", "slack", "context". */
  key: string;
  /** Human label, e.g. "weights, bf16 ÷ 4". */
  name: string;
  group: ComponentGroup;
  bytes: number;
  /** The formula with the numbers substituted, e.g. "13.0 B × 2 B ÷ 4". */
  formula: string;
}

export type PhaseName = 'load' | 'generate' | 'forward' | 'backward' | 'optimizer' | 'eval' | 'prefill' | 'decode';

/** Memory alive at one point of the step (allocated bytes, before slack and context). */
export interface PhasePoint {
  phase: PhaseName;
  label: string;
  bytes: number;
  parts: { key: string; group: ComponentGroup; bytes: number }[];
}

export interface ParamCounts {
  total: number;
  trainable: number;
  /** Parameters touched per token (MoE: active experts only). */
  active: number;
  embedding: number;
  lmHead: number;
  perLayer: number;
}

export interface ServingCapacity {
  kvBytesPerToken: number;
  kvCapacityTokens: number;
  concurrentSequences: number;
  gpuMemoryUtilization: number;
  /** The preallocated KV pool, bytes per GPU (what the budget left for KV; 0 when nothing was). */
  kvPoolBytes: number;
  /** KV bytes of one sequence of max-model-len: what the pool needs before the server starts. */
  sequenceBytes: number;
  /**
   * The part of the card the engine plans in (vLLM's gpu_memory_utilization × card, SGLang's
   * mem_fraction_static × card, TGI's wiggle-room share of it from v3.0); null where the KV share
   * is one of the free memory (TGI before 3.0, lmdeploy) or no card was named.
   */
  plannedBytes: number | null;
  /**
   * SGLang and TurboMind shorten the longest request to the pool they got instead of refusing to
   * start (serving-budget.ts): their margin is the whole pool, not the pool beyond one sequence.
   */
  clipsToPool: boolean;
  /** Shares the pool is split into, each of which must hold one sequence: vLLM V0's pipeline virtual engines, else 1. */
  poolShares: number;
}

/** The single source of every number a user sees. */
export interface Estimate {
  scenario: Scenario;
  params: ParamCounts;
  /** Per-GPU components at the peak phase, including allocator slack and CUDA context. */
  components: Component[];
  /** Weights, gradients, master copy and optimizer states per GPU, whichever phase they peak in. */
  modelStates: Component[];
  phases: PhasePoint[];
  peakPhase: PhaseName;
  /** The label of the phase the peak was taken at ("end of backward"), as the estimate chose it; absent on hand-built estimates. */
  peakLabel?: string;
  /** What torch.cuda.max_memory_allocated() would report, per GPU. */
  peakAllocatedBytes: number;
  /** What torch.cuda.max_memory_reserved() would report, per GPU. */
  peakReservedBytes: number;
  /** What nvidia-smi shows, per GPU: reserved + CUDA context + NCCL buffers. */
  deviceBytes: number;
  /** Usable memory of the card, or null when no hardware was named. */
  capacityBytes: number | null;
  fits: boolean | null;
  /** capacity − device; negative when short. */
  headroomBytes: number | null;
  /** Host RAM needed by offload (0 without offload). */
  hostBytes: number;
  /** How far offload's host RAM exceeds what the user said the node has (absent when within it or not said): the run fails. */
  hostShortBytes?: number;
  /** Catalog GPU ids whose usable memory holds deviceBytes (only without hardware). */
  fitsOn: string[];
  serving: ServingCapacity | null;
  /** Explanations worth showing next to the table (e.g. "ZeRO-3 gathers 2 layers"). */
  notes: string[];
  /**
   * When it does not fit as read: the settings the user did not state that each alone would make
   * it fit ("gc", "a paged optimizer", "optimizer offload"), in that order. Empty otherwise.
   */
  flipsOn?: string[];
  /**
   * When it fits only with gradient checkpointing a framework preset assumed from its examples
   * (example-recompute.ts): what nvidia-smi would show without it.
   */
  holdsOnlyWithGc?: { withoutBytes: number };
  /**
   * Online RL: the unsaid RL settings (rollout engine, β, the trainer's layout: rl-flips.ts) under which
   * the verdict would be the other one, with that figure. Absent when none turns it.
   */
  rlRestsOn?: { flip: RlFlip; deviceBytes: number; fits: boolean; how?: string }[];
}
