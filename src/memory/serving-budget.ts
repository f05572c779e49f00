import type { Scenario } from '../scenario/schema.js';
import { gib, grouped, num } from './format.js';
import { kvBytesPerToken } from './inference.js';
import { recurrentStateBytesPerSequence } from './linear-attention.js';
import type { Layout } from './layout.js';
import { cudaGraphPool, graphsOutsideBudget, profileActivations, profileTokens, samplerLogits, v0ChunksPrefill } from './serving.js';
import { vllmAtLeast, vllmChecksOneSequence, vllmEngine, vllmVirtualEngines } from './vllm-release.js';
import { graphCollectivesNote } from './graph-collectives.js';
import { vllmStartupNote, vllmStartupShortfall } from './vllm-startup.js';
import { graphEstimateInBudget, v1Baseline, v1NonTorchInBudget, v1TakenAtSnapshot } from './vllm-v1-baseline.js';
import { TURBOMIND_CACHE_SHARE, turbomindAfterCache, turbomindCacheOfTotal, turbomindKvBudget, turbomindSplitsVocabIn, turbomindTotalShareNote, turbomindVocabTables } from './lmdeploy.js';
import { MII_RESERVE_BYTES, miiKvBudget } from './mii.js';
import { aphroditeClampWords, aphroditeShortensToPool } from './aphrodite.js';
import { sglangCudaGraphs, sglangKvBudget, sglangPrefillActivations, sglangReqToTokenTable } from './sglang.js';
import { dequantisedMatrix, frozenWeights } from './states.js';
import { tgiKvBudget, tgiPrefillTokens, tgiTiedHeadCopy, tgiWarmupActivations, tgiWarmupKvBytes } from './tgi.js';
import { tgiAtLeast, tgiKvRule } from './tgi-release.js';
import type { Component, ServingCapacity } from './types.js';
import { visionTowerWeights } from './vision.js';
import { videoProfileEncoder, withEncoderCache } from './vllm-encoder-profile.js';
import { mllamaProfileEncoder } from './vllm-mllama-profile.js';
import { samplerBeyondForward } from './vllm-profile-peak.js';
import { onlineQuantLoadNote, onlineQuantLoadShortfall } from './online-quant.js';
import { vllmMambaBlocksShort } from './vllm-mamba-blocks.js';
import { vllmMlaAbsorbed } from './vllm-mla-absorb.js';

/**
 * Engines that preallocate the KV cache (DESIGN §3.6), each planning inside its own budget:
 * - vLLM: gpu_memory_utilization × card holds the weights, the profile run's peak, the sampler's
 *   dummy run and the non-torch memory (context and NCCL; V0 before 0.6 NCCL only, nonTorchInBudget);
 *   the KV pool gets the rest (serving.ts, vllm-sampler.ts), and
 *   the CUDA graphs captured after it sit outside. The card outside the budget is never used for
 *   KV, and is not headroom.
 * - SGLang: mem_fraction_static × card holds weights and KV; prefill activations and the
 *   request-to-token table, sized from the pool it found, and the CUDA graphs captured after it
 *   sit outside it (sglang.ts).
 * - TGI: the card less the warm-up peak, less (1 − 0.9) of the card, is KV (tgi.ts).
 * - lmdeploy's TurboMind: cache_max_entry_count of the memory free after the weights is KV; its
 *   batch buffers, a forward step and the 4-bit GEMM tuner come out of the rest (lmdeploy.ts).
 * A server whose pool cannot hold one sequence of max-model-len does not start: the verdict then
 * carries the budget arithmetic.
 */

export interface ServingBudget {
  components: Component[];
  allocated: number;
  serving: ServingCapacity;
  /** KV bytes the pool has beyond one sequence of the asked length (negative: it cannot start). */
  spareKvBytes: number;
  /** The budget arithmetic, for the reply's notes. */
  note: string;
  /**
   * Bytes by which the server fails at start: vLLM V1's fraction over what is free (vllm-startup.ts),
   * or TGI's warm-up batch over its memory fraction (tgi.ts tgiWarmupKvBytes).
   */
  refusedBytes: number;
}

