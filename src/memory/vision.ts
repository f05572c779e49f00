import type { Scenario } from '../scenario/schema.js';
import { bnbTowerLinear } from './bnb-linear.js';
import { count, num } from './format.js';
import { KBIT_UPCAST_BYTES, kbitPrepared } from './kbit.js';
import type { Layout } from './layout.js';
import { WEIGHT_FORMAT_BYTES } from './precision.js';
import type { Component } from './types.js';
import { vllmSkipsTower } from './vllm-tower-skip.js';

/**
 * The vision tower and projector of a vision-language model (catalog arch.vision, counted from
 * config.json vision_config). Loaded with the model in every mode, in the load dtype (bf16, or fp32
 * when the model is loaded in fp32); frozen in training, so no gradients or optimizer states
 * (LLaMA-Factory finetuning_args.py `freeze_vision_tower=True`; a text-only batch gives the tower
 * no gradients either). ZeRO-3 / FSDP shard it like the rest; tensor parallelism splits it
 * (vLLM's Qwen2.5-VL / SigLIP encoders use column/row-parallel linears). llama.cpp loads it only
 * from a separate --mmproj file, which the request does not name; vLLM skips it on a text-only server
 * (every modality limited to 0, or --language-model-only: vllm-tower-skip.ts).
 */
export function visionTowerWeights(s: Scenario, l: Layout): Component | null {
  const vision = s.model.arch.vision;
  if (!vision || s.framework === 'llamacpp' || vllmSkipsTower(s)) return null;
  const fp32 = s.recipe === 'fp32' || (s.mode === 'full' && s.recipe === 'amp');
  const bytesPerParam = fp32 ? 4 : 2;
  const divisor = l.tp * l.shard.weights;
  const perGpu = vision.params / divisor;
  const split = divisor > 1 ? ` ÷ ${divisor}` : '';
  // A bitsandbytes load of the whole model packs the tower's linear layers too (bnb-linear.ts).
  const packed = bnbTowerLinear(s);
  if (packed > 0) {
    const perParam = WEIGHT_FORMAT_BYTES[s.weights];
    // PEFT's prepare_model_for_kbit_training casts every 16-bit parameter left to fp32, the tower's too (kbit.ts).
    const restBytes = kbitPrepared(s) ? KBIT_UPCAST_BYTES : 2;
    const text = `${count(packed)} nn.Linear weights × ${num(perParam)} B (bitsandbytes packs the tower with the model) + ${count(vision.params - packed)} × ${restBytes} B`;
    return {
      key: 'vision',
      name: `vision tower (${vision.name}, frozen), ${s.weights} linear + ${restBytes * 8}-bit rest`,
      group: 'weights',
      bytes: (packed * perParam + (vision.params - packed) * restBytes) / divisor,
      formula: divisor > 1 ? `(${text})${split}` : text,
    };
  }
  return {
    key: 'vision',
    name: `vision tower (${vision.name}, frozen), ${bytesPerParam * 8}-bit`,
    group: 'weights',
    bytes: perGpu * bytesPerParam,
    formula: `${count(vision.params)}${split} × ${bytesPerParam} B`,
  };
}
