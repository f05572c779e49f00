import { gib, grouped, num } from '../memory/format.js';
import { ENGINE_NAME, servingEngine } from '../memory/serving-budget.js';
import { vllmChecksOneSequence, vllmEngine } from '../memory/vllm-release.js';
import type { Estimate, ServingCapacity } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import { theCard } from './card-name.js';
import { servedCardMargin, TIGHT_SHARE } from './fits.js';

/**
 * A server that fits, in words that say what each figure is (issue 23, leftover). A preallocating
 * engine fills its budget with KV cache, so "21.3 of 23.6 GiB" is the budget in use, not a need,
 * and its margin is the KV pool beyond one sequence of max-model-len, not free memory: "Fits:
 * 21.4 of 23.7 GiB … Headroom 8.5 GiB (36%)" read as a contradiction. Every number is the
 * Estimate's (memory/serving-budget.ts).
 */

/** The knob that sets each engine's share of the card, as its own flag or variable names it. */
const BUDGET_KNOB = { vllm: 'gpu_memory_utilization', sglang: 'mem_fraction_static', tgi: "TGI's wiggle room", lmdeploy: 'cache_max_entry_count', mii: 'memory_config RESERVE 1 GB' } as const;

function sequences(n: number): string {
  return `${grouped(n)} sequence${n === 1 ? '' : 's'}`;
}

/** The share of the card a number is, "(18% of the card)". */
function ofCard(bytes: number, capacity: number): string {
  return `${Math.round((bytes / capacity) * 100)}% of the card`;
}

/**
 * "✓ Fits: vLLM plans in 21.3 of the 23.6 GiB the RTX 4090 24GB offers (gpu_memory_utilization
 * 0.9); 21.3 GiB per GPU in use, its KV cache included." — where the engine's budget is no share of
 * the card (TGI before 3.0, lmdeploy), the card's memory and what is in use.
 */
export function servedFitHeadline(s: Scenario, e: Estimate, mark: string): string {
  const serving = e.serving!;
  const engine = servingEngine(s) ?? 'vllm';
  const inUse = `${gib(e.deviceBytes)} GiB per GPU in use, its KV cache included`;
  if (serving.plannedBytes === null) return `${mark}: ${inUse}; ${theCard(s)} offers ${gib(e.capacityBytes!)} GiB.`;
  // TGI's share is its wiggle room times --cuda-memory-fraction (tgi-release.ts): said as the product.
  const knob = engine === 'tgi' ? `${BUDGET_KNOB.tgi}: ${num(serving.gpuMemoryUtilization)} of the card` : `${BUDGET_KNOB[engine]} ${num(serving.gpuMemoryUtilization)}`;
  // A named fork of vLLM (Aphrodite) keeps vLLM's plan under its own name.
  const name = s.inference.fork === 'aphrodite' ? 'Aphrodite' : ENGINE_NAME[engine];
  return `${mark}: ${name} plans in ${gib(serving.plannedBytes)} of the ${gib(e.capacityBytes!)} GiB ${theCard(s)} offers (${knob}); ${inUse}.`;
}

/**
 * "Its KV cache is 5.3 GiB = 43,741 tokens = 5 sequences of 8,192 at once; 4.3 GiB of it (18% of
 * the card) is room beyond the first sequence." An engine that shortens requests to its pool has
 * the whole pool as room. `tight` adds why a thin margin matters to a server.
 */
export function servedFitDetail(s: Scenario, e: Estimate, tight: boolean): string {
  const serving = e.serving!;
  const capacity = e.capacityBytes!;
  const pool = `Its KV cache is ${gib(serving.kvPoolBytes)} GiB = ${grouped(serving.kvCapacityTokens)} tokens = ${sequences(serving.concurrentSequences)} of ${grouped(s.seq)} at once`;
  const room = serving.clipsToPool
    ? servingEngine(s) === 'vllm' && !vllmChecksOneSequence(s)
      ? `; vLLM before 0.2.7 starts without checking that one sequence fits (vllm#2163), and a request longer than the pool is never scheduled`
      : `; it shortens a longer request to the pool rather than refuse to start`
    : serving.poolShares > 1
      ? `, in ${serving.poolShares} shares (one per pipeline virtual engine) that must each hold one; ${gib(e.headroomBytes!)} GiB of it (${ofCard(e.headroomBytes!, capacity)}) is room beyond one sequence a share`
      : `; ${gib(e.headroomBytes!)} GiB of it (${ofCard(e.headroomBytes!, capacity)}) is room beyond the first sequence`;
  const outside = servedCardMargin(e);
  if (tight && outside !== null) return `${pool}${room}. Its plan leaves ${gib(outside)} GiB of the card outside it (${Math.round((outside / capacity) * 100)}%, under ${Math.round(TIGHT_SHARE * 100)}%): ${afterPlan(s)}.`;
  const thin = tight ? `: little more than one sequence, so a second request of that length waits` : '';
  return `${pool}${room}${thin}.`;
}

