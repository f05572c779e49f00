import type { WeightFormat } from '../scenario/schema.js';

/**
 * config.json's `quantization_config` → the weight format the checkpoint is stored in
 * (transformers' quantizers: quant_method awq, gptq, bitsandbytes, fp8, mxfp4, compressed-tensors …).
 */

export interface QuantReading {
  format: WeightFormat | null;
  /** Words for the assumptions list; null for a float checkpoint. */
  note: string | null;
}

/**
 * MXFP4 (gpt-oss): 4-bit E2M1 values with one 8-bit E8M0 scale per 32, 4.25 bits a weight
 * (OCP Microscaling spec v1.0). Until MXFP4 is a weight format of its own it is sized with the
 * 4.25-bit format that has the same footprint (gptq in src/memory/precision.ts).
 */
export const MXFP4_AS: WeightFormat = 'gptq';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function weightFormatOf(q: unknown): QuantReading {
  if (!isObject(q)) return { format: null, note: null };
  const method = String(q.quant_method ?? '').toLowerCase();
  const bits = typeof q.bits === 'number' ? q.bits : null;
  switch (method) {
    case 'awq':
      return { format: 'awq', note: `AWQ ${bits ?? 4}-bit weights (quantization_config)` };
    case 'gptq':
      return { format: 'gptq', note: `GPTQ ${bits ?? 4}-bit weights (quantization_config)` };
    case 'bitsandbytes': {
      if (q.load_in_8bit === true) return { format: 'int8', note: 'bitsandbytes 8-bit weights (quantization_config)' };
      if (q.load_in_4bit === true || q.bnb_4bit_quant_type) {
        const dq = q.bnb_4bit_use_double_quant === true;
        return { format: dq ? 'nf4-dq' : 'nf4', note: `bitsandbytes 4-bit ${String(q.bnb_4bit_quant_type ?? 'nf4')} weights${dq ? ' with double quantisation' : ''} (quantization_config)` };
      }
      return { format: null, note: 'bitsandbytes quantization_config without load_in_4bit / load_in_8bit: sized as 16-bit weights' };
    }
    case 'fp8':
    case 'fbgemm_fp8':
      return { format: 'fp8', note: 'FP8 weights (quantization_config; block scales not counted)' };
    case 'mxfp4':
      return { format: MXFP4_AS, note: 'MXFP4 expert weights (quantization_config), sized at 4.25 bits a weight' };
    case 'compressed-tensors':
      return compressedTensors(q);
    default:
      return { format: null, note: method ? `quantization "${method}" is not a weight format I size: counted as 16-bit weights` : null };
  }
}

/** compressed-tensors (llm-compressor): the weights' num_bits and type in its config_groups. */
function compressedTensors(q: Record<string, unknown>): QuantReading {
  const groups = isObject(q.config_groups) ? Object.values(q.config_groups) : [];
  const weights = groups.map((g) => (isObject(g) && isObject(g.weights) ? g.weights : null)).find(Boolean);
  if (weights?.num_bits === 8 && weights.type === 'float') return { format: 'fp8', note: 'FP8 weights (compressed-tensors)' };
  if (weights?.num_bits === 8) return { format: 'int8', note: 'INT8 weights (compressed-tensors)' };
  if (weights?.num_bits === 4) return { format: 'gptq', note: '4-bit integer weights with group scales (compressed-tensors), sized like GPTQ' };
  return { format: null, note: 'compressed-tensors scheme not recognised: counted as 16-bit weights' };
}
