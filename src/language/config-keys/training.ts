import { IGNORE, isFalse, isTrue, say, unquote, type Handler, type KeyContext, type KeyTable } from './values.js';

/*
 * Keys only a training run has (DESIGN §2, issue 22 item 7): the epochs, the learning rate and its
 * schedule, checkpoint saving. None changes memory, but each says the request trains: a pasted
 * `--num_train_epochs 3 --learning_rate 2e-5` with no train word is a fine-tune, not a run of the
 * model. Each reads as the request word "train" (a training setting with no train word), as
 * `per_device_train_batch_size` does (batch.ts); `do_train false` says nothing.
 */
/**
 * Keys that say the run trains by their own reading (a micro-batch per device, accumulation, an
 * optimizer, a method, a sharding stage): beside one of them, a learning rate adds nothing and is
 * listed as not used, as a key with no memory effect is.
 */
const TRAINS_ALREADY = [
  'per_device_train_batch_size', 'gradient_accumulation_steps', 'gradient_accumulation', 'gradient_accumulation_iters', 'gradient_accumulations',
  'optim', 'optimizer', 'gradient_checkpointing', 'deepspeed', 'zero_stage', 'fsdp', 'finetuning_type', 'train_type', 'sft_type', 'lora_r', 'lora_rank', 'use_peft', 'use_lora',
];

/** A switch present and not turned off (`--do_predict`, `do_predict: true`). */
const switchedOn = (ctx: KeyContext, key: string): boolean => {
  if (!ctx.keys.has(key)) return false;
  const v = ctx.values?.get(key);
  return v === undefined || v.trim() === '' || !isFalse(v);
};

/**
 * A prediction run of the HF Trainer's scripts: `do_predict` on and `do_train` not. LLaMA-Factory's
 * `--stage sft --do_predict --predict_with_generate` (its examples/train_lora/llama3_lora_predict.yaml,
 * run with `llamafactory-cli train`) loads the model, and the trained adapter over it, and generates
 * for the eval set: inference, whatever its stage and finetuning_type say (src/llamafactory/train/sft/
 * workflow.py: load_model(…, training_args.do_train), the adapter loaded not trainable). Read as
 * training, a LoRA fine-tune was estimated where the model only runs: hiyouga/LlamaFactory#2321
 * (corpus c1368, Mixtral on 8×80G), #4803 (Qwen2-72B predict on 8×A100 80G), #4340 (30B predict
 * on 4×L40), #6040 (Llama-3.1-8B predict on 8×A100 40G).
 */
export const predictsOnly = (ctx: KeyContext): boolean => (switchedOn(ctx, 'do_predict') || evaluatesWithGeneration(ctx)) && !switchedOn(ctx, 'do_train');

/**
 * LLaMA-Factory's `--do_eval --predict_with_generate` without `--do_train`: its sft workflow runs
 * `trainer.evaluate(…, **gen_kwargs)` only, generating for the eval set (src/llmtuner/train/sft/
 * workflow.py: `if training_args.do_train: … if training_args.do_eval: …`): "请问该如何评测llama2 13B的rouge"
 * with `--do_eval --per_device_eval_batch_size 8 --predict_with_generate` (hiyouga/LlamaFactory#559,
 * c3901, had been read as a LoRA fine-tune). `do_eval` alone is no such sign: TRL's and open-r1's
 * scripts train whatever it says (c2191's `do_eval: true` beside a GRPO recipe).
 */
const evaluatesWithGeneration = (ctx: KeyContext): boolean => switchedOn(ctx, 'do_eval') && switchedOn(ctx, 'predict_with_generate');

const predictNote = (ctx: KeyContext) =>
  `${switchedOn(ctx, 'do_predict') ? 'do_predict' : 'do_eval with predict_with_generate'} without do_train: a prediction run (the model, and the adapter it names, loaded to generate for the eval set), read as inference; say "train" if this command also trains`;

/**
 * An evaluation-only switch (`--eval_only`, `--evaluate_only`, `--only_eval`): the script loads the model and runs
 * its validation, no optimizer step: "I'm trying to run the 13B model's validation code with 8*NVIDIA 3090 …
 * deepspeed.launcher.launch … train_ds.py --version=weights/LISA-13B-llama2-v1 … --eval_only" (corpus c2431, read
 * as a full fine-tune from the script's name). Read as inference, said; the script's name stays a weak word.
 */
const EVAL_ONLY_KEYS = ['eval_only', 'evaluate_only', 'only_eval', 'eval_only_mode'];
const evaluatesOnly = (ctx: KeyContext): boolean => EVAL_ONLY_KEYS.some((k) => switchedOn(ctx, k)) && !switchedOn(ctx, 'do_train');
const EVAL_NOTE = 'an evaluation-only switch: the model is loaded to validate, no training step, read as inference; say "train" if this command also trains';
const evaluates: Handler = (_v, ctx) => (evaluatesOnly(ctx) ? { say: 'inference', note: EVAL_NOTE } : IGNORE);

