import type { Architecture } from '../types.js';

/**
 * Vision towers of vision-language models, counted from config.json `vision_config` the way the
 * transformers modelling code builds them: a ViT (patch embedding, optional class token and learned
 * positions, `layers` blocks of attention with biases and an MLP, pre/post norms) and the projector
 * into the language model's hidden size.
 */
export interface VitShape {
  layers: number;
  hidden: number;
  ffn: number;
  /** gated: gate/up/down (Qwen2.5-VL); plain: fc1/fc2 (SigLIP, CLIP, Qwen2-VL). Biases on every projection. */
  mlp: 'gated' | 'plain';
  norm: 'layernorm' | 'rmsnorm';
  /** Weights of the patch embedding: channels × (temporal ×) patch² × hidden, plus its bias. */
  patchWeights: number;
  patchBias: boolean;
  /** Learned position embeddings (rows); 0 for rotary (Qwen2-VL). */
  positions: number;
  classToken: boolean;
  /** Norms after the blocks (SigLIP post_layernorm) and before them (CLIP pre_layrnorm). */
  extraNorms: number;
  /** The projector's parameters (its linear layers, norms and biases). */
  projector: number;
}

export function vitParams(v: VitShape): number {
  const h = v.hidden;
  const norm = v.norm === 'layernorm' ? 2 * h : h;
  const attention = 4 * h * h + 4 * h;
  const mlp = v.mlp === 'gated' ? 3 * h * v.ffn + 2 * v.ffn + h : 2 * h * v.ffn + v.ffn + h;
  const block = attention + mlp + 2 * norm;
  const embedding = v.patchWeights + (v.patchBias ? h : 0) + v.positions * h + (v.classToken ? h : 0);
  return v.layers * block + embedding + v.extraNorms * norm + v.projector;
}

/**
 * The weights of the blocks' nn.Linear layers: q, k, v and output (fused qkv in Qwen2-VL and EVA2-CLIP,
 * the same 4·h² weights) and the MLP's matrices, without their biases. The projector is left out:
 * not every projector is an nn.Linear (Gemma 3's mm_input_projection_weight is a bare nn.Parameter
 * multiplied by torch.matmul), so it stays with the 16-bit rest of the tower.
 */
export function vitLinearParams(v: VitShape): number {
  const h = v.hidden;
  return v.layers * (4 * h * h + (v.mlp === 'gated' ? 3 : 2) * h * v.ffn);
}

export function visionTower(name: string, v: VitShape): NonNullable<Architecture['vision']> {
  return { name, params: vitParams(v), linearParams: vitLinearParams(v) };
}

/**
 * SigLIP-So400m/14 at 896 px (Gemma 3 4B/12B/27B vision_config: 27 layers, hidden 1152,
 * intermediate 4304, patch 14, image 896 → 4096 learned positions) and Gemma3MultiModalProjector:
 * mm_input_projection_weight (1152 × text hidden) and mm_soft_emb_norm (RMSNorm 1152).
 */
export function gemma3Vision(textHidden: number): NonNullable<Architecture['vision']> {
  return visionTower('SigLIP-So400m', {
    layers: 27, hidden: 1152, ffn: 4304, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1152, patchBias: true, positions: (896 / 14) ** 2, classToken: false, extraNorms: 1,
    projector: 1152 * textHidden + 1152,
  });
}

/**
 * Qwen2.5-VL's window-attention ViT (vision_config: depth 32, hidden_size 1280, intermediate_size
 * 3420, gated SiLU MLP with biases, RMSNorm, Conv3d patch embedding 3 × 2 × 14 × 14 without bias,
 * rotary positions) and its PatchMerger: RMSNorm(1280), Linear(5120, 5120), Linear(5120, out_hidden_size).
 */
export function qwen25VlVision(textHidden: number): NonNullable<Architecture['vision']> {
  const tower = visionTower('Qwen2.5-VL ViT', {
    layers: 32, hidden: 1280, ffn: 3420, mlp: 'gated', norm: 'rmsnorm',
    patchWeights: 3 * 2 * 14 * 14 * 1280, patchBias: false, positions: 0, classToken: false, extraNorms: 0,
    projector: 1280 + 5120 * 5120 + 5120 + 5120 * textHidden + textHidden,
  });
  return { ...tower, video: qwenVlVideo(1280, 3420, true) };
}

