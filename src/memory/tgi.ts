import type { Scenario } from '../scenario/schema.js';
import { contextLengthOf, contextKeyOf } from '../catalog/context-lengths.js';
import { awqSplitKBytes, awqSplitKFormula } from './awq-gemm.js';
import { count } from './format.js';
import { prefillWorkingSet } from './inference.js';
import type { Layout } from './layout.js';
import type { Component } from './types.js';
import { tgiImageWarmupAttention } from './tgi-image-warmup.js';
import { tgiDefaultPrefillTokens, tgiKvRule } from './tgi-release.js';

/**
 * text-generation-inference's memory plan (huggingface/text-generation-inference,
 * server/text_generation_server/models/flash_causal_lm.py `FlashCausalLM.warmup`, v0.9.4 → v3.3):
 * a warm-up prefill of max_batch_prefill_tokens measures the peak; then the KV cache gets
 * `get_free_memory(device, MEMORY_FRACTION × TGI_WIGGLE_ROOM)` (utils/import_utils.py:
 * free − (1 − fraction) × total), so the last 10% of the card is never KV; earlier releases took
 * another share, of the card or of the free memory (tgi-release.ts `tgiKvRule`). A prefill that does not
 * fit fails the warm-up ("Not enough memory to handle N prefill tokens. You need to decrease
 * `--max-batch-prefill-tokens`"). Prefill logits are computed only at each request's last position
 * (`prefill_head_indices`).
 *
 * CUDA graphs (launcher/src/main.rs: `--cuda-graphs` defaults to 1,2,4,8,16,32 since v2.0; none with
 * bitsandbytes or exl2, none given 0) are captured after the KV cache is allocated, in the part of
 * the card the wiggle room leaves, and an OOM while capturing is caught ("Decode cuda graph warmup
 * failed", flash_causal_lm.py warmup, v2.0 → v3.3): they never stop the server from starting, so
 * the budget carries no graph term.
 */

/**
 * launcher/src/main.rs: --max-batch-prefill-tokens when given, else the release's default
 * (tgi-release.ts: 4096 in v1.x, max_input_tokens + 50 in v2.x, and from v3.0 the 4096 fallback of
 * `compute_optimal`, which raises it on fast cards but caps it by the VRAM the launcher estimates,
 * capped at the model's max_position_embeddings).
 */
export function tgiPrefillTokens(s: Scenario): number {
  if (s.inference.batchedTokens !== undefined) return s.inference.batchedTokens;
  return tgiDefaultPrefillTokens(s, contextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions) ?? null);
}

/**
 * The warm-up prefill's peak: one layer's no-grad working set over max_batch_prefill_tokens tokens,
 * or the logits of every one of those tokens, whichever is larger. The router's warm-up requests
 * ask for prefill log-probs (backends/v3/src/client/grpc_client.rs `warmup`: prefill_logprobs
 * true), so `prefill_head_indices` is None and the LM head runs over every prefill position
 * (flash_causal_lm.py): the 16-bit logits, gathered over the full vocabulary on every rank
 * (TensorParallelHead), and their 16-bit log_softmax: tokens × V × 4 B.
 */
export function tgiWarmupActivations(s: Scenario, l: Layout): Component {
  const tokens = tgiPrefillTokens(s);
  const layer = prefillWorkingSet({ ...s, microBatch: 1 }, tokens, l);
  // AWQ below sm_80 multiplies through llm-awq's split-K GEMM (awq-gemm.ts): its partial sums join the
  // layer's set, as do TGI 3.2's dense masks and math attention over Gemma 3's image warm-up (tgi-image-warmup.ts).
  const image = tgiImageWarmupAttention(s, l, tokens);
  const ws = { ...layer, bytes: layer.bytes + awqSplitKBytes(s, tokens, l) + (image?.bytes ?? 0), formula: layer.formula + awqSplitKFormula(s, tokens, l) + (image?.formula ?? '') };
  const logits = tokens * s.model.arch.vocab * 4;
  if (logits > ws.bytes) {
    return { key: 'warmup', name: `warm-up prefill logits (${count(tokens)} tokens, prefill log-probs)`, group: 'logits', bytes: logits, formula: `${count(tokens)} tokens × ${s.model.arch.vocab} × (2 B logits + 2 B log-softmax)` };
  }
  return { ...ws, key: 'warmup', name: `warm-up prefill activations (${count(tokens)} tokens)` };
}

/**
 * The warm-up batch's own KV blocks, held while its prefill runs. Every release allocates the cache
 * for the warm-up batch before running it (flash_causal_lm.py `warmup`: v1.0.1
 * `CACHE_MANAGER = CacheManager(batch.blocks, ...)`, v3.3.0 `self.init_kv_cache(batch.num_blocks, ...)`,
 * both inside the try that turns an OOM into "Not enough memory to handle N prefill tokens"), and
 * only after the prefill frees it and adds those blocks back to the pool it sizes. So the warm-up
 * needs weights + its prefill peak + these blocks inside the memory fraction, and a pool smaller than
 * them means the warm-up itself ran out of memory. The batch's blocks cover at least its prompt
 * tokens, max_batch_prefill_tokens in all (router warmup: requests truncated so their inputs sum to
 * it, router/client/src/client.rs v1.0.1, backends/v3/src/client/grpc_client.rs v3.3.0); each
 * request's max_new_tokens comes on top (2 in v0.9.4–v1.1, max_total_tokens − truncate from v1.2,
 * 1 in v3 without --max-total-tokens) and is left out here, since the split into requests follows
 * --max-input-length, which the scenario does not carry: a lower bound.
 */
export function tgiWarmupKvBytes(s: Scenario, kvBytesPerToken: number): number {
  return tgiPrefillTokens(s) * kvBytesPerToken;
}

/**
 * A tied LM head is a second tensor in TGI: the head is loaded from the embedding's own name
 * (flash_cohere_modeling.py v2.0 `SpeculativeHead.load(prefix="model.embed_tokens")` when there is
 * no lm_head; flash_llama_modeling.py v3.3 `if config.tie_word_embeddings: suffix = "model.embed_tokens"`),
 * and `TensorParallelHead.load` reads it again with `weights.get_sharded(..., dim=0)`, a new device
 * tensor beside `TensorParallelEmbedding`'s (utils/weights.py `.to(device=self.device)`). "GPTQ, AWQ,
 * EETQ don't quantize heads (nor embeddings)" (utils/layers.py): 16 bits, V/tp rows per rank.
 */
export function tgiTiedHeadCopy(s: Scenario, l: Layout): Component | null {
  const { tiedEmbeddings, vocab, hidden } = s.model.arch;
  if (!tiedEmbeddings) return null;
  const bytes = (vocab * hidden * 2) / l.tp;
  return { key: 'tied-head', name: 'LM head loaded again from the tied embedding', group: 'weights', bytes, formula: `${vocab} × ${hidden} × 2 B${l.tp > 1 ? ` ÷ tp ${l.tp}` : ''}` };
}

/** KV bytes TGI allocates after the warm-up, by its release's rule (tgi-release.ts): a share of the free memory, or of the card less what is held. */
export function tgiKvBudget(s: Scenario, card: number, fixedBytes: number, nonTorch: number): number {
  const rule = tgiKvRule(s);
  // --cuda-memory-fraction (s.inference.gpuMemoryUtilization, TGI's default 1.0 set by the resolver).
  const fraction = s.inference.gpuMemoryUtilization;
  return rule.of === 'free' ? rule.share * (fraction * card - fixedBytes - nonTorch) : card * fraction * rule.share - fixedBytes - nonTorch;
}
