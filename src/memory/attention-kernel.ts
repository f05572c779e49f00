import type { Scenario } from '../scenario/schema.js';

/**
 * Which attention kernel a Hugging Face run really takes when the request names none.
 *
 * transformers loads every model with `attn_implementation="sdpa"` when PyTorch ≥ 2.1.1 has it
 * (modeling_utils.py `_check_and_enable_sdpa`), and two architectures leave that path:
 *
 * - Gemma 2 soft-caps its attention logits (`attn_logit_softcapping` 50.0), which SDPA cannot do,
 *   so `Gemma2PreTrainedModel._check_and_enable_sdpa` swaps the default SDPA for eager
 *   ("if using the default path -> swap sdpa by eager"; huggingface/transformers#32865, released in
 *   4.45.0). Eager keeps the scores: heads × s² per layer. vLLM and SGLang run their own kernels
 *   (FlashInfer / FlashAttention with a soft-cap argument) and keep no scores.
 * - Falcon-7B's multi-query FalconAttention hands SDPA one K/V head beside 71 query heads, with no
 *   repeat_kv and no enable_gqa (transformers modeling_falcon.py 4.33 → current; tiiuae
 *   modelling_RW.py before it). PyTorch's flash and memory-efficient kernels refuse unequal head
 *   counts — 2.0 `check_equal_batch_size_and_num_heads` ("Both fused kernels requires query, key and
 *   value to have the same batch_size and num_heads"), 2.1+ `check_batch_size_and_num_heads_dense`
 *   (aten/src/ATen/native/transformers/sdp_utils_cpp.h), GQA only with enable_gqa from 2.5 — so
 *   SDPA runs `_scaled_dot_product_attention_math` (attention.cpp): matmul, softmax, matmul, the
 *   softmax output a·s² kept for backward in the compute dtype (PyTorch 2.0–2.4; 2.5 and later
 *   upcast bf16/fp16 math to fp32 unless allow_fp16_bf16_reduction_math_sdp, not modelled here).
 *   Asking for flash attention (attn_implementation="flash_attention_2") takes FalconFlashAttention2,
 *   which handles one K/V head, so only the unnamed or "sdpa" kernel falls back.
 * - ChatGLM-6B (the first generation) runs its own remote code, and its `attention_fn`
 *   (THUDM/chatglm-6b modeling_chatglm.py, March–June 2023 revisions, as vendored by the
 *   fine-tuning repositories of the time) has no SDPA or flash path: `torch.baddbmm` into a
 *   [b·a, s, s] buffer, `masked_fill_`, `attention_scores.float()` times the layer's
 *   query_key_layer_scaling_coeff, `F.softmax` (its fp32 output kept for backward),
 *   `.type(dtype)` back to 16 bits (kept by the `torch.bmm` with V). That is the eager count of
 *   memory/activations.ts (4 + 2 B per score, a·s² per layer), whatever attn_implementation says.
 *   ChatGLM2/3 and GLM-4 call `torch.nn.functional.scaled_dot_product_attention` on PyTorch 2
 *   (CoreAttention), so only ChatGLM-6B is marked (arch.eagerOnly). Training only here: HF generate
 *   of ChatGLM-6B would keep the same scores during the prefill, not modelled yet.
 * - BLOOM (transformers' own modeling_bloom.py, 4.20 → 4.5x, e.g. 9d97831): `BloomPreTrainedModel`
 *   declares neither `_supports_sdpa` nor `_supports_flash_attn`, so transformers has no other path
 *   to take and `BloomAttention.forward` always runs `alibi.baddbmm(q, k)` into [b·a, s, s] scores,
 *   adds the causal mask, `F.softmax(..., dtype=torch.float32)` (its fp32 output kept for backward),
 *   `.to(query_layer.dtype)` (the 16-bit copy kept by `torch.bmm` with V), and `attention_dropout`
 *   at BLOOM's attention_dropout 0.0, which returns its input (ATen `dropout` with p = 0). 4 + 2 B
 *   per score, a·s² per layer: the same eager count, marked arch.eagerOnly (catalog/models/classic.ts).
 *   (The FlashAttention-2 request for BLOOM, huggingface/transformers#26513, was never merged.)
 */