/**
 * Qwen2-VL's and Qwen2.5-VL's video input as their processors read it (preprocessor_config.json of
 * Qwen/Qwen2-VL-7B-Instruct and Qwen/Qwen2.5-VL-7B-Instruct alike: max_pixels 12,845,056 = 16,384 ×
 * 28², patch_size 14, merge_size 2, temporal_patch_size 2, RGB), with the ViT's widths.
 */
function qwenVlVideo(hidden: number, ffn: number, gated: boolean): NonNullable<NonNullable<Architecture['vision']>['video']> {
  return { maxPixels: 12_845_056, patch: 14, merge: 2, temporalPatch: 2, channels: 3, hidden, ffn, gated };
}

/**
 * Qwen2-VL's ViT (vision_config: depth 32, embed_dim 1280, mlp_ratio 4 → a plain QuickGELU MLP of
 * 5120 with biases, LayerNorm, Conv3d patch embedding 3 × 2 × 14 × 14 without bias, rotary
 * positions) and its PatchMerger: LayerNorm(1280), Linear(5120, 5120), Linear(5120, hidden_size).
 */
export function qwen2VlVision(textHidden: number): NonNullable<Architecture['vision']> {
  const tower = visionTower('Qwen2-VL ViT', {
    layers: 32, hidden: 1280, ffn: 5120, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 2 * 14 * 14 * 1280, patchBias: false, positions: 0, classToken: false, extraNorms: 0,
    projector: 2 * 1280 + 5120 * 5120 + 5120 + 5120 * textHidden + textHidden,
  });
  return { ...tower, video: qwenVlVideo(1280, 5120, false) };
}

/**
 * Llama 4's vision encoder (Llama4VisionModel, vision_config: 34 layers, hidden 1408, intermediate
 * 5632, biases on every projection, LayerNorm, patch 14 at 336 px as an unfold + Linear(588, 1408)
 * without bias, class token and 577 learned positions, pre and post LayerNorm), the pixel-shuffle
 * adapter Llama4VisionMLP2 (Linear(5632, 4096), Linear(4096, 4096), no biases) and
 * Llama4MultiModalProjector Linear(4096, text hidden) without bias.
 */
export function llama4Vision(textHidden: number): NonNullable<Architecture['vision']> {
  return visionTower('Llama 4 ViT', {
    layers: 34, hidden: 1408, ffn: 5632, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1408, patchBias: false, positions: (336 / 14) ** 2 + 1, classToken: true, extraNorms: 2,
    projector: 5632 * 4096 + 4096 * 4096 + 4096 * textHidden,
  });
}

/**
 * CLIP ViT-L/14 at 336 px (openai/clip-vit-large-patch14-336: 24 layers, hidden 1024, intermediate
 * 4096, 577 positions with the class token, pre and post LayerNorm) and LLaVA-1.5's two-layer MLP
 * projector: Linear(1024, text hidden), GELU, Linear(text hidden, text hidden).
 */
export function llavaVision(textHidden: number): NonNullable<Architecture['vision']> {
  return visionTower('CLIP ViT-L/14-336', {
    layers: 24, hidden: 1024, ffn: 4096, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1024, patchBias: false, positions: (336 / 14) ** 2 + 1, classToken: true, extraNorms: 2,
    projector: 1024 * textHidden + textHidden + textHidden * textHidden + textHidden,
  });
}

/**
 * LLaVA-NeXT / LLaVA-OneVision / LLaVA-Video's SigLIP tower (google/siglip-so400m-patch14-384: 27
 * layers, hidden 1152, intermediate 4304, patch 14, image 384 → 729 learned positions), as LLaVA-NeXT's
 * llava/model/multimodal_encoder/siglip_encoder.py loads it: `del vision_model.encoder.layers[-1:]` (26
 * layers kept, mm_vision_select_layer -2) and the pooling head replaced by nn.Identity; the mlp2x_gelu
 * projector Linear(1152, text hidden), GELU, Linear(text hidden, text hidden), and the image_newline
 * vector (text hidden) of the spatial_unpad merge.
 */
export function llavaOneVisionVision(textHidden: number): NonNullable<Architecture['vision']> {
  return visionTower('SigLIP-So400m-384', {
    layers: 26, hidden: 1152, ffn: 4304, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1152, patchBias: true, positions: 27 ** 2, classToken: false, extraNorms: 1,
    projector: 1152 * textHidden + textHidden + textHidden * textHidden + textHidden + textHidden,
  });
}