type Engine = 'vllm' | 'sglang' | 'tgi' | 'lmdeploy' | 'mii';

export function servingEngine(s: Scenario): Engine | null {
  if (s.mode !== 'inference') return null;
  if (s.framework === 'tgi') return 'tgi';
  if (s.inference.engine !== 'vllm') return null;
  if (s.inference.server === 'lmdeploy') return 'lmdeploy';
  if (s.inference.server === 'mii') return 'mii';
  return s.inference.server === 'sglang' ? 'sglang' : 'vllm';
}

export const ENGINE_NAME: Record<Engine, string> = { vllm: 'vLLM', sglang: 'SGLang', tgi: 'TGI', lmdeploy: 'lmdeploy (TurboMind)', mii: 'DeepSpeed-MII (FastGen)' };

/** The engine as the reply names it: a named fork of vLLM keeps vLLM's plan under its own name. */
function engineName(engine: Engine, s: Scenario): string {
  return aphroditeShortensToPool(s) ? 'Aphrodite' : ENGINE_NAME[engine];
}

function sum(parts: Component[]): number {
  return parts.reduce((total, c) => total + c.bytes, 0);
}

function present(...components: (Component | null | undefined)[]): Component[] {
  return components.filter((c): c is Component => !!c);
}

/**
 * The non-torch memory a vLLM budget subtracts. V0 before 0.6 measures its baseline after the CUDA
 * context exists and before the distributed init (vllm/worker/worker.py `init_device`: set_device,
 * then `self.init_gpu_memory = torch.cuda.mem_get_info()[0]`, then
 * init_worker_distributed_environment) and budgets `total × utilisation − (init_gpu_memory − free
 * after the profile run)` (`determine_num_available_blocks`): NCCL counts, the CUDA context sits
 * outside the budget. The 0.6 series' "Memory profiling results" version adds
 * `non_torch_allocations = (total − free) − torch allocated`, which holds the context, so 0.6.0 →
 * 0.6.4 count both, as before. vllm#10511 ("overhaul memory profiling", merged 2024-11-21, first in
 * 0.6.5) profiles inside `memory_profiling(baseline_memory_in_bytes=total_gpu_memory −
 * self.init_gpu_memory, …)` and budgets `total × utilisation − non_kv_cache_memory`, the increase
 * over that baseline, which init_device still takes after the context (vllm#12059, "Memory profiler
 * does not consider CUDA context memory", closed unfixed): from 0.6.5 V0 leaves the context outside
 * again, NCCL inside. The baseline itself came with vllm#2863 (merged 2024-02-14,
 * release 0.3.1, "Fix memory profiling when GPU is used by multiple processes"): before it
 * (0.2.x, 0.3.0) `profile_num_available_blocks` took `peak_memory = total_gpu_memory −
 * free_gpu_memory` after the profile run and budgeted `total × utilisation − peak_memory`, so the
 * context and NCCL both count there too.
 */
export function nonTorchInBudget(s: Scenario, nonTorch: number, context: number): number {
  // V1 from 0.9.1 takes its own baseline after the context, and from 0.11.0 after NCCL too (vllm-v1-baseline.ts).
  if (v1Baseline(s) !== 'none') return v1NonTorchInBudget(s, nonTorch, context);
  return v0BaselineAfterContext(s) ? nonTorch - context : nonTorch;
}

/** V0 from 0.3.1 (vllm#2863's init_gpu_memory) to 0.5.x, and again from 0.6.5 (vllm#10511's memory_profiling): the baseline is taken after the CUDA context, which so sits outside the budget. */
export function v0BaselineAfterContext(s: Scenario): boolean {
  if (servingEngine(s) !== 'vllm' || vllmEngine(s) !== 'v0') return false;
  return (vllmAtLeast(s, 3, 1) && !vllmAtLeast(s, 6)) || vllmAtLeast(s, 6, 5);
}

