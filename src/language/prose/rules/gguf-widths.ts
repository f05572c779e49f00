import type { ProseRule } from '../types.js';
import { GGUF_OF_WIDTH } from './names.js';

/**
 * A bit width said of a GGUF file ("qwen3 4b 8bit gguf model", "gguf 8-bit", "5bit (k quants)") is the
 * GGUF type of that width, not bitsandbytes' and not a width that names no format. Before, prose.width-only
 * blanked the width because "gguf" names a format, and the bare "gguf" read as the default type (Q4_K_M):
 * "qwen3 4b 8bit gguf model's speed is 16.7 tokens per second" (ggml-org/llama.cpp, corpus c1917) ran as
 * Q4_K_M, silently; "Model quantization - 5bit (k quants) (additional postfixes K_M)" under KoboldCpp
 * (LostRuins/koboldcpp, c1121) too. The width is read as the type GGUF_OF_WIDTH models for it (llama.cpp's
 * quantize README: Q8_0 for 8 bits, the K-quant _M types for 3 to 5), said in a note where a width has more
 * than one type (a 4-bit GGUF is Q4_0 or Q4_K_S as well). Only a width joined to the GGUF word or to "k
 * quants": "8bit mlx model … 8bit gguf model" keeps the MLX one for the MLX rules. Runs before
 * prose.width-only.
 */

/** Up to one word between the width and the format ("8-bit quantized gguf", "4bit 的 gguf"). */
const BEFORE_FORMAT = String.raw`(?=[\s\-_]*(?:(?:quanti[sz]ed|quant|量化的?|的)[\s\-_]*)?(?:gguf|ggml)\b)`;
/** "(k quants)", "k-quant", "k_quants" after the width. */
const BEFORE_K_QUANTS = String.raw`(?=\s*[(（]?\s*k[-_ ]?quants?\b)`;
/** The format before the width ("gguf 8bit", "GGUF (4-bit)", "gguf的8bit", "gguf format 5-bit"). */
const AFTER_FORMAT = String.raw`(?<=\b(?:gguf|ggml)(?:\s*(?:的|格式|format))?[\s\-_:：(（]{0,3})`;
const WIDTH = String.raw`([2-8])[-_ ]?(?:bits?|位)(?![a-z0-9])`;

export const GGUF_WIDTH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gguf-width',
    pattern: new RegExp(String.raw`(?:(?<![\w.\-])${WIDTH}(?:${BEFORE_FORMAT}|${BEFORE_K_QUANTS}))|(?:${AFTER_FORMAT}${WIDTH})`, 'g'),
    when: (t) => /gguf|ggml|k[-_ ]?quant/.test(t) && /[2-8][-_ ]?(?:bit|位)/.test(t),
    write: (m, notes) => {
      const bits = Number(m[1] ?? m[2]);
      const format = GGUF_OF_WIDTH[bits]!;
      if (bits !== 8) notes.push(`"${m[0].trim()}" of a GGUF file read as ${format.toUpperCase()}, the GGUF type modelled for ${bits}-bit weights; name the type (Q${bits}_0, Q${bits}_K_S …) if yours is another`);
      return ` ${format}`.padEnd(m[0].length);
    },
    example: "when input context is 22k, qwen3 4b 8bit mlx model 's speed is 57.3 tokens per second,qwen3 4b 8bit gguf model's speed is 16.7 tokens per second",
    source: 'ggml-org/llama.cpp#13373',
  },
];
