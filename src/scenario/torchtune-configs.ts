import type { Mode } from './schema.js';

/**
 * The torchtune configs that turn activation checkpointing off (issue 23: the trainer's own default
 * when the user does not say). Every recipe reads `enable_activation_checkpointing` from its config,
 * and torchtune's shipped configs (recipes/configs/<family>/<size>_<method>[_single_device].yaml)
 * mostly set True, which the preset takes (presets.ts). These set it False, read at v0.6.1 (its last
 * release; the Llama 2/3/3.1 LoRA ones unchanged since v0.2.0/v0.3.0, the Qwen2.5 ones since v0.4.0).
 * `devices`: 'multi' for the distributed config (`<size>_lora.yaml`, run on more than one GPU),
 * 'single' for `_single_device.yaml`, 'any' where both set False. The 70B/405B, Gemma, Gemma 2,
 * Mistral, vision and the other QLoRA configs set True, as the single-device 7B–14B LoRA ones do.
 */
interface ConfigOff {
  /** The config file under recipes/configs/ (the first named where several set False). */
  config: string;
  /** The catalog model the config trains. */
  model: string;
  mode: Mode;
  devices: 'multi' | 'single' | 'any';
}

const CHECKPOINTING_OFF: readonly ConfigOff[] = [
  { config: 'llama2/7B_lora.yaml', model: 'llama-2-7b', mode: 'lora', devices: 'multi' },
  { config: 'llama2/13B_lora.yaml', model: 'llama-2-13b', mode: 'lora', devices: 'multi' },
  { config: 'llama3/8B_lora.yaml', model: 'llama-3-8b', mode: 'lora', devices: 'multi' },
  { config: 'llama3_1/8B_lora.yaml', model: 'llama-3.1-8b', mode: 'lora', devices: 'multi' },
  { config: 'llama3_2/1B_lora.yaml', model: 'llama-3.2-1b', mode: 'lora', devices: 'any' },
  { config: 'llama3_2/1B_qlora_single_device.yaml', model: 'llama-3.2-1b', mode: 'qlora', devices: 'single' },
  { config: 'llama3_2/1B_full.yaml', model: 'llama-3.2-1b', mode: 'full', devices: 'any' },
  { config: 'llama3_2/3B_lora.yaml', model: 'llama-3.2-3b', mode: 'lora', devices: 'multi' },
  { config: 'phi3/mini_lora.yaml', model: 'phi-3-mini', mode: 'lora', devices: 'multi' },
  { config: 'phi4/14B_lora.yaml', model: 'phi-4', mode: 'lora', devices: 'multi' },
  { config: 'qwen2/7B_lora.yaml', model: 'qwen2-7b', mode: 'lora', devices: 'multi' },
  { config: 'qwen2/0.5B_full.yaml', model: 'qwen2-0.5b', mode: 'full', devices: 'multi' },
  { config: 'qwen2/1.5B_full.yaml', model: 'qwen2-1.5b', mode: 'full', devices: 'multi' },
  { config: 'qwen2_5/0.5B_lora.yaml', model: 'qwen2.5-0.5b', mode: 'lora', devices: 'any' },
  { config: 'qwen2_5/0.5B_full.yaml', model: 'qwen2.5-0.5b', mode: 'full', devices: 'any' },
  { config: 'qwen2_5/1.5B_lora.yaml', model: 'qwen2.5-1.5b', mode: 'lora', devices: 'any' },
  { config: 'qwen2_5/3B_lora.yaml', model: 'qwen2.5-3b', mode: 'lora', devices: 'multi' },
  { config: 'qwen2_5/7B_lora.yaml', model: 'qwen2.5-7b', mode: 'lora', devices: 'multi' },
  { config: 'qwen2_5/32B_lora.yaml', model: 'qwen2.5-32b', mode: 'lora', devices: 'multi' },
];

/** The torchtune config for this model, method and GPU count that sets enable_activation_checkpointing: False, or null. */
export function torchtuneConfigWithoutCheckpointing(model: string | null, mode: Mode, gpus: number): string | null {
  const devices = gpus > 1 ? 'multi' : 'single';
  const hit = CHECKPOINTING_OFF.find((c) => c.model === model && c.mode === mode && (c.devices === 'any' || c.devices === devices));
  return hit?.config ?? null;
}