/** What each engine holds before its KV pool, and what its budget leaves for KV on a card of `card` bytes. */
function plan(engine: Engine, s: Scenario, l: Layout, nonTorch: number) {
  // vLLM 0.7.x also materialises MLA's absorbed decode matrices at load (vllm-mla-absorb.ts).
  const resident = present(frozenWeights(s, l), visionTowerWeights(s, l), dequantisedMatrix(s, l), engine === 'vllm' ? vllmMlaAbsorbed(s, l) : null);
  const fraction = s.inference.gpuMemoryUtilization;
  if (engine === 'tgi') {
    const fixed = [...resident, ...present(tgiTiedHeadCopy(s, l)), tgiWarmupActivations(s, l)];
    const rule = tgiKvRule(s);
    const memoryFraction = s.inference.gpuMemoryUtilization === 1 ? '' : `${s.inference.gpuMemoryUtilization} × `;
    const share = rule.of === 'card' ? `${num(rule.share * s.inference.gpuMemoryUtilization)} × card − weights − warm-up peak − non-torch` : `${rule.share} × (${memoryFraction}card − weights − warm-up peak − non-torch)`;
    return { inside: fixed, outside: [], kv: (card: number) => tgiKvBudget(s, card, sum(fixed), nonTorch), share, fraction: rule.share * s.inference.gpuMemoryUtilization, ofCard: rule.of === 'card' };
  }
  if (engine === 'sglang') {
    // After the pool (model_runner.py init_memory_pool, then init_cuda_graphs): outside the fraction.
    const outside = [sglangPrefillActivations(s, l), samplerLogits(s), ...sglangCudaGraphs(s, l)];
    return { inside: resident, outside, kv: (card: number) => sglangKvBudget(card, fraction, sum(resident), nonTorch), share: `${fraction} (mem_fraction_static) × card − weights − non-torch`, fraction, ofCard: true };
  }
  if (engine === 'lmdeploy') {
    // After the KV blocks (LlamaBatch constructor, then LlamaV2::tune): outside cache_max_entry_count.
    const outside = turbomindAfterCache(s, l);
    // TurboMind holds both vocabulary tables, tied or not, and before v0.6.0 whole on every rank (lmdeploy.ts turbomindVocabTables); loaded before the blocks.
    const vocab = turbomindVocabTables(s, l);
    if (vocab) resident.push(vocab);
    // Before v0.2.2 the share is of the card's total, whatever the weights left (lmdeploy.ts).
    if (turbomindCacheOfTotal(s)) return { inside: resident, outside, kv: (card: number) => fraction * card, share: `${fraction} (cache_max_entry_count, lmdeploy ${s.inference.lmdeployVersion}) × card`, fraction: 1, ofCard: false };
    return { inside: resident, outside, kv: (card: number) => turbomindKvBudget(card, fraction, sum(resident), nonTorch), share: `${fraction} (cache_max_entry_count) × (card − weights − non-torch)`, fraction: 1, ofCard: false };
  }
  if (engine === 'mii') {
    // FastGen: what is free after the weights, less its reserve (memory/mii.ts); forwards run in the reserve.
    return { inside: resident, outside: [], kv: (card: number) => miiKvBudget(card, sum(resident), nonTorch), share: `card − weights − non-torch − ${gib(MII_RESERVE_BYTES)} GiB reserved (MemoryConfig RESERVE)`, fraction: 1, ofCard: false };
  }
  // vLLM captures its graphs after the KV cache is allocated: they sit outside the budget (serving.ts).
  const graphs = present(cudaGraphPool(s, l));
  const afterKv = graphsOutsideBudget(s);
  // The profile run's peak: its text forward (with V1's encoder cache beside it), or the vision encoder
  // before it: Mllama's max_num_seqs dummy images under V0, Qwen2-VL's dummy video under V1.
  const text = withEncoderCache(s, profileActivations(s, l));
  const profile = present(mllamaProfileEncoder(s, l), videoProfileEncoder(s, l)).reduce((a, b) => (b.bytes > a.bytes ? b : a), text);
  // The sampler runs after the forward: only what it holds beyond the forward's peak counts (vllm-profile-peak.ts).
  const inside = [...resident, profile, samplerBeyondForward(s, profile, samplerLogits(s)), ...(afterKv ? [] : graphs)];
  const share = `${fraction} × card − weights − profile peak − sampler${afterKv || graphs.length === 0 ? '' : ' − CUDA graphs'} − non-torch`;
  return { inside, outside: afterKv ? graphs : [], kv: (card: number) => card * fraction - sum(inside) - nonTorch, share, fraction, ofCard: true };
}

