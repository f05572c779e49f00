import type { ProseRule } from '../types.js';

/**
 * A 16- or 32-bit dtype named as the copy a run is compared with ("the int4 checkpoint is barely smaller than the
 * bf16 checkpoint", google-deepmind/gemma#167, c796; "a quarter of the bf16 size", "in bf16 it would need 15GB",
 * "比 fp16 版本省多少", "bf16 대비") is no precision of the run: before, it was read as the run's compute dtype,
 * and a GPTQ model vLLM serves in fp16 was estimated in bf16 in silence. The dtype is blanked and said; a dtype
 * compared with another dtype ("is fp16 slower than bf16") is left to the reader, a question of its own.
 */
const DTYPE = String.raw`(?:bf16|bfloat16|fp16|float16|f16|fp32|float32|(?:16|32)[- ]?bits?|half[- ]precision|full[- ]precision)(?![\w.-])`;
const DETERMINER = String.raw`(?:(?:the|a|an|its|my|their|our|original|unquantized|unquantised|full)\s+){0,2}`;
const CUE = [
  String.raw`than|compared\s+(?:to|with)|in\s+comparison\s+(?:to|with)|relative\s+to|instead\s+of|rather\s+than`,
  String.raw`(?:half|(?:a\s+)?quarter|(?:a\s+)?third|(?:a\s+)?fraction|\d+(?:\.\d+)?\s*%|\d+(?:\.\d+)?\s*x|\d+\s+times)\s+(?:the\s+size\s+)?of`,
  String.raw`(?:same|as\s+much|as\s+big|as\s+large|as\s+heavy)\s+as`,
].join('|');
/** A dtype word close before the cue: two dtypes compared ("fp16 slower than bf16") are the user's question. */
const DTYPE_BEFORE = new RegExp(`${DTYPE.replace('(?![\\w.-])', '')}[^.!?\\n]{0,40}$`);

const said = (words: string) => `"${words.trim()}" names a copy to compare with, not your run's precision (say it alone if you run that one)`;

export const DTYPE_COMPARED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.dtype-compared',
    pattern: new RegExp(String.raw`(?<![\w-])((?:${CUE})\s+${DETERMINER})(${DTYPE})`, 'g'),
    when: (t) => /(?:bf|fp|float|f)(?:16|32)|bit|precision/.test(t),
    write: (m, notes) => {
      const before = m.input.slice(Math.max(0, m.index - 60), m.index);
      if (DTYPE_BEFORE.test(before)) return m[0];
      notes.push(said(m[0]));
      return m[1]! + ' '.repeat(m[2]!.length);
    },
    example: 'the int4 checkpoint is barely smaller than the bf16 checkpoint',
    source: 'google-deepmind/gemma#167',
  },
  {
    id: 'prose.dtype-hypothetical',
    // "in bf16 it would need 15GB", "at fp16 that'd be 28 GB": the size another dtype would take.
    pattern: new RegExp(String.raw`(?<![\w-])((?:in|at|with)\s+)(${DTYPE})(,?\s+(?:it|that|this|the\s+model|they|you)\s*(?:would|will|'d|should|might|could)\b)`, 'g'),
    when: (t) => /would|will|'d|should|might|could/.test(t),
    write: (m, notes) => {
      notes.push(said(m[0]));
      return m[1]! + ' '.repeat(m[2]!.length) + m[3]!;
    },
    example: 'mistral-7b q4_k_m with llama.cpp on an 8gb card; in bf16 it would need 15GB',
  },
  {
    id: 'prose.dtype-compared-cjk',
    // "比 fp16 版本省多少显存", "相比fp16", "fp16 대비", "bf16보다": the dtype compared with, in Chinese and Korean.
    pattern: new RegExp(String.raw`((?:比起?|相比于?|相较于?|对比)\s*)(${DTYPE})|(${DTYPE})(\s*(?:版本|模型|权重)?\s*(?:相比|比起来|대비|보다|에\s*비해))`, 'g'),
    when: (t) => /[比较대보비]/.test(t),
    write: (m, notes) => {
      notes.push(said(m[0]));
      return m[1] !== undefined ? m[1] + ' '.repeat(m[2]!.length) : ' '.repeat(m[3]!.length) + m[4]!;
    },
    example: 'llama-2-13b awq 比 fp16 版本省多少显存？',
  },
];
