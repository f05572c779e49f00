import type { ModelSpec } from '../types.js';
import { gptStyle } from './shape.js';

/**
 * EleutherAI's GPTNeoXForCausalLM models: GPT-NeoX-20B, the Pythia suite and Polyglot-Ko.
 * LayerNorm with bias, fused query_key_value and dense with biases, plain GELU MLP with biases
 * (intermediate_size 4·hidden), rotary positions on part of each head (rotary_pct 0.25; 0.5 for
 * the smaller Polyglot-Ko), untied embed_out, and the parallel residual (use_parallel_residual
 * true): attention and MLP read the same input, each through its own LayerNorm
 * (input_layernorm, post_attention_layernorm): two norms per layer (`layerNorms: 2`) where a
 * parallel block defaults to one. With it, every count below equals the published total to the
 * parameter (Pythia: the suite's README table; GPT-NeoX-20B: Black et al. 2022).
 * Polyglot-Ko is the only Polyglot released, so "polyglot12.8B" (Beomi/KoAlpaca#73) and
 * "KoAlpaca-Polyglot-12.8B" (Beomi/KoAlpaca#90) name it too.
 */

function neox(layers: number, hidden: number, heads: number, vocab: number) {
  return gptStyle({
    layers, hidden, heads, kvHeads: heads, headDim: hidden / heads, ffn: 4 * hidden,
    vocab, tiedEmbeddings: false, positions: 'rope', parallelBlock: true, layerNorms: 2,
  });
}

const PYTHIA_SOURCE = 'total: EleutherAI/pythia README, model table (total params)';