/** `nonTorch` is the CUDA context and NCCL together; `context` the context's part of it. */
export function preallocatedServing(s: Scenario, l: Layout, nonTorchBytes: number, context = 0): ServingBudget {
  const engine = servingEngine(s) ?? 'vllm';
  const nonTorch = nonTorchInBudget(s, nonTorchBytes, context);
  const capacity = s.hardware?.capacityBytes ?? null;
  const perToken = kvBytesPerToken(s, l);
  // A hybrid model's linear-attention layers hold a fixed state per sequence beside its KV (vLLM
  // MambaSpec pages, one per running request: memory/linear-attention.ts); 0 for other models.
  const state = recurrentStateBytesPerSequence(s, l);
  const oneSequence = perToken * s.seq + state;
  const p = plan(engine, s, l, nonTorch);
  // Without a card, size the pool for the asked sequences at the asked context.
  const budget = capacity !== null ? p.kv(capacity) : oneSequence * s.microBatch;
  const poolBytes = Math.max(0, budget);
  const tokens = Math.floor(poolBytes / perToken);
  const pool: Component = {
    key: 'kv',
    name: `KV cache pool (${engineName(engine, s)}, preallocated)`,
    group: 'kv',
    bytes: poolBytes,
    formula: capacity !== null ? `${p.share} = ${grouped(tokens)} tokens × ${num(perToken / 1024)} KiB` : `${s.seq} tokens × ${s.microBatch} × ${num(perToken / 1024)} KiB`,
  };
  // SGLang sizes its request-to-token table from the pool's tokens, after the pool: outside the fraction.
  const afterPool = engine === 'sglang' && capacity !== null ? [sglangReqToTokenTable(s, tokens)] : [];
  const components = [...p.inside, pool, ...p.outside, ...afterPool];
  // SGLang clamps the longest request to the pool it found (scheduler max_req_input_len =
  // min(context_len, max_total_num_tokens) − 1): it starts whenever the pool is positive.
  // TurboMind likewise truncates session_len to the blocks it got (LlamaBatch constructor, v0.6.0:
  // "No enough blocks for `session_len`").
  // vLLM before 0.2.7 starts on any positive pool too (vllm-release.ts vllmChecksOneSequence): a longer request waits unscheduled.
  // Aphrodite (v0.6.0 on) forces max_model_len down to the pool (aphrodite.ts).
  const clamps = engine === 'sglang' || engine === 'lmdeploy' || (engine === 'vllm' && (!vllmChecksOneSequence(s) || aphroditeShortensToPool(s)));
  // A hybrid model's request keeps its recurrent state beside its tokens: the clamped request is what the pool
  // holds next to one state (SGLang's hybrid-GDN runner sets the state aside before the token pool,
  // `_handle_max_mamba_cache`), so an engine that clamps still starts (issue 23, v852: Qwen3.8-27B NVFP4 on
  // SGLang at --mem-fraction-static 0.8 had read as holding no request, the clamp filling the pool with tokens).
  const clampTokens = Math.floor(Math.max(0, poolBytes - state) / perToken);
  const perSequence = clamps && clampTokens > 0 ? Math.min(s.seq, clampTokens) : s.seq;
  // vLLM V0 under pipeline parallelism splits the pool among its virtual engines: one sequence must fit in a share.
  const shares = engine === 'vllm' ? vllmVirtualEngines(s) : 1;
  const needed = clamps ? 0 : oneSequence * shares;
  // The budget is a share of the card for vLLM, SGLang and TGI from 3.0; of the free memory otherwise.
  const plannedBytes = capacity !== null && p.ofCard ? p.fraction * capacity : null;
  const serving = { kvBytesPerToken: perToken, kvCapacityTokens: tokens, concurrentSequences: state > 0 ? shares * Math.floor(poolBytes / shares / (perToken * perSequence + state)) : shares * Math.floor(Math.floor(tokens / shares) / perSequence), gpuMemoryUtilization: p.fraction, kvPoolBytes: poolBytes, sequenceBytes: oneSequence, plannedBytes, clipsToPool: clamps, poolShares: shares };
  // vLLM V1 (0.9.1 on) refuses a fraction larger than what is free at start (vllm-startup.ts).
  // What the snapshot finds taken: the context, and from 0.11.0 NCCL's buffers too (vllm-v1-baseline.ts).
  const taken = v1TakenAtSnapshot(s, nonTorchBytes, context);
  const startShort = engine === 'vllm' && capacity !== null ? vllmStartupShortfall(s, capacity, taken) : 0;
  const refused = startShort > 0 && capacity !== null ? `${vllmStartupNote(s, capacity, taken)} ` : '';
  // TGI's warm-up holds its batch's KV blocks beside its prefill peak, inside the memory fraction (tgi.ts tgiWarmupKvBytes).
  const warmupShort = engine === 'tgi' && capacity !== null ? tgiWarmupKvBytes(s, perToken) - (s.inference.gpuMemoryUtilization * capacity - sum(p.inside) - nonTorch) : 0;
  // FP8 quantised at load: the whole 16-bit model is on the card before anything else (online-quant.ts).
  const loadShort = (engine === 'vllm' || engine === 'sglang') && capacity !== null ? onlineQuantLoadShortfall(s, l, capacity, nonTorchBytes) : 0;
  const loadNote = loadShort > 0 && capacity !== null ? `${onlineQuantLoadNote(s, l, capacity, nonTorchBytes)} ` : '';
  // A hybrid model's Mamba cache blocks, one per sequence of max_num_seqs, before graph capture (vllm-mamba-blocks.ts).
  const mamba = engine === 'vllm' && capacity !== null && budget >= needed ? vllmMambaBlocksShort(s, l, poolBytes, state) : null;
  const short = Math.max(startShort, warmupShort, loadShort, mamba?.bytes ?? 0);
  const spareKvBytes = short > 0 ? Math.min(budget - needed, -short) : budget - needed;
  const warmupNote = warmupShort > 0 && capacity !== null ? ` ${tgiWarmupNote(s, capacity, sum(p.inside) + nonTorch, tgiWarmupKvBytes(s, perToken))}` : '';
  // Aphrodite starts on a pool shorter than one max-model-len sequence, with max_model_len forced down to it (aphrodite.ts).
  const shortened = aphroditeShortensToPool(s) && capacity !== null && tokens > 0 && tokens < s.seq ? ` ${aphroditeClampWords(s.seq, tokens)}.` : '';
  return { components, allocated: sum(components), serving, spareKvBytes, refusedBytes: Math.max(0, short), note: loadNote + refused + budgetNote(engine, s, capacity, p.inside, nonTorch, budget, needed) + shortened + warmupNote + (mamba ? ` ${mamba.note}` : '') + afterCacheNote(engine, capacity, p.outside, nonTorch, sum(p.inside), budget) + outsideBudgetNote(engine, s, capacity, p.outside, nonTorchBytes - nonTorch, budget) + ((engine === 'vllm' || engine === 'sglang') && capacity !== null && budget > 0 ? graphCollectivesNote(s) : '') };
}

