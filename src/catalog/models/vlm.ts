import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';
import { llavaVision, qwen25VlVision, qwen2VlVision } from './vision.js';

/**
 * Vision-language models whose language model is a catalog decoder: the text shape is the
 * decoder's (config.json text fields), the vision tower and projector come from vision_config
 * (vision.ts). `publishedParams` is the text model's total: the checkpoint total less the tower,
 * so the catalog test compares like with like; test/catalog/vision.test.ts checks the sum.
 */
export const VLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen2-vl-2b',
    name: 'Qwen2-VL-2B',
    family: 'qwen',
    aliases: ['qwen2-vl-2b-instruct', 'qwen2 vl 2b', 'qwen2vl-2b', 'qwen/qwen2-vl-2b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 1536, heads: 12, kvHeads: 2, headDim: 128, ffn: 8960, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv', vision: qwen2VlVision(1536) }),
    publishedParams: 1_543_714_304,
    source: 'Qwen/Qwen2-VL-2B-Instruct config.json (text as Qwen2-1.5B; vision_config depth 32, embed_dim 1280, mlp_ratio 4, hidden_size 1536); total: the 2.21B checkpoint less the vision tower',
  },
  {
    id: 'qwen2-vl-7b',
    name: 'Qwen2-VL-7B',
    family: 'qwen',
    aliases: ['qwen2-vl-7b-instruct', 'qwen2 vl 7b', 'qwen2vl-7b', 'qwen/qwen2-vl-7b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwen2VlVision(3584) }),
    publishedParams: 7_615_616_512,
    source: 'Qwen/Qwen2-VL-7B-Instruct config.json (text as Qwen2-7B; vision_config depth 32, embed_dim 1280, mlp_ratio 4, hidden_size 3584); total: the 8.29B checkpoint less the vision tower',
  },
  {
    id: 'qwen2.5-vl-3b',
    name: 'Qwen2.5-VL-3B',
    family: 'qwen',
    aliases: ['qwen2.5-vl-3b-instruct', 'qwen2.5 vl 3b', 'qwen2.5vl-3b', 'qwen/qwen2.5-vl-3b-instruct'],
    arch: llamaStyle({ layers: 36, hidden: 2048, heads: 16, kvHeads: 2, headDim: 128, ffn: 11008, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv', vision: qwen25VlVision(2048) }),
    publishedParams: 3_085_938_688,
    source: 'Qwen/Qwen2.5-VL-3B-Instruct config.json (text as Qwen2.5-3B; vision_config depth 32, hidden_size 1280, intermediate_size 3420, out_hidden_size 2048); total: the 3.75B checkpoint less the vision tower',
  },
  {
    id: 'qwen2.5-vl-7b',
    name: 'Qwen2.5-VL-7B',
    family: 'qwen',
    aliases: ['qwen2.5-vl-7b-instruct', 'qwen2.5 vl 7b', 'qwen2.5vl-7b', 'qwen/qwen2.5-vl-7b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwen25VlVision(3584) }),
    publishedParams: 7_615_616_512,
    source: 'Qwen/Qwen2.5-VL-7B-Instruct config.json (text as Qwen2.5-7B; vision_config depth 32, hidden_size 1280, intermediate_size 3420, out_hidden_size 3584); total: the 8.29B checkpoint less the vision tower',
  },
  {
    id: 'qwen2.5-vl-72b',
    name: 'Qwen2.5-VL-72B',
    family: 'qwen',
    aliases: ['qwen2.5-vl-72b-instruct', 'qwen2.5 vl 72b', 'qwen2.5vl-72b', 'qwen/qwen2.5-vl-72b-instruct'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwen25VlVision(8192) }),
    publishedParams: 72_706_203_648,
    source: 'Qwen/Qwen2.5-VL-72B-Instruct config.json (text as Qwen2.5-72B; vision_config as 7B with out_hidden_size 8192); total: the 73.4B checkpoint less the vision tower',
  },
  {
    id: 'llava-1.5-7b',
    name: 'LLaVA-1.5-7B',
    family: 'llama',
    aliases: ['llava 1.5 7b', 'llava-v1.5-7b', 'llava-1.5-7b-hf', 'llava-hf/llava-1.5-7b-hf', 'liuhaotian/llava-v1.5-7b'],
    // Vicuna-7B v1.5 (a Llama-2-7B) with vocab_size 32064 (image and pad tokens added).
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32064, tiedEmbeddings: false, vision: llavaVision(4096) }),
    publishedParams: 6_738_939_904,
    source: 'llava-hf/llava-1.5-7b-hf config.json (text_config vocab_size 32064, vision_config CLIP ViT-L/14-336, projector_hidden_act gelu); total: the 7.06B checkpoint less the vision tower',
  },
  {
    id: 'llava-1.5-13b',
    name: 'LLaVA-1.5-13B',
    family: 'llama',
    aliases: ['llava 1.5 13b', 'llava-v1.5-13b', 'llava-1.5-13b-hf', 'llava-hf/llava-1.5-13b-hf', 'liuhaotian/llava-v1.5-13b'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 32064, tiedEmbeddings: false, vision: llavaVision(5120) }),
    publishedParams: 13_016_519_680,
    source: 'llava-hf/llava-1.5-13b-hf config.json (text_config as Llama-2-13B with vocab_size 32064, vision_config CLIP ViT-L/14-336); total: the 13.35B checkpoint less the vision tower',
  },
];
