import type { ModelSpec } from '../types.js';
import { gatedDeltaNet } from './qwen3-moe.js';
import { llamaStyle } from './shape.js';
import { qwen3VlVision } from './vision.js';

/**
 * Qwen3.5's Gated DeltaNet: Qwen3-Next's shape, with text_config `mamba_ssm_dtype: "float32"` (Qwen/Qwen3.5-27B and
 * Qwen3.5-35B-A3B config.json; the same key in every Qwen3.5 / 3.6 / 3.8 config read): the recurrent state is fp32.
 */
export const qwen35GatedDeltaNet = (numValueHeads: number): ReturnType<typeof gatedDeltaNet> => ({ ...gatedDeltaNet(numValueHeads), ssmStateFp32: true });

/** Qwen3.5-27B's decoder and vision tower (config.json text_config / vision_config), which Qwen3.6-27B ships unchanged. */
const qwen35Dense27b = () =>
  llamaStyle({
    layers: 64, hidden: 5120, heads: 24, kvHeads: 4, headDim: 256, ffn: 17408,
    vocab: 248320, tiedEmbeddings: false, qkNorm: true,
    linearAttention: qwen35GatedDeltaNet(48),
    vision: qwen3VlVision(5120, 'qwen3.5'),
  });

/** Qwen3.5-35B-A3B's MoE decoder and vision tower, which Qwen3.6-35B-A3B ships unchanged (every layer sparse: 256 experts of 512, 8 a token, one shared expert of 512). */
const qwen35Moe35bA3b = () =>
  llamaStyle({
    layers: 40, hidden: 2048, heads: 16, kvHeads: 2, headDim: 256,
    ffn: 512, experts: 256, expertsPerToken: 8, sharedFfn: 512,
    vocab: 248320, tiedEmbeddings: false, qkNorm: true,
    linearAttention: qwen35GatedDeltaNet(32),
    vision: qwen3VlVision(2048, 'qwen3.5'),
  });

/**
 * Alibaba's Qwen3.5 and Qwen3.6 dense models (Qwen3_5ForConditionalGeneration, model_type qwen3_5,
 * text_config qwen3_5_text): Qwen3-Next's hybrid decoder (memory/linear-attention.ts: of every 4
 * layers the 4th is gated full attention, the other 3 Gated DeltaNet) with a dense SwiGLU MLP, and
 * a vision tower in every checkpoint (the Qwen3-VL ViT without DeepStack mergers). The one
 * multi-token-prediction layer the checkpoint also ships (mtp_num_hidden_layers 1) is left out:
 * transformers does not load it, and engines load it only when speculative decoding asks for it.
 */