/** "vLLM's budget: 0.9 × 23.6 GiB = 21.2 GiB − weights 15.0 − … = 2.7 GiB of KV; one sequence of 29,000 tokens needs 3.5 GiB: it cannot start." */
function budgetNote(engine: Engine, s: Scenario, capacity: number | null, inside: Component[], nonTorch: number, budget: number, oneSequence: number): string {
  const name = engineName(engine, s);
  if (capacity === null) return `${name} preallocates its KV cache; name a card for its budget.`;
  if (engine === 'lmdeploy' && turbomindCacheOfTotal(s)) return turbomindTotalShareNote(s, capacity, inside, nonTorch, budget);
  const rule = engine === 'tgi' ? tgiKvRule(s) : engine === 'lmdeploy' ? { of: 'free' as const, share: s.inference.gpuMemoryUtilization, source: `cache_max_entry_count${s.inference.gpuMemoryUtilization === TURBOMIND_CACHE_SHARE ? ', its default' : ''}` } : null;
  // TGI: its wiggle room times --cuda-memory-fraction (1.0 unless given).
  const fraction = rule ? (rule.of === 'card' ? rule.share * s.inference.gpuMemoryUtilization : rule.share) : s.inference.gpuMemoryUtilization;
  const memoryFraction = rule && engine === 'tgi' && s.inference.gpuMemoryUtilization !== 1 ? `${s.inference.gpuMemoryUtilization} × ` : '';
  // V0 from 0.3.1 to 0.5, and from 0.6.5, budgets from a baseline taken after the CUDA context (nonTorchInBudget): only what came after it counts.
  const v0 = v0BaselineAfterContext(s);
  // V1 from 0.9.1: the baseline holds the context (and from 0.11.0 NCCL); what came after it counts (vllm-v1-baseline.ts).
  const v1 = graphEstimateInBudget(s) ? 'none' : v1Baseline(s);
  const nonTorchLabel = v0 || v1 === 'context' ? 'non-torch after the baseline (NCCL)' : v1 === 'context and NCCL' ? 'non-torch after the baseline' : 'non-torch';
  const terms = [...inside.map((c) => `${c.name} ${gib(c.bytes)}`), `${nonTorchLabel} ${gib(nonTorch)}`].join(' − ');
  // A pool within 0.05 GiB of nothing, said to two places: "-0.0 GiB" hides which side of zero it fell.
  const kv = budget !== 0 && Math.abs(budget) < 0.05 * 2 ** 30 ? (budget / 2 ** 30).toFixed(2) : gib(budget);
  const head =
    rule?.of === 'free'
      ? `${name}'s budget (${rule.source}): ${fraction} × (${memoryFraction}${gib(capacity)} GiB − ${terms}) = ${kv} GiB of KV cache`
      : `${name}'s budget: ${num(fraction)} × ${gib(capacity)} GiB = ${gib(fraction * capacity)} GiB − ${terms} = ${kv} GiB of KV cache`;
  const shares = engine === 'vllm' ? vllmVirtualEngines(s) : 1;
  const perShare = shares > 1 ? ` in each of the ${shares} shares V0 splits the pool into, one per pipeline virtual engine (core/scheduler.py: num_gpu_blocks //= pipeline_parallel_size), ${gib(oneSequence)} GiB of pool in all` : '';
  const seq = engine === 'sglang' ? 'SGLang shortens the longest request to fit the pool' : engine === 'lmdeploy' ? 'TurboMind truncates session_len to the blocks it got' : aphroditeShortensToPool(s) ? 'Aphrodite shortens max_model_len to the pool rather than refuse to start' : engine === 'vllm' && !vllmChecksOneSequence(s) ? `vLLM before 0.2.7 does not check that one sequence of ${grouped(s.seq)} tokens fits (vllm#2163): it starts on any positive pool, and a request longer than the pool is never scheduled` : `one sequence of ${grouped(s.seq)} tokens needs ${gib(oneSequence / shares)} GiB${perShare}`;
  const plan = engine === 'vllm' && s.inference.batchedTokens === undefined ? ` (${profileNote(s)}; say batched tokens N for another)` : '';
  // TGI's warm-up runs before any share is taken: past the memory fraction it fails itself (flash_causal_lm.py warmup).
  const warmupBytes = sum(inside) + nonTorch;
  const warmupLimit = s.inference.gpuMemoryUtilization * capacity;
  if (engine === 'tgi' && warmupBytes > warmupLimit) return `${head}: the warm-up alone needs ${gib(warmupBytes)} GiB of the ${gib(warmupLimit)} GiB TGI may use, so it stops at the warm-up ("Not enough memory to handle ${grouped(tgiPrefillTokens(s))} prefill tokens"; lower --max-batch-prefill-tokens).`;
  // vLLM's profile run allocates for real: past the card it is a CUDA out-of-memory in the profile, not a budget shortfall.
  if (engine === 'vllm' && warmupBytes > capacity) return `${head}${plan}: the profile run alone needs ${gib(warmupBytes)} GiB of the ${gib(capacity)} GiB card, so it runs out of memory before the KV cache is sized (CUDA out of memory in the profile run; lower --max-num-seqs or --max-num-batched-tokens).`;
  // lmdeploy before v0.6.0: the whole vocabulary tables on every rank (lmdeploy.ts turbomindVocabTables).
  const vocab = engine === 'lmdeploy' && s.parallel.tp > 1 && !turbomindSplitsVocabIn(s.inference.lmdeployVersion) ? ' lmdeploy v0.6.0 on splits the token embedding and LM head over the tensor-parallel ranks (InternLM/lmdeploy#2252).' : '';
  if (budget <= 0) return `${head}${plan}: nothing left for the KV cache, so the server does not start${engine === 'vllm' ? ' ("No available memory for the cache blocks")' : ''}.${vocab}`;
  const startError = engine === 'vllm' ? ` (${vllmStartError(s, budget, oneSequence)})` : engine === 'tgi' ? ` (${tgiStartError(s, Math.floor(budget / (oneSequence / s.seq)))})` : '';
  if (budget < oneSequence) return `${head}${plan}; ${seq}, so the server does not start${startError} (lower max-model-len, raise the memory fraction, or add GPUs).`;
  const outside = rule?.of === 'free' ? (engine === 'lmdeploy' ? ` The ${Math.round((1 - fraction) * 100)}% of the free memory left outside the KV cache holds TurboMind's batch buffers, one forward step and (4-bit weights) the GEMM tuner: it is not headroom.` : fraction === 1 ? ' Nothing outside the KV cache is left for anything the warm-up did not allocate.' : ` The ${Math.round((1 - fraction) * 100)}% of the free memory left outside the KV cache is not headroom.`) : ` The ${Math.round((1 - fraction) * 100)}% of the card outside the budget${v0 ? ' holds the CUDA context (V0 measures its baseline after creating it) and the CUDA graphs; it' : v1 !== 'none' ? ` holds the ${v1 === 'context' ? 'CUDA context' : 'CUDA context and NCCL\'s buffers'} (V1 takes its baseline after ${v1 === 'context' ? 'creating it' : 'them'}) and the CUDA graphs; it` : ''} is not headroom.`;
  return `${head}${plan}; ${seq}.${outside}${vocab}`;
}

