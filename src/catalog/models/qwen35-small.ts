import type { ModelSpec } from '../types.js';
import { qwen35GatedDeltaNet } from './qwen35.js';
import { llamaStyle } from './shape.js';
import { qwen3VlVision } from './vision.js';

/**
 * The small dense Qwen3.5 checkpoints (Qwen3_5ForConditionalGeneration, text_config qwen3_5_text): the same hybrid
 * decoder as Qwen3.5-27B (qwen35.ts: of every 4 layers the 4th gated full attention with head_dim 256, the other 3
 * Gated DeltaNet with 16 key heads of 128) and a vision tower in every checkpoint. Only the widths, the value-head
 * count of the linear layers, the embedding tie and the tower differ. The one multi-token-prediction layer each
 * checkpoint also ships (mtp_num_hidden_layers 1) is left out, as for 27B.
 *
 * Sources, each number in two: NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py ("Published Qwen3.5 / Qwen3.6 /
 * Qwen3.8 layer dimensions, read from each model's config.json": hidden, layers, intermediate, linear value heads,
 * query heads, KV heads, head_dim 256, vocab 248320) and THUDM/slime scripts/models/qwen3.5-{0.8B,4B,9B}.sh (layers,
 * hidden, ffn, heads, query groups, kv-channels 256, vocab; --untie-embeddings-and-output-weights only in 9B's).
 * Qwen3.5-2B (hidden 2048, 24 layers, intermediate 6144, 16 value heads, 8 / 2 heads in the same table) is left out:
 * no public transcription of its embedding tie or its vision tower was found.
 */
/** The ways people write a small Qwen3.5 checkpoint of one size ("9b"): spaced, snake and packed, its Ollama tag and Hub ids, -instruct and -base. */
const smallAliases = (size: string): string[] => [
  `qwen3.5 ${size}`, `qwen 3.5 ${size}`, `qwen3_5-${size}`, `qwen35-${size}`, `qwen3.5:${size}`, `qwen/qwen3.5-${size}`, `qwen3.5-${size}-instruct`,
  `qwen3.5-${size}-base`, `qwen/qwen3.5-${size}-base`,
];

export const QWEN35_SMALL_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen3.5-9b',
    name: 'Qwen3.5-9B',
    family: 'qwen',
    aliases: smallAliases('9b'),
    arch: llamaStyle({
      layers: 32, hidden: 4096, heads: 16, kvHeads: 4, headDim: 256, ffn: 12288,
      vocab: 248320, tiedEmbeddings: false, qkNorm: true,
      linearAttention: qwen35GatedDeltaNet(32),
      vision: qwen3VlVision(4096, 'qwen3.5'),
    }),
    publishedParams: 8.96e9,
    source:
      'Qwen/Qwen3.5-9B config.json text_config as transformers models/qwen3_5/configuration_qwen3_5.py Qwen3_5TextConfig defaults ' +
      '("the Qwen3.5-9B style configuration": 32 layers, hidden 4096, intermediate 12288, 16 heads, 4 KV heads, head_dim 256, ' +
      'linear 16 key / 32 value heads of 128, conv 4, vocab 248320, untied) and NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py ' +
      '(Qwen3.5-9B: 4096, 32, 12288, 32 value heads, 16 / 4 heads, "intermediate_size verified against config.json"); THUDM/slime ' +
      'scripts/models/qwen3.5-9B.sh (untied); vision_config depth 27, hidden 1152, intermediate 4304, out_hidden_size 4096 as a ' +
      'public test fixture transcribes the real Qwen3.5-9B config; text total: ggml-org/Llama-macOS#63\'s table of Unsloth\'s Qwen3.5 GGUF (8.96B, the vision tower in its own mmproj file)',
  },
  {
    id: 'qwen3.5-4b',
    name: 'Qwen3.5-4B',
    family: 'qwen',
    aliases: smallAliases('4b'),
    arch: llamaStyle({
      layers: 32, hidden: 2560, heads: 16, kvHeads: 4, headDim: 256, ffn: 9216,
      vocab: 248320, tiedEmbeddings: true, qkNorm: true,
      linearAttention: qwen35GatedDeltaNet(32),
      vision: qwen3VlVision(2560, 'qwen3.5-4b'),
    }),
    publishedParams: 4.21e9,
    source:
      'Qwen/Qwen3.5-4B config.json as NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py reads it (Qwen3.5-4B: hidden 2560, 32 layers, intermediate 9216, 32 linear value ' +
      'heads, 16 heads, 4 KV heads, head_dim 256, 16 key heads of 128, conv 4, interval 4, vocab 248320); THUDM/slime ' +
      'scripts/models/qwen3.5-4B.sh (the same, tied: no --untie flag; slime PR #1721 "checked against the HuggingFace Qwen3.5-4B ' +
      'model config"); an MLLM-team Qwen3.5 checkpoint validator\'s contract (tie_word_embeddings true; vision_config depth 24, hidden ' +
      '1024, intermediate 4096, out_hidden_size 2560, deepstack []); text total: ggml-org/Llama-macOS#63 (GGUF 4.21B)',
  },
  {
    id: 'qwen3.5-0.8b',
    name: 'Qwen3.5-0.8B',
    family: 'qwen',
    aliases: smallAliases('0.8b'),
    arch: llamaStyle({
      layers: 24, hidden: 1024, heads: 8, kvHeads: 2, headDim: 256, ffn: 3584,
      vocab: 248320, tiedEmbeddings: true, qkNorm: true,
      linearAttention: qwen35GatedDeltaNet(16),
      vision: qwen3VlVision(1024, 'qwen3.5-0.8b'),
    }),
    publishedParams: 0.758e9,
    source:
      'Qwen/Qwen3.5-0.8B config.json as NVIDIA/cudnn-frontend benchmark/e2e/_qwen_configs.py reads it (Qwen3.5-0.8B: hidden 1024, 24 layers, intermediate 3584, 16 linear value ' +
      'heads, 8 heads, 2 KV heads, head_dim 256, vocab 248320); THUDM/slime scripts/models/qwen3.5-0.8B.sh (the same, tied); ' +
      'cpehle/tyr Tyr/Model/Qwen35/Config.lean qwen35_0_8B (linear_num_value_heads 16, tie_word_embeddings true); an MLLM-team ' +
      'Qwen3.5 checkpoint validator\'s contract (vision_config depth 12, hidden 768, intermediate 3072, out_hidden_size 1024, ' +
      'deepstack []); text total: ggml-org/Llama-macOS#63 (GGUF 758M)',
  },
];
