import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Mistral AI's dense 7B and Mixtral sparse MoE models (MistralForCausalLM / MixtralForCausalLM).
 * Totals: KerasHub presets (keras_hub/src/models/{mistral,mixtral}/*_presets.py) or Mistral's
 * release notes.
 */
export const MISTRAL_MODELS: readonly ModelSpec[] = [
  {
    id: 'mistral-7b',
    name: 'Mistral-7B-v0.1',
    family: 'mistral',
    aliases: ['mistral 7b', 'mistral7b', 'mistral-7b-v0.1', 'mistral-7b-instruct-v0.1', 'mistralai/mistral-7b-v0.1'],
    // v0.1 uses a 4096-token sliding window in every layer (config.json sliding_window 4096).
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 32000, tiedEmbeddings: false, slidingWindow: 4096 }),
    publishedParams: 7_241_732_096,
    source: 'mistralai/Mistral-7B-v0.1 config.json; total: KerasHub mistral_7b_en preset (7,241,732,096)',
  },
  {
    id: 'mistral-7b-v0.3',
    name: 'Mistral-7B-v0.3',
    family: 'mistral',
    aliases: ['mistral 7b v0.3', 'mistral-7b-instruct-v0.3', 'mistralai/mistral-7b-v0.3'],
    // v0.3: vocabulary extended to 32768, sliding window removed (sliding_window null).
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 32768, tiedEmbeddings: false }),
    publishedParams: 7_248_023_552,
    source: 'mistralai/Mistral-7B-v0.3 config.json; total: KerasHub mistral_0.3_7b_en preset (7,248,023,552)',
  },
  {
    id: 'mixtral-8x7b',
    name: 'Mixtral-8x7B',
    family: 'mistral',
    aliases: ['mixtral 8x7b', 'mixtral-8x7b-v0.1', 'mixtral-8x7b-instruct', 'mixtral-8x7b-instruct-v0.1', 'mixtral', 'mistralai/mixtral-8x7b-v0.1'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 32000, tiedEmbeddings: false, experts: 8, expertsPerToken: 2 }),
    publishedParams: 46_702_792_704,
    source: 'mistralai/Mixtral-8x7B-v0.1 config.json (num_local_experts 8, num_experts_per_tok 2); total: KerasHub mixtral_8_7b_en preset (46,702,792,704)',
  },
  {
    id: 'mixtral-8x22b',
    name: 'Mixtral-8x22B',
    family: 'mistral',
    aliases: ['mixtral 8x22b', 'mixtral-8x22b-v0.1', 'mixtral-8x22b-instruct', 'mixtral-8x22b-instruct-v0.1', 'mistralai/mixtral-8x22b-v0.1'],
    arch: llamaStyle({ layers: 56, hidden: 6144, heads: 48, kvHeads: 8, headDim: 128, ffn: 16384, vocab: 32000, tiedEmbeddings: false, experts: 8, expertsPerToken: 2 }),
    publishedParams: 141e9,
    source: 'mistralai/Mixtral-8x22B-v0.1 config.json; total: Mistral AI release "Cheaper, Better, Faster, Stronger" (141B total, 39B active)',
  },
  {
    id: 'mistral-nemo-12b',
    name: 'Mistral-Nemo-12B',
    family: 'mistral',
    aliases: [
      'mistral nemo', 'mistral-nemo', 'mistral nemo 12b', 'mistral-nemo-12b', 'mistral-nemo-2407', 'mistral-nemo-base-2407', 'mistral-nemo-instruct-2407',
      'mistralai/mistral-nemo-base-2407', 'mistralai/mistral-nemo-instruct-2407',
    ],
    // head_dim 128 with 32 query heads: the query projection (4096) is narrower than hidden (5120); no sliding window.
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 131072, tiedEmbeddings: false }),
    publishedParams: 12.2e9,
    source: 'mistralai/Mistral-Nemo-Base-2407 config.json (MistralForCausalLM, sliding_window null, tie_word_embeddings false); total: 12.2B as published for Mistral-Nemo-Instruct-2407 (model sheets: "12.2 billion"; counted 12.25B)',
  },
  {
    id: 'mistral-small-22b',
    name: 'Mistral-Small-22B',
    family: 'mistral',
    aliases: [
      'mistral small 22b', 'mistral-small-2409', 'mistral small 2409', 'mistral-small-instruct-2409', 'mistralai/mistral-small-instruct-2409',
      'mistral-small-22b-instruct', 'mistral-small-v24.09',
    ],
    arch: llamaStyle({ layers: 56, hidden: 6144, heads: 48, kvHeads: 8, headDim: 128, ffn: 16384, vocab: 32768, tiedEmbeddings: false }),
    publishedParams: 22e9,
    source:
      'mistralai/Mistral-Small-Instruct-2409 config.json as transcribed by abhibambhaniya/GenZ-LLM-Analyzer GenZ/Models/Model_sets/mistral.py ' +
      '(hidden_size 6144, num_attention_heads 48, num_key_value_heads 8, intermediate_size 16384, num_decoder_layers 56, vocab_size 32768, ' +
      'max_model_len 32768); total: Mistral AI\'s "22B" (the shape counts 22.25B)',
  },
  {
    id: 'mistral-large-123b',
    name: 'Mistral-Large-2-123B',
    family: 'mistral',
    aliases: [
      'mistral large', 'mistral-large', 'mistral large 2', 'mistral-large-2', 'mistral-large-123b', 'mistral large 123b', 'mistral-large-2407',
      'mistral-large-instruct-2407', 'mistralai/mistral-large-instruct-2407',
    ],
    arch: llamaStyle({ layers: 88, hidden: 12288, heads: 96, kvHeads: 8, headDim: 128, ffn: 28672, vocab: 32768, tiedEmbeddings: false }),
    publishedParams: 123e9,
    source:
      'mistralai/Mistral-Large-Instruct-2407 config.json as transcribed by abhibambhaniya/GenZ-LLM-Analyzer GenZ/Models/Model_sets/mistral.py ' +
      '(hidden_size 12288, num_attention_heads 96, num_key_value_heads 8, intermediate_size 28672, num_decoder_layers 88, vocab_size 32768, ' +
      'max_model_len 131072); total: Mistral AI\'s "123B" (the shape counts 122.6B)',
  },
  {
    id: 'mistral-small-3',
    name: 'Mistral-Small-3-24B',
    family: 'mistral',
    aliases: [
      'mistral small 3', 'mistral-small-3', 'mistral-small-24b', 'mistral small 24b', 'mistral-small-24b-base-2501', 'mistral-small-24b-instruct-2501',
      'mistral-small-2501', 'mistralai/mistral-small-24b-instruct-2501', 'mistralai/mistral-small-24b-base-2501',
    ],
    // Text only. 3.1 and 3.2 keep this language model and add the Pixtral tower: mistral-small-3.1-24b (vlm.ts).
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 32, kvHeads: 8, headDim: 128, ffn: 32768, vocab: 131072, tiedEmbeddings: false }),
    publishedParams: 23.6e9,
    source: 'mistralai/Mistral-Small-24B-Base-2501 config.json; total: Hugging Face model page safetensors count (23.6B; model card "24B")',
  },
];