/**
 * Llama 3.2 Vision's encoder (transformers modeling_mllama.py MllamaVisionModel; vision_config of
 * meta-llama/Llama-3.2-11B-Vision and -90B-Vision alike: hidden_size 1280, intermediate_size 5120,
 * num_hidden_layers 32 local + num_global_layers 8, image_size 560, patch_size 14, max_num_tiles 4,
 * 9 aspect-ratio ids (8 supported_aspect_ratios + padding), vision_output_dim 7680). Not a plain ViT,
 * so counted here rather than through vitParams:
 * - each MllamaVisionEncoderLayer: q/k/v/o without bias, fc1/fc2 with bias, two LayerNorms; the 8
 *   global layers add the gate_attn and gate_ffn scalars;
 * - patch_embedding Conv2d(3, 1280, 14, bias=False), class_embedding, the gated position embedding
 *   (1601 × 1280 rows plus a tile_embedding of 9 × (4 × 1601 × 1280)), the gated pre- and post-tile
 *   embeddings (9 × 4 × 1280 each), layernorm_pre and layernorm_post;
 * - multi_modal_projector Linear(7680, text hidden) with bias: the local layers 3, 7, 15, 23, 30
 *   (intermediate_layers_indices) concatenated with the final state, 6 × 1280.
 */
export const MLLAMA_VISION = {
  name: 'Llama 3.2 Vision ViT-H/14',
  hidden: 1280,
  ffn: 5120,
  localLayers: 32,
  globalLayers: 8,
  imageSize: 560,
  patchSize: 14,
  maxTiles: 4,
  /** intermediate_layers_indices [3, 7, 15, 23, 30]: local layers whose inputs the encoder keeps for the projector. */
  intermediateLayers: 5,
} as const;

export function mllamaVision(textHidden: number): NonNullable<Architecture['vision']> {
  const { hidden: h, ffn, localLayers, globalLayers, maxTiles: tiles } = MLLAMA_VISION;
  const patches = (MLLAMA_VISION.imageSize / MLLAMA_VISION.patchSize) ** 2 + 1;
  const aspectRatioIds = 9;
  const layer = 4 * h * h + (2 * h * ffn + ffn + h) + 2 * (2 * h);
  const encoder = (localLayers + globalLayers) * layer + 2 * globalLayers;
  const positions = patches * h + 1 + aspectRatioIds * tiles * patches * h;
  const tileEmbeddings = 2 * (aspectRatioIds * tiles * h + 1);
  const embedding = 3 * 14 * 14 * h + h + positions + tileEmbeddings + 2 * (2 * h);
  const projector = (MLLAMA_VISION.intermediateLayers + 1) * h * textHidden + textHidden;
  return { name: MLLAMA_VISION.name, params: encoder + embedding + projector };
}

/**
 * Qwen3-VL's ViT (modeling_qwen3_vl.py Qwen3VLVisionModel): plain GELU MLP and qkv/proj with
 * biases, LayerNorm, Conv3d patch embedding 3 × 2 × 16 × 16 with bias, num_position_embeddings
 * 2304 learned positions, spatial_merge_size 2, and its mergers: the final
 * Qwen3VLVisionPatchMerger (LayerNorm(hidden), Linear(4·hidden, 4·hidden), Linear(4·hidden,
 * out_hidden_size), biases) and one DeepStack merger per deepstack_visual_indexes, each the same
 * but with LayerNorm(4·hidden) after the 2 × 2 shuffle (use_postshuffle_norm). out_hidden_size is
 * the text hidden size. Two towers ship (vision_config):
 * - large: depth 27, hidden_size 1152, intermediate_size 4304, deepstack [8, 16, 24]
 *   (Qwen3-VL-8B, -32B, -30B-A3B, -235B-A22B);
 * - small: depth 24, hidden_size 1024, intermediate_size 4096, deepstack [5, 11, 17]
 *   (Qwen3-VL-2B, -4B).
 */