/**
 * vLLM: the card outside gpu_memory_utilization holds what comes after the pool — the CUDA graphs
 * captured after it, and under V0 the CUDA context its baseline left out (nonTorchInBudget). When
 * they outgrow it, the server fails once the pool is allocated ("After the pool: CUDA context 0.4 +
 * CUDA graph pool 0.0 = 0.5 GiB, more than the 0.2 GiB outside the budget").
 */
function outsideBudgetNote(engine: Engine, s: Scenario, capacity: number | null, outside: Component[], contextOutside: number, budget: number): string {
  if (engine !== 'vllm' || capacity === null || budget <= 0) return '';
  const room = capacity * (1 - s.inference.gpuMemoryUtilization);
  const need = sum(outside) + contextOutside;
  if (need <= room) return '';
  const terms = [...(contextOutside > 0 ? [`${v1Baseline(s) === 'context and NCCL' && !graphEstimateInBudget(s) ? 'CUDA context and NCCL' : 'CUDA context'} ${gib(contextOutside)}`] : []), ...outside.map((c) => `${c.name.replace(/, captured after .*$/, '')} ${gib(c.bytes)}`)].join(' + ');
  const eagerHelps = outside.length > 0 && contextOutside <= room;
  return ` After the pool: ${terms} = ${gib(need)} GiB, more than the ${gib(room)} GiB outside the budget: it runs out of memory once the pool is allocated${outside.length > 0 ? ', at the latest capturing the CUDA graphs' : ''} (lower --gpu-memory-utilization${eagerHelps ? ', or --enforce-eager' : ''}).`;
}

