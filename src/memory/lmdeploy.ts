import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { activeMlpWidth } from './inference.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * lmdeploy's TurboMind engine plans its memory in this order (InternLM/lmdeploy v0.6.0,
 * src/turbomind/triton_backend/llama/LlamaTritonModel.cc `createEngine`): the weights load, then
 * `LlamaBatch`'s constructor builds the `SequenceManager`, whose `BlockManager` takes
 * cache_max_entry_count of the memory then free for the KV blocks (all at once: cache_chunk_size −1),
 * then the batch's runtime buffers are allocated, then, for 4-bit weights, the GEMM tuner runs.
 * Everything after the KV blocks comes out of the (1 − cache_max_entry_count) share left over, so
 * that share is not headroom: an OOM there comes at start-up (lmdeploy#2731).
 */

/**
 * cache_max_entry_count's default and meaning by release (lmdeploy/messages.py
 * `TurbomindEngineConfig`; src/turbomind/models/llama/BlockManager.cc `GetBlockCount`):
 * - v0.2.2 on: 0.8, a share of the *free* memory after the weights (`free * ratio`, free from
 *   cudaMemGetInfo, the smallest over the tensor-parallel ranks: `GetSyncFreeMemSize`);
 * - v0.1.0 – v0.2.1: 0.5, a share of the *total* memory (`total * ratio`);
 * - v0.0.x: a count of cache entries (LlamaCacheManager `max_entry_count`), each a whole session.
 * Modelled: the current rule (v0.2.2 on), and the one before it when the release is named ("lmdeploy
 * 0.2.1", turbomindCacheOfTotal). The newest TurboMind keeps the current rule (src/turbomind/turbomind.cc
 * `TurboMind::Impl::CreateEngine`: cache_bytes = free_bytes × cache_ratio, free the minimum over the
 * tensor-parallel group, then the model and engine are built after it).
 */
export const TURBOMIND_CACHE_SHARE = 0.8;

/**
 * cache_max_entry_count's default from v0.1.0 to v0.2.1 (v0.2.1 lmdeploy/messages.py: "the percentage
 * of gpu memory occupied by the k/v cache, default to 0.5"), a share of the card's *total* memory
 * (v0.1.0 – v0.2.1 src/turbomind/models/llama/BlockManager.cc GetBlockCount: `total * ratio /
 * block_size`, total from cudaMemGetInfo); v0.2.2 (2024-01-31) takes it of the free memory
 * (GetBlockCount with get_free_size), after InternLM/lmdeploy#1051 (2024-01-26: "A better approach
 * would be to allocate space for the k/v cache from the free GPU memory proportionally").
 */
export const TURBOMIND_CACHE_SHARE_OF_TOTAL = 0.5;

/**
 * The named release reads cache_max_entry_count as a share of the card's total memory: v0.1.x to
 * v0.2.1 ("lmdeploy 0.2" is read as its first release, 0.2.0). Unnamed: the current rule.
 */
export function turbomindCacheOfTotal(s: Scenario): boolean {
  return cacheOfTotalIn(s.inference.lmdeployVersion);
}

/** The same, from the release as said ("0.2.1"); undefined = the newest. */
export function cacheOfTotalIn(version: string | undefined): boolean {
  const m = /^0\.(\d+)(?:\.(\d+))?$/.exec(version ?? '');
  if (!m) return false;
  const minor = Number(m[1]);
  return minor < 2 || (minor === 2 && Number(m[2] ?? 0) <= 1);
}

/**
 * v0.1.0 – v0.2.1: the KV blocks are cache_max_entry_count × the card's total, whatever the weights
 * left (BlockManager::GetBlockCount of those releases); past the card the block allocation itself
 * fails ("CUDA runtime error: out of memory", lmdeploy#1019 on a 3090).
 */
export function turbomindTotalShareNote(s: Scenario, capacity: number, inside: readonly Component[], nonTorch: number, budget: number): string {
  const gib = (b: number) => (b / 2 ** 30).toFixed(1);
  const before = inside.reduce((a, c) => a + c.bytes, 0) + nonTorch;
  const head = `lmdeploy ${s.inference.lmdeployVersion}'s budget: cache_max_entry_count ${s.inference.gpuMemoryUtilization} of the card's total memory (its rule until v0.2.1; a share of the memory free after the weights from v0.2.2) = ${s.inference.gpuMemoryUtilization} × ${gib(capacity)} GiB = ${gib(budget)} GiB of KV cache, whatever the weights leave`;
  const over = before + budget - capacity;
  return over > 0
    ? `${head}; with ${gib(before)} GiB of weights and non-torch memory already on the card that is ${gib(over)} GiB more than it has, so allocating the KV blocks runs out of memory (lower --cache-max-entry-count, or v0.2.2 on takes a share of what is free).`
    : `${head}; TurboMind truncates session_len to the blocks it got.`;
}

/**
 * The release as said splits TurboMind's vocabulary tables over tensor parallelism: v0.6.0 on. Before
 * it (v0.5.3 and earlier) every rank holds the whole token embedding and LM head:
 * src/turbomind/models/llama/LlamaWeight.cc `mallocWeights` (v0.4.0) allocates
 * `pre_decoder_embedding_table` [vocab_size_padded × hidden] and `post_decoder_embedding_kernel`
 * [hidden × vocab_size_padded] in the compute dtype on each rank, whatever tensor_para_size; InternLM/
 * lmdeploy#2252 ("Split token_embs and lm_head weights", eab8536, merged 2024-09-05, first in v0.6.0)
 * divides both by tensor_para_size. Unnamed: the newest, split.
 */
export function turbomindSplitsVocabIn(version: string | undefined): boolean {
  const m = /^0\.(\d+)(?:\.(\d+))?$/.exec(version ?? '');
  return !m || Number(m[1]) >= 6;
}

/**
 * What TurboMind's vocabulary tables hold on each rank beyond the weights as counted (the parameters'
 * embedding and LM head, split over tp, at 16 bits: the tables are the compute dtype even beside
 * 4-bit linears). TurboMind allocates both tables whether or not the model ties them:
 * LlamaWeight.cc `mallocWeights` (v0.4.0, v0.7.3: `pre_decoder_embedding_table` [vocab_size_padded ×
 * hidden] and `post_decoder_embedding_kernel` [hidden × vocab_size_padded]) and its constructor from
 * v0.9 (`pre_decoder_embedding` and `post_decoder_embedding` emplaced side by side, v0.9.2 → v0.12.0;
 * v0.12.0 builds them on the host and `LlamaWeight::prepare` moves each to the device). For a tied model
 * the converter fills the LM head from the embedding (v0.12.0 deploy/source_model/llama.py: with
 * tie_word_embeddings, output_weight_key = tok_embeddings_key), a second copy on the card.
 * - Before v0.6.0 both are whole on every rank: Qwen1.5-110B at tp 8 (InternLM/lmdeploy#1536, v0.4.0
 *   on eight V100 32 GB: "Tried to allocate 2.32 GiB", one 152,064 × 8,192 fp16 table) holds
 *   2 × 152,064 × 8,192 × 2 B × 7/8 = 4.06 GiB more a card than a split count.
 * - A tied model (a parameter count with one table) holds the second table too: V × h × 2 B ÷ tp from
 *   v0.6.0, V × h × 2 B before it.
 */
export function turbomindVocabTables(s: Scenario, l: Layout): Component | null {
  const split = turbomindSplitsVocabIn(s.inference.lmdeployVersion);
  const tablesParams = 2 * s.model.arch.vocab * s.model.arch.hidden;
  const held = (tablesParams * 2) / (split ? l.tp : 1);
  const counted = ((l.params.embedding + l.params.lmHead) * 2) / l.tp;
  const bytes = held - counted;
  if (bytes <= 0) return null;
  const tied = l.params.lmHead === 0;
  const whole = !split && l.tp > 1;
  const name = whole
    ? `token embedding and LM head whole on every rank (lmdeploy ${s.inference.lmdeployVersion}, before v0.6.0)${tied ? ', the tied head allocated apart' : ''}`
    : 'LM head allocated apart from the tied embedding (TurboMind holds both tables)';
  return {
    key: 'weights-vocab',
    name,
    group: 'weights',
    bytes,
    formula: `2 × ${count(s.model.arch.vocab)} × ${s.model.arch.hidden} × 2 B${split && l.tp > 1 ? ` ÷ tp ${l.tp}` : ''} − ${count(l.params.embedding + l.params.lmHead)} × 2 B${l.tp > 1 ? ` ÷ tp ${l.tp}` : ''} counted`,
  };
}

/** BlockManager::GetBlockCount (v0.2.2 on): KV bytes = cache_max_entry_count × (card − weights − non-torch). */
export function turbomindKvBudget(card: number, cacheShare: number, residentBytes: number, nonTorch: number): number {
  const free = card - residentBytes - nonTorch;
  return free > 0 ? cacheShare * free : free;
}

/**
 * max_batch_size when not given (lmdeploy/utils.py `get_max_batch_size`, v0.6.0; 128 fixed in
 * v0.5.x cli/utils.py): 256 on A100/A800, 512 on H100/H800, 128 on any other CUDA card.
 * --max-batch-size is read as max-num-seqs.
 */
export function turbomindMaxBatchSize(s: Scenario): number {
  if (s.inference.maxSeqs !== undefined) return s.inference.maxSeqs;
  const gpu = s.hardware?.gpuId ?? '';
  if (/a100|a800/i.test(gpu)) return 256;
  if (/h100|h800/i.test(gpu)) return 512;
  return 128;
}

/**
 * Tokens one forward step may carry (LlamaBatch.cc constructor, v0.6.0): max_forward_token_num =
 * max_prefill_token_num + max_batch_size; max_prefill_token_num is 8192 by default
 * (TurbomindEngineConfig), --max-prefill-token-num (read as batched tokens) otherwise.
 */
export function turbomindForwardTokens(s: Scenario): number {
  return (s.inference.batchedTokens ?? 8192) + turbomindMaxBatchSize(s);
}

/**
 * The batch's buffers, allocated after the KV blocks (LlamaBatch.cc `AllocateBuffer`, v0.6.0):
 * the context decoder's input and output, [max_forward_token_num × hidden] in the compute dtype
 * each; the logits and the rank's local logits, fp32 [max_batch_size × vocab] each; the token
 * ids, int32 [max_batch_size × session_len × 2], and the input ids, int32 [max_batch_size ×
 * session_len]. The per-request output ids (`AllocatePersistantBuffer`) add int32
 * [max_batch_size × session_len].
 */
export function turbomindBatchBuffers(s: Scenario): Component {
  const e = activationBytes(s);
  const tokens = turbomindForwardTokens(s);
  const batch = turbomindMaxBatchSize(s);
  const { hidden, vocab } = s.model.arch;
  const decoder = 2 * tokens * hidden * e;
  const logits = 2 * batch * vocab * 4;
  const ids = 4 * batch * s.seq * 4;
  return {
    key: 'turbomind-buffers',
    name: `TurboMind batch buffers (${count(tokens)} forward tokens, ${count(batch)} sessions; outside cache_max_entry_count)`,
    group: 'buffers',
    bytes: decoder + logits + ids,
    formula: `2 × ${count(tokens)} × ${hidden} × ${e} B + 2 × ${count(batch)} × ${count(vocab)} × 4 B + 4 × ${count(batch)} × ${count(s.seq)} × 4 B`,
  };
}

/**
 * One forward step's per-layer buffers over max_forward_token_num tokens (v0.6.0, reMalloc'd at
 * the step's token count): UnifiedAttentionLayer `allocateBuffer` — qkv_buf [tokens × (heads +
 * 2·kv heads) × head_dim], qkv_buf_3 [tokens × heads × head_dim], tmp_kv_buf [kv heads × 2 ×
 * (tokens + MAX_CTA_S 64) × head_dim] — and LlamaFfnLayer `allocateBuffer`, gating_buf [2 ×
 * tokens × inter_size]; heads and inter_size per tensor-parallel rank, in the compute dtype.
 */
export function turbomindForwardBuffers(s: Scenario, l: Layout): Component {
  const e = activationBytes(s);
  const tokens = turbomindForwardTokens(s);
  const { heads, kvHeads, headDim } = s.model.arch;
  const localHeads = heads / l.tp;
  const localKv = Math.max(1, kvHeads / l.tp);
  const inter = activeMlpWidth(s.model.arch) / l.tp;
  const attention = tokens * (localHeads + 2 * localKv) * headDim + tokens * localHeads * headDim + localKv * 2 * (tokens + 64) * headDim;
  const ffn = 2 * tokens * inter;
  return {
    key: 'prefill',
    name: `TurboMind forward buffers (one layer, ${count(tokens)} tokens; outside cache_max_entry_count)`,
    group: 'activations',
    bytes: (attention + ffn) * e,
    formula: `${count(tokens)} tokens × ${e} B × ((2·${num(localHeads)} + 2·${num(localKv)})·${headDim} + 2·${count(inter)}) + kv (64 pad)`,
  };
}

/**
 * The GEMM tuner for 4-bit (AWQ, w4a16) weights (LlamaTritonModel.cc `createEngine` calls
 * `LlamaV2::tune()` after the engine — and so the KV blocks — exist, v0.6.0 to v0.7.1; absent in
 * v0.5.x, which is why lmdeploy#2731's model started on 0.5.x and not on 0.6.0; from v0.7.2
 * `LlamaBatch::Warmup` tunes by running whole forward steps of up to max_forward_token_num tokens,
 * which turbomindForwardBuffers counts): it mallocs in_data [8192 × max input dims] and out_data [8192 × max output dims] in
 * the compute dtype, 8192 being the last of the default tuning sequence (kernels/gemm/tuner/
 * params.cc `GetDefaultTuningGenerators`: {8,16,8}, {16,64,16}, {8192}); the widest output is the
 * fused gate-and-up projection, 2 × inter_size per rank. Freed after tuning, so it does not stack
 * on a forward step's buffers.
 */
export function turbomindGemmTuning(s: Scenario, l: Layout): Component | null {
  if (s.weights !== 'awq' && s.weights !== 'gptq') return null;
  const e = activationBytes(s);
  const { hidden, heads, kvHeads, headDim } = s.model.arch;
  const inter = activeMlpWidth(s.model.arch) / l.tp;
  const qkv = ((heads + 2 * kvHeads) * headDim) / l.tp;
  const maxIn = Math.max(hidden, inter, (heads * headDim) / l.tp);
  const maxOut = Math.max(hidden, qkv, 2 * inter);
  const rows = 8192;
  return {
    key: 'prefill',
    name: `TurboMind 4-bit GEMM tuning (${count(rows)} rows; outside cache_max_entry_count)`,
    group: 'activations',
    bytes: rows * (maxIn + maxOut) * e,
    formula: `${count(rows)} × (${count(maxIn)} in + ${count(maxOut)} out) × ${e} B`,
  };
}

/**
 * What runs after the KV blocks: the batch buffers stay; the tuner and a forward step come one
 * after the other, so the larger counts. The release is not read, so both are weighed: v0.6.0 –
 * v0.7.1 allocate the tuner's buffers, v0.7.2 on run the forward step at start-up instead.
 */
export function turbomindAfterCache(s: Scenario, l: Layout): Component[] {
  const forward = turbomindForwardBuffers(s, l);
  const tuning = turbomindGemmTuning(s, l);
  const peak = tuning && tuning.bytes > forward.bytes ? tuning : forward;
  return [turbomindBatchBuffers(s), peak];
}

/**
 * lmdeploy's PyTorch engine (`--backend pytorch`) sizes its cache otherwise (lmdeploy/pytorch/engine/
 * model_agent.py `_update_cache_config`, v0.6.0): it first sets aside a runtime of
 * max_prefill_token_num × vocab × 7 B ("lm_head output(2) + to float(4) + estimated misc(1)";
 * max_prefill_token_num 4096 by default, PytorchEngineConfig), halving the tokens until 16 blocks
 * fit, then takes cache_max_entry_count of what is left. Not wired: the request language cannot
 * name the backend yet, and TurboMind is lmdeploy's default where the model supports it.
 */
export function pytorchEngineKvBudget(free: number, cacheShare: number, prefillTokens: number, vocab: number): number {
  return (free - prefillTokens * vocab * 7) * cacheShare;
}

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}
