import type { ModelSpec } from '../types.js';
import { gptStyle } from './shape.js';

/**
 * GPT-2, BERT, BLOOM, GPT-NeoX (StableLM-alpha) and Falcon: the pre-Llama block designs
 * (LayerNorm, plain GELU MLP, learned / ALiBi / RoPE positions).
 * Totals: KerasHub presets (gpt2, bert) or the model cards.
 */

/** GPT-2 block: learned positions (n_positions 1024), tied LM head, dropout 0.1 (resid/attn/embd_pdrop). */
function gpt2(layers: number, hidden: number, heads: number) {
  return gptStyle({
    layers, hidden, heads, kvHeads: heads, headDim: hidden / heads, ffn: 4 * hidden, vocab: 50257,
    tiedEmbeddings: true, positions: 'learned', maxPositions: 1024, dropout: 0.1,
    // activation_function "gelu_new" (GPT2Config default; transformers activations.py NewGELUActivation).
    composedGelu: true,
  });
}

/**
 * BERT (BertModel) beyond what the decoder formula counts: token-type embeddings
 * (type_vocab_size 2 × hidden) and the pooler dense layer (hidden × hidden + bias).
 * BERT has no final LayerNorm; the formula's final-norm term (2·hidden) stands for the
 * embeddings LayerNorm, which has the same size.
 */
function bertExtras(hidden: number): number {
  const tokenTypeEmbeddings = 2 * hidden;
  const pooler = hidden * hidden + hidden;
  return tokenTypeEmbeddings + pooler;
}

function bert(layers: number, hidden: number, heads: number) {
  return gptStyle({
    layers, hidden, heads, kvHeads: heads, headDim: hidden / heads, ffn: 4 * hidden, vocab: 30522,
    tiedEmbeddings: true, positions: 'learned', maxPositions: 512, encoderOnly: true, dropout: 0.1,
    extraParams: bertExtras(hidden),
  });
}

/**
 * Falcon checkpoints store lm_head.weight although FalconForCausalLM ties it to the word
 * embeddings (config tie_word_embeddings defaults to true), so the Hub's safetensors count
 * includes one vocab × hidden copy that is not a separate parameter in memory.
 */
function storedTiedHead(vocab: number, hidden: number): number {
  return vocab * hidden;
}