export const GPT_NEOX_MODELS: readonly ModelSpec[] = [
  {
    id: 'gpt-neox-20b',
    name: 'GPT-NeoX-20B',
    family: 'gpt-neox',
    aliases: ['gpt neox 20b', 'gptneox-20b', 'neox-20b', 'eleutherai/gpt-neox-20b'],
    arch: neox(44, 6144, 64, 50432),
    publishedParams: 20_554_567_680,
    source: 'EleutherAI/gpt-neox-20b config.json (hidden_size 6144, num_hidden_layers 44, num_attention_heads 64, intermediate_size 24576, vocab_size 50432, rotary_pct 0.25); total: Black et al. 2022, "GPT-NeoX-20B", Table 1 (20,554,567,680)',
  },
  {
    id: 'pythia-1b',
    name: 'Pythia-1B',
    family: 'pythia',
    aliases: ['pythia 1b', 'pythia-1b-deduped', 'eleutherai/pythia-1b', 'eleutherai/pythia-1b-deduped'],
    arch: neox(16, 2048, 8, 50304),
    publishedParams: 1_011_781_632,
    source: `EleutherAI/pythia-1b config.json (16 layers, hidden 2048, 8 heads, vocab 50304); ${PYTHIA_SOURCE} (1,011,781,632)`,
  },
  {
    id: 'pythia-1.4b',
    name: 'Pythia-1.4B',
    family: 'pythia',
    aliases: ['pythia 1.4b', 'pythia-1.4b-deduped', 'eleutherai/pythia-1.4b', 'eleutherai/pythia-1.4b-deduped'],
    arch: neox(24, 2048, 16, 50304),
    publishedParams: 1_414_647_808,
    source: `EleutherAI/pythia-1.4b config.json (24 layers, hidden 2048, 16 heads, vocab 50304); ${PYTHIA_SOURCE} (1,414,647,808)`,
  },
  {
    id: 'pythia-2.8b',
    name: 'Pythia-2.8B',
    family: 'pythia',
    aliases: ['pythia 2.8b', 'pythia-2.8b-deduped', 'eleutherai/pythia-2.8b', 'eleutherai/pythia-2.8b-deduped'],
    arch: neox(32, 2560, 32, 50304),
    publishedParams: 2_775_208_960,
    source: `EleutherAI/pythia-2.8b config.json (32 layers, hidden 2560, 32 heads, vocab 50304); ${PYTHIA_SOURCE} (2,775,208,960)`,
  },
  {
    id: 'pythia-6.9b',
    name: 'Pythia-6.9B',
    family: 'pythia',
    aliases: ['pythia 6.9b', 'pythia-6.9b-deduped', 'eleutherai/pythia-6.9b', 'eleutherai/pythia-6.9b-deduped'],
    arch: neox(32, 4096, 32, 50432),
    publishedParams: 6_857_302_016,
    source: `EleutherAI/pythia-6.9b config.json (32 layers, hidden 4096, 32 heads, vocab 50432); ${PYTHIA_SOURCE} (6,857,302,016)`,
  },
  {
    id: 'pythia-12b',
    name: 'Pythia-12B',
    family: 'pythia',
    aliases: ['pythia 12b', 'pythia-12b-deduped', 'eleutherai/pythia-12b', 'eleutherai/pythia-12b-deduped'],
    arch: neox(36, 5120, 40, 50688),
    publishedParams: 11_846_072_320,
    source: `EleutherAI/pythia-12b config.json (36 layers, hidden 5120, 40 heads, vocab 50688); ${PYTHIA_SOURCE} (11,846,072,320)`,
  },
  {
    id: 'polyglot-ko-1.3b',
    name: 'Polyglot-Ko-1.3B',
    family: 'polyglot',
    aliases: ['polyglot ko 1.3b', 'polyglot 1.3b', 'polyglot-1.3b', 'polyglot-ko 1.3b', 'polyglotko-1.3b', 'eleutherai/polyglot-ko-1.3b'],
    arch: neox(24, 2048, 16, 30080),
    publishedParams: 1_331_810_304,
    source: 'EleutherAI/polyglot-ko-1.3b config.json (24 layers, hidden 2048, 16 heads, intermediate 8192, vocab 30080, rotary_pct 0.5); total: model card hyperparameter table (n_parameters 1,331,810,304)',
  },
  {
    id: 'polyglot-ko-3.8b',
    name: 'Polyglot-Ko-3.8B',
    family: 'polyglot',
    aliases: ['polyglot ko 3.8b', 'polyglot 3.8b', 'polyglot-3.8b', 'polyglot-ko 3.8b', 'polyglotko-3.8b', 'eleutherai/polyglot-ko-3.8b'],
    arch: neox(32, 3072, 24, 30080),
    publishedParams: 3_809_974_272,
    source: 'EleutherAI/polyglot-ko-3.8b config.json (32 layers, hidden 3072, 24 heads, intermediate 12288, vocab 30080); total: model card hyperparameter table (n_parameters 3,809,974,272)',
  },
  {
    id: 'polyglot-ko-5.8b',
    name: 'Polyglot-Ko-5.8B',
    family: 'polyglot',
    aliases: ['polyglot ko 5.8b', 'polyglot 5.8b', 'polyglot-5.8b', 'polyglot-ko 5.8b', 'polyglotko-5.8b', 'eleutherai/polyglot-ko-5.8b'],
    arch: neox(28, 4096, 16, 30080),
    publishedParams: 5_885_059_072,
    source: 'EleutherAI/polyglot-ko-5.8b config.json (28 layers, hidden 4096, 16 heads of 256, intermediate 16384, vocab 30080, rotary_pct 0.25); total: model card hyperparameter table (n_parameters 5,885,059,072)',
  },
  {
    id: 'polyglot-ko-12.8b',
    name: 'Polyglot-Ko-12.8B',
    family: 'polyglot',
    aliases: ['polyglot ko 12.8b', 'polyglot 12.8b', 'polyglot-12.8b', 'polyglot-ko 12.8b', 'polyglotko-12.8b', 'polyglot-ko-12.8b-safetensors', 'eleutherai/polyglot-ko-12.8b', 'beomi/polyglot-ko-12.8b-safetensors'],
    arch: neox(40, 5120, 40, 30080),
    // The name's 12.8B, rounded: the shape counts 12.89B (+0.7%), as the smaller sizes' cards
    // (whose exact totals the same formula reproduces) lead one to expect.
    publishedParams: 12.8e9,
    source: 'EleutherAI/polyglot-ko-12.8b config.json (40 layers, hidden 5120, 40 heads, intermediate 20480, vocab 30080); total: model name and card (12.8B, rounded)',
  },
];
