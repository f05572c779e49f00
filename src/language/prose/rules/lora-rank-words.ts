import type { ProseRule } from '../types.js';

/**
 * LoRA's rank said in Chinese or Korean: "lora 秩 16", "秩为64", "秩设成 8", "LoRA 랭크 16", "랭크는 32", "랭크를 16으로".
 * The item language says "rank 16"; the words had gone unread and PEFT's default r 8 was taken silently. Only where
 * the message speaks of LoRA (an adapter's rank, not a process rank or a matrix's), and only a number a LoRA rank
 * is written as (1 to 4 digits).
 */
export const LORA_RANK_WORD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.lora-rank-cjk',
    pattern: /(?:秩|랭크)(?:\s*(?:[(（]\s*r(?:ank)?\s*[)）]))?\s*(?:[:：=]|为|是|設為|设为|设成|设置为|取|는|은|를|을|가|이)?\s*(?:[:：=]\s*)?(\d{1,4})(?!\d|\.\d|\s*(?:g|gb|卡|张|块|개|장|b\b))/g,
    when: (t) => /lora|adapter|peft|适配/.test(t) && /秩|랭크/.test(t),
    write: (m) => ` rank ${m[1]}`.padEnd(m[0].length),
    example: 'chatglm2-6b 用 lora 微调，秩为 16，alpha 32',
  },
];
