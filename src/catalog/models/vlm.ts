import type { Architecture, ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';
import { cogvlmVision, llavaOneVisionVision, llavaVision, minicpmVision, mllamaVision, pixtralVision, qwen25VlVision, qwen2VlVision, qwen3VlVision, qwenVlVision } from './vision.js';

/**
 * Llama 3.2 Vision's language model (MllamaForConditionalGeneration, text_config): Llama 3.1's
 * decoder with a cross-attention layer inserted every fifth position. num_hidden_layers counts both
 * kinds (11B: 40 = 32 self + 8 cross, cross_attention_layers [3, 8, …, 38]; 90B: 100 = 80 + 20,
 * [3, 8, …, 98]). A MllamaCrossAttentionDecoderLayer (transformers modeling_mllama.py) has a self-
 * attention layer's tensors (q/k/v/o without bias, gated MLP, input and post-attention RMSNorm; k/v
 * read the vision states after multi_modal_projector, already text-hidden wide) plus an RMSNorm of head_dim on q and
 * on k and the two tanh gates cross_attn_attn_gate and cross_attn_mlp_gate: so every layer is counted
 * as a decoder layer (trained in a full fine-tune, targeted by LoRA's q/k/v/o/gate/up/down, whose
 * names PEFT matches in cross_attn too), the 2 × head_dim + 2 extra per cross-attention layer as
 * extraParams, and crossAttentionLayers keeps them out of the text KV cache (memory/inference.ts
 * selfAttentionShare). Activations count them as decoder layers: a batch with an image runs them on
 * every text token (a text-only batch skips them, so that term is high by their share there).
 * embed_tokens has vocab_size + 8 rows (the image token and padding), the LM head vocab_size.
 */
function mllamaText(layers: number, crossLayers: number, hidden: number, heads: number, ffn: number): Architecture {
  const headDim = 128;
  const extraRows = 8 * hidden;
  const crossExtras = crossLayers * (2 * headDim + 2);
  return llamaStyle({
    layers, hidden, heads, kvHeads: 8, headDim, ffn, vocab: 128256, tiedEmbeddings: false,
    crossAttentionLayers: crossLayers, extraParams: extraRows + crossExtras, vision: mllamaVision(hidden),
  });
}

/**
 * Vision-language models whose language model is a catalog decoder: the text shape is the
 * decoder's (config.json text fields), the vision tower and projector come from vision_config
 * (vision.ts). `publishedParams` is the text model's total: the checkpoint total less the tower,
 * so the catalog test compares like with like; test/catalog/vision.test.ts checks the sum.
 */
export const VLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen-vl-9.6b',
    name: 'Qwen-VL',
    family: 'qwen',
    aliases: [
      'qwen-vl', 'qwen vl', 'qwen-vl-chat', 'qwen vl chat', 'qwenvl-chat', 'qwen-vl-9.6b', 'qwen-vl-chat-9.6b', 'qwen-vl-plus-open',
      'qwen/qwen-vl', 'qwen/qwen-vl-chat',
    ],
    // QWenLMHeadModel with a `visual` tower: Qwen-7B's decoder (fused c_attn with bias, w1/w2/c_proj, RMSNorm, untied).
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwenVlVision() }),
    publishedParams: 7.72e9,
    source:
      'Qwen/Qwen-VL-Chat config.json (hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, intermediate_size 22016 = w1 + w2, ' +
      'vocab_size 151936; visual: width 1664, layers 48, heads 16, mlp_ratio 4.9231, patch_size 14, image_size 448, output_dim 4096); ' +
      'total: Qwen-7B\'s (7.72B), the 1.94B tower counted apart (README: "9.6B")',
  },
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
    id: 'qwen2-vl-72b',
    name: 'Qwen2-VL-72B',
    family: 'qwen',
    aliases: ['qwen2-vl-72b-instruct', 'qwen2 vl 72b', 'qwen2vl-72b', 'qwen/qwen2-vl-72b-instruct'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwen2VlVision(8192) }),
    publishedParams: 72.7e9,
    source: 'Qwen/Qwen2-VL-72B-Instruct config.json (text as Qwen2-72B: 80 layers, hidden 8192, 64 heads, 8 KV heads, intermediate 29568; vision_config depth 32, embed_dim 1280, hidden_size 8192); total: the 73.4B checkpoint less the vision tower (Qwen2-72B\'s 72.7B)',
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
    id: 'qwen2.5-vl-32b',
    name: 'Qwen2.5-VL-32B',
    family: 'qwen',
    aliases: ['qwen2.5-vl-32b-instruct', 'qwen2.5 vl 32b', 'qwen2.5vl-32b', 'qwen2.5-vl-32', 'qwen2.5-vl-32-instruct', 'qwen/qwen2.5-vl-32b-instruct'],
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 27648, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: qwen25VlVision(5120) }),
    publishedParams: 32_763_876_352,
    source:
      'Qwen/Qwen2.5-VL-32B-Instruct config.json (text as Qwen2.5-32B: 64 layers, hidden 5120, 40 heads, 8 KV heads, intermediate 27648, ' +
      'vocab 152064, untied; vision_config as 7B with out_hidden_size 5120); total: Qwen2.5-32B\'s (KerasHub qwen2.5_instruct_32b_en, 32,763,876,352)',
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
    id: 'llava-1.6-7b',
    name: 'LLaVA-1.6-Vicuna-7B',
    family: 'llama',
    aliases: ['llava 1.6 7b', 'llava-v1.6-7b', 'llava-v1.6-vicuna-7b', 'llava-v1.6-vicuna-7b-hf', 'liuhaotian/llava-v1.6-vicuna-7b', 'llava-hf/llava-v1.6-vicuna-7b-hf', 'llava-next-7b'],
    // LLaVA-1.5-7B's text, tower and projector; LLaVA-NeXT adds an image_newline vector (4096, not
    // counted) and more image tokens per image (AnyRes tiles), which no text estimate sees.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32064, tiedEmbeddings: false, vision: llavaVision(4096) }),
    publishedParams: 6_738_939_904,
    source: 'llava-hf/llava-v1.6-vicuna-7b-hf config.json (text_config as Vicuna-7B v1.5 with vocab_size 32064, vision_config CLIP ViT-L/14-336); total: the 7.06B checkpoint less the vision tower',
  },
  {
    id: 'llava-1.6-34b',
    name: 'LLaVA-1.6-34B',
    family: 'yi',
    aliases: ['llava 1.6 34b', 'llava-v1.6-34b', 'llava-v1.6-34b-hf', 'liuhaotian/llava-v1.6-34b', 'llava-hf/llava-v1.6-34b-hf', 'llava-next-34b'],
    // Nous-Hermes-2-Yi-34B (Yi-34B's shape) with vocab_size 64064, CLIP ViT-L/14-336 and the two-layer projector.
    arch: llamaStyle({ layers: 60, hidden: 7168, heads: 56, kvHeads: 8, headDim: 128, ffn: 20480, vocab: 64064, tiedEmbeddings: false, vision: llavaVision(7168) }),
    publishedParams: 34.8e9 - llavaVision(7168).params,
    source: 'llava-hf/llava-v1.6-34b-hf config.json (text_config as Yi-34B with vocab_size 64064, vision_config CLIP ViT-L/14-336); total: the 34.8B checkpoint less the vision tower (the shape counts 0.14% under it)',
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
  {
    id: 'llava-video-72b',
    name: 'LLaVA-Video-72B-Qwen2',
    family: 'qwen',
    aliases: [
      'llava video 72b', 'llava-video-72b-qwen2', 'lmms-lab/llava-video-72b-qwen2', 'llava-onevision-qwen2-72b', 'llava-onevision-72b',
      'llava-onevision-qwen2-72b-ov', 'llava-onevision-qwen2-72b-si', 'llava-onevision-qwen2-72b-ov-chat', 'llava-onevision-qwen2-72b-ov-hf',
      'lmms-lab/llava-onevision-qwen2-72b-ov', 'lmms-lab/llava-onevision-qwen2-72b-si', 'llava-hf/llava-onevision-qwen2-72b-ov-hf',
    ],
    // LLaVA-OneVision-72B's checkpoint trained on (PREV_STAGE_CHECKPOINT): Qwen2-72B-Instruct as the language
    // model, SigLIP-So400m-384 less its last layer and the mlp2x_gelu projector (vision.ts llavaOneVisionVision).
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv', vision: llavaOneVisionVision(8192) }),
    publishedParams: 72.7e9,
    source:
      'LLaVA-VL/LLaVA-NeXT scripts/video/train (LLM_VERSION Qwen/Qwen2-72B-Instruct, VISION_MODEL_VERSION google/siglip-so400m-patch14-384, ' +
      '--mm_projector_type mlp2x_gelu, --mm_vision_select_layer -2, PREV_STAGE_CHECKPOINT lmms-lab/llava-onevision-qwen2-72b-ov) and ' +
      'llava/model/multimodal_encoder/siglip_encoder.py; language model: the Qwen/Qwen2-72B config.json shape (80 layers, hidden 8192, 64 heads, ' +
      '8 KV heads, intermediate 29568, vocab 152064); total: Qwen2-72B\'s 72.7B, the 0.47B tower and projector counted apart',
  },
  {
    id: 'cogvlm-17b',
    name: 'CogVLM-17B',
    family: 'cogvlm',
    aliases: [
      'cogvlm 17b', 'cogvlm-chat', 'cogvlm-chat-hf', 'cogvlm-chat-v1.1', 'thudm/cogvlm-chat-hf', 'cogvlm-base-490', 'cogvlm-base-490-hf',
      'thudm/cogvlm-base-490-hf', 'cogvlm-base-224', 'cogvlm-base-224-hf', 'thudm/cogvlm-base-224-hf', 'cogvlm-grounding-generalist',
      'cogvlm-grounding-generalist-hf', 'thudm/cogvlm-grounding-generalist-hf',
    ],
    // No bare "cogvlm": the lexer would take it out of "CogVLM2" (another model: Llama-3-8B with its own expert).
    // Vicuna-7B-v1.5 (Llama-2-7B's shape) whose every layer carries a second, visual-expert copy of its
    // attention and MLP weights (VisionExpertAttention: vision_expert_query_key_value 4096 -> 3 x 4096 and
    // vision_expert_dense, no biases; VisionExpertMLP: vision_mlp gate/up/down 4096 <-> 11008): 32 x 202.4M =
    // 6.48B, counted in extraParams, so every mode loads, and a full fine-tune trains, them. Each token runs
    // through one of the two paths (image tokens the expert, text the language weights), so activations and
    // the KV cache are those of the 7B. The expert's projections are nn.Linear layers without biases, so
    // all of extraParams is linear: a bitsandbytes load packs them with the language weights (memory/bnb-linear.ts).
    arch: llamaStyle({
      layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32000, tiedEmbeddings: false,
      extraParams: 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008), extraLinearParams: 32 * (4 * 4096 * 4096 + 3 * 4096 * 11008), vision: cogvlmVision(4096, 11008),
    }),
    publishedParams: 13_214_420_992,
    source:
      'THUDM/cogvlm-chat-hf config.json (as mindspore-lab/mindnlp transformers/models/cogvlm/configuration_cogvlm.py carries it: hidden_size 4096, ' +
      'intermediate_size 11008, num_hidden_layers 32, num_attention_heads 32, vocab_size 32000, max_position_embeddings 2048, untied; ' +
      'vision_config EVA2-CLIP-E 1792 / 15360 / 63 layers at 490 px) and modeling_cogvlm.py (the visual expert doubles each layer\'s ' +
      'attention and MLP weights); total: the shapes\' own count, 13.22B for the language model and its expert plus 4.42B for the tower and ' +
      'GLU adapter, 17.6B in all (the README names it "CogVLM-17B": 10B vision, 7B language)',
  },
  {
    id: 'llama-3.2-11b-vision',
    name: 'Llama-3.2-11B-Vision',
    family: 'llama',
    // Llama 3.2 has no text-only 11B: "Llama3.2-11B" is always this vision model.
    aliases: ['llama-3.2-11b', 'llama3.2-11b', 'llama 3.2 11b', 'llama 3.2 11b vision', 'llama-3.2-11b-vision-instruct', 'llama3.2-11b-vision', 'llama3.2-11b-vision-instruct', 'llama 3.2 vision 11b', 'llama-3.2-vision-11b', 'meta-llama/llama-3.2-11b-vision', 'meta-llama/llama-3.2-11b-vision-instruct'],
    arch: mllamaText(40, 8, 4096, 32, 14336),
    publishedParams: 10.7e9 - mllamaVision(4096).params,
    source:
      'meta-llama/Llama-3.2-11B-Vision config.json (text_config: 40 layers with cross_attention_layers [3, 8, 13, 18, 23, 28, 33, 38], hidden 4096, ' +
      '32 heads, 8 KV heads, intermediate 14336, vocab 128256; vision_config: hidden 1280, 32 + 8 global layers, 560 px, 4 tiles); ' +
      'total: the Hub safetensors 10.7B (model card 10.6B) less the vision tower',
  },
  {
    id: 'llama-3.2-90b-vision',
    name: 'Llama-3.2-90B-Vision',
    family: 'llama',
    // Llama 3.2 has no text-only 90B: "Llama3.2-90B" is always this vision model.
    aliases: ['llama-3.2-90b', 'llama3.2-90b', 'llama 3.2 90b', 'llama 3.2 90b vision', 'llama-3.2-90b-vision-instruct', 'llama3.2-90b-vision', 'llama3.2-90b-vision-instruct', 'llama 3.2 vision 90b', 'llama-3.2-vision-90b', 'meta-llama/llama-3.2-90b-vision', 'meta-llama/llama-3.2-90b-vision-instruct'],
    arch: mllamaText(100, 20, 8192, 64, 28672),
    publishedParams: 88.6e9 - mllamaVision(8192).params,
    source:
      'meta-llama/Llama-3.2-90B-Vision config.json (text_config: 100 layers with cross_attention_layers [3, 8, …, 98], hidden 8192, ' +
      '64 heads, 8 KV heads, intermediate 28672, vocab 128256; vision_config as 11B); total: the model card 88.6B less the vision tower',
  },
  {
    id: 'qwen3-vl-2b',
    name: 'Qwen3-VL-2B',
    family: 'qwen',
    aliases: ['qwen3-vl-2b-instruct', 'qwen3-vl-2b-thinking', 'qwen3 vl 2b', 'qwen3vl-2b', 'qwen3vl 2b', 'qwen/qwen3-vl-2b-instruct', 'qwen/qwen3-vl-2b-thinking'],
    arch: llamaStyle({ layers: 28, hidden: 2048, heads: 16, kvHeads: 8, headDim: 128, ffn: 6144, vocab: 151936, tiedEmbeddings: true, qkNorm: true, vision: qwen3VlVision(2048, 'small') }),
    publishedParams: 1_720_574_976,
    source:
      'Qwen/Qwen3-VL-2B-Instruct config.json (text_config as Qwen3-1.7B: 28 layers, hidden 2048, intermediate 6144, 16 heads, 8 KV heads, ' +
      'head_dim 128, tie_word_embeddings true; vision_config depth 24, hidden_size 1024, intermediate_size 4096, out_hidden_size 2048, ' +
      'deepstack_visual_indexes [5, 11, 17]); total: Qwen3-1.7B\'s (KerasHub qwen3_1.7b_en, 1,720,574,976)',
  },
  {
    id: 'qwen3-vl-4b',
    name: 'Qwen3-VL-4B',
    family: 'qwen',
    aliases: ['qwen3-vl-4b-instruct', 'qwen3-vl-4b-thinking', 'qwen3 vl 4b', 'qwen3vl-4b', 'qwen3vl 4b', 'qwen/qwen3-vl-4b-instruct', 'qwen/qwen3-vl-4b-thinking'],
    arch: llamaStyle({ layers: 36, hidden: 2560, heads: 32, kvHeads: 8, headDim: 128, ffn: 9728, vocab: 151936, tiedEmbeddings: true, qkNorm: true, vision: qwen3VlVision(2560, 'small') }),
    publishedParams: 4_022_468_096,
    source:
      'Qwen/Qwen3-VL-4B-Instruct config.json (text_config as Qwen3-4B: 36 layers, hidden 2560, intermediate 9728, 32 heads, 8 KV heads, ' +
      'tie_word_embeddings true; vision_config depth 24, hidden_size 1024, intermediate_size 4096, out_hidden_size 2560, ' +
      'deepstack_visual_indexes [5, 11, 17]); total: Qwen3-4B\'s (KerasHub qwen3_4b_en, 4,022,468,096)',
  },
  {
    id: 'qwen3-vl-8b',
    name: 'Qwen3-VL-8B',
    family: 'qwen',
    aliases: ['qwen3-vl-8b-instruct', 'qwen3-vl-8b-thinking', 'qwen3 vl 8b', 'qwen3vl-8b', 'qwen3vl 8b', 'qwen/qwen3-vl-8b-instruct', 'qwen/qwen3-vl-8b-thinking'],
    arch: llamaStyle({ layers: 36, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 12288, vocab: 151936, tiedEmbeddings: false, qkNorm: true, vision: qwen3VlVision(4096) }),
    publishedParams: 8_190_735_360,
    source:
      'Qwen/Qwen3-VL-8B-Instruct config.json (text_config as Qwen3-8B: 36 layers, hidden 4096, intermediate 12288, 32 heads, 8 KV heads; ' +
      'vision_config depth 27, hidden_size 1152, intermediate_size 4304, out_hidden_size 4096, deepstack_visual_indexes [8, 16, 24]); ' +
      'total: Qwen3-8B\'s (KerasHub qwen3_8b_en, 8,190,735,360); the 8.77B checkpoint is checked in test/catalog/vision.test.ts',
  },
  {
    id: 'qwen3-vl-32b',
    name: 'Qwen3-VL-32B',
    family: 'qwen',
    aliases: ['qwen3-vl-32b-instruct', 'qwen3-vl-32b-thinking', 'qwen3 vl 32b', 'qwen3vl-32b', 'qwen3vl 32b', 'qwen/qwen3-vl-32b-instruct', 'qwen/qwen3-vl-32b-thinking'],
    // head_dim 128 with 64 query heads: the query projection (8192) is wider than hidden (5120), as in Qwen3-32B.
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 64, kvHeads: 8, headDim: 128, ffn: 25600, vocab: 151936, tiedEmbeddings: false, qkNorm: true, vision: qwen3VlVision(5120) }),
    publishedParams: 32_762_123_264,
    source:
      'Qwen/Qwen3-VL-32B-Instruct config.json (text_config as Qwen3-32B: 64 layers, hidden 5120, intermediate 25600, 64 heads, 8 KV heads, ' +
      'head_dim 128; vision_config depth 27, hidden_size 1152, intermediate_size 4304, out_hidden_size 5120, deepstack_visual_indexes [8, 16, 24]); ' +
      'total: Qwen3-32B\'s (KerasHub qwen3_32b_en, 32,762,123,264)',
  },
  {
    id: 'qwen3-vl-30b-a3b',
    name: 'Qwen3-VL-30B-A3B',
    family: 'qwen',
    aliases: ['qwen3-vl-30b-a3b-instruct', 'qwen3-vl-30b-a3b-thinking', 'qwen3 vl 30b a3b', 'qwen3vl 30b-a3b', 'qwen3vl-30b-a3b', 'qwen3-vl-30b', 'qwen3 vl 30b', 'qwen/qwen3-vl-30b-a3b-instruct', 'qwen/qwen3-vl-30b-a3b-thinking'],
    arch: llamaStyle({
      layers: 48, hidden: 2048, heads: 32, kvHeads: 4, headDim: 128,
      ffn: 768, experts: 128, expertsPerToken: 8,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true, vision: qwen3VlVision(2048),
    }),
    publishedParams: 30.5e9,
    source:
      'Qwen/Qwen3-VL-30B-A3B-Instruct config.json (text_config as Qwen3-30B-A3B: 48 layers, hidden 2048, moe_intermediate_size 768, ' +
      '128 experts, 8 a token; vision_config as 8B with out_hidden_size 2048); total: Qwen3-30B-A3B\'s model card (30.5B); ' +
      'the 31.1B checkpoint is checked in test/catalog/vision.test.ts',
  },
  {
    id: 'qwen3-vl-235b-a22b',
    name: 'Qwen3-VL-235B-A22B',
    family: 'qwen',
    aliases: ['qwen3-vl-235b-a22b-instruct', 'qwen3-vl-235b-a22b-thinking', 'qwen3 vl 235b a22b', 'qwen3vl 235b-a22b', 'qwen3vl-235b-a22b', 'qwen3vl 235b-a22b-instruct', 'qwen3-vl-235b', 'qwen3 vl 235b', 'qwen/qwen3-vl-235b-a22b-instruct', 'qwen/qwen3-vl-235b-a22b-thinking'],
    arch: llamaStyle({
      layers: 94, hidden: 4096, heads: 64, kvHeads: 4, headDim: 128,
      ffn: 1536, experts: 128, expertsPerToken: 8,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true, vision: qwen3VlVision(4096),
    }),
    publishedParams: 235e9,
    source:
      'Qwen/Qwen3-VL-235B-A22B-Instruct config.json (text_config as Qwen3-235B-A22B: 94 layers, hidden 4096, moe_intermediate_size 1536, ' +
      '128 experts, 8 a token; vision_config as 8B with out_hidden_size 4096); total: Qwen3-235B-A22B\'s model card (235B); ' +
      'the 236B checkpoint is checked in test/catalog/vision.test.ts',
  },
  {
    id: 'mistral-small-3.1-24b',
    name: 'Mistral-Small-3.1-24B',
    family: 'mistral',
    aliases: [
      'mistral small 3.1', 'mistral-small-3.1', 'mistral small 3.1 24b', 'mistral-small3.1', 'mistral-small3.1-24b', 'mistral-small-3.1-24b-instruct-2503',
      'mistral-small-3.1-24b-base-2503', 'mistral-small-2503', 'mistralai/mistral-small-3.1-24b-instruct-2503', 'mistralai/mistral-small-3.1-24b-base-2503',
      'mistral small 3.2', 'mistral-small-3.2', 'mistral small 3.2 24b', 'mistral-small3.2', 'mistral-small3.2-24b', 'mistral-small-3.2-24b',
      'mistral-small-3.2-24b-instruct-2506', 'mistral-small-2506', 'mistralai/mistral-small-3.2-24b-instruct-2506',
    ],
    // Mistral3ForConditionalGeneration: Mistral Small 3's decoder (text_config identical to
    // Mistral-Small-24B-Base-2501's) with the Pixtral tower and projector.
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 32, kvHeads: 8, headDim: 128, ffn: 32768, vocab: 131072, tiedEmbeddings: false, vision: pixtralVision(5120) }),
    publishedParams: 23.6e9,
    source:
      'mistralai/Mistral-Small-3.1-24B-Instruct-2503 config.json (text_config: 40 layers, hidden 5120, intermediate 32768, 32 heads, 8 KV heads, ' +
      'head_dim 128, vocab 131072; vision_config: pixtral, hidden 1024, intermediate 4096, 24 layers, patch 14, image 1540; ' +
      'spatial_merge_size 2, multimodal_projector_bias false; transformers Mistral3Config defaults); 3.2 (2506) keeps the architecture; ' +
      'total: the text model is Mistral-Small-24B-Base-2501\'s (Hugging Face safetensors count 23.6B), the tower is counted apart',
  },
  {
    id: 'minicpm-v-2.6-8b',
    name: 'MiniCPM-V-2.6',
    family: 'minicpm',
    aliases: [
      'minicpm-v-2.6', 'minicpm-v-2_6', 'minicpm-v 2.6', 'minicpm-v2.6', 'minicpmv2.6', 'minicpmv-2.6', 'minicpm-v2_6', 'minicpmv2_6',
      'minicpm-v-8b', 'minicpm-v 8b', 'openbmb/minicpm-v-2_6',
    ],
    // MiniCPMV (remote code): Qwen2-7B's decoder (hidden 3584, 28 layers, 28 heads, 4 KV heads,
    // intermediate 18944, q/k/v biases) with vocab_size 151666, the SigLIP tower and a 64-query resampler.
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 151666, tiedEmbeddings: false, attentionBias: 'qkv', vision: minicpmVision(3584, 64) }),
    publishedParams: 7_612_763_648,
    source:
      'openbmb/MiniCPM-V-2_6 config.json (hidden_size 3584, num_hidden_layers 28, num_attention_heads 28, num_key_value_heads 4, ' +
      'intermediate_size 18944, vocab_size 151666, query_num 64; vision_config siglip: hidden 1152, 27 layers, intermediate 4304, ' +
      'image_size 980, patch 14); README: "built on SigLip-400M and Qwen2-7B with a total of 8B parameters" (safetensors 8.1B); ' +
      'total: Qwen2-7B\'s count less 398 vocabulary rows of the embedding and the head, the tower counted apart',
  },
  {
    id: 'minicpm-llama3-v2.5-8b',
    name: 'MiniCPM-Llama3-V-2.5',
    family: 'minicpm',
    aliases: [
      'minicpm-llama3-v-2.5', 'minicpm-llama3-v-2_5', 'minicpm-llama3-v 2.5', 'minicpm-llama3-v2.5', 'minicpm-llama3-v2_5',
      'minicpm-v-2.5', 'minicpm-v-2_5', 'minicpm-v 2.5', 'minicpm-v2.5', 'minicpmv2.5', 'minicpmv2-5', 'minicpmv2_5', 'minicpm-v2-5',
      'openbmb/minicpm-llama3-v-2_5',
    ],
    // MiniCPMV (remote code): Llama-3-8B's decoder (vocab_size 128256), the SigLIP tower and a 96-query resampler.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 14336, vocab: 128256, tiedEmbeddings: false, vision: minicpmVision(4096, 96) }),
    publishedParams: 8_030_261_248,
    source:
      'openbmb/MiniCPM-Llama3-V-2_5 config.json (hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, num_key_value_heads 8, ' +
      'intermediate_size 14336, vocab_size 128256, query_num 96; vision_config siglip: hidden 1152, 27 layers, intermediate 4304, ' +
      'image_size 980, patch 14); README: "built on SigLip-400M and Llama3-8B-Instruct with a total of 8B parameters" (safetensors 8.54B); ' +
      'total: Llama-3-8B\'s, the tower counted apart',
  },
];
