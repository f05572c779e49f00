import { flag } from './readers.js';
import { IGNORE, isFalse, isTrue, say, unquote, type Handler, type KeyTable } from './values.js';

/** Memory savers: checkpointing, attention kernels, fused losses, packing, compilation. */

export const attention: Handler = (v) => {
  const value = unquote(v);
  if (/flash|fa2|fa3/.test(value) || isTrue(value)) return say('flash');
  if (/sdpa/.test(value)) return say('sdpa');
  if (/eager|disabled/.test(value) || isFalse(value)) return say('no flash');
  return IGNORE;
};

/** What torch.compile changes in memory depends on Inductor's partitioner: said, not guessed (GT019–GT021). */
export const COMPILE_NOTE = "torch.compile is not modelled: what it saves for backward depends on Inductor's fusions; the estimate is eager PyTorch's";

/** torchtitan's activation checkpointing mode: full, selective (per-op, or every n-th layer by its option) or none. */
const torchtitanCheckpointMode: Handler = (v, ctx) => {
  const value = unquote(v);
  if (value === 'full') return say('gc');
  if (value === 'none') return say('no gc');
  if (value !== 'selective') return IGNORE;
  const option = unquote(ctx.values?.get('activation_checkpoint.selective_ac_option') ?? 'op');
  return say(option === 'op' ? 'per-op sac' : 'selective');
};

/** Each key: what its value says in request words, and the source where one is cited. */
export const SAVER_KEYS: KeyTable = {
  gradient_checkpointing: { reads: flag('gc', 'no gc') },
  activation_checkpointing: { reads: flag('gc', 'no gc') },
  // mlx-lm's LoRA config (mlx_lm/tuner/trainer.py TrainingArgs.grad_checkpoint, ml-explore/mlx#1406).
  grad_checkpoint: { reads: flag('gc', 'no gc'), source: 'mlx-lm mlx_lm/tuner/trainer.py' },
  enable_activation_checkpointing: { reads: flag('gc', 'no gc') },
  // torchtitan's [activation_checkpoint] mode as a flag (torchtitan/config/job_config.py ActivationCheckpoint: "none",
  // "full", "selective"; "--activation_checkpoint.mode \"full\"", pytorch/torchtitan#1884, c3013). Its selective mode is
  // per-op SAC where selective_ac_option is "op" (the train configs' value) and every n-th layer where it is a number.
  'activation_checkpoint.mode': { reads: torchtitanCheckpointMode, source: 'pytorch/torchtitan torchtitan/config/job_config.py ActivationCheckpoint; pytorch/torchtitan#1884' },
  // LLaMA2-Accessory's main_finetune.py / main_pretrain.py switch (Alpha-VLLM/LLaMA2-Accessory#26:
  // "--model_parallel_size 2 --checkpointing"): activation checkpointing of each layer, as the request
  // word "checkpointing" is. A block of that name (NeMo-RL's `checkpointing: enabled:`) has no value here.
  checkpointing: { reads: flag('gc', 'no gc'), source: 'Alpha-VLLM/LLaMA2-Accessory#26, accessory/main_finetune.py --checkpointing' },
  flash_attention: { reads: attention },
  flash_attn: { reads: attention },
  use_flash_attention_2: { reads: attention },
  attn_implementation: { reads: attention },
  sdp_attention: { reads: (v) => (isTrue(v) ? say('sdpa') : IGNORE) },
  // LLaMA-Factory's switch off (its gradient checkpointing is on unless disabled, hparams/model_args.py).
  disable_gradient_checkpointing: { reads: flag('no gc', 'gc'), source: 'LLaMA-Factory hparams/model_args.py' },
  // Unsloth's gradient checkpointing (LLaMA-Factory use_unsloth_gc) is checkpointing whose saved layer
  // inputs go to CPU (model/model_utils/checkpointing.py UnslothGradientCheckpointing: `hidden_states.to("cpu")`
  // in forward, back to the GPU in backward): offloaded checkpointing, as Unsloth's own "unsloth" value is
  // (hiyouga/LlamaFactory#7938, c657: it had read as plain checkpointing).
  use_unsloth_gc: { reads: (v) => (isTrue(v) ? say('unsloth gc') : IGNORE), source: 'LLaMA-Factory model/model_utils/checkpointing.py' },
  // Unsloth get_peft_model(use_gradient_checkpointing=True | "unsloth" | False): "unsloth" is its
  // offloaded checkpointing (Unsloth README), a value only Unsloth takes, so Unsloth runs: "I also set the
  // --use_gradient_checkpointing to unsloth" (corpus c328) names the framework by that word alone.
  use_gradient_checkpointing: { reads: (v) => (unquote(v) === 'unsloth' ? say('unsloth gc unsloth') : isTrue(v) ? say('gc') : isFalse(v) ? say('no gc') : IGNORE), source: 'Unsloth README' },
  // Liger's fused linear cross-entropy (HF TrainingArguments use_liger_kernel, LLaMA-Factory enable_liger_kernel).
  use_liger_kernel: { reads: flag('liger'), source: 'transformers TrainingArguments' },
  enable_liger_kernel: { reads: flag('liger'), source: 'LLaMA-Factory' },
  use_liger: { reads: flag('liger') },
  // The batch shape the allocator's slack rests on (memory/overhead.ts): axolotl sample_packing,
  // TRL SFTConfig packing, torchtune dataset packed.
  sample_packing: { reads: flag('packed', 'dynamic padding') },
  packing: { reads: flag('packed', 'dynamic padding') },
  packed: { reads: flag('packed', 'dynamic padding') },
  use_flash_attn: { reads: attention },
  // torchtitan --compile / training.compile, torchtune compile=True, HF torch_compile: stated, not modelled.
  compile: { reads: (v) => (isTrue(v) ? { ignore: true, note: COMPILE_NOTE } : IGNORE) },
  torch_compile: { reads: (v) => (isTrue(v) ? { ignore: true, note: COMPILE_NOTE } : IGNORE) },
};