/** TurboMind: what comes after the KV blocks against what the cache share left ("… need 1.4 GiB of the 0.9 GiB left: out of memory at start-up"). */
function afterCacheNote(engine: Engine, capacity: number | null, outside: Component[], nonTorch: number, resident: number, kv: number): string {
  if (engine !== 'lmdeploy' || capacity === null || kv <= 0) return '';
  const left = capacity - resident - nonTorch - kv;
  const after = sum(outside);
  const terms = outside.map((c) => `${c.name} ${gib(c.bytes)}`).join(' + ');
  if (after > left) return ` After the KV blocks: ${terms} = ${gib(after)} GiB, more than the ${gib(left)} GiB left: TurboMind runs out of memory at start-up (lower --cache-max-entry-count or --max-prefill-token-num).`;
  return ` After the KV blocks: ${terms} = ${gib(after)} GiB of the ${gib(left)} GiB left.`;
}

/**
 * vLLM's own words when the pool is short of one max-model-len sequence: a start failure, not an
 * out-of-memory. V0 vllm/worker/worker.py `raise_if_cache_size_invalid` (block_size × num_gpu_blocks
 * tokens); V1 vllm/v1/core/kv_cache_utils.py `check_enough_kv_cache_memory`.
 */
function vllmStartError(s: Scenario, budget: number, oneSequence: number): string {
  const len = grouped(s.seq);
  if (vllmEngine(s) === 'v0') return `"The model's max seq len (${len}) is larger than the maximum number of tokens that can be stored in KV cache (${grouped(Math.floor((budget / oneSequence) * s.seq))})"`;
  return `"To serve at least one request with the models's max seq len (${len}), (${gib(oneSequence)} GiB KV cache is needed, which is larger than the available KV cache memory (${gib(budget)} GiB)"`;
}