export const CLASSIC_MODELS: readonly ModelSpec[] = [
  {
    id: 'gpt2',
    name: 'GPT-2 small',
    family: 'gpt2',
    aliases: ['gpt-2', 'gpt2-small', 'gpt-2 small', 'gpt2 124m', 'openai-community/gpt2'],
    arch: gpt2(12, 768, 12),
    releasedAs: ['117m', '124m'],
    publishedParams: 124_439_808,
    source: 'openai-community/gpt2 config.json; total: KerasHub gpt2_base_en preset (124,439,808)',
  },
  {
    id: 'gpt2-medium',
    name: 'GPT-2 medium',
    family: 'gpt2',
    aliases: ['gpt-2-medium', 'gpt-2 medium', 'gpt2 355m', 'openai-community/gpt2-medium'],
    arch: gpt2(24, 1024, 16),
    releasedAs: ['345m', '355m'],
    publishedParams: 354_823_168,
    source: 'openai-community/gpt2-medium config.json; total: KerasHub gpt2_medium_en preset (354,823,168)',
  },
  {
    id: 'gpt2-large',
    name: 'GPT-2 large',
    family: 'gpt2',
    aliases: ['gpt-2-large', 'gpt-2 large', 'gpt2 774m', 'openai-community/gpt2-large'],
    arch: gpt2(36, 1280, 20),
    releasedAs: ['774m', '762m'],
    publishedParams: 774_030_080,
    source: 'openai-community/gpt2-large config.json; total: KerasHub gpt2_large_en preset (774,030,080)',
  },
  {
    id: 'gpt2-xl',
    name: 'GPT-2 XL',
    family: 'gpt2',
    aliases: ['gpt-2-xl', 'gpt-2 xl', 'gpt2 1.5b', 'openai-community/gpt2-xl'],
    arch: gpt2(48, 1600, 25),
    releasedAs: ['1558m', '1542m'],
    publishedParams: 1_557_611_200,
    source: 'openai-community/gpt2-xl config.json; total: KerasHub gpt2_extra_large_en preset (1,557,611,200)',
  },
  {
    id: 'bert-base-uncased',
    name: 'BERT-base-uncased',
    family: 'bert',
    aliases: ['bert-base', 'bert base', 'bert base uncased', 'google-bert/bert-base-uncased'],
    arch: bert(12, 768, 12),
    publishedParams: 109_482_240,
    source: 'google-bert/bert-base-uncased config.json; total: KerasHub bert_base_en_uncased preset (109,482,240, BertModel with pooler)',
  },
  {
    id: 'bert-large-uncased',
    name: 'BERT-large-uncased',
    family: 'bert',
    aliases: ['bert-large', 'bert large', 'bert large uncased', 'google-bert/bert-large-uncased'],
    arch: bert(24, 1024, 16),
    publishedParams: 335_141_888,
    source: 'google-bert/bert-large-uncased config.json; total: KerasHub bert_large_en_uncased preset (335,141,888, BertModel with pooler)',
  },
  {
    id: 'bloomz-7b1',
    name: 'BLOOMZ-7b1',
    family: 'bloom',
    // "bloom 7B" / "7b bloom" is BLOOM-7B1, BLOOM's one 7B (artidoro/qlora#8 "fine tune bloom 7B, … exact same structure as
    // bloomz"; deepspeedai/DeepSpeedExamples#411 "lora的7b bloom", c256): it had been a BLOOM shape scaled to 7.0B.
    aliases: ['bloomz 7b1', 'bloomz-7b', 'bloomz 7b', 'bloom-7b1', 'bloom 7b1', 'bloom-7b', 'bloom 7b', 'bigscience/bloomz-7b1', 'bigscience/bloom-7b1'],
    // BLOOM adds word_embeddings_layernorm (scale + bias) after the token embedding (modeling_bloom.py), and
    // BloomAttention has only its eager path, no SDPA or flash (eagerOnly: memory/attention-kernel.ts).
    arch: gptStyle({ layers: 30, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 16384, vocab: 250880, tiedEmbeddings: true, positions: 'alibi', extraParams: 2 * 4096, eagerOnly: true }),
    publishedParams: 7_069_016_064,
    source: 'bigscience/bloomz-7b1 config.json (n_layer 30, hidden 4096, n_head 32); total: bigscience/bloom-7b1 model card (7,069,016,064; BLOOMZ is its fine-tune)',
  },
  {
    id: 'bloom-3b',
    name: 'BLOOM-3B',
    family: 'bloom',
    aliases: ['bloom 3b', 'bloomz-3b', 'bloomz 3b', 'bigscience/bloom-3b', 'bigscience/bloomz-3b'],
    // BLOOM-7b1's block at 30 layers of 2560, with its word_embeddings_layernorm and its eager-only attention.
    arch: gptStyle({ layers: 30, hidden: 2560, heads: 32, kvHeads: 32, headDim: 80, ffn: 10240, vocab: 250880, tiedEmbeddings: true, positions: 'alibi', extraParams: 2 * 2560, eagerOnly: true }),
    publishedParams: 3_002_557_440,
    source: 'bigscience/bloom-3b config.json (n_layer 30, hidden_size 2560, n_head 32, vocab_size 250880); total: bigscience/bloom-3b model card (3,002,557,440)',
  },
  {
    id: 'stablelm-base-alpha-3b',
    name: 'StableLM-Base-Alpha-3B',
    family: 'gpt-neox',
    aliases: ['stablelm-alpha-3b', 'stablelm 3b alpha', 'stablelm-base-alpha 3b', 'stabilityai/stablelm-base-alpha-3b', 'stablelm-tuned-alpha-3b'],
    // GPT-NeoX: rotary on 25% of each head (rotary_pct 0.25), untied embed_out, parallel residual.
    arch: gptStyle({ layers: 16, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 16384, vocab: 50688, tiedEmbeddings: false, positions: 'rope', parallelBlock: true, layerNorms: 2 }),
    publishedParams: 3.64e9,
    source: 'stabilityai/stablelm-base-alpha-3b config.json (GPTNeoXForCausalLM); total: Hugging Face model page safetensors count 3.64B',
  },
  {
    id: 'gpt-j-6b',
    name: 'GPT-J-6B',
    family: 'gpt-j',
    aliases: ['gpt-j', 'gptj', 'gpt-j 6b', 'gpt j 6b', 'gptj-6b', 'eleutherai/gpt-j-6b'],
    // One ln_1 feeding parallel attention and MLP; q/k/v/out without bias, fc_in/fc_out with bias;
    // rotary on 64 of 256 head dims; untied lm_head with a bias (the 50,400 extra);
    // activation_function "gelu_new" (NewGELUActivation, kept op by op: memory/activations.ts).
    arch: { layers: 28, hidden: 4096, heads: 16, kvHeads: 16, headDim: 256, ffn: 16384, vocab: 50400, mlp: 'plain', norm: 'layernorm', tiedEmbeddings: false, positions: 'rope', attentionBias: 'none', mlpBias: true, parallelBlock: true, extraParams: 50400, composedGelu: true },
    publishedParams: 6.053e9,
    source: 'EleutherAI/gpt-j-6b config.json (GPTJForCausalLM: n_embd 4096, n_layer 28, n_head 16, rotary_dim 64, n_inner 4·n_embd, vocab 50400); total: model card 6,053,381,344',
  },
  {
    id: 'falcon-7b',
    name: 'Falcon-7B',
    family: 'falcon',
    aliases: ['falcon 7b', 'falcon-7b-instruct', 'tiiuae/falcon-7b'],
    // Multi-query attention (one KV head, handed to SDPA unrepeated), one LayerNorm feeding parallel attention and MLP, no biases.
    arch: { layers: 32, hidden: 4544, heads: 71, kvHeads: 1, headDim: 64, ffn: 18176, vocab: 65024, mlp: 'plain', norm: 'layernorm', tiedEmbeddings: true, positions: 'rope', attentionBias: 'none', mlpBias: false, parallelBlock: true, sdpaKvUnrepeated: true },
    publishedParams: 7.22e9 - storedTiedHead(65024, 4544),
    source: 'tiiuae/falcon-7b config.json; total: Hugging Face model page safetensors count 7.22B less the stored copy of the tied lm_head',
  },
  {
    id: 'falcon-40b',
    name: 'Falcon-40B',
    family: 'falcon',
    aliases: ['falcon 40b', 'falcon-40b-instruct', 'tiiuae/falcon-40b'],
    // new_decoder_architecture: 8 KV groups, separate ln_attn and ln_mlp on the parallel branches.
    arch: { layers: 60, hidden: 8192, heads: 128, kvHeads: 8, headDim: 64, ffn: 32768, vocab: 65024, mlp: 'plain', norm: 'layernorm', tiedEmbeddings: true, positions: 'rope', attentionBias: 'none', mlpBias: false, parallelBlock: true, layerNorms: 2 },
    publishedParams: 41.8e9 - storedTiedHead(65024, 8192),
    source: 'tiiuae/falcon-40b config.json; total: Hugging Face model page safetensors count 41.8B less the stored copy of the tied lm_head',
  },
  {
    id: 'falcon-180b',
    name: 'Falcon-180B',
    family: 'falcon',
    aliases: ['falcon 180b', 'falcon-180b-chat', 'falcon 180b chat', 'tiiuae/falcon-180b', 'tiiuae/falcon-180b-chat'],
    // Falcon-40B's new_decoder_architecture scaled up: 8 KV groups, ln_attn and ln_mlp on the parallel branches, no biases;
    // the config has no ffn_hidden_size, so the MLP is 4 × hidden (transformers FalconConfig's default).
    arch: { layers: 80, hidden: 14848, heads: 232, kvHeads: 8, headDim: 64, ffn: 59392, vocab: 65024, mlp: 'plain', norm: 'layernorm', tiedEmbeddings: true, positions: 'rope', attentionBias: 'none', mlpBias: false, parallelBlock: true, layerNorms: 2 },
    publishedParams: 180e9,
    source:
      'tiiuae/falcon-180B config.json as NVIDIA/TensorRT-LLM\'s benchmark docs transcribe it (FalconForCausalLM: 80 layers, 232 heads, ' +
      '8 KV heads, hidden 14848, vocab 65024, max_position_embeddings 2048, bias false, parallel_attention, new_decoder_architecture); ' +
      'ffn 4 × hidden: transformers FalconConfig ffn_hidden_size default; total: the model card\'s 180B',
  },
  {
    id: 'gpt-neo-1.3b',
    name: 'GPT-Neo-1.3B',
    family: 'gpt-neo',
    aliases: ['gpt-neo 1.3b', 'gpt neo 1.3b', 'gptneo-1.3b', 'eleutherai/gpt-neo-1.3b'],
    // GPTNeoForCausalLM: q/k/v without bias, out_proj with one (the extra 24 × 2048), c_fc/c_proj with bias, learned
    // positions, tied head, gelu_new. Every other layer is "local" (window_size 256), but transformers only masks it
    // and still caches every token, so no sliding window is set: the KV cache is the full one.
    arch: gptStyle({
      layers: 24, hidden: 2048, heads: 16, kvHeads: 16, headDim: 128, ffn: 8192, vocab: 50257,
      tiedEmbeddings: true, positions: 'learned', maxPositions: 2048, attentionBias: 'none', extraParams: 24 * 2048,
      composedGelu: true,
    }),
    publishedParams: 1.3e9,
    source:
      'EleutherAI/gpt-neo-1.3B config.json (GPTNeoForCausalLM) as transformers models/gpt_neo/configuration_gpt_neo.py GPTNeoConfig ' +
      'defaults restate it ("the EleutherAI/gpt-neo-1.3B architecture": vocab ' +
      '50257, max_position_embeddings 2048, hidden 2048, 24 layers, attention_types [[["global", "local"], 12]], 16 heads, ' +
      'intermediate_size None = 4 × hidden, window_size 256, gelu_new); total: the name\'s 1.3B',
  },
];
