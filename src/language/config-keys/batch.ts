import { PIPELINE_KEYS } from './parallelism.js';
import { numeric, serving } from './readers.js';
import { countsPrompts, rolloutBatch } from './rollout-batch.js';
import { predictsOnly } from './training.js';
import { besideLlamaCpp, promptBatch } from './serving.js';
import { IGNORE, isFalse, numberOf, say, unquote, type Handler, type KeyContext, type KeyTable } from './values.js';

/** The batch: per device, global, accumulated, and what evaluation adds. */

/**
 * TRL GRPO/online-DPO lengths (trl/trainer/grpo_config.py max_prompt_length, max_completion_length):
 * each step holds the prompt and its completion, so the sequence is their sum; read once, at the
 * prompt key, when both are given (one alone says too little to set the sequence).
 */
// OpenRLHF's --prompt_max_len / --generate_max_len (openrlhf/cli/train_ppo_ray.py) are the same two lengths.
// verl's example scripts set both as shell variables first (`PROMPT_LENGTH=512`, `RESPONSE_LENGTH=1024`, then
// data.max_prompt_length=$PROMPT_LENGTH; verl-project/verl#3159, c2043): the same pair by its variables' names.
const PROMPT_KEYS = ['max_prompt_length', 'max_prompt', 'prompt_max_len', 'prompt_length', 'max_prompt_len'];
// verl's data.max_response_length (verl-project/verl#3364: "max_prompt_length = 4096, max_response_length=8192").
const COMPLETION_KEYS = ['max_completion_length', 'max_completions', 'max_completion', 'generate_max_len', 'max_response_length', 'response_length', 'max_response_len'];
const firstValue = (ctx: KeyContext, keys: string[]) => keys.map((k) => ctx.values?.get(k)).find((v) => v !== undefined);
const promptLength: Handler = (v, ctx) => {
  const completion = numberOf(firstValue(ctx, COMPLETION_KEYS) ?? '');
  const prompt = numberOf(v);
  if (!Number.isFinite(prompt) || !Number.isFinite(completion)) return IGNORE;
  return say(`seq ${prompt + completion}`, `sequence ${prompt + completion}: prompt ${prompt} + completion ${completion}`);
};

/**
 * `max_batch_size` is, in every engine that has it, the most sequences the scheduler runs at once: vLLM's max_num_seqs
 * by another name (TensorRT-LLM's build and LLM API, NVIDIA/TensorRT-LLM#4917 c3251; LMDeploy's TurbomindEngineConfig
 * and PytorchEngineConfig, c1906 c2384; TGI's, MLC's, Tabby's). It is a cap, not a batch each sequence of which is held
 * at full length, and it is never a training micro-batch: the corpus writes it `max seqs N` (audit3, test/corpus/
 * README.md). Two programs keep it as their batch: a reference script that preallocates its KV cache for exactly that
 * many sequences (Meta's example_*_completion.py with --ckpt_dir / --tokenizer_path, c420 c538 c1147; DeepSeek's
 * generate.py and its ModelArgs, --ckpt-path, c1016), and a trainer's config, where it bounds a batch-size search
 * (Ludwig's trainer.max_batch_size, c1179) beside the trainer's own batch key, which the trainer's reading takes.
 * Anywhere else the key is read as the cap; with no engine's key beside it the reading is weak, said with its words
 * (rbatch1: the batch slot's evidence model, docs/reading.md "The batch slot").
 */
