import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { tgiRelease } from './tgi-release.js';

/**
 * TGI 3.2.x warms a Gemma 3 checkpoint up with an image, and attends to it densely
 * (huggingface/text-generation-inference v3.2.0 → v3.2.3):
 *
 * - The router's warm-up puts the warm-up image into its first request
 *   (backends/v3/src/client/grpc_client.rs `warmup`: `if n_tokens == 0 { … Chunk::Image(… WARMUP_IMAGE_BASE64) }`),
 *   whose length is `min(max_input_tokens, max_prefill_tokens − n_tokens)`; the 3.2 launcher leaves
 *   max_input_tokens None unless --max-input-tokens/--max-input-length is given (launcher/src/main.rs),
 *   so one request takes the whole prefill budget.
 * - With pixel_values, `Gemma3ForConditionalGeneration.forward` (models/custom_modeling/flash_gemma3_modeling.py)
 *   builds `get_attention_mask`: `torch.where(full_attention_mask, 0, min_dtype)` of two Python
 *   scalars, an fp32 [B, 1, S, S] mask, then a bool `sliding_window_mask` of the same shape and an
 *   fp32 `attention_mask_local`; all three stay alive through every layer.
 * - Each layer then skips flash attention (`if attention_mask is None:` … `else:`) for
 *   `F.scaled_dot_product_attention(padded_query, padded_key, padded_value, attn_mask=…, enable_gqa=…)`.
 *   An arbitrary mask rules out the flash kernel, and PyTorch 2.6 (TGI 3.2's Dockerfile
 *   PYTORCH_VERSION) runs grouped-query attention only in flash or math, so math runs
 *   (aten/src/ATen/native/transformers/attention.cpp `_scaled_dot_product_attention_math`): it
 *   upcasts q, k, v to fp32 unless allow_fp16_bf16_reduction_math_sdp is set (off by default),
 *   materialises the scores `attn = matmul(query, key^T)` [B, H/tp, S, S] in fp32, and
 *   `_safe_softmax(attn)` writes a second fp32 tensor of that shape while the first is alive.
 *   Counted: those two (8 B an element); _safe_softmax's bool mask and `where` copy are not.
 * v3.3.0 routes the mask to FlashInfer instead (`if attention_mask is None or ATTENTION == "flashinfer"`),
 * which the launcher picks on sm80+; earlier releases had no Gemma 3.
 */
export function tgiImageWarmupAttention(s: Scenario, l: Layout, prefillTokens: number): { bytes: number; formula: string } | null {
  const release = tgiRelease(s);
  const imageWarmup = release !== null && release[0] === 3 && release[1] === 2;
  if (!imageWarmup || !(s.model.id ?? '').startsWith('gemma-3-') || !s.model.arch.vision) return null;
  // One warm-up request of the whole prefill budget (max_input_tokens not given): B = 1, S = the prefill.
  const batch = 1;
  const S = prefillTokens;
  const heads = s.model.arch.heads / l.tp;
  const masks = batch * S * S * (4 + 4 + 1);
  const scores = batch * heads * S * S * (4 + 4);
  return {
    bytes: masks + scores,
    formula: ` + image warm-up (TGI 3.2, Gemma 3): masks ${count(S)}² × (4 + 4 + 1) B + math SDPA ${heads} heads × ${count(S)}² × (4 + 4) B`,
  };
}
