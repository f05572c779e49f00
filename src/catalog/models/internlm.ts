import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Shanghai AI Lab's InternLM (remote code). InternLM-20B (InternLMForCausalLM, config "bias":
 * false) is a Llama block: separate q/k/v/o without bias, SwiGLU, RMSNorm, untied, multi-head,
 * vocabulary 103,168. InternLM2 and InternLM2.5 (InternLM2ForCausalLM) fuse q, k and v into one
 * wqkv without bias, grouped over num_key_value_heads 8 (the fused layout changes no count:
 * hidden × (heads + 2·kvHeads)·headDim), with SwiGLU w1/w3/w2, RMSNorm, untied output, and a
 * 92,544-token vocabulary; InternLM2.5-7B and -20B keep InternLM2's shapes.
 */
export const INTERNLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'internlm-7b',
    name: 'InternLM-7B',
    family: 'internlm',
    // The first InternLM (July 2023): a bare "InternLM 7B" is InternLM2's, so only its own names pick it.
    superseded: true,
    sizeOnly: true,
    aliases: [
      'internlm 7b', 'internlm_7b', 'internlm1-7b', 'internlm-chat-7b', 'internlm chat 7b', 'internlm_chat_7b', 'internlm-chat-7b-v1_1',
      'internlm-chat-7b-8k', 'internlm/internlm-7b', 'internlm/internlm-chat-7b', 'internlm/internlm-chat-7b-v1_1', 'internlm/internlm-chat-7b-8k',
    ],
    // config "bias": true puts a bias on q, k, v and o (modeling_internlm.py InternLMAttention); the MLP has none.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 103168, tiedEmbeddings: false, attentionBias: 'all' }),
    publishedParams: 7_321_948_160,
    source:
      'internlm/internlm-chat-7b config.json as transcribed by inclusionAI/Ling mindie_config/atb_models/.../internlm/config_internlm.py ' +
      '(InternlmConfig: vocab_size 103168, hidden_size 4096, intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, ' +
      'max_position_embeddings 2048, bias true, tie_word_embeddings false) and InternLM/InternLM\'s 7B training config (hidden 4096, 32 layers, ' +
      'mlp_ratio 8/3, vocab 103168); total: the config\'s own count (7.32B; the README names it "7 billion")',
  },
  {
    id: 'internlm-20b',
    name: 'InternLM-20B',
    family: 'internlm',
    // InternLM2 and 2.5 replaced it: a bare "InternLM" is not this 2023 model.
    superseded: true,
    sizeOnly: true,
    aliases: ['internlm 20b', 'internlm1-20b', 'internlm-chat-20b', 'internlm/internlm-20b', 'internlm/internlm-chat-20b'],
    arch: llamaStyle({ layers: 60, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 103168, tiedEmbeddings: false }),
    // The shape counts 20.09B: the published 20B is rounded (+0.45%).
    publishedParams: 20e9,
    source: 'internlm/internlm-20b config.json (hidden_size 5120, num_hidden_layers 60, num_attention_heads 40, intermediate_size 13824, vocab_size 103168, bias false, max_position_embeddings 4096); total: InternLM-20B README (20B)',
  },
  {
    id: 'internlm2-7b',
    name: 'InternLM2-7B',
    family: 'internlm',
    aliases: [
      'internlm2 7b', 'internlm-2-7b', 'internlm2-chat-7b', 'internlm2-base-7b', 'internlm/internlm2-7b', 'internlm/internlm2-chat-7b',
      'internlm2.5-7b', 'internlm2.5 7b', 'internlm2_5-7b', 'internlm2_5-7b-chat', 'internlm2.5-7b-chat', 'internlm/internlm2_5-7b', 'internlm/internlm2_5-7b-chat',
    ],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 92544, tiedEmbeddings: false }),
    publishedParams: 7.74e9,
    source: 'internlm/internlm2-chat-7b and internlm/internlm2_5-7b-chat config.json (hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, intermediate_size 14336, vocab_size 92544, bias false); total: Hugging Face model page safetensors count (7.74B)',
  },
  {
    id: 'internlm2-20b',
    name: 'InternLM2-20B',
    family: 'internlm',
    aliases: [
      'internlm2 20b', 'internlm-2-20b', 'internlm2-chat-20b', 'internlm2-base-20b', 'internlm/internlm2-20b', 'internlm/internlm2-chat-20b',
      'internlm2.5-20b', 'internlm2.5 20b', 'internlm2_5-20b', 'internlm2_5-20b-chat', 'internlm2.5-20b-chat', 'internlm/internlm2_5-20b', 'internlm/internlm2_5-20b-chat',
    ],
    arch: llamaStyle({ layers: 48, hidden: 6144, heads: 48, kvHeads: 8, headDim: 128, ffn: 16384, vocab: 92544, tiedEmbeddings: false }),
    publishedParams: 19.9e9,
    source: 'internlm/internlm2-chat-20b config.json (hidden_size 6144, num_hidden_layers 48, num_attention_heads 48, num_key_value_heads 8, intermediate_size 16384, vocab_size 92544); total: Hugging Face model page safetensors count (19.9B)',
  },
];
