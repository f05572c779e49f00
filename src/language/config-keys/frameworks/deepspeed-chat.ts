import { flag, numeric } from '../readers.js';
import { model } from '../models.js';
import { IGNORE, numberOf, say, unquote, type Handler } from '../values.js';
import { noEffect, reads, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * DeepSpeed-Chat's step 3, RLHF with PPO (deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/
 * training/step3_rlhf_finetuning/main.py): an actor and a critic, each with its own flags
 * (`--actor_model_name_or_path`, `--actor_zero_stage`, `--actor_lora_dim`, `--actor_gradient_checkpointing`
 * and the critic's), launched as `deepspeed main.py … --deepspeed`. The run asked about trains the
 * actor, as PPO: actor, reference, critic and reward model on the card at once. Its scripts had read
 * as DeepSpeed's own framework with the actor's keys "not read" (DeepSpeedExamples, c784: LoRA dim 128,
 * ZeRO 0, checkpointing, lengths all lost), or as running the model (c442: `--actor_zero_stage 3`).
 *
 * - `--critic_model_name_or_path`: a critic, so PPO;
 * - a sample is `--max_prompt_seq_len` + `--max_answer_seq_len` (256 + 256 by default);
 * - `--per_device_training_batch_size` (`--per_device_train_batch_size` before 2023) is the micro-batch.
 */
const SOURCE = 'deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/training/step3_rlhf_finetuning/main.py';
const PROMPT_DEFAULT = 256;
const ANSWER_DEFAULT = 256;

/** The sample's length, read once at whichever of the two keys comes first (the other is then set aside). */
const sampleLength =
  (own: 'max_prompt_seq_len' | 'max_answer_seq_len'): Handler =>
  (v, ctx) => {
    const n = numberOf(v);
    if (!Number.isInteger(n) || n <= 0) return IGNORE;
    const other = own === 'max_prompt_seq_len' ? 'max_answer_seq_len' : 'max_prompt_seq_len';
    const first = [...ctx.keys].find((k) => k === 'max_prompt_seq_len' || k === 'max_answer_seq_len');
    if (first !== own) return IGNORE;
    const given = numberOf(ctx.values?.get(other) ?? '');
    const otherValue = Number.isInteger(given) && given > 0 ? given : own === 'max_prompt_seq_len' ? ANSWER_DEFAULT : PROMPT_DEFAULT;
    const [prompt, answer] = own === 'max_prompt_seq_len' ? [n, otherValue] : [otherValue, n];
    const defaulted = Number.isInteger(given) && given > 0 ? '' : ` (DeepSpeed-Chat's default --${other})`;
    return say(`seq ${prompt + answer}`, `sequence ${prompt + answer}: max_prompt_seq_len ${prompt} + max_answer_seq_len ${answer}${defaulted}`);
  };

/** `--actor_zero_stage N`: the actor's ZeRO stage. */
const actorStage: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n >= 0 && n <= 3 ? say(`zero${n}`) : IGNORE;
};

/** `--actor_lora_dim N`: LoRA of rank N on the actor (0, its default, is none). */
const actorLora: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 0 ? say(`lora r${n}`) : IGNORE;
};

/**
 * Keys only step 3's PPO loop has: the critic's own settings, the PPO epochs and the generation and
 * mini-batch sizes of its rollouts (step3_rlhf_finetuning/main.py's parse_args). Any of them says the
 * run is PPO, as the critic's model path does; a script that sets stages and batches but not the model
 * paths ("--actor_zero_stage 0", "--critic_zero_stage 0", "--ppo_epochs 1", deepspeedai/DeepSpeedExamples#330,
 * c1927) had read as supervised LoRA. Read once, at the first of them the config holds.
 */
