import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Baichuan 1 (Baichuan-7B: BaiChuanForCausalLM; Baichuan-13B: BaichuanForCausalLM, remote code):
 * the same block as Baichuan 2 (fused W_pack q/k/v without bias, SwiGLU, RMSNorm, untied LM head)
 * with a 64000-token vocabulary and a plain LM head. The 7B uses RoPE, the 13B ALiBi. Totals: the
 * Baichuan-13B README's model table (Baichuan-7B 7,000,559,616; Baichuan-13B 13,264,901,120).
 */
const BAICHUAN1_MODELS: readonly ModelSpec[] = [
  {
    id: 'baichuan-7b',
    name: 'Baichuan-7B',
    family: 'baichuan',
    aliases: ['baichuan 7b', 'baichuan1-7b', 'baichuan 1 7b', 'baichuan-7b-base', 'baichuan-inc/baichuan-7b'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 64000, tiedEmbeddings: false }),
    publishedParams: 7_000_559_616,
    source: 'baichuan-inc/Baichuan-7B config.json (BaiChuanConfig: hidden 4096, intermediate 11008, 32 layers, 32 heads, vocab 64000, untied); total: Baichuan-13B README model table (7,000,559,616)',
  },
  {
    id: 'baichuan-13b',
    name: 'Baichuan-13B',
    family: 'baichuan',
    aliases: ['baichuan 13b', 'baichuan1-13b', 'baichuan 1 13b', 'baichuan-13b-base', 'baichuan-13b-chat', 'baichuan-inc/baichuan-13b-base', 'baichuan-inc/baichuan-13b-chat'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13696, vocab: 64000, tiedEmbeddings: false, positions: 'alibi' }),
    publishedParams: 13_264_901_120,
    source: 'baichuan-inc/Baichuan-13B-Base config.json (BaichuanConfig: hidden 5120, intermediate 13696, 40 layers, 40 heads, vocab 64000, untied, ALiBi); total: Baichuan-13B README model table (13,264,901,120)',
  },
];

/**
 * Baichuan 2 (BaichuanForCausalLM, remote code): fused W_pack q/k/v without bias, SwiGLU,
 * RMSNorm, NormHead LM head (untied), vocab 125696. The 7B uses RoPE, the 13B ALiBi.
 * Totals: Baichuan 2 technical report (Yang et al. 2023), model table.
 */
const BAICHUAN2_MODELS: readonly ModelSpec[] = [
  {
    id: 'baichuan2-7b',
    name: 'Baichuan2-7B',
    family: 'baichuan',
    aliases: ['baichuan2 7b', 'baichuan-2-7b', 'baichuan 2 7b', 'baichuan2-7b-base', 'baichuan2-7b-chat', 'baichuan-inc/baichuan2-7b-base', 'baichuan-inc/baichuan2-7b-chat'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 125696, tiedEmbeddings: false }),
    publishedParams: 7_505_973_248,
    source: 'baichuan-inc/Baichuan2-7B-Base config.json; total: Baichuan 2 technical report (7,505,973,248)',
  },
  {
    id: 'baichuan2-13b',
    name: 'Baichuan2-13B',
    family: 'baichuan',
    aliases: ['baichuan2 13b', 'baichuan-2-13b', 'baichuan 2 13b', 'baichuan2-13b-base', 'baichuan2-13b-chat', 'baichuan-inc/baichuan2-13b-base', 'baichuan-inc/baichuan2-13b-chat'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13696, vocab: 125696, tiedEmbeddings: false, positions: 'alibi' }),
    publishedParams: 13_896_668_160,
    source: 'baichuan-inc/Baichuan2-13B-Base config.json; total: Baichuan 2 technical report (13,896,668,160)',
  },
];

export const BAICHUAN_MODELS: readonly ModelSpec[] = [...BAICHUAN1_MODELS, ...BAICHUAN2_MODELS];
