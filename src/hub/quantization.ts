import type { Architecture, WeightFormat } from '../scenario/schema.js';
import { settingWord } from './setting-word.js';

/**
 * config.json's `quantization_config` → the weight format the checkpoint is stored in
 * (transformers' quantizers: quant_method awq, gptq, bitsandbytes, fp8, mxfp4, compressed-tensors …).
 */

export interface QuantReading {
  format: WeightFormat | null;
  /** Words for the assumptions list; null for a float checkpoint. */
  note: string | null;
  /** The checkpoint's own block-scaled format, when the weights are stored in one (Architecture.checkpoint). */
  checkpoint?: Architecture['checkpoint'];
}


const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function weightFormatOf(q: unknown): QuantReading {
  if (!isObject(q)) return { format: null, note: null };
  const method = (settingWord(q.quant_method) ?? (q.quant_method === undefined ? '' : 'unnamed')).toLowerCase();
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
        return { format: dq ? 'nf4-dq' : 'nf4', note: `bitsandbytes 4-bit ${settingWord(q.bnb_4bit_quant_type) ?? 'nf4'} weights${dq ? ' with double quantisation' : ''} (quantization_config)` };
      }
      return { format: null, note: 'bitsandbytes quantization_config without load_in_4bit / load_in_8bit: sized as 16-bit weights' };
    }
    case 'fp8':
    case 'fbgemm_fp8':
      // Block-scaled FP8 (DeepSeek-V3, Kimi K2: weight_block_size [128, 128]) is the checkpoint's
      // own format on every decoder linear layer; sized by src/memory/checkpoint.ts with its scales.
      if (Array.isArray(q.weight_block_size)) {
        return { format: 'fp8', note: 'block-scaled FP8 weights (quantization_config, a scale per 128×128 block)', checkpoint: { format: 'fp8-block', scope: 'linear' } };
      }
      return { format: 'fp8', note: 'FP8 weights (quantization_config)' };
    case 'mxfp4':
      // gpt-oss: MXFP4 on the routed experts only (modules_to_not_convert keeps attention, router,
      // embeddings and LM head 16-bit); 4.25 bits a weight, src/memory/checkpoint.ts.
      return { format: 'mxfp4', note: 'MXFP4 expert weights (quantization_config), 4.25 bits a weight', checkpoint: { format: 'mxfp4', scope: 'experts' } };
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