const SERVING_ENGINE_KEYS = [
  'tensor_parallel_size', 'gpu_memory_utilization', 'max_model_len', 'kv_cache_config', 'free_gpu_memory_fraction',
  'kv_cache_free_gpu_mem_fraction', 'max_num_batched_tokens', 'max_batch_total_tokens', 'max_batch_prefill_tokens', 'max_total_tokens',
  'max_input_length', 'max_concurrent_requests', 'mem_fraction_static', 'max_running_requests', 'chunked_prefill_size', 'enable_chunked_prefill',
  'num_shard',
  // LMDeploy's engine configs (lmdeploy/messages.py TurbomindEngineConfig, PytorchEngineConfig).
  'session_len', 'cache_max_entry_count', 'quant_policy', 'max_prefill_token_num', 'cache_block_seq_len',
  // TensorRT-LLM's build (trtllm-build, the examples' build.py, an engine's builder_config) and its token budget.
  'max_num_tokens', 'max_input_len', 'max_output_len', 'gemm_plugin', 'gpt_attention_plugin', 'use_gpt_attention_plugin', 'use_gemm_plugin',
  'builder_config', 'build_config', 'plugin_config', 'checkpoint_dir', 'max_beam_width', 'remove_input_padding', 'use_inflight_batching', 'paged_kv_cache',
];
/** A reference script that allocates its cache for max_batch_size sequences: Meta's llama examples, DeepSeek's generate.py. */
const REFERENCE_SCRIPT_KEYS = ['ckpt_dir', 'tokenizer_path', 'ckpt_path'];
/** A trainer's own batch beside it: the key bounds the trainer's batch-size search, and the trainer's batch key is read. */
const TRAINER_BATCH_KEYS = ['batch_size', 'per_device_train_batch_size', 'micro_batch_size', 'train_micro_batch_size_per_gpu', 'gradient_accumulation_steps', 'learning_rate'];
const maxBatchSize: Handler = (v, ctx) => {
  if (REFERENCE_SCRIPT_KEYS.some((k) => ctx.keys.has(k))) return numeric('bs')(v, ctx);
  if (ctx.parent === 'trainer' || TRAINER_BATCH_KEYS.some((k) => ctx.keys.has(k))) return numeric('bs')(v, ctx);
  const cap = serving(numeric('max seqs'))(v, ctx);
  if (SERVING_ENGINE_KEYS.some((k) => ctx.keys.has(k)) || !cap || !('say' in cap)) return cap;
  return { ...cap, weak: true, note: `${ctx.pair ?? `max_batch_size ${v}`} read as the engine's cap on sequences in flight (max seqs), not a batch each holds at full length; say "bs N" if it is your batch` };
};

/** verl's default data.max_prompt_length (verl/trainer/config/ppo_trainer.yaml: 512, as its max_response_length). */
export const VERL_PROMPT_DEFAULT = 512;

/**
 * verl's max_response_length without its prompt key ("max_response_length 4096 还是OOM" in prose, or
 * `data.max_response_length=4096` alone): the sequence is verl's default prompt plus the response,
 * said with where the prompt came from. Beside a prompt key the two are summed there (promptLength).
 */
const responseLength: Handler = (v, ctx) => {
  const response = numberOf(v);
  if (PROMPT_KEYS.some((k) => ctx.keys.has(k)) || !Number.isFinite(response) || response <= 0) return IGNORE;
  const seq = VERL_PROMPT_DEFAULT + response;
  return say(`seq ${seq}`, `sequence ${seq}: verl's default max_prompt_length ${VERL_PROMPT_DEFAULT} + max_response_length ${response} (say "seq N" for your prompt and response together)`);
};

/**
 * TRL's max_completion_length: the completion ("completion N", which memory/rl.ts counts), said
 * at its own key so its words are a fact's; the sequence is summed at the prompt key beside it,
 * or, alone, derived with TRL's default prompt (scenario/resolve-completion.ts).
 */
const completionLength: Handler = numeric('completion');

const sameAsDeepSpeedGlobalBatch = (n: number, ctx: KeyContext): boolean => {
  const global = ctx.values?.get('train_batch_size');
  return global !== undefined && numberOf(global) === n;
};

