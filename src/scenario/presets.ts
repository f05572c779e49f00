import type { Mode, Scenario } from './schema.js';

/**
 * Framework presets (DESIGN §3.2): the conventions each framework uses by default. Explicit
 * items in the same request win over a preset; the resolver applies the preset first.
 */
export type Framework = Scenario['framework'];
export type PresetFields = Partial<
  Pick<Scenario, 'recipe' | 'compute' | 'optimizer' | 'optimizerImpl' | 'loss' | 'sharding' | 'recompute' | 'attention'>
>;

export interface Preset {
  fields: PresetFields;
  note: string;
}

export function presetFor(framework: Framework, mode: Mode, gpus: number): Preset {
  switch (framework) {
    case 'torchtune':
      // torchtune recipes load the model in bf16 and keep AdamW states in bf16; fused=True in its configs.
      return { fields: { recipe: 'pure', compute: 'bf16', optimizerImpl: 'fused' }, note: 'torchtune preset: pure bf16 model and AdamW states, fused AdamW' };
    case 'litgpt': {
      // litgpt --precision bf16-true; chunked LM head/CE (128 tokens); QLoRA uses paged AdamW;
      // multi-GPU fine-tuning defaults to FSDP FULL_SHARD with activation checkpointing.
      const fields: PresetFields = { recipe: 'pure', compute: 'bf16', loss: 'chunked' };
      if (mode === 'qlora') fields.optimizer = 'paged-adamw';
      if (gpus > 1) Object.assign(fields, { sharding: { kind: 'fsdp', stage: 3 }, recompute: 'full' });
      const multi = gpus > 1 ? ', FSDP full shard with recompute on more than one GPU' : '';
      const paged = mode === 'qlora' ? ', paged AdamW' : '';
      return { fields, note: `litgpt preset: bf16-true, chunked cross-entropy${paged}${multi}` };
    }
    case 'deepspeed':
      return { fields: { recipe: 'mixed' }, note: 'DeepSpeed preset: bf16 mixed precision with fp32 master weights' };
    case 'megatron':
      // Megatron-LM keeps fp32 main gradients and uses fused/flash attention kernels.
      return { fields: { recipe: 'megatron', attention: 'flash' }, note: 'Megatron preset: bf16 with fp32 main grads and master weights (18 B/param)' };
    case 'fsdp':
      return { fields: { sharding: { kind: 'fsdp', stage: 3 } }, note: 'FSDP preset: FULL_SHARD (ZeRO-3 equivalent)' };
    case 'hf':
      return { fields: { recipe: 'mixed' }, note: 'Hugging Face preset: bf16 mixed precision with fp32 master weights' };
  }
}
