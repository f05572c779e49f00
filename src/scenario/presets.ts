import { tgiPresetWords } from '../memory/tgi-release.js';
import { GRPO_BATCH_WORDS, GRPO_REFERENCE_WORDS } from '../memory/rl.js';
import { EXL2_DEFAULT_BPW, EXL2_HEAD_BITS } from '../memory/exllamav2.js';
import { CHUNKED_LOSS_FROM, FUSED_ADAMW_FROM, LORA_ON_MLP_FROM, torchtuneBefore } from '../memory/torchtune-release.js';
import type { Lora, Mode, Scenario } from './schema.js';
import { torchtuneConfigWithoutCheckpointing } from './torchtune-configs.js';
import { llamafactoryForcesEager } from './llamafactory-release.js';

/**
 * Framework presets (DESIGN §3.2): what each framework does when the user names only the
 * framework, read from its source and shipped configs (file and version cited per preset).
 * Explicit items in the same request win over a preset; the resolver applies the preset first.
 */

/**
 * lit-llama from a24fc5e ("Adding cached KVs", 2023-05-22; still so at its last commit) and lit-parrot /
 * lit-gpt before ed1314f ("Restore flash attention support", 2023-06-19) built the causal mask in
 * training too and called `F.scaled_dot_product_attention(q, k, v, attn_mask=mask, ...)`; the commit
 * that removed it says why: "passing `attn_mask` to SDPA downgrades it to use the inefficient
 * implementation" (pytorch#96099: torch 2.0's flash kernel takes no mask), so each layer kept the
 * a·s²·b softmax of the math kernel. Before a24fc5e lit-llama passed is_causal=True. The request
 * language reads no checkout date, so the estimate takes today's flash path and the reply says so. "no
 * flash" is eager attention to the model (memory/activations.ts: an fp32 softmax output and its 16-bit
 * copy, 6 B a score), an upper bound on the math kernel's 2 B under bf16 autocast (torch 2.0–2.4).
 */
export const LIT_MASKED_SDPA_WORDS =
  'causal SDPA (flash), as litgpt runs it today (2023 checkouts of lit-llama / lit-gpt ran the math kernel: say "no flash" for an upper bound)';

export type Framework = Scenario['framework'];
export type PresetFields = Partial<
  Pick<Scenario, 'recipe' | 'compute' | 'weights' | 'optimizer' | 'optimizerImpl' | 'loss' | 'sharding' | 'recompute' | 'attention'>
>;

export interface Preset {
  fields: PresetFields;
  /** LoRA settings the framework defaults to, applied to those the request did not state. */
  lora?: Partial<Pick<Lora, 'rank' | 'targets' | 'dropout'>>;
  /** The mode the framework's standard recipe uses when the request names none (Unsloth: 4-bit QLoRA). */
  mode?: Mode;
  /** What the reply says when `mode` is taken because the request named none: the default and its source. */
  modeNote?: string;
  /** What the reply says for checkpointing left off when the request does not say it, where the framework's default is release-dependent (TRL). */
  recomputeWords?: string;
  /** Sequence parallelism whenever tensor parallelism is on (Megatron's recipes pass both). */
  sequenceParallel?: boolean;
  note: string;
}

const ALL_LINEAR: Lora['targets'] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];

/**
 * Unsloth computes its loss from the whole 16-bit logits before 2024.11: unsloth/models/llama.py
 * `LlamaForCausalLM_fast_forward` (2024.1 → 2024.10) runs `logits = self.lm_head(hidden_states)` over
 * every position, `logits.to(self.config.torch_dtype)`, then `fast_cross_entropy_loss(logits,
 * shift_labels)` (unsloth/kernels/cross_entropy_loss.py `Fast_CrossEntropyLoss`: one fp32 log-sum-exp
 * a row, the gradient written into the logits in place): the chunked count of memory/logits.ts.
 * From 2024.11 the models unsloth_zoo compiles take the loss from the hidden states (the preset's
 * fused loss). A release is "year.month" (PyPI `unsloth`); none named is the newest.
 */
export const UNSLOTH_FUSED_LOSS_FROM = [2024, 11] as const;

