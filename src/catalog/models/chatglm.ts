import type { ModelSpec } from '../types.js';
import { gptStyle, llamaStyle } from './shape.js';
import { glm4vVision } from './vision.js';

/**
 * Zhipu AI / THUDM's ChatGLM (remote code modeling_chatglm.py, ChatGLMForConditionalGeneration).
 *
 * ChatGLM-6B (March 2023) is a GLM block: LayerNorm with bias, one fused query_key_value with
 * bias, dense with bias, a plain GELU MLP (dense_h_to_4h → dense_4h_to_h, biases), 2D rotary
 * positions, vocabulary 130,528, and attention of its own (`attention_fn`: baddbmm, the scores
 * cast to fp32 for the softmax, bmm) with no SDPA or flash path: eagerOnly. Its config sets no tie_word_embeddings, so transformers ties
 * lm_head to the word embeddings on load (PretrainedConfig default true).
 *
 * ChatGLM2-6B, ChatGLM3-6B and GLM-4-9B share a second design: RMSNorm, multi-query attention
 * with multi_query_group_num 2 KV groups of kv_channels 128, the fused query_key_value with bias
 * on q, k and v only (add_qkv_bias true, add_bias_linear false), a SwiGLU MLP (dense_h_to_4h is
 * hidden → 2 × ffn_hidden_size), untied output_layer (tie_word_embeddings false), and the
 * embedding padded to padded_vocab_size (65,024; GLM-4: 151,552).
 */
