import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Meta's Llama 2 / Code Llama / Llama 3.x and TinyLlama (all LlamaForCausalLM).
 * Shapes from each checkpoint's config.json. Totals: KerasHub presets (keras-team/keras-hub,
 * keras_hub/src/models/llama*_presets.py, "params"), the safetensors index `total_size` / 2 for
 * bf16 checkpoints, or the model card where neither is exact.
 */
/**
 * KerasHub builds Llama 3.2 with a separate output projection, so its preset count includes
 * one vocab × hidden matrix that the tied Hugging Face checkpoint shares with the embedding.
 */
function untiedHeadCopy(vocab: number, hidden: number): number {
  return vocab * hidden;
}

export const LLAMA_MODELS: readonly ModelSpec[] = [
  {
    id: 'llama-2-7b',
    name: 'Llama-2-7B',
    family: 'llama',
    aliases: ['llama2-7b', 'llama-2-7b-hf', 'llama 2 7b', 'llama-2-7b-chat', 'llama-2-7b-chat-hf', 'meta-llama/llama-2-7b-hf'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 6_738_415_616,
    source: 'meta-llama/Llama-2-7b-hf config.json; total: KerasHub llama2_7b_en preset (6,738,415,616)',
  },
  {
    id: 'llama-2-13b',
    name: 'Llama-2-13B',
    family: 'llama',
    aliases: ['llama2-13b', 'llama-2-13b-hf', 'llama 2 13b', 'llama-2-13b-chat', 'llama-2-13b-chat-hf', 'meta-llama/llama-2-13b-hf'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 13_015_864_320,
    source: 'meta-llama/Llama-2-13b-hf config.json; total: safetensors index total_size 26,031,728,640 B / 2',
  },
  {
    id: 'llama-2-70b',
    name: 'Llama-2-70B',
    family: 'llama',
    aliases: [
      'llama2-70b', 'llama-2-70b-hf', 'llama 2 70b', 'llama-2-70b-chat', 'llama-2-70b-chat-hf', 'meta-llama/llama-2-70b-hf',
      // CodeLlama-70B is this shape (codellama/CodeLlama-70b-hf config.json: 80 layers, hidden 8192, 8 KV heads, ffn 28672;
      // vocab 32016, 16 rows more): read by its base, as the corpus reads it (mlx-community/CodeLlama-70b-hf-4bit-MLX, c2477).
      'codellama-70b', 'code llama 70b', 'code-llama-70b', 'codellama-70b-hf', 'codellama-70b-instruct-hf', 'codellama-70b-python-hf',
    ],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 28672, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 68_976_648_192,
    source: 'meta-llama/Llama-2-70b-hf config.json; total: safetensors index total_size 137,953,296,384 B / 2',
  },
  {
    id: 'codellama-7b',
    name: 'CodeLlama-7B',
    family: 'llama',
    aliases: ['code-llama-7b', 'code llama 7b', 'codellama-7b-hf', 'codellama-7b-instruct-hf', 'codellama-7b-python-hf', 'codellama/codellama-7b-hf'],
    // vocab 32016: Llama 2's 32000 plus 16 infilling tokens (Code Llama paper §2.3).
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32016, tiedEmbeddings: false }),
    publishedParams: 6.74e9,
    source: 'codellama/CodeLlama-7b-hf config.json; total: Hugging Face model page safetensors count 6.74B',
  },
  {
    id: 'codellama-13b',
    name: 'CodeLlama-13B',
    family: 'llama',
    aliases: ['code-llama-13b', 'code llama 13b', 'codellama-13b-hf', 'codellama-13b-instruct-hf', 'codellama-13b-python-hf', 'codellama/codellama-13b-hf'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 32016, tiedEmbeddings: false }),
    publishedParams: 13.0e9,
    source: 'codellama/CodeLlama-13b-hf config.json; total: Hugging Face model page safetensors count 13.0B',
  },
  {
    id: 'codellama-34b',
    name: 'CodeLlama-34B',
    family: 'llama',
    aliases: ['code-llama-34b', 'code llama 34b', 'codellama-34b-hf', 'codellama-34b-instruct-hf', 'codellama-34b-python-hf', 'codellama/codellama-34b-hf'],
    // The 34B keeps vocab 32000 (no infilling training) and uses GQA with 8 KV heads.
    arch: llamaStyle({ layers: 48, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 22016, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 33.7e9,
    source: 'codellama/CodeLlama-34b-hf config.json; total: Hugging Face model page safetensors count 33.7B',
  },
  {
    id: 'llama-3-8b',
    name: 'Llama-3-8B',
    family: 'llama',
    aliases: ['llama3-8b', 'llama 3 8b', 'meta-llama-3-8b', 'meta-llama-3-8b-instruct', 'llama-3-8b-instruct', 'llama3-8b-instruct', 'meta-llama/meta-llama-3-8b'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 128256, tiedEmbeddings: false }),
    publishedParams: 8_030_261_248,
    source: 'meta-llama/Meta-Llama-3-8B config.json; total: KerasHub llama3_8b_en preset (8,030,261,248) = safetensors total_size 16,060,522,496 B / 2',
  },
  {
    id: 'llama-3-70b',
    name: 'Llama-3-70B',
    family: 'llama',
    aliases: ['llama3-70b', 'llama 3 70b', 'meta-llama-3-70b', 'meta-llama-3-70b-instruct', 'llama-3-70b-instruct', 'llama3-70b-instruct', 'meta-llama/meta-llama-3-70b'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 28672, vocab: 128256, tiedEmbeddings: false }),
    publishedParams: 70_553_706_496,
    source: 'meta-llama/Meta-Llama-3-70B config.json; total: safetensors index total_size 141,107,412,992 B / 2',
  },
  {
    id: 'llama-3.1-8b',
    name: 'Llama-3.1-8B',
    family: 'llama',
    aliases: ['llama3.1-8b', 'llama 3.1 8b', 'llama-3.1-8b-instruct', 'llama3.1-8b-instruct', 'meta-llama-3.1-8b', 'meta-llama-3.1-8b-instruct', 'meta-llama/llama-3.1-8b'],
    // Same shape as Llama 3 8B; only RoPE scaling (llama3, factor 8) and the 128k context change.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 128256, tiedEmbeddings: false }),
    publishedParams: 8_030_261_248,
    source: 'meta-llama/Llama-3.1-8B config.json; total: KerasHub llama3.1_8b preset (8,030,261,248)',
  },
  {
    id: 'llama-3.1-70b',
    name: 'Llama-3.1-70B',
    family: 'llama',
    aliases: ['llama3.1-70b', 'llama 3.1 70b', 'llama-3.1-70b-instruct', 'llama3.1-70b-instruct', 'meta-llama-3.1-70b', 'meta-llama-3.1-70b-instruct', 'meta-llama/llama-3.1-70b', 'llama-3.3-70b', 'llama 3.3 70b', 'llama-3.3-70b-instruct'],
    // Llama 3.3 70B Instruct reuses this exact shape, hence its aliases here.
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 28672, vocab: 128256, tiedEmbeddings: false }),
    publishedParams: 70_553_706_496,
    source: 'meta-llama/Llama-3.1-70B config.json; total: safetensors index total_size 141,107,412,992 B / 2',
  },
  {
    id: 'llama-3.1-405b',
    name: 'Llama-3.1-405B',
    family: 'llama',
    aliases: ['llama3.1-405b', 'llama 3.1 405b', 'llama-3.1-405b-instruct', 'llama3.1-405b-instruct', 'meta-llama-3.1-405b', 'meta-llama-3.1-405b-instruct', 'llama-405b', 'llama 405b', 'meta-llama/llama-3.1-405b'],
    arch: llamaStyle({ layers: 126, hidden: 16384, heads: 128, kvHeads: 8, headDim: 128, ffn: 53248, vocab: 128256, tiedEmbeddings: false }),
    publishedParams: 405e9,
    source: 'meta-llama/Llama-3.1-405B config.json; total: Llama 3.1 model card (405B)',
  },
  {
    id: 'llama-3.2-1b',
    name: 'Llama-3.2-1B',
    family: 'llama',
    aliases: ['llama3.2-1b', 'llama 3.2 1b', 'llama-3.2-1b-instruct', 'llama3.2-1b-instruct', 'meta-llama/llama-3.2-1b'],
    arch: llamaStyle({ layers: 16, hidden: 2048, heads: 32, kvHeads: 8, headDim: 64, ffn: 8192, vocab: 128256, tiedEmbeddings: true }),
    publishedParams: 1_498_482_688 - untiedHeadCopy(128256, 2048),
    source: 'meta-llama/Llama-3.2-1B config.json (tie_word_embeddings true); total: KerasHub llama3.2_1b preset (1,498,482,688) less its untied lm_head; model card 1.23B',
  },
  {
    id: 'llama-3.2-3b',
    name: 'Llama-3.2-3B',
    family: 'llama',
    aliases: ['llama3.2-3b', 'llama 3.2 3b', 'llama-3.2-3b-instruct', 'llama3.2-3b-instruct', 'meta-llama/llama-3.2-3b'],
    arch: llamaStyle({ layers: 28, hidden: 3072, heads: 24, kvHeads: 8, headDim: 128, ffn: 8192, vocab: 128256, tiedEmbeddings: true }),
    publishedParams: 3_606_752_256 - untiedHeadCopy(128256, 3072),
    source: 'meta-llama/Llama-3.2-3B config.json (tie_word_embeddings true); total: KerasHub llama3.2_3b preset (3,606,752,256) less its untied lm_head; model card 3.21B',
  },
  {
    id: 'tinyllama-1.1b',
    name: 'TinyLlama-1.1B',
    family: 'llama',
    aliases: ['tinyllama', 'tiny llama', 'tinyllama 1.1b', 'tinyllama-1.1b-chat-v1.0', 'tinyllama-1.1b-intermediate-step-1431k-3t', 'tinyllama/tinyllama-1.1b-chat-v1.0'],
    arch: llamaStyle({ layers: 22, hidden: 2048, heads: 32, kvHeads: 4, headDim: 64, ffn: 5632, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 1.1e9,
    source: 'TinyLlama/TinyLlama-1.1B-Chat-v1.0 config.json; total: TinyLlama paper / model card (1.1B)',
  },
];
