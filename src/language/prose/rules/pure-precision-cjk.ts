import type { ProseRule } from '../types.js';

/**
 * Pure 16-bit training said in Chinese or Korean: "纯 bf16 训练", "纯bf16", "纯粹的 fp16", "순수 bf16", "순수한 bf16로".
 * The item language says "pure bf16" (16-bit weights the optimizer updates, no fp32 copy: torchtune, litgpt's
 * bf16-true); the bare dtype had read as the default mixed recipe, silently keeping 4 bytes a parameter of master
 * weights the user said they do not have. Invented variations (s31) of the English "pure bf16" the vocabulary reads.
 */
export const PURE_PRECISION_CJK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.pure-precision-cjk',
    pattern: /(?:纯粹?的?|純粹?的?|순수(?:한|하게)?)\s*(bf16|fp16|bfloat16|float16)(?![\w-])/g,
    when: (t) => /纯|純|순수/.test(t),
    write: (m) => {
      const dtype = /^b/.test(m[1]!) ? 'bf16' : 'fp16';
      return ` pure ${dtype}`.padEnd(m[0].length);
    },
    example: '纯 bf16 训练 qwen2.5-7b 全参数，一张 H100',
  },
];