export const CHATGLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'chatglm-6b',
    name: 'ChatGLM-6B',
    family: 'chatglm',
    aliases: ['chatglm 6b', 'chatglm1-6b', 'thudm/chatglm-6b'],
    arch: gptStyle({
      layers: 28, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 16384,
      vocab: 130528, tiedEmbeddings: true, positions: 'rope', eagerOnly: true,
    }),
    publishedParams: 6.2e9,
    source:
      'THUDM/chatglm-6b config.json (hidden_size 4096, num_layers 28, num_attention_heads 32, inner_hidden_size 16384, vocab_size 130528, ' +
      'max_sequence_length 2048, position_encoding_2d); total: ChatGLM-6B README (62 亿 = 6.2B parameters; the shape counts 6.17B)',
  },
  {
    id: 'chatglm2-6b',
    name: 'ChatGLM2-6B',
    family: 'chatglm',
    aliases: ['chatglm2 6b', 'chatglm-2-6b', 'chatglm2-6b-32k', 'thudm/chatglm2-6b', 'thudm/chatglm2-6b-32k'],
    arch: llamaStyle({
      layers: 28, hidden: 4096, heads: 32, kvHeads: 2, headDim: 128, ffn: 13696,
      vocab: 65024, tiedEmbeddings: false, attentionBias: 'qkv',
    }),
    publishedParams: 6.24e9,
    source:
      'THUDM/chatglm2-6b config.json (num_layers 28, hidden_size 4096, num_attention_heads 32, multi_query_group_num 2, kv_channels 128, ' +
      'ffn_hidden_size 13696, padded_vocab_size 65024, add_qkv_bias true, add_bias_linear false, seq_length 32768); ' +
      'total: Hugging Face model page safetensors count of THUDM/chatglm3-6b, the same shape (6.24B)',
  },
  {
    id: 'chatglm3-6b',
    name: 'ChatGLM3-6B',
    family: 'chatglm',
    aliases: ['chatglm3 6b', 'chatglm-3-6b', 'chatglm3-6b-base', 'chatglm3-6b-32k', 'thudm/chatglm3-6b', 'thudm/chatglm3-6b-base', 'thudm/chatglm3-6b-32k', 'zhipuai/chatglm3-6b'],
    arch: llamaStyle({
      layers: 28, hidden: 4096, heads: 32, kvHeads: 2, headDim: 128, ffn: 13696,
      vocab: 65024, tiedEmbeddings: false, attentionBias: 'qkv',
    }),
    publishedParams: 6.24e9,
    source:
      'THUDM/chatglm3-6b config.json (ChatGLM2-6B\'s shape: num_layers 28, multi_query_group_num 2, ffn_hidden_size 13696, ' +
      'padded_vocab_size 65024, seq_length 8192); total: Hugging Face model page safetensors count (6.24B)',
  },
  {
    id: 'glm-4-9b',
    name: 'GLM-4-9B',
    family: 'glm',
    aliases: ['glm 4 9b', 'glm4-9b', 'glm-4-9b-chat', 'glm4-9b-chat', 'glm-4-9b-chat-hf', 'thudm/glm-4-9b', 'thudm/glm-4-9b-chat', 'thudm/glm-4-9b-chat-hf', 'zhipuai/glm-4-9b-chat'],
    arch: llamaStyle({
      layers: 40, hidden: 4096, heads: 32, kvHeads: 2, headDim: 128, ffn: 13696,
      vocab: 151552, tiedEmbeddings: false, attentionBias: 'qkv',
    }),
    publishedParams: 9.4e9,
    source:
      'THUDM/glm-4-9b-chat config.json (num_layers 40, hidden_size 4096, num_attention_heads 32, multi_query_group_num 2, kv_channels 128, ' +
      'ffn_hidden_size 13696, padded_vocab_size 151552, add_qkv_bias true, seq_length 131072; glm-4-9b-chat-1m has 4 KV groups); ' +
      'total: Hugging Face model page safetensors count (9.4B)',
  },
  {
    id: 'glm-4v-9b',
    name: 'GLM-4V-9B',
    family: 'glm',
    aliases: ['glm 4v 9b', 'glm4v-9b', 'glm4v 9b', 'glm-4v', 'glm4v', 'glm 4v', 'thudm/glm-4v-9b', 'zhipuai/glm-4v-9b'],
    // GLM-4-9B's decoder (seq_length 8192) and the EVA2-CLIP-E tower with its GLU adapter (vision.ts glm4vVision).
    arch: llamaStyle({
      layers: 40, hidden: 4096, heads: 32, kvHeads: 2, headDim: 128, ffn: 13696,
      vocab: 151552, tiedEmbeddings: false, attentionBias: 'qkv', vision: glm4vVision(4096, 13696),
    }),
    publishedParams: 13.9e9 - glm4vVision(4096, 13696).params,
    source:
      'THUDM/glm-4v-9b config.json (num_layers 40, hidden_size 4096, multi_query_group_num 2, ffn_hidden_size 13696, padded_vocab_size 151552; ' +
      'vision_config hidden_size 1792, intermediate_size 15360, num_hidden_layers 63, patch_size 14, image_size 1120) and visual.py; ' +
      'total: Hugging Face model page safetensors count (13.9B) less the 4.51B tower and adapter',
  },
  {
    id: 'glm-130b',
    name: 'GLM-130B',
    family: 'glm-130b',
    aliases: ['glm 130b', 'glm130b', 'thudm/glm-130b', 'zai-org/glm-130b'],
    // SwissArmyTransformer's GLM: 96 heads of 128, biases on every projection, GeGLU (dense_h_to_4h gives
    // 2 x inner-hidden-size 32768), post-LN (DeepNorm), rotary positions, the output layer the word
    // embedding (SAT's final_forward); the bidirectional prefix of its blank-infilling objective does not
    // change its weights or its KV cache.
    arch: {
      layers: 70, hidden: 12288, heads: 96, kvHeads: 96, headDim: 128, ffn: 32768, vocab: 150528, mlp: 'gated', norm: 'layernorm',
      tiedEmbeddings: true, positions: 'rope', attentionBias: 'all', mlpBias: true,
    },
    publishedParams: 130e9,
    source:
      'THUDM/GLM-130B configs/model_glm_130b.sh (--num-layers 70 --hidden-size 12288 --inner-hidden-size 32768 --vocab-size 150528 ' +
      '--num-attention-heads 96 --max-sequence-length 2048 --layernorm-order post), the SAT model arguments that stand for a config.json ' +
      '(the weights ship only as SwissArmyTransformer checkpoints); total: the name (README: "130 billion parameters", ' +
      'FP16 weights 260GB); the shape counts 128.7B, 1% under',
  },
];