/** alpaca-lora's batch_size is the global batch when micro_batch_size is also given. */
const batchSize: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (!Number.isFinite(n)) return IGNORE;
  // verl counts its batch in prompts, each sampled rollout.n times, even with a micro-batch beside it
  // (BATCH_SIZE / MICRO_BATCH_SIZE with ROLLOUT_N, c2043): no global batch of sequences (rollout-batch.ts).
  if (countsPrompts(ctx)) return rolloutBatch(n, ctx)!;
  // …and beside a per-device batch written as its own key, "batch_size=32 (per_device=8)" (rmode2): the 32 is the global batch.
  if (ctx.keys.has('micro_batch_size') || ctx.keys.has('per_device') || ctx.keys.has('per_gpu')) return say(`gbs ${n}`);
  // llama.cpp's --batch-size (beside its -c / -ngl) is the prompt tokens per step, not requests.
  if (besideLlamaCpp(ctx)) return promptBatch(v);
  const rollouts = rolloutBatch(n, ctx);
  if (rollouts) return rollouts;
  // A script's --batch_size equal to its DeepSpeed config's train_batch_size is that global batch
  // said twice (DeepSpeedExamples' finetune_llama.py passes it on), not a micro-batch per GPU.
  if (sameAsDeepSpeedGlobalBatch(n, ctx)) return { ignore: true, note: `batch_size ${n} is DeepSpeed's train_batch_size (the global batch), read once` };
  // Under pipeline parallelism the batch a launch script sets is the global batch the pipeline
  // schedule splits into micro-batches (Megatron-LM --global-batch-size; NVIDIA/Megatron-LM#1571's
  // BATCH_SIZE next to PP_SIZE).
  if (PIPELINE_KEYS.some((k) => ctx.keys.has(k))) return say(`gbs ${n}`);
  return say(`bs ${n}`);
};

/**
 * verl's own batch keys, as a pasted YAML (`data:` / `actor_rollout_ref:` / `actor:` blocks) names them by their
 * last part (verl/trainer/config/ppo_trainer.yaml; its docs, config.rst): `data.train_batch_size` is the prompts
 * a step samples over every GPU, `actor.ppo_mini_batch_size` the prompts of one update over every GPU, and only
 * `actor.ppo_micro_batch_size_per_gpu` the sequences one GPU holds in a forward pass. The dotted overrides are
 * read by verl.ts; these are the same keys indented (rtrain11: a verl YAML had its train_batch_size read as the
 * global batch of sequences and its per-GPU micro-batch set aside).
 */
const VERL_OWN_KEYS = ['ppo_mini_batch_size', 'ppo_micro_batch_size_per_gpu', 'ppo_micro_batch_size', 'log_prob_micro_batch_size_per_gpu', 'ppo_max_token_len_per_gpu'];
const besideVerl = (ctx: KeyContext) => VERL_OWN_KEYS.some((k) => ctx.keys.has(k));
const verlPrompts = (key: string, n: number) => ({ ignore: true as const, note: `${key} ${n} is verl's count of prompts over every GPU (each sampled rollout.n times), not the micro-batch per GPU (say "mbs N" for ppo_micro_batch_size_per_gpu)` });
/** A global train_batch_size (DeepSpeed's, OpenRLHF's), or verl's prompts a step in its data section or beside its own keys. */
const trainBatchSize: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (Number.isFinite(n) && (ctx.parent === 'data' || besideVerl(ctx))) return verlPrompts('train_batch_size', n);
  return numeric('gbs')(v, ctx);
};
/** The actor's (or, bare, the trainer's) per-GPU micro-batch; the critic's and the reference model's are other models'. */
const verlMicroPerGpu: Handler = (v, ctx) => (ctx.parent !== null && /^(?:critic|ref|rollout|reward_model)$/.test(ctx.parent) ? IGNORE : numeric('bs')(v, ctx));
const verlMiniBatch: Handler = (v) => {
  const n = numberOf(v);
  return Number.isFinite(n) ? verlPrompts('ppo_mini_batch_size', n) : IGNORE;
};

/**
 * The eval batch: in a run that only predicts (do_predict, or do_eval with predict_with_generate, no
 * do_train: training.ts predictsOnly) it is the batch the model generates for; beside training, the
 * evaluation pass's own batch.
 */
const evalBatch: Handler = (v, ctx) => (ctx && predictsOnly(ctx) ? numeric('bs')(v, ctx) : numeric('eval bs')(v, ctx));

