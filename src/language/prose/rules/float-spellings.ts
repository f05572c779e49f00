import type { ProseRule } from '../types.js';

/**
 * 16-bit dtypes in spellings the keywords lack (rprec2, thirty-fourth session). ggml names its float types
 * F16 / BF16 / F32 (ggml.h `GGML_TYPE_F16`), and llama.cpp's and Ollama's users write them so: "I need to run
 * llama3 70b f16 model through ollama" (meta-llama/llama3#234, c2964) had been read as Ollama's default Q4_K_M,
 * a quarter of the 16-bit file. "full precision (fp16)" names the 16-bit copy it means; read alone, "full
 * precision" is fp32.
 */

/**
 * "f16" read only where it names a model's copy: after its size ("70b f16"), after a word of running or storing it
 * ("in f16", "run f16"), or before the thing it is ("f16 model", "F16 GGUF", "f16 模型"). Elsewhere it is another
 * program's word: LocalAI's `f16: false` key ("stating f16 and cuda as false", mudler/LocalAI#1981, c972), llama.cpp's
 * `-ctk f16` cache type, or a question about what a download is ("模型本身就是F16的吗", c735).
 */
const F16_OF_A_COPY = String.raw`(?<=\d(?:\.\d+)?b\s+|\b(?:in|at|as|run|using)\s+)f(16|32)(?![\w.:/-])|(?<![\w.:/-])f(16|32)(?=\s*(?:models?\b|gguf\b|weights\b|checkpoints?\b|version\b|files?\b|模型|权重|版本|모델))`;

export const FLOAT_SPELLING_RULES: readonly ProseRule[] = [
  {
    // "f16", "F16 GGUF", "in f16": ggml's F16, the 16-bit weights. A name's "-f16" is names.ts's.
    id: 'prose.ggml-f16',
    pattern: new RegExp(F16_OF_A_COPY, 'g'),
    when: (t) => /\bf(?:16|32)\b/.test(t),
    write: (m) => `fp${m[1] ?? m[2]}`,
    example: 'I need to run llama3 70b f16 model through ollama in my local systemt',
    source: 'meta-llama/llama3#234',
  },
  {
    // "at full precision (fp16)", "full-precision bf16 weights": the dtype named is the copy meant.
    id: 'prose.full-precision-named',
    pattern: /\bfull[- ]precision\s*(?:\(\s*)?(fp16|bf16|float16|bfloat16|f16)(?:\s*\))?(?![\w.\/-])/g,
    when: (t) => t.includes('precision'),
    write: (m) => {
      const dtype = m[1] === 'float16' || m[1] === 'f16' ? 'fp16' : m[1] === 'bfloat16' ? 'bf16' : m[1]!;
      return dtype.padEnd(m[0].length);
    },
    // An invented variation of c2964's phenomenon.
    example: 'Can ollama load llama3 70b at full precision (fp16) across 2x A100 80GB?',
  },
  {
    // "Training in full bf16 compared to fp32" (meta-pytorch/torchtune#391, c3007), "entirely in bf16", "everything in
    // bf16", "bf16 throughout": every tensor in that dtype, the optimizer updating 16-bit weights with no fp32 copy, the
    // item language's "pure bf16". The bare dtype had read as the default mixed recipe, keeping 4 bytes a parameter of
    // master weights in silence. "full bf16" after no "in" stays the terse "full" (the method) and the dtype.
    id: 'prose.whole-run-dtype',
    pattern: /\b(?:in\s+full|(?:entirely|everything|completely|purely|all|fully)\s+in|fully)\s+(bf16|fp16|bfloat16|float16)(?![\w.\/-])|(?<![\w.\/-])(bf16|fp16|bfloat16|float16)\s+(?:throughout|everywhere|end[- ]to[- ]end)\b/g,
    when: (t) => /16/.test(t) && /\b(?:full|entirely|everything|completely|purely|all|fully|throughout|everywhere|end[- ]to[- ]end)\b/.test(t),
    write: (m) => {
      const word = m[1] ?? m[2]!;
      return ` pure ${/^b/.test(word) ? 'bf16' : 'fp16'}`.padEnd(m[0].length);
    },
    example: 'Training in full bf16 compared to fp32 also definitely has accuracy implications',
    source: 'meta-pytorch/torchtune#391',
  },
  {
    // Half precision in Chinese, Japanese and Korean: 半精度 (zh, ja), 반정밀도 (ko), "半精度浮点": fp16, as the English
    // "half precision" the vocabulary reads. It had gone unread ("半精度 推理 llama-2-13b": bf16 in silence). Not before
    // a dtype the words name already ("半精度(fp16)", "半精度 bf16"): that dtype is the one meant.
    id: 'prose.half-precision-cjk',
    pattern: /(?:半精度|반\s?정밀도)(?:浮点(?:数)?)?(?!\s*[（(]?\s*(?:fp16|bf16|float16|bfloat16|half))/g,
    when: (t) => /半精度|반\s?정밀도/.test(t),
    write: () => ' fp16 ',
    example: '半精度 推理 llama-2-13b 一张 a100 80g',
  },
];