const QWEN3_VL_TOWERS = {
  large: { depth: 27, hidden: 1152, ffn: 4304, deepstack: 3 },
  small: { depth: 24, hidden: 1024, ffn: 4096, deepstack: 3 },
  // Qwen3.5 / 3.6 (Qwen3_5ForConditionalGeneration vision_config): the large tower with
  // deepstack_visual_indexes [], so the final merger alone (Qwen3.5-27B config.json).
  'qwen3.5': { depth: 27, hidden: 1152, ffn: 4304, deepstack: 0 },
  // The small Qwen3.5 checkpoints' own towers, again without DeepStack mergers (vision_config as an MLLM-team
  // Qwen3.5 checkpoint validator transcribes it, OFFICIAL_VISION_CONTRACTS): 4B depth 24, hidden 1024,
  // intermediate 4096 (Qwen3-VL's small tower); 0.8B depth 12, hidden 768, intermediate 3072.
  'qwen3.5-4b': { depth: 24, hidden: 1024, ffn: 4096, deepstack: 0 },
  'qwen3.5-0.8b': { depth: 12, hidden: 768, ffn: 3072, deepstack: 0 },
} as const;

export function qwen3VlVision(textHidden: number, tower: keyof typeof QWEN3_VL_TOWERS = 'large'): NonNullable<Architecture['vision']> {
  const { depth, hidden: h, ffn, deepstack } = QWEN3_VL_TOWERS[tower];
  const merged = 4 * h;
  const mergerLinears = merged * merged + merged + merged * textHidden + textHidden;
  const merger = 2 * h + mergerLinears;
  const deepstackMergers = deepstack * (2 * merged + mergerLinears);
  return visionTower('Qwen3-VL ViT', {
    layers: depth, hidden: h, ffn, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 2 * 16 * 16 * h, patchBias: true, positions: 2304, classToken: false, extraNorms: 0,
    projector: merger + deepstackMergers,
  });
}

/**
 * Pixtral's ViT as Mistral Small 3.1 / 3.2 ship it (Mistral3ForConditionalGeneration
 * vision_config: hidden_size 1024, intermediate_size 4096, 24 layers, patch_size 14, image_size
 * 1540; transformers modeling_pixtral.py). Not a vitParams ViT: nothing carries a bias.
 * - each PixtralAttentionLayer: q/k/v/o (hidden²) without bias, a gated SiLU MLP gate/up/down
 *   without bias, attention_norm and ffn_norm (RMSNorm);
 * - patch_conv Conv2d(3, 1024, 14, bias=False) and ln_pre (RMSNorm); rotary 2-D positions, no table;
 * - Mistral3MultiModalProjector (modeling_mistral3.py): norm RMSNorm(1024), the patch merger's
 *   merging_layer Linear(4 × 1024, 1024) (spatial_merge_size 2), linear_1 Linear(1024, text hidden)
 *   and linear_2 Linear(text hidden, text hidden), without bias (multimodal_projector_bias false).
 */
export function pixtralVision(textHidden: number): NonNullable<Architecture['vision']> {
  const h = 1024;
  const ffn = 4096;
  const layers = 24;
  const layer = 4 * h * h + 3 * h * ffn + 2 * h;
  const embedding = 3 * 14 * 14 * h + h;
  const projector = h + 4 * h * h + h * textHidden + textHidden * textHidden;
  return { name: 'Pixtral ViT', params: layers * layer + embedding + projector };
}

/**
 * MiniCPM-V's tower (openbmb/MiniCPM-V-2_6 and MiniCPM-Llama3-V-2_5 config.json vision_config:
 * SigLIP-So400m, 27 layers, hidden 1152, intermediate 4304, patch 14, image_size 980 → 4900 learned
 * positions, post LayerNorm) and its Resampler (modeling_minicpmv.py / resampler.py): `query_num`
 * learned queries of text width, kv_proj Linear(1152, text hidden) without bias, one
 * nn.MultiheadAttention of text width (in_proj with bias, out_proj with bias), ln_q, ln_kv and
 * ln_post, and proj (text hidden × text hidden, no bias); its 2-D sin-cos positions are computed.
 */
export function minicpmVision(textHidden: number, queries: number): NonNullable<Architecture['vision']> {
  const h = textHidden;
  const resampler = queries * h + 1152 * h + (3 * h * h + 3 * h) + (h * h + h) + 3 * 2 * h + h * h;
  return visionTower('SigLIP-So400m + MiniCPM-V resampler', {
    layers: 27, hidden: 1152, ffn: 4304, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1152, patchBias: true, positions: (980 / 14) ** 2, classToken: false, extraNorms: 1,
    projector: resampler,
  });
}

