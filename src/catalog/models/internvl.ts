import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';
import { internVitVision } from './vision.js';

/**
 * OpenGVLab's InternVL 2, 2.5 and 3 (InternVLChatModel, remote code): an InternViT tower, the mlp1
 * projector (vision.ts internVitVision) and a catalog decoder as llm_config, its vocabulary grown by
 * InternVL's image and box tokens (InternLM2 92,544 → 92,553; Qwen2.5 151,674 rows where Qwen2.5
 * pads to 151,936 / 152,064). `publishedParams` is the text model's: the checkpoint's published
 * total (InternVL README model table, "#Param") less the tower and projector, or, where the README
 * gives none, the decoder's own published count less the vocabulary rows it drops.
 */
const QWEN25_ROWS_DROPPED = 152_064 - 151_674;

export const INTERNVL_MODELS: readonly ModelSpec[] = [
  {
    id: 'internvl2-8b',
    name: 'InternVL2-8B',
    family: 'internvl',
    aliases: ['internvl2 8b', 'internvl2_8b', 'internvl-2-8b', 'internvl2-8b-chat', 'opengvlab/internvl2-8b'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 92553, tiedEmbeddings: false, vision: internVitVision('300m', 4096) }),
    publishedParams: 8.1e9 - internVitVision('300m', 4096).params,
    source:
      'OpenGVLab/InternVL2-8B config.json (llm_config internlm2: hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, ' +
      'num_key_value_heads 8, intermediate_size 14336, vocab_size 92553, untied; vision_config InternViT-300M-448px: hidden 1024, ' +
      '24 layers, intermediate 4096, layer_norm, qkv_bias true); total: InternVL README model table (8.1B) less the tower',
  },
  {
    id: 'internvl2.5-8b',
    name: 'InternVL2.5-8B',
    family: 'internvl',
    aliases: ['internvl2.5 8b', 'internvl2_5-8b', 'internvl2_5 8b', 'internvl-2.5-8b', 'internvl2.5-8b-mpo', 'internvl2_5-8b-mpo', 'opengvlab/internvl2_5-8b', 'opengvlab/internvl2_5-8b-mpo'],
    // InternViT-300M-448px-V2_5 keeps the 300M shape; the decoder is again internlm2_5-7b-chat.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 92553, tiedEmbeddings: false, vision: internVitVision('300m', 4096) }),
    publishedParams: 8.1e9 - internVitVision('300m', 4096).params,
    source:
      'OpenGVLab/InternVL2_5-8B (InternVL README model table: InternViT-300M-448px-V2.5 + internlm2_5-7b-chat, 8.1B); llm_config: the ' +
      'internlm2_5-7b-chat config.json with vocab_size 92553 as in InternVL2-8B\'s config.json (same tokenizer); total: 8.1B less the tower',
  },
  {
    id: 'internvl2-26b',
    name: 'InternVL2-26B',
    family: 'internvl',
    aliases: [
      'internvl2 26b', 'internvl2_26b', 'internvl-2-26b', 'internvl 26b', 'internvl-26b', 'opengvlab/internvl2-26b',
      // InternVL-Chat-V1-5 is the same pair (InternViT-6B-448px-V1-5 + internlm2-chat-20b, 25.5B in the README table).
      'internvl-chat-v1-5', 'internvl-chat-v1.5', 'internvl chat v1.5', 'internvl-1.5', 'internvl1.5', 'opengvlab/internvl-chat-v1-5',
    ],
    arch: llamaStyle({ layers: 48, hidden: 6144, heads: 48, kvHeads: 8, headDim: 128, ffn: 16384, vocab: 92553, tiedEmbeddings: false, vision: internVitVision('6b', 6144) }),
    publishedParams: 25.5e9 - internVitVision('6b', 6144).params,
    source:
      'OpenGVLab/InternVL2-26B config.json (llm_config internlm/internlm2-chat-20b: hidden_size 6144, 48 layers, 48 heads, 8 KV heads, ' +
      'intermediate_size 16384, vocab_size 92553, untied; vision_config InternViT-6B-448px-V1-5: hidden 3200, 45 layers, intermediate 12800, ' +
      'rms_norm, qkv_bias false, qk_normalization true); total: InternVL README model table (25.5B) less the tower',
  },
  {
    id: 'internvl2-llama3-76b',
    name: 'InternVL2-Llama3-76B',
    family: 'internvl',
    aliases: ['internvl2-llama3-76b', 'internvl2 llama3 76b', 'internvl2_llama3_76b', 'internvl2-76b', 'internvl2 76b', 'opengvlab/internvl2-llama3-76b'],
    // Hermes-2-Theta-Llama-3-70B as llm_config: Llama-3-70B's shape (the handful of added image-token rows not counted).
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 28672, vocab: 128256, tiedEmbeddings: false, vision: internVitVision('6b', 8192) }),
    publishedParams: 76.3e9 - internVitVision('6b', 8192).params,
    source:
      'OpenGVLab/InternVL2-Llama3-76B (InternVL README model table: InternViT-6B-448px-V1.5 + NousResearch/Hermes-2-Theta-Llama-3-70B, 76.3B); ' +
      'llm_config: the Hermes-2-Theta-Llama-3-70B config.json, Llama-3-70B\'s (80 layers, hidden 8192, 64 heads, 8 KV heads, intermediate 28672); ' +
      'total: 76.3B less the tower',
  },
  {
    id: 'internvl2.5-38b',
    name: 'InternVL2.5-38B',
    family: 'internvl',
    aliases: [
      'internvl2.5 38b', 'internvl2_5-38b', 'internvl2_5 38b', 'internvl-2.5-38b', 'intern2.5 vl 38b', 'internvl2.5-38b-mpo', 'internvl2_5-38b-mpo',
      'internvl 2.5 38b', 'opengvlab/internvl2_5-38b', 'opengvlab/internvl2_5-38b-mpo',
    ],
    // InternViT-6B-448px-V2_5 and Qwen2.5-32B-Instruct as llm_config: Qwen2.5-32B's shape (64 layers, the
    // README's split_model table); its vocabulary kept at Qwen2.5's 152,064 rows (InternVL's image tokens
    // fall inside the padding: at most 390 rows, 0.01%, between the two readings).
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 27648, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: internVitVision('6b', 5120) }),
    publishedParams: 32_763_876_352,
    source:
      'OpenGVLab/InternVL README (InternVL2.5 table: InternVL2_5-38B = InternViT-6B-448px-V2_5 + Qwen2.5-32B-Instruct; its split_model ' +
      'num_layers \'InternVL2_5-38B\': 64; internvl_chat_v2_5 stage-2 script internvl2_5_38b_qwen2_5_32b: "InternViT-6B-448px-V2_5 + MLP + ' +
      'Qwen2.5-32B-Instruct"); llm_config: the Qwen2.5-32B-Instruct config.json (hidden 5120, 64 layers, 40 heads, 8 KV heads, intermediate ' +
      '27648, QKV bias); total: Qwen2.5-32B\'s count, the tower and mlp1 (InternViT-6B, 5.5B) counted apart',
  },
  {
    id: 'internvl3-8b',
    name: 'InternVL3-8B',
    family: 'internvl',
    aliases: ['internvl3 8b', 'internvl3_8b', 'internvl-3-8b', 'internvl3-8b-instruct', 'opengvlab/internvl3-8b', 'opengvlab/internvl3-8b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 151674, tiedEmbeddings: false, attentionBias: 'qkv', vision: internVitVision('300m', 3584) }),
    publishedParams: 7_615_616_512 - 2 * QWEN25_ROWS_DROPPED * 3584,
    source:
      'OpenGVLab/InternVL3-8B config.json (llm_config qwen2 as Qwen2.5-7B: hidden 3584, 28 layers, 28 heads, 4 KV heads, intermediate 18944, ' +
      'vocab_size 151674; vision_config InternViT-300M-448px-V2_5); total: Qwen2.5-7B\'s count less the 390 vocabulary rows of the embedding and the head',
  },
  {
    id: 'internvl3-78b',
    name: 'InternVL3-78B',
    family: 'internvl',
    aliases: ['internvl3 78b', 'internvl3_78b', 'internvl-3-78b', 'internvl3-78b-instruct', 'opengvlab/internvl3-78b', 'opengvlab/internvl3-78b-instruct'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 151674, tiedEmbeddings: false, attentionBias: 'qkv', vision: internVitVision('6b', 8192) }),
    publishedParams: 72_706_203_648 - 2 * QWEN25_ROWS_DROPPED * 8192,
    source:
      'OpenGVLab/InternVL3-78B config.json (llm_config qwen2 as Qwen2.5-72B: hidden 8192, 80 layers, 64 heads, 8 KV heads, intermediate 29568, ' +
      'vocab_size 151674; vision_config InternViT-6B-448px-V2_5: hidden 3200, 45 layers, qk_normalization); total: Qwen2.5-72B\'s count less the 390 vocabulary rows',
  },
];
