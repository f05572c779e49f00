import type { Scenario } from '../scenario/schema.js';
import { vllmAtLeast, vllmEngine } from './vllm-release.js';

/**
 * Where vLLM V1's budget starts, by release (issue 23: the engine's memory outside the KV pool).
 *
 * V1 plans `requested_memory = total × gpu_memory_utilization` and gives the KV cache what is left
 * after `weights + torch peak increase + non-torch increase`, each measured from a baseline:
 * - 0.8.0 → 0.9.0: no baseline. vllm/v1/worker/gpu_worker.py `determine_available_memory` takes
 *   `non_torch_allocations = (total − free) − torch allocated` after the profile run, so the CUDA
 *   context and NCCL both count inside the budget.
 * - 0.9.1 → 0.10.x: `init_device` takes `self.init_snapshot = MemorySnapshot()` right after
 *   `torch.cuda.set_device` (the snapshot the start-up fraction check reads, vllm-startup.ts) and
 *   before `init_worker_distributed_environment`; `memory_profiling(self.init_snapshot, …)` counts
 *   only the non-torch increase after it. The CUDA context sits outside the budget, NCCL inside.
 * - 0.11.0 on: vllm#25359 ("Fix OOM in vLLM replicas by ensuring consistent NCCL memory
 *   accounting", merged 2025-09-22) runs `init_worker_distributed_environment` before the snapshot
 *   ("Initialize the distributed environment BEFORE taking memory snapshot. This ensures NCCL
 *   buffers are allocated before we measure available memory", gpu_worker.py `init_device`, 0.23.0):
 *   the context and NCCL's buffers both sit outside the budget, and the start-up check
 *   (`request_memory`, vllm/v1/worker/utils.py: "Free memory on device … on startup is less than
 *   desired GPU memory utilization") compares the fraction with what is free after both.
 * So from 0.9.1 the card must hold the budget plus what the baseline left out.
 */
export type V1Baseline = 'none' | 'context' | 'context and NCCL';

export function v1Baseline(s: Scenario): V1Baseline {
  if (s.mode !== 'inference' || s.framework === 'tgi' || s.inference.engine !== 'vllm' || s.inference.server || s.inference.fork) return 'none';
  if (vllmEngine(s) !== 'v1' || !vllmAtLeast(s, 9, 1)) return 'none';
  return vllmAtLeast(s, 11) ? 'context and NCCL' : 'context';
}

/** The non-torch bytes V1's budget counts, of `nonTorch` (context and NCCL) with `context` the context's part. */
export function v1NonTorchInBudget(s: Scenario, nonTorch: number, context: number): number {
  // From 0.21.0 the budget also loses vLLM's CUDA-graph estimate, which is not sized here (below):
  // the context and NCCL stay in the budget as its stand-in (not for a dense model on Model Runner V2,
  // 0.25.1 → 0.28, whose estimate is 0: runnerV2SkipsGraphEstimate; nor under --enforce-eager, which
  // captures no graphs and so estimates none: capturesGraphs).
  if (graphEstimateInBudget(s)) return nonTorch;
  const baseline = v1Baseline(s);
  if (baseline === 'context and NCCL') return 0;
  if (baseline === 'context') return nonTorch - context;
  return nonTorch;
}

/** What the start-up check finds already taken when the snapshot is read: the context, and NCCL from 0.11.0. */
export function v1TakenAtSnapshot(s: Scenario, nonTorch: number, context: number): number {
  return v1Baseline(s) === 'context and NCCL' ? nonTorch : context;
}

/**
 * From 0.21.0 `determine_available_memory` also takes a CUDA-graph estimate out of the budget
 * (`profile_cudagraph_memory()`, applied when VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS is set, which
 * a 0.23-era vllm/envs.py defaults on: "CUDA graph memory profiling is enabled (default since
 * v0.21.0)"; the 0.23.0 log read in vllm-encoder-profile.test.ts shows 0.53 GiB of graphs inside the
 * budget). vLLM measures it by capturing; the graph pool counted here (serving.ts cudaGraphPool, one
 * layer's working set at the largest captured batch) is far below it (djl-serving#3056, verdict
 * v431: 0.44–0.64 GiB of FULL graphs for Llama-3-8B at tp 4). Until it is derived, these releases
 * (and a vLLM named without a release, the newest) keep the context and NCCL inside the budget in
 * its place: LMCache#3430's 0.21.0 log (vllm-offline-logs.test.ts) came within 2% (6% above it once the profile run's sampler counts beyond its forward only, vllm-profile-peak.ts: the stand-in undercounts the graphs), and
 * djl-serving#3056's 0.23.0 pool (16.19 GiB) lies 7% above it. The start-up check reads the
 * snapshot whatever the graphs (v1TakenAtSnapshot).
 */
export function graphEstimateInBudget(s: Scenario): boolean {
  return v1Baseline(s) !== 'none' && vllmAtLeast(s, 21) && !runnerV2SkipsGraphEstimate(s) && capturesGraphs(s);
}

/**
 * The estimate is taken only where graphs will be captured: `determine_available_memory`
 * (vllm/v1/worker/gpu_worker.py, 0.21 on) calls `profile_cudagraph_memory()` only
 * `if current_platform.is_cuda_alike() and compilation_config.cudagraph_mode != CUDAGraphMode.NONE`,
 * and the runner's `profile_cudagraph_memory` returns 0 when `get_capture_descs()` is empty ("No CUDA
 * graphs will be captured, skipping profiling"). --enforce-eager sets cudagraph_mode to NONE
 * (`compile_or_warm_up_model` likewise skips `capture_model` under `model_config.enforce_eager`), so
 * an eager server's budget loses no graph estimate and its stand-in with it: the context (and from
 * 0.11.0 NCCL) sit outside the budget as the snapshot left them.
 */
export function capturesGraphs(s: Scenario): boolean {
  return !s.inference.enforceEager;
}

/**
 * Model Runner V2 (vllm/v1/worker/gpu/model_runner.py) became the default for dense models in 0.25.1
 * (vllm/config/vllm.py `VllmConfig._is_default_v2_model_runner_model`: a generating model that is not
 * hybrid nor attention-free runs on V2 when its architecture is listed or `not model_config.is_moe`),
 * and its `profile_cudagraph_memory()` was the placeholder of vllm#36520 ("[Model Runner V2] Add dummy
 * profile_cudagraph_memory API": `return 0`, "It is TBD whether we keep this API or not"). So from
 * 0.25.1 the estimate `determine_available_memory` subtracts is 0 for a dense model: the KV cache takes
 * the whole budget and the graphs are captured after it, outside, as before 0.21 (vllm#49224, "Starting
 * with vLLM 0.25.1, a large dense model … OOMs during CUDA graph capture … the same config works on
 * 0.23.0"). vllm#53306 ("[Model Runner V2] Reserve CUDA graph memory", merged 2026-08-24, reverted and
 * forward-fixed by #53682 and #53955) measures them again; v0.29.0's release notes list it under Model
 * Runner V2 ("CUDA graph memory profiling … used for KV cache auto-sizing"). MoE and hybrid
 * (linear-attention) models stay on the first runner, whose estimate is real, in every release.
 */
export function runnerV2SkipsGraphEstimate(s: Scenario): boolean {
  if (!vllmAtLeast(s, 25, 1) || vllmAtLeast(s, 29)) return false;
  const arch = s.model.arch;
  return (arch.experts ?? 0) <= 1 && !arch.linearAttention;
}