const PPO_ONLY_KEYS = [
  'critic_model_name_or_path',
  'critic_zero_stage',
  'critic_lora_dim',
  'critic_gradient_checkpointing',
  'ppo_epochs',
  'per_device_generation_batch_size',
  'per_device_mini_train_batch_size',
  'generation_batches',
  'generation_batch_numbers',
] as const;
const PPO_NOTE = "DeepSpeed-Chat step 3: PPO, an actor and a critic (with the reference and reward models) on the GPUs at once; the actor's run is estimated";
const ppoOnce =
  (own: string): Handler =>
  (_v, ctx) => {
    const first = [...ctx.keys].find((k) => (PPO_ONLY_KEYS as readonly string[]).includes(k));
    return first === undefined || first === own ? say('ppo', `${PPO_NOTE} (from --${own})`) : IGNORE;
  };

/**
 * DeepSpeed-Chat's one-click train.py (applications/DeepSpeed-Chat/train.py; its README: `python train.py --actor-model
 * facebook/opt-1.3b --reward-model facebook/opt-350m --deployment-type single_gpu`) runs the step scripts of the
 * deployment type it names, each a DeepSpeed training run: the framework and a training word, said once
 * (deepspeedai/DeepSpeed#3244, corpus c2792: read as plain Hugging Face). MII's `deployment_type` takes other values.
 */
const TRAIN_PY_SOURCE = 'deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/train.py';
const deploymentType: Handler = (v) => {
  const value = unquote(v).replace(/\/$/, '');
  if (!/^(?:single_gpu|single_node|multi_node)$/.test(value)) return IGNORE;
  return say('deepspeed train', `--deployment-type ${value}: DeepSpeed-Chat's train.py, which trains with DeepSpeed`);
};

export const DEEPSPEED_CHAT: Framework = {
  id: 'deepspeed-chat',
  name: 'DeepSpeed-Chat',
  source: SOURCE,
  // The actor's and critic's own keys, and the rollout batches only step 3 has, name it (ppo_epochs alone is LLaMA-Factory's too);
  // train.py's deployment types name its one-click launcher.
  named: /actor_model_name_or_path|critic_model_name_or_path|actor_zero_stage|critic_zero_stage|critic_lora_dim|generation_batch_numbers|per_device_generation_batch_size|per_device_mini_train_batch_size|step3_rlhf|deployment[-_]type[ \t=]+["']?(?:single_gpu|single_node|multi_node)/,
  get options() {
    return optionsOnce(this, () => [
      reads('actor_model_name_or_path', model, SOURCE),
      reads('deployment_type', deploymentType, TRAIN_PY_SOURCE),
      reads('actor_model', model, TRAIN_PY_SOURCE),
      ...PPO_ONLY_KEYS.map((k) => reads(k, ppoOnce(k), SOURCE)),
      reads('actor_zero_stage', actorStage, SOURCE),
      reads('actor_lora_dim', actorLora, SOURCE),
      reads('actor_gradient_checkpointing', flag('gc'), SOURCE),
      reads('max_prompt_seq_len', sampleLength('max_prompt_seq_len'), SOURCE),
      reads('max_answer_seq_len', sampleLength('max_answer_seq_len'), SOURCE),
      reads(['per_device_training_batch_size', 'per_device_train_batch_size'], numeric('bs'), SOURCE),
      unmodelled('offload_reference_model', 'the reference model kept in CPU memory between its forwards', ['framework'], SOURCE),
      unmodelled('enable_hybrid_engine', "DeepSpeed's hybrid engine: the actor's weights regathered for generation", ['sharding'], SOURCE),
      // `--deepspeed` only switches DeepSpeed on (it is always on here); the critic's other settings size the critic, not the actor.
      ...noEffect(
        'deepspeed critic_dropout actor_dropout actor_learning_rate critic_learning_rate actor_weight_decay critic_weight_decay actor_lora_module_name critic_lora_module_name actor_lora_learning_rate critic_lora_learning_rate num_padding_at_beginning data_path data_split data_output_path num_train_epochs lr_scheduler_type num_warmup_steps output_dir seed enable_ema unsupervised_dataset_name unsupervised_dataset_config_name unsup_coef align_overflow print_answers enable_tensorboard tensorboard_path only_optimize_lora',
        SOURCE,
      ),
    ]);
  },
};
