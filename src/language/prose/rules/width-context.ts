/**
 * What a bare width ("4bit", "8-bit") is read against (prose.width-only, names.ts; width-trainers.ts): a format or
 * loader the message names, and a Mac or MLX around it.
 */

/** A weight format or loader named outright: a width beside it is that format's. */
export const BNB_4BIT = /\b(?:nf4|fp4|bnb[-_ ]?4bit|bitsandbytes[-_ ]nf4)\b/;
export const BNB_8BIT = /\b(?:int8|llm\.int8|bnb[-_ ]?8bit)\b/;
/**
 * A message about Apple's MLX or a Mac (or mlx_lm's printed "Prompt: N tokens, R tokens-per-sec", ml-explore/mlx-lm#40, c2091),
 * where a "-4bit" checkpoint is MLX's own quantisation. Not a Mellanox NIC in an nvidia-smi topology dump ("mlx5_0", sgl-project/sglang#4547).
 */
export const MLX_CONTEXT = /\bmlx(?![0-9_])|\bmlx_v?lm\b|[vo]mlx\b|\bmac ?(?:book|studio|mini)\b|\bm[1-5] ?(?:pro|max|ultra)\b|apple silicon|unified memory|\b(?:prompt|generation)\s*:\s*[\d,]+\s*tokens?\s*,\s*[\d.,]+\s*tokens-per-sec\b/i;
/**
 * A serving engine that loads checkpoints quantised already (vLLM, SGLang, TensorRT-LLM, Aphrodite; LMDeploy apart, its
 * 4 bits are AWQ): a bare 4-bit width served there is a GPTQ, AWQ or MLX checkpoint far more often than bitsandbytes' NF4,
 * which vLLM loads only when told (`--quantization bitsandbytes`; vllm-project/vllm-metal#328, c2997).
 */
export const PREQUANTISED_SERVER = /\b(?:vllm|sglang|tensorrt[-_ ]?llm|trt[-_ ]?llm|aphrodite)\b/;
export const LMDEPLOY_SERVER = /\b(?:lmdeploy|turbomind)\b/;
/** transformers' own loading (and bitsandbytes, PEFT's QLoRA): a bare 4-bit width there is bitsandbytes' NF4. */
export const BNB_LOADER = /\b(?:transformers|from_pretrained|automodel\w*|bitsandbytes|bnb|load[-_ ]in[-_ ]?\d|peft|q-?lora|unsloth)\b/;
export const NAMED_FORMAT = /\b(?:gptq|awq|exl2|gguf|ggml|q[2-8]_k(?:_[msl])?|q[458]_[01]|nf4|fp4|int4|int8|llm\.int8|bitsandbytes|bnb|hqq|eetq|marlin)\b/;

/** A weight format the message names, bitsandbytes as a loader not counted: it names no width of its own. */
export function namesAFormat(text: string): boolean {
  // A KV cache's format ("kv int4", lmdeploy's quant_policy 4 as read; "kv cache int8") is the cache's, not the weights' (c2867).
  return (text.replace(KV_CACHE_FORMAT, ' ').match(EVERY_NAMED_FORMAT) ?? []).some((word) => word !== 'bitsandbytes' && word !== 'bnb');
}
const KV_CACHE_FORMAT = /\bkv[-_ ]?(?:cache[-_ ]?)?(?:int4|int8|fp8)\b/g;
const EVERY_NAMED_FORMAT = new RegExp(NAMED_FORMAT.source, 'g');