/** `do_predict`: inference when it is the run's only task, said; beside do_train, nothing. */
const predicts: Handler = (_v, ctx) => (predictsOnly(ctx) ? { say: 'inference', note: predictNote(ctx) } : IGNORE);

/** The first training-only key of the text says "train", once; the others are listed as not used. */
const trains: Handler = (v, ctx) => {
  if (isFalse(v) && v.trim() !== '') return IGNORE;
  if (predictsOnly(ctx) || evaluatesOnly(ctx)) return IGNORE;
  if (TRAINS_ALREADY.some((k) => ctx.keys.has(k))) return IGNORE;
  const first = [...ctx.keys].find((k) => Object.hasOwn(TRAINING_KEYS, k));
  return first === undefined || first === ctx.current ? say('train') : IGNORE;
};

/** AutoTrain's `--trainer`: the supervised trainers say "train"; DPO and ORPO name their method. */
const trainerKind: Handler = (v, ctx) => {
  const value = unquote(v).toLowerCase();
  if (value === 'dpo' || value === 'orpo') return say(value);
  return /^(?:sft|default|generic|clm)$/.test(value) ? trains(v, ctx) : IGNORE;
};

const HF = 'transformers training_args.py';
const MEGATRON = 'Megatron-LM megatron/training/arguments.py';
const MLX_LM = 'mlx-lm mlx_lm/lora.py';

/** Each key: what its value says in request words, and the source where one is cited. */
export const TRAINING_KEYS: KeyTable = {
  num_train_epochs: { reads: trains, source: HF },
  max_steps: { reads: trains, source: HF },
  learning_rate: { reads: trains, source: HF },
  warmup_steps: { reads: trains, source: HF },
  warmup_ratio: { reads: trains, source: HF },
  lr_scheduler_type: { reads: trains, source: HF },
  weight_decay: { reads: trains, source: HF },
  save_steps: { reads: trains, source: HF },
  save_strategy: { reads: trains, source: HF },
  save_total_limit: { reads: trains, source: HF },
  logging_steps: { reads: trains, source: HF },
  max_grad_norm: { reads: trains, source: HF },
  do_train: { reads: trains, source: HF },
  do_predict: { reads: predicts, source: `${HF}; hiyouga/LlamaFactory#2321, #4803, #4340, #6040` },
  // Said once, by whichever of the two comes first; beside do_train, or alone, nothing.
  do_eval: { reads: (v, ctx) => (evaluatesWithGeneration(ctx) && !switchedOn(ctx, 'do_predict') ? predicts(v, ctx) : IGNORE), source: `${HF}; hiyouga/LlamaFactory#559 (c3901)` },
  eval_only: { reads: evaluates, source: 'JIA-Lab-research/LISA#80 (corpus c2431): train_ds.py --eval_only' },
  evaluate_only: { reads: evaluates, source: 'invented, as eval_only' },
  only_eval: { reads: evaluates, source: 'invented, as eval_only' },
  resume_from_checkpoint: { reads: trains, source: HF },
  neftune_noise_alpha: { reads: trains, source: HF },
  // axolotl's YAML (its docs, "Config options"): its epochs, schedule and loss masking.
  num_epochs: { reads: trains, source: 'axolotl docs, "Config options"' },
  lr_scheduler: { reads: trains, source: 'axolotl docs, "Config options"' },
  train_on_inputs: { reads: trains, source: 'axolotl docs, "Config options"' },
  // mlx-lm's LoRA config (mlx_lm/lora.py CONFIG_DEFAULTS): iterations, and how often it reports,
  // evaluates and saves. A count of steps is never a batch (ml-explore/mlx#1406 read `iters: 2573` as one).
  iters: { reads: trains, source: MLX_LM },
  steps_per_report: { reads: trains, source: MLX_LM },
  steps_per_eval: { reads: trains, source: MLX_LM },
  save_every: { reads: trains, source: MLX_LM },
  // The short spellings of trainers' CLIs: AutoTrain's `autotrain llm --train … --lr 2e-4 --epochs 1
  // --trainer sft` (huggingface/autotrain-advanced#446, c908; onlybooks/llm#12, c944), mlx-lm's
  // `lora.py --train --iters 100` (ml-explore/mlx-examples#70), `--epochs 1 --lr 1e-5` (c805, c891),
  // `--lr 2e-5` (c245, c377, c384). A learning rate or an epoch count belongs to a training run only:
  // they were set aside as keys with no memory effect, and a pasted AutoTrain command read as running
  // the model.
  train: { reads: (v, ctx) => (v.trim() === '' || isTrue(v) ? trains(v, ctx) : IGNORE), source: 'AutoTrain `autotrain llm --train`; mlx-lm lora.py --train' },
  lr: { reads: trains, source: 'AutoTrain, DeepSpeed-Chat, LMFlow CLIs' },
  epochs: { reads: trains, source: 'AutoTrain CLI' },
  trainer: { reads: trainerKind, source: 'AutoTrain `--trainer` (sft, default, dpo, orpo, reward)' },
  // Megatron-LM's own spellings.
  train_iters: { reads: trains, source: MEGATRON },
  lr_decay_iters: { reads: trains, source: MEGATRON },
};
