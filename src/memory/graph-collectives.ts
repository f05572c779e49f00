import type { Scenario } from '../scenario/schema.js';
import { vllmAtLeast, vllmVirtualEngines } from './vllm-release.js';
import { captureBatchSizes } from './serving.js';
import { sglangCudaGraphMaxBatch } from './sglang.js';
import { sglangCaptureBatchSizes } from './sglang-graph-logits.js';
import { grouped } from './format.js';

/**
 * The all-reduces vLLM's CUDA graphs capture under tensor parallelism (issue 23, TP on PCIe cards).
 *
 * vLLM captures one graph per decode batch size after the KV pool is allocated (serving.ts
 * cudaGraphPool), and each graph holds every all-reduce of a forward. Which communicator runs them
 * is set in vllm/distributed/parallel_state.py `graph_capture` (0.5 → V1): custom all-reduce where
 * it is enabled, otherwise PyNccl, enabled only inside the capture. Custom all-reduce turns itself
 * off for more than two PCIe-only GPUs ("Custom allreduce is disabled because it's not supported
 * on more than two PCIe-only GPUs", device_communicators/custom_all_reduce.py) and without P2P
 * (gpu_p2p_access_check), so on such cards every captured all-reduce is an NCCL launch.
 *
 * NCCL up to 2.21 keeps device memory for each launch captured into a graph: a captured plan is
 * persistent, and `uploadWork` (src/enqueue.cc, v2.18 → v2.21.5-1) copies its work list into its
 * own `ncclCudaMalloc(&plan->workHead, nWork)`, freed only when the graph is destroyed
 * (persistentDestructor). Under NCCL's cuMem allocator (the default from 2.19) each such
 * allocation is rounded up to the allocation granularity (include/alloc.h ncclCuMemAlloc,
 * CU_MEM_ALLOC_GRANULARITY_MINIMUM); vLLM sets NCCL_CUMEM_ENABLE=0 for this reason (vllm#5091,
 * citing NVIDIA/nccl#1234), and then each is a cudaMalloc whose footprint the CUDA driver sets.
 * From 2.22 a launch whose work fits in the kernel arguments carries it there and allocates
 * nothing (ncclAllocatesPerCapturedLaunch). So the count is from source and the bytes are not: no
 * term is added, and for the releases on NCCL ≤ 2.21 the reply names the count and the way out
 * (--enforce-eager captures none; a lower --gpu-memory-utilization leaves more card outside the
 * budget). vLLM's own capture message says "CUDA graphs can take additional 1~3 GiB memory per
 * GPU" (worker/model_runner.py capture_model).
 */

/**
 * Whether NCCL gives each all-reduce captured into a CUDA graph device memory of its own, by the
 * NCCL that the engine's PyTorch ships.
 * - NCCL ≤ 2.21: one `ncclCudaMalloc(&plan->workHead, nWork)` per captured launch (src/enqueue.cc
 *   `uploadWork`, v2.21.5-1), kept for the graph's life.
 * - NCCL 2.22 on: `finishPlan` (src/enqueue.cc, v2.22.3-1: "If we can fit everything into the
 *   kernel args we do so") sets `ncclDevWorkStorageTypeArgs` when the kernel arguments, the work
 *   batches and the work fit in `comm->workArgsBytes`, which one all-reduce's single work batch
 *   does; only work that does not fit gets a buffer of its own bytes (`cudaMallocAsync` from the
 *   communicator's pool in master's `uploadWork`: "Persistent cudaMallocAsync work buf").
 * PyTorch 2.6 and earlier ship nvidia-nccl-cu12 2.21.5 or older; PyTorch 2.7 ships 2.26.2. vLLM
 * moved to PyTorch 2.7 in 0.9.0 (release notes: "vLLM has upgraded to PyTorch 2.7!", vllm#16859),
 * so its releases before 0.9 allocate per captured launch and 0.9 on do not; a vLLM or SGLang named
 * without a release is the newest, on PyTorch 2.7 or later.
 */
export function ncclAllocatesPerCapturedLaunch(s: Scenario): boolean {
  // SGLang's release is not read: the newest, on PyTorch ≥ 2.7 (NCCL ≥ 2.26).
  if (s.inference.server === 'sglang') return false;
  return !vllmAtLeast(s, 9);
}

/**
 * The batch sizes vLLM captures a graph for, by engine and release (serving.ts captureBatchSizes):
 * V0 1, 2, 4 and every multiple of 8 up to the graph batch of max_num_seqs (256 by default: 35
 * graphs; at most 256 before 0.6.0); V1 the same grid up to 512 (67 graphs), from 0.10.0 up to
 * min(2 × max_num_seqs, 512), never past max_num_batched_tokens.
 */
export function captureSizes(s: Scenario): number[] {
  return captureBatchSizes(s);
}

/**
 * All-reduces in one captured forward of a pipeline stage: the attention output and the MLP (or
 * the experts' combined output) of each layer are row-parallel with reduce_results
 * (RowParallelLinear, FusedMoE), and the first stage's VocabParallelEmbedding sums its shards.
 */
export function allReducesPerForward(s: Scenario): number {
  const layers = Math.ceil(s.model.arch.layers / s.parallel.pp);
  return 2 * layers + 1;
}

export interface GraphCollectives {
  graphs: number;
  perGraph: number;
  total: number;
}

/**
 * SGLang captures its decode graphs the same way (python/sglang/srt/distributed/parallel_state.py
 * `graph_capture`, vLLM's table: PyNccl inside the capture where custom all-reduce is off), one
 * per batch size of its own list (sglang-graph-logits.ts sglangCaptureBatchSizes).
 */
function graphCount(s: Scenario): number {
  if (s.inference.server === 'sglang') return sglangCaptureBatchSizes(sglangCudaGraphMaxBatch(s), s.inference.maxSeqs).length;
  // V0 captures each size once per pipeline virtual engine (worker/model_runner.py capture_model:
  // `for virtual_engine in range(pipeline_parallel_size)`), each graph with the stage's all-reduces.
  return captureSizes(s).length * vllmVirtualEngines(s);
}

/** Null where no collective is captured: tp 1, or no graphs (--enforce-eager, SGLang's --disable-cuda-graph). */
export function graphCollectives(s: Scenario): GraphCollectives | null {
  if (s.parallel.tp <= 1 || s.inference.enforceEager) return null;
  const graphs = graphCount(s);
  if (graphs === 0) return null;
  const perGraph = allReducesPerForward(s);
  return { graphs, perGraph, total: graphs * perGraph };
}

/** The reply's sentence (vLLM and SGLang on NCCL ≤ 2.21): the count, why its memory is not counted, and the way out. */
export function graphCollectivesNote(s: Scenario): string {
  const c = graphCollectives(s);
  if (c === null || !ncclAllocatesPerCapturedLaunch(s)) return '';
  return ` At tp ${s.parallel.tp} its CUDA graphs capture ${c.graphs} batch sizes × ${c.perGraph} all-reduces = ${grouped(c.total)}; where custom all-reduce is off (more than two PCIe-only GPUs, or no P2P) each is an NCCL launch that keeps device memory of its own outside the budget (NCCL enqueue.cc: one allocation per captured launch), sized by the CUDA driver and not counted here: a known out-of-memory in graph capture on such cards (vllm#5517, NVIDIA/nccl#1234); ${s.inference.server === 'sglang' ? '--disable-cuda-graph' : '--enforce-eager'} captures none.`;
}
