import type { Scenario } from '../scenario/schema.js';
import { MiB, gib, grouped, num } from './format.js';
import { kvBytesPerToken } from './inference.js';
import type { Layout } from './layout.js';
import { hybridLayersHere, recurrentStateBytesPerLayer } from './linear-attention.js';
import { largestCapturedBatch, vllmBatchDefaults } from './serving.js';
import { vllmAtLeast, vllmEngine } from './vllm-release.js';

/**
 * vLLM's Mamba cache blocks against --max-num-seqs (issue 23: a server that cannot start says so).
 * A hybrid model's linear-attention layers keep one fixed state per running sequence (vLLM's
 * MambaSpec, "one Mamba cache block" a sequence: linear-attention.ts sizes it), carved out of the
 * same KV pool as the attention blocks. Before capturing its decode CUDA graphs, vLLM checks that
 * the pool's blocks cover max_num_seqs and otherwise raises (vllm/v1/worker/gpu_model_runner.py,
 * `if self.max_num_reqs > num_blocks: raise ValueError(...)` with `num_blocks =
 * self.kv_cache_config.num_blocks`, where full CUDA graphs are on): "ValueError: max_num_seqs (1024)
 * exceeds available Mamba cache blocks (939). Each decode sequence requires one Mamba cache block, so
 * CUDA graph capture cannot proceed. Please lower max_num_seqs to at most 939 or increase
 * gpu_memory_utilization." The release is dated by NVIDIA NeMo-RL's A/B of a 12B Mamba-Transformer
 * hybrid at the same settings (0.17.1 starts, 0.20.0 raises this): counted from 0.20.0, and for a
 * vLLM named without a release (the newest); --enforce-eager captures no graphs and so meets no check.
 *
 * `num_blocks` is the block pool's size, not the pool over one sequence's whole state
 * (vllmHybridBlocks): the blocks are pages shared by one layer of every KV-cache group, so the count
 * is the pool over (page × layers per group).
 */
export function vllmMambaBlocksShort(s: Scenario, l: Layout, poolBytes: number, stateBytes: number): { bytes: number; note: string } | null {
  if (stateBytes <= 0 || s.inference.server || s.inference.fork) return null;
  if (vllmEngine(s) !== 'v1' || !vllmAtLeast(s, 20) || largestCapturedBatch(s) === 0) return null;
  const maxSeqs = s.inference.maxSeqs ?? vllmBatchDefaults(s).maxSeqs;
  const hybrid = vllmHybridBlocks(s, l);
  const perBlock = hybrid.page * hybrid.groupSize;
  const blocks = Math.floor(Math.max(0, poolBytes) / perBlock);
  if (blocks >= maxSeqs) return null;
  const said = s.inference.maxSeqs === undefined ? `its default max_num_seqs of ${grouped(maxSeqs)} on this card` : `--max-num-seqs ${grouped(maxSeqs)}`;
  const note = `The model keeps a recurrent state of ${num(Math.round(stateBytes / MiB))} MiB per running sequence (one Mamba cache block each) in the same pool; vLLM's blocks are pages of ${num(Math.round((hybrid.page / MiB) * 100) / 100)} MiB (${grouped(hybrid.blockTokens)} attention tokens a block) shared by ${num(hybrid.groupSize)} layers: ${gib(poolBytes)} GiB holds ${grouped(blocks)} blocks, fewer than ${said}, so vLLM (0.20 on) refuses before capturing its CUDA graphs ("max_num_seqs (${maxSeqs}) exceeds available Mamba cache blocks (${blocks})"; lower --max-num-seqs to at most ${grouped(blocks)}, raise the memory fraction, or --enforce-eager).`;
  return { bytes: maxSeqs * perBlock - Math.max(0, poolBytes), note };
}

/** FlashAttention's block-size alignment for the attention pages (vLLM: "FlashAttention (FA) requires block size to be multiple of 16"). */
export const ATTENTION_BLOCK_ALIGNMENT = 16;

/**
 * vLLM V1's KV-cache blocks for a hybrid attention + Mamba (Gated DeltaNet) model, per GPU:
 * - the attention block is raised until one attention page (block tokens × one layer's K and V per
 *   token) holds one layer's Mamba state: `attn_block_size = kernel_block_alignment_size ×
 *   cdiv(mamba_page_size, kernel_block_alignment_size × attn_page_size_1_token)` (vllm/platforms/
 *   interface.py `_align_hybrid_block_size`, 0.22–0.24; the same in models/config.py
 *   HybridAttentionMambaModelConfig before it), and the Mamba page is padded to it, so every layer's
 *   page is that size;
 * - layers are grouped by type into KV-cache groups of one size, the smaller type's count unless the
 *   larger is under 1.5 times it (vllm/v1/core/kv_cache_utils.py `_get_kv_cache_groups_uniform_page_size`:
 *   Qwen3.5-27B's 16 full-attention and 48 linear layers make four groups of 16);
 * - `num_blocks = available_memory // page_size // group_size` (kv_cache_utils.py
 *   `get_kv_cache_config_from_groups` → `get_num_blocks`): a block id is one page in each of
 *   group_size tensors, each shared by one layer of every group.
 * Worked example (test/memory/vllm-mamba-blocks.test.ts): a public deployment note's vLLM 0.27.1 start of
 * Qwen-Image-2.1's prompt rewriter, a Qwen3.5-9B-shaped checkpoint (24 of 32 layers linear, fp32 state),
 * reports 1.74 GiB of KV and "max_num_seqs (256) exceeds available Mamba cache blocks (108)": pages of
 * 528 tokens × 4 KiB = 2.06 MiB, groups of 8, 1.74 GiB ÷ 2.06 MiB ÷ 8 = 107–108 as the GiB rounds
 * (the pool over one sequence's whole bf16 state, as counted before, gave 71).
 */
export function vllmHybridBlocks(s: Scenario, l: Layout): { page: number; groupSize: number; blockTokens: number } {
  const { full, linear } = hybridLayersHere(s, l);
  const mambaPage = recurrentStateBytesPerLayer(s, l);
  const attnPerToken = full > 0 ? kvBytesPerToken(s, l) / full : 0;
  const a = ATTENTION_BLOCK_ALIGNMENT;
  const blockTokens = attnPerToken > 0 ? a * Math.ceil(mambaPage / (a * attnPerToken)) : 0;
  const page = Math.max(mambaPage, blockTokens * attnPerToken);
  const [small, large] = full <= linear ? [full, linear] : [linear, full];
  const groupSize = Math.max(1, small > 0 && large < 1.5 * small ? large : small > 0 ? small : large);
  return { page, groupSize, blockTokens };
}
