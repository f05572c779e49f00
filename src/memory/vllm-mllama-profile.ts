import { MLLAMA_VISION } from '../catalog/models/vision.js';
import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';
import { vllmBatchDefaults } from './serving.js';
import { vllmEngine } from './vllm-release.js';

/**
 * vLLM V0 profiles Llama 3.2 Vision (Mllama, an encoder-decoder model) with one dummy image for
 * every one of its max_num_seqs sequences, all through the vision encoder in one forward.
 *
 * - vllm/worker/enc_dec_model_runner.py `profile_run` (V0, read at 01b9fe69; the thread vllm#10034
 *   logs "enc_dec_model_runner.py:297] Starting profile run for multi-modal models" under 0.6.x):
 *   `for group_id in range(max_num_seqs)` builds a sequence with encoder dummy data of its own —
 *   unlike the decoder-only model_runner.py, it never caps the count by
 *   max_num_batched_tokens ÷ max_multimodal_tokens. Each carries `mm_counts["image"]` images
 *   (limit_mm_per_prompt, 1 unless set), so N = max_num_seqs images (256 by default; vllm#10569's
 *   print of the dummy batch: pixel_values [256, 1, 1, 4, 3, 560, 560]).
 * - vllm/model_executor/models/mllama.py `dummy_image`: 1024 × 1024, which the tiler fits to a 2 × 2
 *   canvas of 560-pixel tiles: max_num_tiles = 4 tiles an image, 1,601 patches a tile (40² + class
 *   token), padded to a multiple of 8 (`num_padding_patches`): L = 4 × 1,608 = 6,432 tokens an image.
 * - `MllamaVisionModel.forward` runs all N images at once, and `_prepare_aspect_ratio_attention_mask`
 *   builds a dense [N, 1, L, L] mask in the model dtype (`attention_mask @ attention_mask.transpose(-1,
 *   -2) * torch.finfo(dtype).min`: two such tensors while it is built), kept through both encoders.
 * - The local encoder (`MllamaVisionEncoder.forward`) keeps the inputs of intermediate_layers_indices
 *   [3, 7, 15, 23, 30] for the projector; in its last layer the loop's input, the residual and the
 *   LayerNorm output are alive beside CLIPMLP's fc1 output and its activation, each ffn ÷ tp wide
 *   (ColumnParallelLinear); the hidden width h is whole on every rank (the patch embedding is
 *   all-gathered).
 * - The output is `torch.cat([hidden_state, intermediate_hidden_states], dim=-1)` of the sliced
 *   (1,601-patch) final state and the five kept states, each first copied by a reshape of a
 *   non-contiguous slice: 1 + 5 + 6 states at once, with the mask still in scope.
 * - The pixel values stay alive as the forward's argument, in the model dtype
 *   (`MultiModalKwargs.as_kwargs(…, dtype=self.model_config.dtype)` in execute_model).
 *
 * The profile peak is the largest of those three moments; the text decoder's own profile tokens
 * (max_num_batched_tokens ÷ N each) come after and are far smaller. vllm#10034 (verdict corpus v172)
 * fails at the start of it: "Tried to allocate 1.95 GiB", which is the patch embedding's
 * column-parallel output at tp 2, 1,024 tiles × 1,600 patches × 640 × 2 B.
 *
 * V1 profiles a multimodal encoder within an encoder budget instead (vllm-encoder-profile.ts counts
 * Qwen2-VL's and Qwen2.5-VL's dummy video there); Mllama never runs on V1.
 */
export function mllamaProfileImages(s: Scenario): number | null {
  if (s.mode !== 'inference' || s.framework === 'tgi' || s.inference.engine !== 'vllm' || s.inference.server) return null;
  if (s.model.arch.vision?.name !== MLLAMA_VISION.name || vllmEngine(s) !== 'v0') return null;
  return s.inference.maxSeqs ?? vllmBatchDefaults(s).maxSeqs;
}

export function mllamaProfileEncoder(s: Scenario, l: Layout): Component | null {
  const images = mllamaProfileImages(s);
  if (images === null) return null;
  const { hidden: h, ffn, maxTiles, imageSize, patchSize, intermediateLayers: kept } = MLLAMA_VISION;
  const e = activationBytes(s);
  const patches = (imageSize / patchSize) ** 2 + 1;
  const padded = Math.ceil(patches / 8) * 8;
  const L = maxTiles * padded;
  const pixels = images * maxTiles * 3 * imageSize * imageSize * e;
  const mask = images * L * L * e;
  const state = images * L * h * e;
  const sliced = images * maxTiles * patches * h * e;
  const mlp = images * L * (ffn / l.tp) * e;
  const building = 2 * mask + state;
  const lastLocalLayer = mask + (kept + 3) * state + 2 * mlp;
  const output = mask + 12 * sliced;
  const peak = Math.max(building, lastLocalLayer, output);
  const moment = peak === lastLocalLayer ? `mask + ${kept + 3} states + 2 × fc1 (${ffn}÷${l.tp})` : peak === output ? 'mask + 12 sliced states at the output cat' : '2 × mask + state while the mask is built';
  return {
    key: 'profile',
    name: `profile-run vision encoder (${count(images)} dummy images × ${maxTiles} tiles)`,
    group: 'activations',
    bytes: pixels + peak,
    formula: `pixels ${count(images)} × ${maxTiles} × 3 × ${imageSize}² × ${e} B + ${moment}; mask ${count(images)} × ${L}² × ${e} B, state ${count(images)} × ${L} × ${h} × ${e} B`,
  };
}