/**
 * Frameworks whose QLoRA loads the 4-bit base with double quantisation unless told otherwise, so a
 * 4-bit NF4 base said with them is `nf4-dq` (0.127 bits of constants a weight, not 0.5: precision.ts):
 * - axolotl: src/axolotl/utils/models.py `load_model` (3b4d055, 2023-05-22) → src/axolotl/loaders/model.py
 *   `_set_quantization_config` (067b021, 2026): `bnb_4bit_use_double_quant: True` for adapter qlora
 *   with load_in_4bit (bnb_config_kwargs may override it; the request language has no word for that).
 * - LLaMA-Factory: `double_quantization: bool = True` (src/utils/config.py at 5f44112 "support QLoRA",
 *   2023-06-04 → src/llamafactory/hparams/model_args.py at ff6d4d1, 2026), passed as
 *   bnb_4bit_use_double_quant (model/model_utils/quantization.py).
 * - Unsloth: `FastLlamaModel.from_pretrained(load_in_4bit=True)` builds BitsAndBytesConfig(...,
 *   bnb_4bit_use_double_quant = True) (unsloth/models/llama.py, from the first upload c3d6def,
 *   2023-11-30, to 015bdef, 2026; its pre-quantised unsloth/*-bnb-4bit checkpoints carry the same).
 * - torchtune: its QLoRA builders quantise with torchao `to_nf4(weight, block_size=64,
 *   scaler_block_size=256)`, whose NF4Tensor always double-quantises the block scalers to int8
 *   (`NF4Tensor.double_quantize_scalers`, torchao/dtypes/nf4tensor.py).
 * Not PEFT/transformers (BitsAndBytesConfig's bnb_4bit_use_double_quant defaults to False), TRL
 * (`use_bnb_nested_quant` False) or litgpt (`bnb.nf4` and `bnb.nf4-dq` are named apart).
 */
export const DOUBLE_QUANT_BY_DEFAULT: Readonly<Partial<Record<Framework, string>>> = {
  axolotl: "axolotl's QLoRA loader sets bnb_4bit_use_double_quant: True",
  'llama-factory': "LLaMA-Factory's double_quantization defaults to true",
  unsloth: 'Unsloth loads 4-bit with bnb_4bit_use_double_quant = True',
  torchtune: "torchtune's NF4 (torchao to_nf4) always double-quantises its block scalers",
};

export function unslothWholeLogits(release: string | undefined): boolean {
  const m = /^(\d{4})\.(\d{1,2})$/.exec(release ?? '');
  if (!m) return false;
  const [year, month] = [Number(m[1]), Number(m[2])];
  return year < UNSLOTH_FUSED_LOSS_FROM[0] || (year === UNSLOTH_FUSED_LOSS_FROM[0] && month < UNSLOTH_FUSED_LOSS_FROM[1]);
}

/**
 * `release`: the release the request named for the framework ("unsloth 2024.5", "torchtune 0.1.1"), which sets its loss and defaults.
 * `model`: the catalog model, where a framework's shipped config for it differs (torchtune-configs.ts).
 * `shardedSaid`: the request names ZeRO, FSDP or DeepSpeed itself, so the run's 16-bit weights are that engine's own
 * (with fp32 masters) whatever the GPU count; only LLaMA-Factory's recipe turns on it.
 */