export const QWEN35_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen3.5-27b',
    name: 'Qwen3.5-27B',
    family: 'qwen',
    aliases: [
      'qwen3.5 27b', 'qwen3.5-27b-instruct', 'qwen 3.5 27b', 'qwen3_5-27b', 'qwen35-27b', 'qwen3.5:27b',
      'qwen/qwen3.5-27b', 'qwen3.5-27b-base', 'qwen/qwen3.5-27b-base',
    ],
    arch: qwen35Dense27b(),
    publishedParams: 27e9,
    source:
      'Qwen/Qwen3.5-27B config.json (text_config qwen3_5_text: 64 layers, hidden 5120, intermediate 17408, 24 heads, 4 KV heads, ' +
      'head_dim 256, attn_output_gate, full_attention_interval 4, linear_num_key_heads 16, linear_num_value_heads 48, ' +
      'linear_key_head_dim 128, linear_value_head_dim 128, linear_conv_kernel_dim 4, vocab 248320, untied; vision_config depth 27, ' +
      'hidden_size 1152, intermediate_size 4304, out_hidden_size 5120, deepstack_visual_indexes []); the same decoder in THUDM/slime ' +
      'scripts/models/qwen3.5-27B.sh (64 layers, hidden 5120, ffn 17408, 24 heads, 4 query groups, kv-channels 256, vocab 248320); ' +
      'total: the name\'s 27B',
  },
  {
    // Qwen3.6-27B ships Qwen3.5-27B's config (the same text_config and vision_config).
    id: 'qwen3.6-27b',
    name: 'Qwen3.6-27B',
    family: 'qwen',
    aliases: ['qwen3.6 27b', 'qwen 3.6 27b', 'qwen3_6-27b', 'qwen36-27b', 'qwen3.6:27b', 'qwen/qwen3.6-27b'],
    arch: qwen35Dense27b(),
    publishedParams: 27e9,
    source:
      'Qwen/Qwen3.6-27B config.json as Qwen3.5-27B\'s (64 layers, hidden 5120, intermediate 17408, 24 heads, 4 KV heads, head_dim 256, ' +
      'full_attention_interval 4, linear 16 key / 48 value heads of 128, conv 4, vocab 248320, untied); total: the name\'s 27B',
  },
  {
    // Qwen3.8-27B ships Qwen3.5-27B's config again (model_type qwen3_5, Qwen3_5ForConditionalGeneration).
    id: 'qwen3.8-27b',
    name: 'Qwen3.8-27B',
    family: 'qwen',
    aliases: ['qwen3.8 27b', 'qwen 3.8 27b', 'qwen3_8-27b', 'qwen38-27b', 'qwen3.8:27b', 'qwen/qwen3.8-27b'],
    arch: qwen35Dense27b(),
    publishedParams: 27e9,
    source:
      'NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py ("Qwen3.6-27B and Qwen3.8-27B are field-for-field identical to ' +
      'Qwen3.5-27B", read from each config.json); baidu-baige/LoongForge#176 (Qwen/Qwen3.8-27B config: Qwen3_5ForConditionalGeneration, ' +
      '64 layers, hidden 5120, FFN 17408, 24 heads, 4 KV groups, vocab 248320, Gated DeltaNet 16 key / 48 value heads of 128, full ' +
      'attention every 4 layers); xorbitsai/inference#5337 (config.json key-for-key as Qwen3.6-27B\'s, max_position_embeddings 262144); ' +
      'total: the name\'s 27B',
  },
  {
    id: 'qwen3.5-35b-a3b',
    name: 'Qwen3.5-35B-A3B',
    family: 'qwen',
    aliases: [
      'qwen3.5 35b a3b', 'qwen3.5-35b', 'qwen3.5 35b', 'qwen 3.5 35b a3b', 'qwen3_5-35b-a3b', 'qwen35-35b-a3b', 'qwen3.5:35b',
      'qwen3.5:35b-a3b', 'qwen/qwen3.5-35b-a3b', 'qwen3.5-35b-a3b-base', 'qwen/qwen3.5-35b-a3b-base',
    ],
    arch: qwen35Moe35bA3b(),
    publishedParams: 35e9,
    source:
      'THUDM/slime scripts/models/qwen3.5-35B-A3B.sh (40 layers, hidden 2048, 16 heads, 2 query groups, kv-channels 256, ' +
      'moe-ffn-hidden-size 512, shared expert 512, 256 experts, top-8, linear-attention-freq 4, linear 16 key / 32 value heads of ' +
      '128, conv 4, vocab 248320, untied, gated attention output): the decoder Qwen3.6-35B-A3B\'s config.json repeats; vision tower ' +
      'as Qwen3.6-35B-A3B\'s (out_hidden_size 2048); total: the name\'s 35B',
  },
  {
    // The MoE sibling: every layer sparse (256 experts of 512, 8 a token, one shared expert of 512).
    id: 'qwen3.6-35b-a3b',
    name: 'Qwen3.6-35B-A3B',
    family: 'qwen',
    aliases: [
      'qwen3.6 35b a3b', 'qwen3.6-35b', 'qwen3.6 35b', 'qwen 3.6 35b a3b', 'qwen3_6-35b-a3b', 'qwen36-35b-a3b', 'qwen3.6:35b',
      'qwen3.6:35b-a3b', 'qwen/qwen3.6-35b-a3b',
    ],
    arch: qwen35Moe35bA3b(),
    publishedParams: 35e9,
    source:
      'Qwen/Qwen3.6-35B-A3B config.json (Qwen3_5MoeForConditionalGeneration; text_config qwen3_5_moe_text: 40 layers, hidden 2048, ' +
      '16 heads, 2 KV heads, head_dim 256, attn_output_gate, full_attention_interval 4, moe_intermediate_size 512, ' +
      'shared_expert_intermediate_size 512, num_experts 256, num_experts_per_tok 8, linear_num_key_heads 16, linear_num_value_heads 32, ' +
      'linear_key_head_dim 128, linear_value_head_dim 128, linear_conv_kernel_dim 4, vocab 248320, untied; vision_config depth 27, ' +
      'hidden_size 1152, intermediate_size 4304, out_hidden_size 2048, deepstack_visual_indexes []); total: the name\'s 35B',
  },
  {
    // The middle MoE: 48 layers, every one sparse (256 experts of 1024, 8 a token, one shared expert of 1024).
    id: 'qwen3.5-122b-a10b',
    name: 'Qwen3.5-122B-A10B',
    family: 'qwen',
    aliases: [
      'qwen3.5 122b a10b', 'qwen3.5-122b', 'qwen3.5 122b', 'qwen 3.5 122b', 'qwen 3.5 122b a10b', 'qwen3_5-122b-a10b',
      'qwen35-122b-a10b', 'qwen3.5:122b', 'qwen3.5:122b-a10b', 'qwen/qwen3.5-122b-a10b',
    ],
    arch: llamaStyle({
      layers: 48, hidden: 3072, heads: 32, kvHeads: 2, headDim: 256,
      ffn: 1024, experts: 256, expertsPerToken: 8, sharedFfn: 1024,
      vocab: 248320, tiedEmbeddings: false, qkNorm: true,
      linearAttention: qwen35GatedDeltaNet(64),
      vision: qwen3VlVision(3072, 'qwen3.5'),
    }),
    publishedParams: 122e9,
    source:
      'Qwen3.5-122B-A10B config.json as alibaba/InferSim hf_configs/qwen3.5-122B-A10B_config.json transcribes it ' +
      '(Qwen3_5MoeForConditionalGeneration; text_config qwen3_5_moe_text: 48 layers, hidden 3072, 32 heads, 2 KV heads, head_dim 256, ' +
      'attn_output_gate, full_attention_interval 4, moe_intermediate_size 1024, shared_expert_intermediate_size 1024, num_experts 256, ' +
      'num_experts_per_tok 8, linear 16 key / 64 value heads of 128, conv 4, vocab 248320, untied, max_position_embeddings 262144; ' +
      'vision_config depth 27, hidden 1152, intermediate 4304, out_hidden_size 3072, deepstack []); the same text shape in ' +
      'NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py; total: the name\'s 122B',
  },
  {
    // The flagship: 60 layers, every one sparse (512 experts of 1024, 10 a token, one shared expert of 1024).
    id: 'qwen3.5-397b-a17b',
    name: 'Qwen3.5-397B-A17B',
    family: 'qwen',
    aliases: [
      'qwen3.5 397b a17b', 'qwen3.5-397b', 'qwen3.5 397b', 'qwen 3.5 397b', 'qwen 3.5 397b a17b', 'qwen3_5-397b-a17b',
      'qwen35-397b-a17b', 'qwen3.5:397b', 'qwen3.5:397b-a17b', 'qwen/qwen3.5-397b-a17b',
    ],
    arch: llamaStyle({
      layers: 60, hidden: 4096, heads: 32, kvHeads: 2, headDim: 256,
      ffn: 1024, experts: 512, expertsPerToken: 10, sharedFfn: 1024,
      vocab: 248320, tiedEmbeddings: false, qkNorm: true,
      linearAttention: qwen35GatedDeltaNet(64),
      vision: qwen3VlVision(4096, 'qwen3.5'),
    }),
    publishedParams: 397e9,
    source:
      'THUDM/slime scripts/models/qwen3.5-397B-A17B.sh (60 layers, hidden 4096, 32 heads, 2 query groups, kv-channels 256, ' +
      'moe-ffn-hidden-size 1024, shared expert 1024, 512 experts, top-10, vocab 248320, untied, gated attention output); the ' +
      'linear-attention shape (16 key / 64 value heads of 128, conv 4, full_attention_interval 4) and the vision tower (depth 27, ' +
      'hidden 1152, out_hidden_size 4096) as transcribed from Qwen/Qwen3.5-397B-A17B config.json in a public architecture note ' +
      '(Qwen3_5MoeForConditionalGeneration, "verified 2026-05-15"); total: the name\'s 397B',
  },
];
