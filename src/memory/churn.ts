import type { Scenario } from '../scenario/schema.js';
import { usesDeepSpeed } from './states.js';
import type { PhasePoint } from './types.js';

/**
 * What the caching allocator churns: the bytes a step frees and asks for again, on which its slack
 * grows (overhead.ts SLACK). Tensors allocated once, when the model, the optimizer or the wrapper is
 * set up, sit in segments cut to their own size (CUDACachingAllocator.cpp: a request of 10 MiB or
 * more gets its own cudaMalloc rounded to 2 MiB, kRoundLarge; smaller ones are packed into 2 MiB and
 * 20 MiB segments) and are never freed, so they leave no cached block that a later size cannot use.
 * On bert-large loaded alone (GT121, 1.25 GiB of weights) reserved − allocated is
 * 0.7 %, within the reading's MiB rounding: weights loaded once carry no slack worth a term.
 *
 * Each key names the component and why it is allocated once.
 */
const LOADED_ONCE: Readonly<Record<string, string>> = {
  weights: 'from_pretrained / load_state_dict, kept for the run (a frozen LoRA/QLoRA base included)',
  vision: 'the vision tower, loaded with the model',
  reference: 'TRL reference model, loaded once',
  reward: 'reward model, loaded once',
  value: 'value model, loaded once and trained in place (its gradients, counted inside it, are a small share)',
  adapters: 'LoRA A and B, created by get_peft_model',
  master: 'fp32 master copy, created when the optimizer is built',
  optimizer: 'Adam m and v, created lazily at the first step and updated in place',
  'offload-staging': 'ZeRO-Offload GPU staging buffer, allocated when the engine is built',
  // stage3.py DeepSpeedZeroOptimizer_Stage3.__init__: __ipg_bucket_flat_buffer = torch.empty(reduce_bucket_size).
  // vLLM's own reservation (memory/rollout-engine.ts): made when the engine starts; asleep, vLLM's CuMemAllocator unmaps and remaps it, outside torch's cache.
  'rollout-engine': 'the co-located rollout engine, reserved by vLLM at start',
  'zero3-bucket': 'ZeRO-3 contiguous gradient bucket, allocated in the optimizer constructor',
};

/**
 * DDP's reducer allocates its bucket buffers when the model is wrapped and again only when it
 * rebuilds them after the first step (torch/csrc/distributed/c10d/reducer.cpp initialize_buckets):
 * loaded once. DeepSpeed ZeRO-1/2 allocates its ipg reduce buffer in every `backward()`
 * (stage_1_and_2.py: `buf_0 = torch.empty(int(self.reduce_bucket_size))`) and drops it after the
 * reduction: churned.
 */
function bucketsLoadedOnce(s: Scenario): boolean {
  return !usesDeepSpeed(s);
}

export interface Churned {
  bytes: number;
  /** The component groups churned, biggest first, for the slack line's formula. */
  groups: string[];
}

/**
 * The part of a phase the allocator churns: everything but what is loaded once. Gradients are
 * churned (zero_grad(set_to_none=True), the default since torch 2.0, frees them every step) unless
 * Megatron's contiguous grad buffer holds them for the run (`gradientsResident`, estimate.ts).
 */
export function churned(s: Scenario, parts: PhasePoint['parts'], gradientsResident: boolean): Churned {
  const byGroup = new Map<string, number>();
  let bytes = 0;
  for (const p of parts) {
    if (p.key in LOADED_ONCE) continue;
    if (p.key === 'buckets' && bucketsLoadedOnce(s)) continue;
    if (p.key === 'gradients' && gradientsResident) continue;
    bytes += p.bytes;
    if (p.bytes > 0) byGroup.set(p.group, (byGroup.get(p.group) ?? 0) + p.bytes);
  }
  const groups = [...byGroup.entries()].sort((a, b) => b[1] - a[1]).map(([group]) => group);
  return { bytes, groups };
}

/** The components allocated once (for tests and the comment's worked examples). */
export function isLoadedOnce(key: string): boolean {
  return key in LOADED_ONCE;
}