/** The first screen's margin for a server that fits: "KV cache beyond one sequence 4.3 GiB (18% of the card)". */
export function servedMargin(serving: ServingCapacity, headroomBytes: number, capacity: number): string {
  if (serving.clipsToPool) return `KV cache ${gib(serving.kvPoolBytes)} GiB (${ofCard(serving.kvPoolBytes, capacity)})`;
  const beyond = serving.poolShares > 1 ? `one sequence a share (${serving.poolShares} shares)` : 'one sequence';
  return `KV cache beyond ${beyond} ${gib(headroomBytes)} GiB (${ofCard(headroomBytes, capacity)})`;
}

/**
 * A pool short of one sequence of max-model-len: the server does not start (vLLM raises, TGI's
 * router refuses a max_total_tokens over what the warm-up found), said with the two numbers that
 * decide it: "✗ Cannot start: its KV cache of 5.3 GiB holds 43,741 tokens, less than one sequence
 * of 60,000 (7.3 GiB)".
 */
export function cannotStart(s: Scenario, e: Estimate, asRead: string): { headline: string; detail: string } {
  const serving = e.serving!;
  // vLLM: "No available memory for the cache blocks" (serving-budget.ts says which terms took it).
  if (serving.kvPoolBytes === 0) {
    return { headline: `✗ Cannot start: its budget leaves nothing for the KV cache, and one sequence of ${grouped(s.seq)} needs ${gib(serving.sequenceBytes)} GiB (${asRead}).`, detail: 'Raise the memory fraction, quantise the weights (int4, fp8), or add GPUs (tp).' };
  }
  return {
    headline: `✗ Cannot start: its KV cache of ${gib(serving.kvPoolBytes)} GiB holds ${grouped(serving.kvCapacityTokens)} tokens, less than one sequence of ${grouped(s.seq)} (${gib(serving.sequenceBytes)} GiB; ${asRead}).`,
    detail: 'Shorten seq (max-model-len), add GPUs (tp), or kv fp8.',
  };
}

/**
 * What a server does after its plan, in start-up order. vLLM V1 (vllm/v1/worker/gpu_worker.py
 * `compile_or_warm_up_model`, 0.8 → 0.11) captures the CUDA graphs after the KV pool, then warms the
 * sampler up over max_num_reqs rows (`_dummy_sampler_run`, "called after `capture_model` on
 * purpose"). The profile run counted those rows (`profile_run` → the same `_dummy_sampler_run`, since
 * vllm#13594 in 0.8.0), so the warm-up fits in the room the profile run released unless the graphs
 * took it: where the graphs' overflow shows (vllm#14728's log, vllm#27508). V0 (worker.py
 * `_warm_up_model`), SGLang (`init_cuda_graphs` after `init_memory_pool`) and TGI (flash_causal_lm.py
 * `warmup`: graphs after the KV blocks) capture graphs only.
 */
function afterPlan(s: Scenario): string {
  const engine = servingEngine(s);
  if (engine === 'vllm' && vllmEngine(s) === 'v1') return "what comes after it (the CUDA graphs, then the sampler's warm-up in the room the graphs leave of the profile run's) and a fragmented allocation have little room";
  if (engine === 'tgi') return "what its warm-up did not allocate (CUDA graphs after the KV blocks, a batch past the warm-up's peak) and a fragmented allocation have little room";
  if (engine === 'vllm' || engine === 'sglang') return 'what comes after it (the CUDA graphs) and a fragmented allocation have little room';
  return 'what it did not plan for (a fragmented allocation, a longer batch) has little room';
}