/** Frameworks whose training runs the transformers modeling files with transformers' default kernel. */
const HF_MODELING: ReadonlySet<Scenario['framework']> = new Set(['hf', 'deepspeed', 'fsdp', 'peft', 'dpo', 'orpo', 'grpo', 'ppo', 'reward', 'longlora']);

/** Runs that load the model through transformers with its default attention: HF-based training, or HF generate. */
export function runsHfModeling(s: Scenario, engine: Scenario['inference']['engine']): boolean {
  if (!HF_MODELING.has(s.framework)) return false;
  return s.mode !== 'inference' || engine === 'hf';
}

export interface KernelDefault {
  attention: Scenario['attention'];
  words: string;
}

/**
 * transformers' native SDPA, taken by default where a model has it, arrived in v4.36.0
 * (huggingface/transformers#28005: "In Transformers 4.36, we started adding native support of
 * torch.nn.functional.scaled_dot_product_attention (SDPA), enabled by default"; modeling_utils
 * `_check_and_enable_sdpa`). Before it every modeling file ran its eager attention (matmul, fp32
 * softmax, matmul) unless FlashAttention-2 was asked for (`use_flash_attention_2`, 4.34 → 4.35), so a
 * run that names an older release keeps the scores, heads × s² per layer.
 */
export const NATIVE_SDPA_FROM = '4.36.0';

/** The release named predates transformers' SDPA default (above); false when none is named (the newest). */
export function predatesNativeSdpa(release: string | undefined): boolean {
  const m = /^4\.(\d+)/.exec(release ?? '');
  return m !== null && Number(m[1]) < 36;
}

/** The kernel transformers picks when none is named, where it is not the flash default; null elsewhere. */
export function hfDefaultAttention(s: Scenario, engine: Scenario['inference']['engine']): KernelDefault | null {
  const own = ownEagerAttention(s);
  if (own) return own;
  if (!runsHfModeling(s, engine)) return null;
  if (predatesNativeSdpa(s.transformersVersion)) {
    return { attention: 'eager', words: `eager attention (default): transformers ${s.transformersVersion} predates its SDPA default, v${NATIVE_SDPA_FROM}: it keeps ${s.model.arch.heads} heads × s² scores per layer; say "flash attention" if the run used flash_attention_2` };
  }
  const arch = s.model.arch;
  if (arch.attnSoftcap) {
    return { attention: 'eager', words: `eager attention (default): transformers ≥ 4.45 loads Gemma 2 with eager, as SDPA cannot soft-cap the logits; it keeps ${arch.heads} heads × s² scores per layer; say "flash attention" for FlashAttention 2.6's soft-cap` };
  }
  if (arch.sdpaKvUnrepeated) {
    return { attention: 'sdpa', words: `SDPA attention (default), transformers' own, run by PyTorch's math kernel: ${arch.kvHeads} K/V head beside ${arch.heads} query heads is refused by the fused kernels, so it holds ${arch.heads} heads × s² scores per layer (say "flash attention" for flash_attention_2)` };
  }
  return null;
}

/**
 * A model whose own code has only eager attention (arch.eagerOnly, ChatGLM-6B and BLOOM above), trained through
 * transformers (the HF-based frameworks, LLaMA-Factory included: it loads remote code with
 * trust_remote_code and its flash_attn setting reaches only transformers' own modeling files).
 */
function ownEagerAttention(s: Scenario): KernelDefault | null {
  if (!s.model.arch.eagerOnly || s.mode === 'inference') return null;
  if (!HF_MODELING.has(s.framework) && s.framework !== 'llama-factory') return null;
  return { attention: 'eager', words: `eager attention (default): ${s.model.name}'s own modeling code has no SDPA or flash path, so its attention keeps ${s.model.arch.heads} heads × s² scores per layer, an fp32 softmax output and its 16-bit copy` };
}

/** SDPA that falls back to the math kernel: unrepeated K/V heads under transformers (see above). */
export function sdpaMathFallback(s: Scenario): boolean {
  return s.attention === 'sdpa' && s.model.arch.sdpaKvUnrepeated === true && runsHfModeling(s, s.inference.engine);
}