/** Each key: what its value says in request words, and the source where one is cited. */
export const BATCH_KEYS: KeyTable = {
  // Its name says the run trains ("TrainingArguments(per_device_train_batch_size=4)" beside a from_pretrained load).
  per_device_train_batch_size: {
    reads: (v, ctx) => {
      const read = numeric('bs')(v, ctx);
      return read && 'say' in read ? say(`train ${read.say}`, read.note) : read;
    },
  },
  per_device_batch_size: { reads: numeric('bs') },
  per_gpu_train_batch_size: { reads: numeric('bs') },
  train_micro_batch_size_per_gpu: { reads: numeric('bs') },
  micro_batch_size: { reads: numeric('bs') },
  // A batch's per-device share written as a key of its own beside the batch ("batch_size=32 (per_device=8)", rmode2 invented): the micro-batch.
  per_device: { reads: numeric('bs') },
  per_gpu: { reads: numeric('bs') },
  // torchtitan's [training] local_batch_size: each rank's micro-batch (torchtitan/config/job_config.py Training).
  local_batch_size: { reads: numeric('bs'), source: 'torchtitan config/job_config.py' },
  batch_size: { reads: batchSize },
  train_batch_size: { reads: trainBatchSize, source: 'verl/trainer/config/ppo_trainer.yaml data.train_batch_size; DeepSpeed config train_batch_size' },
  ppo_mini_batch_size: { reads: verlMiniBatch, source: 'verl/trainer/config/ppo_trainer.yaml actor_rollout_ref.actor.ppo_mini_batch_size' },
  ppo_micro_batch_size_per_gpu: { reads: verlMicroPerGpu, source: 'verl/trainer/config/ppo_trainer.yaml actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu' },
  global_batch_size: { reads: numeric('gbs') },
  max_prompt_length: { reads: promptLength },
  max_prompt: { reads: promptLength },
  max_completion_length: { reads: completionLength },
  max_completions: { reads: completionLength },
  max_completion: { reads: completionLength },
  max_response_length: { reads: responseLength, source: 'verl-project/verl#3364; verl/trainer/config/ppo_trainer.yaml data.max_prompt_length: 512' },
  // OpenRLHF (openrlhf/cli/train_sft.py, train_ppo_ray.py): --micro_train_batch_size is the per-GPU
  // micro-batch (its --train_batch_size the global one, read as gbs above).
  micro_train_batch_size: { reads: numeric('bs'), source: 'OpenRLHF openrlhf/cli/train_sft.py, train_ppo_ray.py' },
  prompt_max_len: { reads: promptLength, source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py' },
  prompt_length: { reads: promptLength, source: 'verl-project/verl#3159 (an example script\'s PROMPT_LENGTH / RESPONSE_LENGTH)' },
  max_prompt_len: { reads: promptLength, source: 'verl-project/verl#3159' },
  generate_max_len: { reads: () => IGNORE, source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py' },
  // NeMo-RL's policy.train_global_batch_size / policy.train_micro_batch_size (NVIDIA-NeMo/RL#362, #366,
  // #903: "++policy.train_global_batch_size=1024 … ++policy.train_micro_batch_size=1"): the global batch
  // the step covers and the per-GPU micro-batch; accumulation is what lies between.
  train_global_batch_size: { reads: numeric('gbs'), source: 'NVIDIA-NeMo/RL#362, #903; examples/configs/*.yaml policy.train_global_batch_size' },
  train_micro_batch_size: { reads: numeric('bs'), source: 'NVIDIA-NeMo/RL#366, #903' },
  gradient_accumulation_steps: { reads: numeric('ga') },
  gradient_accumulation: { reads: numeric('ga') },
  // Shell scripts name them in the plural, as bash arrays: GRADIENT_ACCUMULATIONS=(16) (OPPO-PersonalAI/Agent_Foundation_Models#5).
  gradient_accumulations: { reads: numeric('ga'), source: 'OPPO-PersonalAI/Agent_Foundation_Models#5' },
  // The most sequences the server schedules at once (the sampler's rows in vLLM's profile run): a cap
  // of the server's concurrency, not a batch it must hold (vLLM preempts past what its KV cache holds),
  // so "max seqs" only, as c632 and c648 read it (scenario/resolve-max-seqs.ts).
  max_num_seqs: { reads: serving(numeric('max seqs')), source: 'vllm/engine/arg_utils.py --max-num-seqs' },
  max_concurrent_requests: { reads: () => IGNORE },
  max_batch_size: { reads: maxBatchSize, source: 'NVIDIA/TensorRT-LLM#4917 (c3251); meta-llama/llama example_text_completion.py' },
  // litgpt finetune scripts: override_max_seq_length caps the sequence, gradient_accumulation_iters accumulates.
  override_max_seq_length: { reads: numeric('seq') },
  gradient_accumulation_iters: { reads: numeric('ga') },
  // MAE/DeiT-style main_finetune.py scripts (LLaMA-Adapter, LLaMA2-Accessory: "--batch_size 1 --accum_iter 2",
  // Alpha-VLLM/LLaMA2-Accessory#26): the iterations a step accumulates.
  // ColossalAI Coati's train_sft.py / train_prompts.py spell it --accimulation_steps (sic, its argparse name;
  // hpcaitech/ColossalAI#3331 "--batch_size 1 --accimulation_steps 4", #3509 "--accimulation_steps 8").
  accimulation_steps: { reads: numeric('ga'), source: 'hpcaitech/ColossalAI#3331, #3509; applications/Chat/examples/train_sft.py' },
  accumulation_steps: { reads: numeric('ga'), source: 'hpcaitech/ColossalAI applications/Chat/examples/train_sft.py' },
  // Other spellings of the same count: EasyLM's --optimizer.accumulate_gradient_steps (young-geng/EasyLM#36),
  // the singular --gradient_accumulation_step of research scripts (zd11024/NaviLLM#6).
  accumulate_gradient_steps: { reads: numeric('ga'), source: 'young-geng/EasyLM#36' },
  gradient_accumulation_step: { reads: numeric('ga'), source: 'zd11024/NaviLLM#6' },
  accum_iter: { reads: numeric('ga'), source: 'Alpha-VLLM/LLaMA2-Accessory#26, accessory/main_finetune.py; facebookresearch/mae main_finetune.py' },
  // Launch scripts' short variable names (MBS=2 GBS=256 SEQ_LEN=4096 NGPUS=8): the request's own words.
  mbs: { reads: numeric('bs') },
  micro_batch: { reads: numeric('bs') },
  micro_bs: { reads: numeric('bs') },
  bs: { reads: batchSize },
  gbs: { reads: numeric('gbs') },
  global_batch: { reads: numeric('gbs') },
  global_bs: { reads: numeric('gbs') },
  ga: { reads: numeric('ga') },
  grad_accum: { reads: numeric('ga') },
  // Launch scripts' shortened spellings: "BS=1 GRADIENT_ACC_STEPS=3 SEQLEN=512", GRAD_ACC_STEPS=8 (rseq10 variations).
  gradient_acc_steps: { reads: numeric('ga') },
  grad_acc_steps: { reads: numeric('ga') },
  grad_accum_steps: { reads: numeric('ga') },
  seq: { reads: numeric('seq') },
  ctx: { reads: numeric('seq') },
  // HF Trainer evaluation (training_args.py): eval_strategy "no" by default; per_device_eval_batch_size 8.
  eval_strategy: { reads: (v) => (/^(?:steps|epoch)$/.test(unquote(v)) ? say('with eval') : IGNORE), source: 'transformers training_args.py' },
  evaluation_strategy: { reads: (v) => (/^(?:steps|epoch)$/.test(unquote(v)) ? say('with eval') : IGNORE), source: 'transformers training_args.py' },
  per_device_eval_batch_size: { reads: evalBatch, source: 'transformers training_args.py; hiyouga/LlamaFactory#559 (c3901), QwenLM/Qwen3-VL#303 (c3397)' },
  eval_batch_size: { reads: evalBatch, source: 'transformers training_args.py' },
  prediction_loss_only: { reads: (v) => (isFalse(v) ? say('compute metrics') : IGNORE), source: 'transformers training_args.py' },
};