/**
 * InternViT, the tower of OpenGVLab's InternVL (remote code modeling_intern_vit.py, vision_config of
 * the InternVL checkpoints), and InternVL's mlp1 projector. Not a vitParams ViT: each
 * InternVisionEncoderLayer carries the layer-scale vectors ls1 and ls2 (hidden each), and the 6B
 * tower has no qkv bias but an RMSNorm of the whole hidden width on q and on k (qk_normalization).
 * - each layer: attn.qkv Linear(h, 3h) (bias = qkv_bias), attn.proj Linear(h, h) with bias, mlp
 *   fc1/fc2 with biases, norm1/norm2 (LayerNorm or RMSNorm per norm_type), ls1/ls2;
 * - embeddings: class_embedding, patch_embedding Conv2d(3, h, 14) with bias, position_embedding of
 *   (448 / 14)² + 1 = 1025 rows; no norm after the last layer;
 * - mlp1 (modeling_internvl_chat.py, downsample_ratio 0.5 → the 2 × 2 pixel shuffle makes 4h):
 *   LayerNorm(4h), Linear(4h, text hidden), GELU, Linear(text hidden, text hidden), with biases.
 * Two towers ship:
 * - '300m': InternViT-300M-448px (InternVL2-1B … 8B) and -V2_5 (InternVL2.5 / InternVL3 up to 14B):
 *   24 layers, hidden 1024, intermediate 4096, layer_norm, qkv_bias true, qk_normalization false;
 * - '6b': InternViT-6B-448px-V1-5 (InternVL-Chat-V1-5, InternVL2-26B, -40B, -Llama3-76B) and -V2_5
 *   (InternVL2.5 / InternVL3 26B up to 78B): 45 layers (the last three of 48 dropped), hidden 3200,
 *   intermediate 12800, rms_norm, qkv_bias false, qk_normalization true — 5.54 B parameters.
 */
const INTERN_VIT = {
  '300m': { layers: 24, hidden: 1024, ffn: 4096, norm: 'layernorm', qkvBias: true, qkNorm: false },
  '6b': { layers: 45, hidden: 3200, ffn: 12800, norm: 'rmsnorm', qkvBias: false, qkNorm: true },
} as const;

export function internVitVision(tower: keyof typeof INTERN_VIT, textHidden: number): NonNullable<Architecture['vision']> {
  const { layers, hidden: h, ffn, norm, qkvBias, qkNorm } = INTERN_VIT[tower];
  const normParams = norm === 'layernorm' ? 2 * h : h;
  const attention = 3 * h * h + (qkvBias ? 3 * h : 0) + h * h + h + (qkNorm ? 2 * h : 0);
  const mlp = 2 * h * ffn + ffn + h;
  const layer = attention + mlp + 2 * normParams + 2 * h;
  const embedding = h + 3 * 14 * 14 * h + h + ((448 / 14) ** 2 + 1) * h;
  const projector = 2 * 4 * h + 4 * h * textHidden + textHidden + textHidden * textHidden + textHidden;
  return { name: tower === '6b' ? 'InternViT-6B' : 'InternViT-300M', params: layers * layer + embedding + projector };
}

/**
 * Qwen-VL's tower (Qwen/Qwen-VL and Qwen-VL-Chat config.json `visual`: width 1664, layers 48, heads
 * 16, mlp_ratio 4.9231 → 8192, patch 14, image 448, output_dim 4096; remote code visual.py): an
 * OpenCLIP ViT-bigG whose conv1 has no bias, 256 learned positions (interpolated to the 32 × 32
 * grid at run time), ln_pre, 48 blocks (in_proj/out_proj and c_fc/c_proj with biases, ln_1/ln_2),
 * then the position-aware Resampler of 256 queries of output_dim (query, a stored sin-cos pos_embed,
 * kv_proj Linear(1664, 4096) without bias, nn.MultiheadAttention(4096) with biases, ln_q, ln_kv),
 * ln_post and the proj matrix (4096 × 4096): 1.94 B.
 */
export function qwenVlVision(): NonNullable<Architecture['vision']> {
  const h = 1664;
  const ffn = 8192;
  const out = 4096;
  const queries = 256;
  const block = 4 * h * h + 4 * h + 2 * h * ffn + ffn + h + 2 * (2 * h);
  const embedding = 3 * 14 * 14 * h + queries * h + 2 * h;
  const resampler = 2 * queries * out + h * out + (4 * out * out + 4 * out) + 2 * (2 * out);
  return { name: 'Qwen-VL ViT-bigG + resampler', params: 48 * block + embedding + resampler + 2 * out + out * out };
}