export function presetFor(framework: Framework, mode: Mode, gpus: number, release?: string, model?: string | null, shardedSaid = false): Preset {
  switch (framework) {
    case 'hf':
      // transformers TrainingArguments (training_args.py): gradient_checkpointing=False; optim "adamw_hf"
      // until v4.32 (huggingface/transformers#25109 made it "adamw_torch", PyTorch AdamW, foreach on CUDA;
      // later releases "adamw_torch_fused"): the same two fp32 states per parameter in every release, so one
      // preset serves them all. TRL's configs inherit the optimizer, and
      // the checkpointing too before v0.22.0; "trl" named takes its own default (scenario/trl-preset.ts).
      // Running the model holds none of the Trainer's recipe: "Mixtral inference with transformers"
      // said "Trainer preset: … fp32 master weights, gradient checkpointing off" beside a generate().
      if (mode === 'inference') return { fields: {}, note: '' };
      return { fields: { recipe: 'mixed' }, note: 'Hugging Face Trainer preset: bf16 mixed precision with fp32 master weights, gradient checkpointing off unless set' };

    case 'peft':
      // PEFT utils/other.py `prepare_model_for_kbit_training(model, use_gradient_checkpointing=True)`
      // (v0.4 → v0.17): turns gradient checkpointing on and casts every non-quantised fp16/bf16
      // parameter (embeddings, LM head, norms) to fp32 (states.ts counts that upcast).
      return { fields: { recompute: 'full' }, note: 'PEFT k-bit preset: prepare_model_for_kbit_training turns gradient checkpointing on and upcasts the non-quantised weights to fp32' };

    case 'llama-factory': {
      // LLaMA-Factory hparams/model_args.py `disable_gradient_checkpointing=False` (gc on);
      // hparams/finetuning_args.py LoraArguments: lora_target="all", lora_rank=8, lora_dropout=0.0
      // (v0.8 → v0.9.3); full fine-tuning casts the trainable weights to fp32 unless pure_bf16
      // (model/adapter.py `cast_trainable_params_to_fp32`), i.e. an fp32 model under bf16 autocast.
      // Its full fine-tuning example (examples/train_full/llama3_full_sft.yaml) runs DeepSpeed with
      // examples/deepspeed/ds_z3_config.json (stage3_max_live_parameters 1e9, overlap_comm false),
      // whose bf16 engine casts the model to bf16 and keeps fp32 masters: mixed precision.
      // A full fine-tune on one GPU with no DeepSpeed said is the Trainer's autocast over fp32 weights (amp); a ZeRO
      // stage said runs DeepSpeed's bf16 engine on one GPU too (c1749: ds_z3_config.json on one A800), mixed.
      const sharded = mode === 'full' && gpus > 1;
      const fields: PresetFields = { recompute: 'full', recipe: mode === 'full' && !sharded && !shardedSaid ? 'amp' : 'mixed' };
      if (sharded) fields.sharding = { kind: 'zero', stage: 3 };
      // v0.5.2 – v0.6.3 force eager attention when flash_attn is left off (scenario/llamafactory-release.ts).
      const eager = llamafactoryForcesEager(release);
      if (eager) fields.attention = 'eager';
      const full = mode === 'full' ? (sharded ? ', full fine-tuning on DeepSpeed ZeRO-3 (ds_z3_config.json)' : shardedSaid ? ', full fine-tuning with 16-bit weights and fp32 masters under the DeepSpeed or FSDP you named' : ', fp32 trainable weights under bf16 autocast') : ', LoRA on all linear layers (lora_target all)';
      // FinetuningArguments.finetuning_type defaults to "lora" (hparams/finetuning_args.py, v0.5 → v0.9.3):
      // a run that names no method trains LoRA adapters, said as that default.
      return {
        fields,
        lora: { targets: ALL_LINEAR, rank: 8, dropout: 0 },
        mode: 'lora',
        modeNote: `LoRA: LLaMA-Factory's default finetuning_type (hparams/finetuning_args.py); say "full" to train every weight`,
        note: `LLaMA-Factory preset: gradient checkpointing on${full}${eager ? `, eager attention (LLaMA-Factory ${release} sets attn_implementation "eager" while flash_attn is off; say fa2 or sdpa if you set flash_attn)` : ''}`,
      };
    }

    case 'axolotl': {
      // axolotl examples (examples/llama-3/{lora,qlora,fft}-8b.yaml, v0.4 → v0.9):
      // gradient_checkpointing: true, flash_attention: true, sample_packing: true,
      // lora_target_linear: true, lora_r 32, lora_dropout 0.05; optimizer adamw_bnb_8bit (LoRA),
      // paged_adamw_32bit (QLoRA), paged_adamw_8bit (full); bf16: auto loads bf16 weights.
      const optimizer = mode === 'qlora' ? 'paged-adamw' : mode === 'full' ? 'paged-adamw-8bit' : 'adamw-8bit';
      const fields: PresetFields = { recompute: 'full', attention: 'flash', optimizer, ...(mode === 'full' ? { recipe: 'pure' as const } : {}) };
      return { fields, lora: { targets: ALL_LINEAR, rank: 32, dropout: 0.05 }, note: `axolotl preset: gradient checkpointing, flash attention, sample packing, ${mode === 'full' ? '' : 'LoRA r32 on all linear layers, '}${optimizer}` };
    }

    case 'unsloth':
      // Unsloth `FastLanguageModel.get_peft_model(use_gradient_checkpointing="unsloth")` (layer
      // inputs offloaded to host, unsloth/models/_utils.py), r=16, lora_dropout=0, all seven
      // projections; `from_pretrained(load_in_4bit=True)`; its fused cross-entropy kernel
      // (unsloth/kernels/cross_entropy_loss.py) never materialises fp32 logits, and since 2024.11 the
      // models unsloth_zoo compiles take the loss from the hidden states without whole logits:
      // `fused_linear_cross_entropy` (Cut Cross-Entropy, unsloth_zoo/loss_utils.py, on while
      // UNSLOTH_ENABLE_CCE=1, the default) or `unsloth_fused_ce_loss` (chunked, unsloth_zoo/fused_losses);
      // notebooks use optim="adamw_8bit" (unsloth notebooks, 2024.x → 2025.x).
      // Before 2024.11 the loss runs on the whole 16-bit logits (unslothWholeLogits).
      {
        const wholeLogits = unslothWholeLogits(release);
        const loss = wholeLogits ? `Unsloth ${release}'s cross-entropy kernel on the whole 16-bit logits (its fused loss came with 2024.11)` : 'fused cross-entropy';
        return {
          fields: { recompute: 'offloaded', loss: wholeLogits ? 'chunked' : 'fused', optimizer: 'adamw-8bit' },
          lora: { targets: ALL_LINEAR, rank: 16, dropout: 0 },
          mode: 'qlora',
          note: `Unsloth preset: ${mode === 'qlora' ? '4-bit QLoRA' : mode === 'lora' ? 'LoRA' : 'full fine-tune'}${mode === 'full' ? '' : ' (r16 on all linear layers unless stated)'}, "unsloth" gradient checkpointing (inputs offloaded to host), ${loss}, 8-bit AdamW`,
        };
      }

    case 'torchtune': {
      // torchtune recipes/configs (llama3_1/8B_*.yaml, llama3_2/3B_*.yaml, v0.4 → v0.6): model and
      // AdamW states in bf16 (dtype: bf16), enable_activation_checkpointing: True (False in the
      // distributed 7B–32B LoRA configs and the smallest models', torchtune-configs.ts),
      // loss CEWithChunkedOutputLoss, AdamW fused=True; the single-device full recipe uses
      // bitsandbytes PagedAdamW8bit with optimizer_in_bwd: True (states.ts frees each gradient in
      // backward); LoRA configs: lora_attn_modules [q_proj, v_proj, output_proj],
      // apply_lora_to_mlp: True, lora_rank 8, lora_dropout 0.0; multi-device recipes use FSDP.
      // An older release named ("torchtune 0.1.1") runs its own loss, AdamW and LoRA targets
      // (memory/torchtune-release.ts).
      const wholeLogits = torchtuneBefore(release, CHUNKED_LOSS_FROM);
      const foreach = torchtuneBefore(release, FUSED_ADAMW_FROM);
      const qvOnly = torchtuneBefore(release, LORA_ON_MLP_FROM);
      // The configs that set enable_activation_checkpointing: False for this model and GPU count (torchtune-configs.ts).
      const acOff = torchtuneConfigWithoutCheckpointing(model ?? null, mode, gpus);
      const fields: PresetFields = { recipe: 'pure', compute: 'bf16', optimizerImpl: foreach ? 'foreach' : 'fused', recompute: acOff ? 'none' : 'full', loss: wholeLogits ? 'full' : 'chunked' };
      if (mode === 'full' && gpus === 1) fields.optimizer = 'paged-adamw-8bit';
      if (gpus > 1) fields.sharding = { kind: 'fsdp', stage: 3 };
      const single = mode === 'full' && gpus === 1 ? ', paged 8-bit AdamW stepped inside backward' : '';
      const loss = wholeLogits
        ? `torchtune ${release}'s nn.CrossEntropyLoss on the whole fp32 logits, the loop's shifted copy held through backward (chunked cross-entropy came with 0.3.0)`
        : 'chunked cross-entropy';
      const adapters = qvOnly && mode !== 'full' ? `, LoRA r8 on q,v (torchtune ${release}'s Llama LoRA configs; the MLP and output_proj joined in 0.4.0)` : '';
      const targets: Lora['targets'] = qvOnly ? ['q', 'v'] : ['q', 'v', 'o', 'gate', 'up', 'down'];
      const ac = acOff ? `activation checkpointing off (its ${acOff} sets enable_activation_checkpointing: False; say gc to turn it on)` : 'activation checkpointing';
      return { fields, lora: { targets, rank: 8, dropout: 0 }, note: `torchtune preset: pure bf16, ${ac}, ${loss}${foreach ? ', foreach AdamW' : ''}${single}${gpus > 1 ? ', FSDP' : ''}${adapters}` };
    }

    case 'litgpt': {
      // Attention: today's litgpt calls SDPA with is_causal and no mask in training (the flash kernel).
      // Two checkouts of 2023 did not: LIT_MASKED_SDPA_WORDS above, said in every litgpt reply.
      // Precision as litgpt's scripts pick it with no --precision: finetune/lora.py, full.py,
      // adapter.py and pretrain.py call `precision or get_default_supported_precision(training=True)`,
      // "bf16-mixed" on a card with bf16 and "16-mixed" without (litgpt/utils.py; the same in
      // lit-gpt 2023 → litgpt 2026-06, 2685705); Fabric's mixed precision keeps the module in fp32
      // (memory/states.ts fabricMixedKeepsFp32), so the compute dtype is left to the card. QLoRA
      // cannot run mixed ("Quantization and mixed precision is not supported", finetune/lora.py)
      // and so runs bf16-true, as the docs' resource tables do; generate and chat pick
      // training=False, bf16-true. Chunked LM head/CE (128 tokens); QLoRA uses paged AdamW;
      // multi-GPU fine-tuning shards (FSDP full shard) with activation checkpointing.
      const trueBf16 = mode === 'qlora' || mode === 'inference';
      const fields: PresetFields = trueBf16 ? { recipe: 'pure', compute: 'bf16', loss: 'chunked' } : { recipe: 'amp', loss: 'chunked' };
      if (mode === 'qlora') fields.optimizer = 'paged-adamw';
      if (gpus > 1) Object.assign(fields, { sharding: { kind: 'fsdp', stage: 3 }, recompute: 'full' });
      const multi = gpus > 1 ? ', FSDP full shard with activation checkpointing on more than one GPU' : '';
      const paged = mode === 'qlora' ? ', paged AdamW' : '';
      // litgpt finetune/lora.py: lora_dropout = 0.05 (PEFT's default is 0).
      const dropout = mode === 'lora' || mode === 'qlora' ? ', LoRA dropout 0.05' : '';
      const precision = mode === 'qlora'
        ? 'bf16-true (--quantize refuses a mixed precision)'
        : mode === 'inference'
          ? 'bf16-true'
          : "bf16-mixed, litgpt's default without --precision (16-mixed on a card without bf16): an fp32 model under autocast (say bf16-true for the docs' setting)";
      return { fields, lora: { dropout: 0.05 }, note: `litgpt preset: ${precision}, chunked cross-entropy${paged}${multi}${dropout}, ${LIT_MASKED_SDPA_WORDS}` };
    }

    case 'torchtitan':
      // float8 (torchao float8/float8_linear.py `matmul_with_hp_or_float8_args`) saves the
      // high-precision input for backward and casts transiently, so activations stay 16-bit (the fp8
      // compute precision keeps bf16 activations, precision.ts); only enable_fsdp_float8_all_gather
      // (off by default) would gather fp8 weights. torch.compile is not modelled: what it keeps
      // depends on Inductor's min-cut partitioner, which no source pins (GT019–GT021 stay gaps).
      // torchtitan train_configs/llama3_8b.toml and config/job_config.py (2024-10 → 2025): FSDP2
      // full shard with MixedPrecisionPolicy(param_dtype=bf16, reduce_dtype=fp32) over fp32 sharded
      // parameters (an fp32 model computed in bf16), activation_checkpoint mode "selective" with
      // selective_ac_option "op" (per-op SAC), optimizer implementation "fused", packed fixed-length batches.
      return { fields: { recipe: 'amp', sharding: { kind: 'fsdp', stage: 3 }, recompute: 'per-op', optimizerImpl: 'fused', attention: 'flash' }, note: 'torchtitan preset: FSDP2 over fp32 parameters with bf16 compute, per-op selective activation checkpointing, fused AdamW' };

    case 'megatron': {
      // Megatron-LM keeps fp32 main gradients (--accumulate-allreduce-grads-in-fp32) and its example
      // recipes (examples/gpt3/train_gpt3_175b_distributed.sh, examples/llama/*.sh, core_r0.8 → main)
      // and NeMo configs (optim.name: distributed_fused_adam) shard master weights and Adam states
      // over data parallelism (--use-distributed-optimizer), with fused Adam (Apex/TE FusedAdam).
      const fields: PresetFields = { recipe: 'megatron', attention: 'flash', optimizerImpl: 'fused' };
      if (gpus > 1) fields.sharding = { kind: 'zero', stage: 1 };
      // The same scripts pair --tensor-model-parallel-size with --sequence-parallel.
      const dist = gpus > 1 ? ', distributed optimizer (states sharded over data parallelism), sequence parallelism with TP' : '';
      return { fields, sequenceParallel: true, note: `Megatron preset: bf16 with fp32 main grads and master weights (18 B/param), fused Adam${dist}` };
    }

    case 'deepspeed':
      // DeepSpeed zero/config.py (v0.10 → v0.16): stage3_max_live_parameters 1e9,
      // stage3_prefetch_bucket_size 5e7 ("auto" under HF: 0.9·h²), reduce_bucket_size 5e8.
      return { fields: { recipe: 'mixed' }, note: 'DeepSpeed preset: bf16 mixed precision with fp32 master weights' };

    case 'fsdp':
      return { fields: { sharding: { kind: 'fsdp', stage: 3 } }, note: 'FSDP preset: FULL_SHARD (ZeRO-3 equivalent)' };

    case 'dpo':
      // TRL DPOTrainer / KTOTrainer (trl/trainer/dpo_trainer.py, v0.8 → v0.19): a frozen reference
      // model (`create_reference_model`, or the base with adapters disabled under PEFT),
      // chosen and rejected concatenated into one forward (`concatenated_forward`); gradient
      // checkpointing off as in TrainingArguments, TRL's own default before v0.22.0 (DPOConfig sets
      // True from then, huggingface/trl#3510; "dpo" also names LLaMA-Factory's stage, so the generic
      // off stays and a ✗ says "Fits only with gc").
      return { fields: { recipe: 'mixed' }, note: 'DPO preset (TRL): a frozen reference model (none under LoRA: adapters disabled), chosen + rejected in one forward (2 × micro-batch)' };

    case 'grpo':
      // TRL GRPOTrainer (trl/trainer/grpo_trainer.py, grpo_config.py v0.14 → v0.18): beta 0.04 loads a
      // reference model; rollouts by the policy itself (use_vllm False), 256-token completions unless stated;
      // gradient checkpointing off as in TrainingArguments, TRL's default before v0.22.0 (GRPOConfig sets
      // True from then, huggingface/trl#3510; "grpo" also names verl's and ms-swift's runs). memory/rl.ts counts the rest.
      // The reference model is TRL's default before v0.19.0 only (memory/rl.ts GRPO_NO_REFERENCE_FROM): the note says so,
      // as it says what the micro-batch counts (completions from v0.15.0, prompts × 8 in v0.14: GRPO_BATCH_WORDS).
      return { fields: { recipe: 'mixed' }, note: `GRPO preset (TRL): a frozen reference model (none under LoRA; ${GRPO_REFERENCE_WORDS}), rollout generation by the policy before each step (KV cache, ZeRO-3 gathers the policy; say "rollout colocate" or "rollout server" for a vLLM engine), logits of the completion tokens only (TRL's max_completion_length, 256 unless you say "completion N"); ${GRPO_BATCH_WORDS}` };

    case 'ppo':
      // TRL PPOTrainer (trl/trainer/ppo_trainer.py, v0.12 →): policy, ref_policy, reward_model and a
      // trained value_model, rollouts by the policy; memory/rl.ts counts the models and the rollout.
      return { fields: { recipe: 'mixed' }, note: 'PPO preset (TRL): policy, frozen reference and reward models, a value model trained like the policy, rollout generation before each step' };

    case 'llama-recipes': {
      // meta-llama/llama-recipes (llama-cookbook) src/llama_recipes/configs/training.py, fsdp.py,
      // peft.py (2024): enable_fsdp with FULL_SHARD and fsdp_activation_checkpointing=True,
      // mixed_precision=True (FSDP MixedPrecision bf16 over fp32 parameters, pure_bf16=False);
      // without FSDP the model is loaded in bf16 (finetuning.py torch_dtype "auto" from 808a3f7a, 2024-07-11;
      // before it from_pretrained passed no torch_dtype: fp32 weights, no autocast unless use_fp16, corpus v164); lora_config r=8, lora_alpha=32,
      // target_modules [q_proj, v_proj], lora_dropout=0.05. batch_size_training 4 and
      // context_length 4096 are not applied (say "bs 4 seq 4096"). Its successor meta-llama/llama-cookbook
      // (src/llama_cookbook/configs/training.py, 2025) keeps fsdp_activation_checkpointing on for FSDP
      // and adds `enable_activation_checkpointing: False` for one GPU: checkpointing only when sharded,
      // and only when the request names llama-recipes / llama-cookbook (a bare "fsdp" gets none).
      const fields: PresetFields = gpus > 1 ? { sharding: { kind: 'fsdp', stage: 3 }, recompute: 'full', recipe: 'amp' } : { recipe: mode === 'full' ? 'pure' : 'mixed' };
      const multi = gpus > 1 ? 'FSDP full shard over fp32 parameters with bf16 compute, activation checkpointing' : 'a bf16 model on one GPU';
      return { fields, lora: { targets: ['q', 'v'], rank: 8, dropout: 0.05 }, note: `llama-recipes preset: ${multi}, LoRA r8 on q,v with dropout 0.05` };
    }

    case 'alpaca-lora': {
      // tloen/alpaca-lora finetune.py (every version, 26f6478 2023-03-13 → 65fb822 2023-04-13, its last
      // change): LlamaForCausalLM load_in_8bit=True (no flag turns it off), torch_dtype float16,
      // prepare_model_for_int8_training (gc on, non-int8 weights cast to fp32), LoRA r=8 lora_alpha=16 lora_dropout=0.05 on q_proj,
      // v_proj, fp16=True, optim adamw_torch. A "lora" run with it is LoRA over that 8-bit base, as a
      // bare "alpaca-lora" is. Its MICRO_BATCH_SIZE 4 is said beside the envelope (catalog/program-batch.ts);
      // its cutoff_len 256 is the point when no seq is said (catalog/program-seq.ts). Attention is transformers' eager
      // LlamaAttention (matmul scores, fp32 softmax): the repo ran March → July 2023 on transformers
      // 4.28 → 4.31, and LLaMA's SDPA path came with 4.36 (LlamaSdpaAttention, December 2023).
      const adapters = mode === 'qlora' || mode === 'lora';
      // generate.py loads the base in fp16 since e04897b (2023-03-21, "fix fp16 inference": LOAD_8BIT =
      // False, later the load_8bit=False argument); every version before loaded it with load_in_8bit=True.
      if (mode === 'inference') {
        return { fields: { compute: 'fp16', attention: 'eager' }, note: "alpaca-lora's generate.py: the base in fp16 unless int8 is said (load_8bit False since 2023-03-21, 8-bit before), eager attention (transformers before 4.36)" };
      }
      return {
        fields: { ...(adapters ? { weights: 'int8' as const } : {}), compute: 'fp16', recompute: 'full', recipe: 'mixed', attention: 'eager' },
        lora: { targets: ['q', 'v'], rank: 8, dropout: 0.05 },
        mode: 'qlora',
        note: `alpaca-lora preset: LoRA r8 on q,v over ${adapters ? 'an 8-bit (LLM.int8) base (finetune.py load_in_8bit=True)' : 'the base'}, fp16, gradient checkpointing on${adapters ? ', non-quantised weights in fp32' : ''}, eager attention (transformers before 4.36)`,
      };
    }

    case 'longlora': {
      // dvlab-research/LongLoRA fine-tune.py and supervised-fine-tune.py (2023-09 → be3bb47, 2023-11-19,
      // their last change): from_pretrained(torch_dtype=torch.bfloat16); model.gradient_checkpointing_enable()
      // with no flag; use_flash_attn True by default (shifted short attention over flash-attn,
      // llama_attn_replace.py); low_rank_training True by default, LoraConfig(r=8, lora_alpha=16,
      // target_modules q,k,v,o_proj, lora_dropout=0), the embeddings and norms trained beside the
      // adapters (trainable_params "embed,norm": their states are not counted here, about 12 B over
      // 8 GPUs for each of Llama-2-7B's 131 M embedding weights, 0.2 GiB). The README's commands run
      // `torchrun --nproc_per_node=8 … --bf16 True --deepspeed ds_configs/stage2.json`: ZeRO-2 with
      // the bf16 engine's fp32 master copy (its buckets, memory/deepspeed-config.ts). model_max_length
      // defaults to 8192 × 4 in both scripts (the README passes its own): the point when no seq is said
      // (catalog/program-seq.ts), said as that default.
      const fields: PresetFields = { recipe: 'mixed', compute: 'bf16', recompute: 'full', attention: 'flash' };
      if (gpus > 1) fields.sharding = { kind: 'zero', stage: 2 };
      const adapters = mode === 'lora' || mode === 'qlora' ? ', LoRA r8 on q,k,v,o (embeddings and norms trained too, not counted)' : '';
      return {
        fields,
        lora: { targets: ['q', 'k', 'v', 'o'], rank: 8, dropout: 0 },
        mode: 'lora',
        modeNote: 'LoRA: LongLoRA\'s low_rank_training defaults to True (fine-tune.py); say "full" for low_rank_training False',
        note: `LongLoRA preset: bf16 weights, gradient checkpointing on, flash attention (S²-Attn)${gpus > 1 ? ', DeepSpeed ZeRO-2 with its ds_configs/stage2.json' : ''}${adapters}`,
      };
    }

    case 'tgi':
      // text-generation-inference serves; estimate.ts sizes its KV pool after the warm-up prefill.
      // The release named ("tgi 1.0.1") sets its prefill default and KV rule, said as that release's (memory/tgi-release.ts).
      return { fields: {}, mode: 'inference', note: `TGI preset: serving; ${tgiPresetWords(release)}` };

    case 'exllamav2':
      // turboderp's ExLlamaV2 (memory/exllamav2.ts): EXL2 weights at the file's bits per weight, an fp16
      // cache preallocated at max_seq_len (the model's own unless a length is given), token embeddings in host RAM.
      return { fields: { weights: 'exl2', compute: 'fp16' }, mode: 'inference', note: `ExLlamaV2 preset: EXL2 weights (${EXL2_DEFAULT_BPW} bpw, convert.py's default, unless a width is named; head at ${EXL2_HEAD_BITS} bits), fp16 cache of every position up to max_seq_len built with the model, token embeddings in host RAM` };

    case 'llamacpp':
      // llama.cpp (tools/server, common/arg.cpp): GGUF weights (Q4_K_M is the usual download),
      // f16 KV cache (cache_type_k/v "f16"), prompts processed in micro-batches of n_ubatch = 512,
      // logits for the last position only; memory/estimate.ts counts its exact ggml buffers (no
      // caching-allocator slack). Every layer on the GPU unless -ngl says fewer (memory/gguf.ts
      // llamaCppPlacement); token_embd stays on the CPU either way (src/llama-model.cpp load_tensors).
      return { fields: { weights: 'q4_k_m', compute: 'fp16' }, mode: 'inference', note: 'llama.cpp preset: GGUF Q4_K_M unless a format is named, fp16 compute precision and KV cache (ggml f16), prompt in 512-token micro-batches, every layer on the GPU unless -ngl says fewer (token_embd stays in host RAM)' };

    case 'reward':
      // TRL RewardTrainer (trl/trainer/reward_trainer.py): an AutoModelForSequenceClassification with one
      // output, chosen and rejected of each pair in the graph together, no reference model (memory/reward-model.ts).
      // Gradient checkpointing off as in TrainingArguments, TRL's default before v0.22.0 (RewardConfig sets True
      // from then, huggingface/trl#3510); beside LLaMA-Factory its checkpointing stays on (rl-algorithm.ts).
      return { fields: { recipe: 'mixed' }, note: 'reward-model preset (TRL RewardTrainer): chosen + rejected of each pair in one step (2 × micro-batch), a one-output score head in place of the LM head (no vocabulary logits), no reference model' };

    case 'orpo':
      // TRL ORPOTrainer (trl/trainer/orpo_trainer.py): odds-ratio loss on chosen + rejected, no reference model.
      return { fields: { recipe: 'mixed' }, note: 'ORPO preset (TRL): chosen + rejected in one forward (2 × micro-batch), no reference model' };
  }
}