/** "The warm-up also holds its batch's KV blocks: 2.0 GiB for 4,096 prefill tokens beside 13.4 GiB of weights and prefill peak: 15.4 GiB of the 14.8 GiB TGI may use …" */
function tgiWarmupNote(s: Scenario, capacity: number, held: number, warmupKv: number): string {
  const limit = s.inference.gpuMemoryUtilization * capacity;
  return `The warm-up also holds its batch's KV blocks, at least ${gib(warmupKv)} GiB for its ${grouped(tgiPrefillTokens(s))} prefill tokens, beside ${gib(held)} GiB of weights, prefill peak and non-torch: ${gib(held + warmupKv)} GiB of the ${gib(limit)} GiB TGI may use, so it stops at the warm-up ("Not enough memory to handle ${grouped(tgiPrefillTokens(s))} prefill tokens"; lower --max-batch-prefill-tokens).`;
}

/**
 * TGI's router when the blocks its warm-up found hold fewer tokens than --max-total-tokens: it
 * refuses to start. v1.x–v2.x router/src/main.rs (v2.2 router/src/server.rs
 * check_max_batch_total_tokens): "`max_total_tokens` must be <= `max_batch_total_tokens`"; from
 * v3.0 backends/v3/src/lib.rs V3Error::NotEnoughMemory.
 */
function tgiStartError(s: Scenario, poolTokens: number): string {
  const len = grouped(s.seq);
  if (tgiAtLeast(s, 3, 0)) return `"Not enough memory to handle \`max_total_tokens=${s.seq}\`"`;
  return `"\`max_total_tokens\` must be <= \`max_batch_total_tokens\`. Given: ${len} and ${grouped(poolTokens)}"`;
}

/** Which profile run vLLM's budget counted, by engine and release. */
function profileNote(s: Scenario): string {
  const tokens = grouped(profileTokens(s));
  const release = s.inference.vllmVersion;
  if (vllmEngine(s) === 'v1') return `vLLM V1${release && release !== 'v1' ? ` (${release})` : ''}: chunked prefill, a profile run of its default ${tokens} batched tokens on this card; say vllm 0.6.4 or vllm v0 for the V0 engine`;
  return `vLLM V0${release && release !== 'v0' ? ` (${release})` : ''}: ${v0ChunksPrefill(s) ? `chunked prefill for a max-model-len over 32K, a profile run of ${tokens} tokens` : `no chunked prefill, a profile run of the whole max-model-len, ${tokens} tokens`}; CUDA graphs captured after the KV cache, outside the budget`;
}