/**
 * GLM-4V-9B's EVA2-CLIP-E tower (THUDM/glm-4v-9b remote code visual.py, config.json vision_config:
 * hidden_size 1792, intermediate_size 15360, num_hidden_layers 63, num_heads 16, patch_size 14,
 * image_size 1120 → num_positions 6401 with the class token) and its adapter into the text model:
 * - each TransformerLayer: query_key_value and dense with biases, fc1/fc2 with biases, two LayerNorms;
 * - PatchEmbedding: Conv2d(3, 1792, 14) with bias, cls_embedding, position_embedding of 6401 rows;
 * - conv Conv2d(1792, text hidden, 2, stride 2) with bias (the 2 × 2 downsampling), then the GLU
 *   linear_proj: Linear(text hidden, text hidden) without bias, LayerNorm, gate_proj and
 *   dense_h_to_4h Linear(text hidden, ffn_hidden_size) and dense_4h_to_h back, without biases;
 *   and the boi / eoi vectors.
 */
export function glm4vVision(textHidden: number, textFfn: number): NonNullable<Architecture['vision']> {
  const h = 1792;
  const ffn = 15360;
  const layer = 4 * h * h + 4 * h + 2 * h * ffn + ffn + h + 2 * (2 * h);
  const embedding = 3 * 14 * 14 * h + h + h + ((1120 / 14) ** 2 + 1) * h;
  const adapter = h * textHidden * 4 + textHidden + textHidden * textHidden + 2 * textHidden + 3 * textHidden * textFfn + 2 * textHidden;
  return { name: 'EVA2-CLIP-E + GLU adapter', params: 63 * layer + embedding + adapter };
}

/**
 * CogVLM-17B's EVA2-CLIP-E tower (THUDM/cogvlm-chat-hf visual.py; as mindspore-lab/mindnlp
 * transformers/models/cogvlm ports it, vision_config: hidden_size 1792, intermediate_size 15360,
 * num_hidden_layers 63, num_heads 16, patch_size 14, image_size 490, num_positions 1226 with the class
 * token): GLM-4V's tower at 490 px without its 2 × 2 conv, then the GLU linear_proj — Linear(1792, text
 * hidden) without bias, LayerNorm, gate_proj and dense_h_to_4h Linear(text hidden, intermediate_size)
 * and dense_4h_to_h back, without biases — and the boi / eoi vectors.
 */
export function cogvlmVision(textHidden: number, textFfn: number): NonNullable<Architecture['vision']> {
  const h = 1792;
  const ffn = 15360;
  const layer = 4 * h * h + 4 * h + 2 * h * ffn + ffn + h + 2 * (2 * h);
  const embedding = 3 * 14 * 14 * h + h + h + 1226 * h;
  const adapter = h * textHidden + 2 * textHidden + 3 * textHidden * textFfn + 2 * textHidden;
  // nn.Linear weights: each block's query_key_value, dense, fc1 and fc2, and the adapter's linear_proj,
  // gate_proj, dense_h_to_4h and dense_4h_to_h.
  const linear = 63 * (4 * h * h + 2 * h * ffn) + h * textHidden + 3 * textHidden * textFfn;
  return { name: 'EVA2-CLIP-E + GLU adapter', params: 63 * layer + embedding + adapter, linearParams: linear };
}

/**
 * Phi-3-vision's image embedding (Phi3ImageEmbedding, as mlc-ai/mlc-llm python/mlc_llm/model/phi3v
 * builds it from the checkpoint): CLIP ViT-L/14-336 (img_processor image_dim_out 1024), the 2×2 merge
 * of neighbouring patches into 4 × 1024 = 4096 features, the learnable separators glb_GN and sub_GN
 * (4096 each), and img_projection Linear(4096, text hidden), GELU, Linear(text hidden, text hidden),
 * both with bias.
 */
export function phi3vVision(textHidden: number): NonNullable<Architecture['vision']> {
  const merged = 4 * 1024;
  return visionTower('CLIP ViT-L/14-336 (Phi-3-vision HD merge)', {
    layers: 24, hidden: 1024, ffn: 4096, mlp: 'plain', norm: 'layernorm',
    patchWeights: 3 * 14 * 14 * 1024, patchBias: false, positions: (336 / 14) ** 2 + 1, classToken: true, extraNorms: 2,
    projector: merged * textHidden + textHidden + textHidden * textHidden + textHidden + 2 * merged,
  });
}
