import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Baichuan 2 (BaichuanForCausalLM, remote code): fused W_pack q/k/v without bias, SwiGLU,
 * RMSNorm, NormHead LM head (untied), vocab 125696. The 7B uses RoPE, the 13B ALiBi.
 * Totals: Baichuan 2 technical report (Yang et al. 2023), model table.
 */
export const BAICHUAN_MODELS: readonly ModelSpec[] = [
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
