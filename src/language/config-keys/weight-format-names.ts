import { nvfp4Note } from '../float4-formats.js';
import { IGNORE, say, unquote, type KeyReading, type KeyTable } from './values.js';

/**
 * Weight formats an engine's option names by their own name, each read as itself (never as the
 * nearest word the value happens to contain: vLLM's `--quantization mxfp4` had read as bitsandbytes
 * NF4 because "mxfp4" holds "fp4"; vllm-project/vllm#35991, corpus c2521).
 *
 * - MXFP4 (OCP Microscaling: FP4 E2M1 in blocks of 32 with an E8M0 scale, 4.25 bits a weight) is the
 *   catalog's own `mxfp4` (gpt-oss ships in it; vLLM and SGLang `--quantization mxfp4`).
 * - NVFP4 (FP4 E2M1 in blocks of 16 with an FP8 E4M3 scale, 4.5 bits a weight: NVIDIA's TensorRT Model
 *   Optimizer; vLLM `--quantization modelopt_fp4`, TensorRT-LLM `--qformat nvfp4`) has no item: read as
 *   MXFP4, the nearest 4-bit float the catalog has, weak and said with the words.
 * - ModelOpt's FP8 (`--quantization modelopt`, `modelopt_fp8`) is FP8 weights.
 */
const MXFP4 = /^mx[-_]?fp4$/;
const NVFP4 = /^(?:nv[-_]?fp4|modelopt[-_]fp4|fp4[-_]?nv)$/;

/** A 4-bit float format named outright (`mxfp4`, `nvfp4`, `modelopt_fp4`), or null for any other value. */
export function fourBitFloat(value: string): KeyReading {
  const v = unquote(value).toLowerCase();
  if (MXFP4.test(v)) return say('mxfp4');
  if (NVFP4.test(v)) return { say: 'mxfp4', note: nvfp4Note(unquote(value)), weak: true };
  if (/^modelopt(?:[-_]fp8)?$/.test(v)) return say('fp8 weights');
  return null;
}

/**
 * TensorRT-LLM's quantisation names: `examples/quantization/quantize.py --qformat` (fp8, int8_sq, int4_awq,
 * w4a8_awq, int8_wo, int4_wo, nvfp4, full_prec), the same names as `quant_algo` in its checkpoint's
 * config.json and the LLM API (QuantAlgo: FP8, W8A8_SQ_PER_CHANNEL, W4A16_AWQ, W4A16_GPTQ, W8A16, W4A16, NVFP4),
 * and convert_checkpoint.py's `--weight_only_precision int8 | int4 | int4_gptq`. int4 weight-only is
 * written `int4`, which the item language reads as GPTQ's bytes.
 */
function tensorrtFormat(value: string): KeyReading {
  const v = unquote(value).toLowerCase();
  const float4 = fourBitFloat(v);
  if (float4) return float4;
  if (/^(?:fp8|fp8_block_scales|fp8_per_channel_per_token)$/.test(v)) return say('fp8 weights');
  if (/^(?:int4_awq|w4a8_awq|w4a16_awq)$/.test(v)) return say('awq');
  if (/^(?:int4_gptq|w4a16_gptq)$/.test(v)) return say('gptq');
  if (/^(?:int4_wo|int4|w4a16)$/.test(v)) return say('int4');
  if (/^(?:int8_sq|int8_wo|int8|w8a16|w8a8_sq_per_channel|w8a8)$/.test(v)) return say('int8');
  return IGNORE;
}

export const WEIGHT_FORMAT_KEYS: KeyTable = {
  qformat: { reads: tensorrtFormat, source: 'NVIDIA/TensorRT-LLM examples/quantization/quantize.py --qformat' },
  quant_algo: { reads: tensorrtFormat, source: 'NVIDIA/TensorRT-LLM quantization/mode.py QuantAlgo' },
  weight_only_precision: { reads: tensorrtFormat, source: 'NVIDIA/TensorRT-LLM examples convert_checkpoint.py --weight_only_precision' },
};
