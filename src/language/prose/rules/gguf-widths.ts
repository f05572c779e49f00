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

/**
 * Programs that load their quantised weights as GGUF files only: KTransformers takes them by --gguf_path
 * (config-keys/engines/ktransformers.ts). A width said beside its name is the GGUF type of that width.
 */
const GGUF_ONLY_RUNNER = /\bktransformers\b/;

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
  {
    // "deepseek-v3: 671B-4bit using ktransformers" (kvcache-ai/ktransformers#257, c2068), "ktransformers跑4bit量化的
    // deepseek-r1": KTransformers has no bitsandbytes load, so the width is the GGUF file's, read as the type
    // GGUF_OF_WIDTH models for it (Q4_K_M for 4 bits, as the project's own DeepSeek guides download). Weak: the
    // width names no type, and newer releases also quantise the experts for the CPU themselves (AMX int4/int8).
    // A width glued to the model's size ("671B-4bit") counts; one inside a word ("14bit") or a loader's key
    // ("load_in_4bit", "bnb-4bit") does not.
    id: 'prose.gguf-runner-width',
    pattern: /(?<![a-z0-9_.])(?<!load[-_ ]in[-_ ])(?<!bnb[-_ ])([2-8])[-_ ]?(?:bits?|位)(?![a-z0-9])/g,
    when: (t) => GGUF_ONLY_RUNNER.test(t) && /[2-8][-_ ]?(?:bit|位)/.test(t),
    write: (m, notes) => {
      const bits = Number(m[1]);
      const format = GGUF_OF_WIDTH[bits]!;
      notes.push(`"${m[0].trim()}" beside KTransformers read as a GGUF ${format.toUpperCase()} file, the type modelled for ${bits}-bit weights; name the type (Q${bits}_K_S, Q${bits}_0 …) if yours is another`);
      return ` ${format}`.padEnd(m[0].length);
    },
    example: 'It seems that deepseek-v3: 671B-4bit using ktransformers performs worse than deepseek:r1-32b-4bit?',
    source: 'kvcache-ai/ktransformers#257',
    weak: true,
  },
];
