import type { ProseRule } from '../types.js';

/**
 * Words beside a model's name that a model line brought to light (rmodel16): once "deepseek-r1671b" (c2900) and
 * "mixstral8*7 B" (c2915) read as their models, these words decide the rest of those lines.
 */
export const FORMAT_AND_OPTION_WORD_RULES: readonly ProseRule[] = [
  {
    // "A quantitative version of Q4's deepseek-r1671b was used" (kvcache-ai/ktransformers#245, c2900): a weight format
    // with a possessive "'s" is the format; the apostrophe had made "Q4's" a word not read, and the 4-bit build lost.
    id: 'prose.format-possessive',
    pattern: /(?<=(?<![a-z0-9_])(?:q[2-8](?:_k(?:_[sml])?|_0)?|int[48]|awq|gptq|fp8|nf4|gguf))'s(?![a-z])/g,
    when: (t) => t.includes("'s"),
    write: () => '  ',
    example: "A quantitative version of Q4's deepseek-r1671b was used",
    source: 'kvcache-ai/ktransformers#245',
  },
  {
    // "- recompute-activations" in a README's list of a Megatron run's optimisations (flagos-ai/FlagPerf#541, c2915):
    // Megatron-LM's --recompute-activations, written without its dashes, is the selective recomputation the flag
    // sets (megatron/training/arguments.py), not the full one the bare word "recompute" reads as.
    id: 'prose.megatron-recompute-activations',
    pattern: /(?<![a-z0-9_-])recompute[-_]activations(?![a-z0-9_-])/g,
    when: (t) => t.includes('recompute') && t.includes('megatron'),
    write: () => 'selective recompute',
    example: '- ##### 优化策略\n   - flash attention 2\n   - recompute-activations (megatron-core)',
    source: 'flagos-ai/FlagPerf#541',
  },
];
