import { flag, gpuList, numeric } from './readers.js';
import { predictsOnly } from './training.js';
import { shardingOfFileName, type FileSharding } from '../sharding-file.js';
import { IGNORE, isFalse, isTrue, numberOf, say, unquote, type Handler, type KeyReading, type KeyTable } from './values.js';

/** Sharding and offload: DeepSpeed ZeRO, FSDP, CPU and NVMe offload. */

/** DeepSpeed config file names: LLaMA-Factory's ds_z3_offload_config.json, axolotl's zero3_bf16.json (sharding-file.ts reads every launcher's). */
const deepspeedFile: Handler = (v) => {
  const value = unquote(v);
  // TrainingArguments' repr prints `deepspeed=None` when DeepSpeed is off.
  if (isFalse(value)) return IGNORE;
  // ms-swift's `--deepspeed zero3_offload` and `--deepspeed zero2` name the stage without a file.
  const named = shardingOfFileName(value) ?? shardingOfFileName(`ds_${value}`);
  if (!named) return say('deepspeed');
  return configFile(named, value, named.kind === 'zero' ? 'deepspeed ' : '');
};

/** A config file's name read as its sharding: the offload (and FSDP, whose file may set less) is the name's word only, weak and said. */
function configFile(named: FileSharding, value: string, prefix: string): ReturnType<Handler> {
  const words = `${prefix}${named.words}`;
  if (named.kind === 'fsdp') return { say: words, note: `FSDP read from the config file's name "${value}"${named.offload ? ', with its CPU offload' : ''}; say the sharding if the file sets another`, weak: true };
  if (!named.offload) return say(words);
  const offload = named.words.replace(/^zero\d\s*/, '');
  return { say: words, note: `offload read from the file name "${value}" (${offload}); say "offload optimizer" or "offload params" if the file offloads less`, weak: true };
}

const offloadDevice =
  (what: 'optimizer' | 'params'): Handler =>
  (v) => {
    const value = unquote(v);
    if (value === 'cpu') return say(`offload ${what}`);
    if (value === 'nvme') return say(`nvme offload ${what === 'optimizer' ? 'optimizer' : 'params'}`);
    return IGNORE;
  };

/** The config sets a ZeRO stage below 3 (`zero_stage: 2`). */
function belowStage3(ctx: Parameters<Handler>[1]): boolean {
  const stage = numberOf(ctx.values?.get('zero_stage') ?? '');
  return Number.isInteger(stage) && stage >= 0 && stage < 3;
}

/** `fsdp: full_shard auto_wrap offload` (HF TrainingArguments.fsdp). */
export const fsdp: Handler = (v) => {
  const value = unquote(v).replace(/[[\]'",+]/g, ' ');
  // "FSDP=8" in words (pytorch/torchtitan#1690, c2640: "local batch size=2, FSDP=8, full AC"): a number past the
  // strategies' 1 and 2 is FSDP's degree, the GPUs one sharded group spans.
  const degree = /^\s*(\d{1,4})(?:\s|$)/.exec(value);
  if (degree && Number(degree[1]) > 2) return say(`fsdp dp ${degree[1]}`);
  const parts: string[] = [];
  if (/shard_grad_op|\b2\b/.test(value)) parts.push('fsdp shard grad op');
  else if (/hybrid/.test(value)) parts.push('hsdp');
  else if (/no_shard/.test(value)) parts.push('ddp');
  else if (/full_shard|\b1\b|true/.test(value)) parts.push('fsdp');
  if (/offload/.test(value)) parts.push('offload params offload optimizer');
  return parts.length ? say(parts.join(' ')) : IGNORE;
};

/** An argument only FSDP's constructor takes: FSDP with its default full sharding, unless a strategy key says which. */
const fsdpArgument: Handler = (_v, ctx) =>
  ['sharding_strategy', 'fsdp_sharding_strategy', 'fsdp', 'fsdp_config', 'distributed_type'].some((k) => ctx.keys?.has(k)) ? IGNORE : say('fsdp');

/** LLaMA-Factory `stage` (sft, pt, rm, ppo, dpo) or DeepSpeed `zero_optimization.stage`. */
export const stage: Handler = (v, ctx) => {
  const value = unquote(v);
  const n = numberOf(value);
  if (Number.isInteger(n) && n >= 0 && n <= 3) return say(`zero${n}`);
  if (ctx.parent === 'zero_optimization') return IGNORE;
  // `--stage sft --do_predict` (no do_train) generates with the trained model: do_predict says so (training.ts).
  if (predictsOnly(ctx)) return IGNORE;
  if (value === 'pt') return say('pretrain');
  // The preference and RL stages train with their algorithm's models (DPO's and ORPO's pairs, DPO's
  // frozen reference, PPO's reference, critic and reward model: LLaMA-Factory train/dpo, train/ppo),
  // read as the algorithm, as the corpus reads LLaMA-Factory's "--stage orpo" (Shenzhi-Wang/Llama3-Chinese-Chat#6,
  // c940) and "--stage dpo" (hiyouga/LlamaFactory#1383, c672; c657). KTO keeps DPO's reference model
  // (code-dump.ts reads KTOTrainer so). sft, rm and simpo train one model.
  if (/^(?:dpo|orpo|ppo)$/.test(value)) return say(value);
  if (value === 'kto') return say('dpo', 'stage kto: a frozen reference model beside the policy, as DPO (read as dpo)');
  if (/^(sft|rm|simpo)$/.test(value)) return say('train');
  return IGNORE;
};

/** Each key: what its value says in request words, and the source where one is cited. */
/**
 * A trainer's `--strategy`, by the names its source gives it: ColossalAI Coati's train_sft.py /
 * train_prompts.py choices (`colossalai_zero2` is LowLevelZeroStrategy(stage=2), `colossalai_zero2_cpu`
 * the same with its optimizer placed on the CPU, `colossalai_gemini` GeminiStrategy, ZeRO-3's chunked
 * sharding; `ddp`, `naive` none; hpcaitech/ColossalAI#3331, corpus c377, c384) and Lightning's Trainer
 * strategies (`deepspeed_stage_2`, `deepspeed_stage_3_offload`, `fsdp`, `ddp`). Any other name is set aside.
 */
const strategy: Handler = (v) => {
  const value = unquote(v).toLowerCase();
  const colossal = /^colossalai_(zero[12]|gemini)(_cpu)?$/.exec(value);
  if (colossal) return say(`${colossal[1] === 'gemini' ? 'zero3' : colossal[1]}${colossal[2] ? ' offload optimizer' : ''}`);
  const lightning = /^deepspeed_stage_([123])(_offload)?$/.exec(value);
  if (lightning) return say(`deepspeed zero${lightning[1]}${lightning[2] ? (lightning[1] === '3' ? ' offload optimizer offload params' : ' offload optimizer') : ''}`);
  if (value === 'fsdp') return say('fsdp');
  if (value === 'ddp') return say('ddp');
  return IGNORE;
};

/** `--offload` beside `--zero_stage N` (DeepSpeed-Chat): the optimizer to the CPU, the parameters too at stage 3. */
const deepspeedChatOffload: Handler = (v, ctx) => {
  const stage = numberOf(ctx.values?.get('zero_stage') ?? '');
  // Not a bare flag ("GPU Offload: 40/81 layers", LM Studio): left to the reader that knows it.
  if (!isTrue(v)) return null;
  if (!Number.isInteger(stage)) return { ignore: true, note: `--offload with no --zero_stage: not read (DeepSpeed-Chat's flag offloads under its ZeRO stage); say "offload optimizer" if yours does` };
  return stage === 3 ? say('offload optimizer offload params') : say('offload optimizer');
};

/**
 * lightning-thunder's benchmark_litgpt.py `--shard_mode zero2|zero3` beside `--distributed_mode fsdp`: thunder's
 * own names for its FSDP types (thunder/distributed FSDPType.ZERO2, ZERO3): ZERO2 keeps each rank's whole
 * parameters after the forward and shards gradients and optimizer states, ZERO3 shards the parameters too.
 * Read by those names: "--distributed_mode fsdp --shard_mode zero2" (Lightning-AI/lightning-thunder#439, corpus
 * c1652) had read as FULL_SHARD from the title's "FSDP". Any other value names no stage here.
 */
const thunderShardMode: Handler = (v) => {
  const m = /^zero([23])$/.exec(unquote(v));
  return m ? say(`zero${m[1]}`) : IGNORE;
};

/** torchtitan's job configs: `torchtitan/models/<model>/train_configs/*.toml` (earlier `train_configs/*.toml` at its root). */
const TORCHTITAN_CONFIG = /(?:^|\/)(?:torchtitan\/(?:[\w.-]+\/)*)?train_configs\/[\w.-]+\.toml$/;

/**
 * A torchtitan job config: the run is torchtitan's (its own tree, as a torchtune recipe's name is torchtune's). Its
 * name is its model's (llama3_8b.toml), but a model read here would stand before one the message names in words
 * and make that one a doubt (the title's "llama3-8B" of c3013 said as "from CONFIG_FILE=…?"): the model is left to
 * the words, and a command with none is asked about.
 */
function torchtitanConfig(path: string): KeyReading {
  return say('torchtitan', `"${path}": a torchtitan job config (its train_configs folder), read as torchtitan's run`);
}

/** `cpu_offload`: DeepSpeed's older ZeRO-Offload key (the optimizer states) in its block or in a message about DeepSpeed; FSDP's (the parameters too) elsewhere. */
const cpuOffload: Handler = (v, ctx) => {
  if (!isTrue(v)) return IGNORE;
  if (ctx.parent === 'zero_optimization') return say('offload optimizer');
  if (ctx.deepspeed && ![...ctx.keys].some((k) => k.startsWith('fsdp'))) {
    return { say: 'offload optimizer', note: `"cpu_offload" read as DeepSpeed's (ZeRO-Offload: the optimizer states on the CPU), as the message is about DeepSpeed; say "offload params" if the parameters move too`, weak: true };
  }
  return say('offload params offload optimizer');
};

/** A `--ddp-backend` value that names a sharding (ParlAI's zero2 / zero3, fairseq's fully_sharded); any other is a process-group backend. */
const ddpBackend: Handler = (v) => {
  const value = unquote(v);
  if (/^zero[23]$/.test(value)) return say(value, `--ddp-backend ${value}: ParlAI's fairscale sharding, read as ${value}`);
  if (value === 'fully_sharded') return say('fsdp', '--ddp-backend fully_sharded: fairseq\'s FSDP');
  return IGNORE;
};

export const SHARDING_KEYS: KeyTable = {
  shard_mode: { reads: thunderShardMode, source: 'Lightning-AI/lightning-thunder thunder/benchmarks/benchmark_litgpt.py --shard_mode; #439' },
  strategy: { reads: strategy, source: 'hpcaitech/ColossalAI applications/Chat/examples/train_sft.py --strategy; Lightning Trainer(strategy=…)' },
  stage: { reads: stage },
  zero_stage: { reads: numeric('zero') },
  // TencentPretrain's pretrain.py (Linly): --enable_zero3, a bare flag, runs DeepSpeed ZeRO-3.
  enable_zero3: { reads: (v) => (isFalse(v) ? IGNORE : say('zero3')), source: 'CVI-SZU/Linly#35' },
  // ColossalAI's example benchmarks (examples/language/llama/benchmark.py --zero 1): the ZeRO stage
  // of its HybridParallelPlugin (0 is none).
  zero: { reads: (v, ctx) => (numberOf(v) === 0 ? IGNORE : numeric('zero')(v, ctx)), source: 'hpcaitech/ColossalAI#5068, examples/language/llama/benchmark.py' },
  deepspeed: { reads: deepspeedFile },
  // Config files named after what they set: accelerate's zero3_offload.yaml, LLaMA-Factory's ds_z3_config.json.
  // …and torchtitan's job config by its place in torchtitan's tree ("CONFIG_FILE=./torchtitan/models/llama3/train_configs/
  // llama3_8b.toml ./run_train.sh", pytorch/torchtitan#1884, c3013; `--job.config_file`): the run is torchtitan's.
  config_file: {
    reads: (v) => {
      if (TORCHTITAN_CONFIG.test(unquote(v))) return torchtitanConfig(unquote(v));
      const named = shardingOfFileName(unquote(v));
      return named ? configFile(named, unquote(v), named.kind === 'zero' ? 'deepspeed ' : '') : IGNORE;
    },
  },
  deepspeed_config_file: { reads: deepspeedFile },
  // accelerate's block of DeepSpeed settings: its children (zero_stage, offload_*) are read by
  // their own keys, and `distributed_type: DEEPSPEED` says DeepSpeed runs; an empty `{}` says nothing.
  deepspeed_config: { reads: () => IGNORE },
  ds_config: { reads: deepspeedFile },
  // HF from_pretrained(quantization_config=bnb_config): the settings are BitsAndBytesConfig's own keys.
  quantization_config: { reads: () => IGNORE },
  zero_optimization: { reads: () => IGNORE },
  // A block in DeepSpeed's JSON (its `device` child is read below); a device as the key's value is
  // DeepSpeed's short form, the one its memory estimator prints ("offload_optimizer=cpu") and people
  // copy into prose ("deepspeed zero2, offload_optimizer=cpu, per_device_train_batch_size=1",
  // Yuliang-Liu/Monkey#24, c506: it read as no offload). The estimator's rows themselves list options,
  // not the run (segments: log.ds-estimator blanks them).
  offload_optimizer: { reads: (v, ctx) => offloadDevice('optimizer')(v, ctx), source: 'Yuliang-Liu/Monkey#24' },
  offload_param: { reads: (v, ctx) => (belowStage3(ctx) ? IGNORE : offloadDevice('params')(v, ctx)), source: 'deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs' },
  // Only inside DeepSpeed's offload blocks; "device: 4090" in prose is left to be read.
  device: {
    reads: (v, ctx) =>
      ctx.parent === 'offload_optimizer' ? offloadDevice('optimizer')(v, ctx) : ctx.parent === 'offload_param' ? offloadDevice('params')(v, ctx)
        // "--device cuda:0,1": a list of device ids (device-id-lists.ts) is the run's devices.
        : /^\d+(?:\+\d+)+$/.test(v) ? gpuList(v, ctx) : null,
  },
  offload_optimizer_device: { reads: offloadDevice('optimizer') },
  // Parameters move off the GPU only under ZeRO-3: at a stage below it DeepSpeed ignores the offload
  // (accelerate's deepspeed_config with zero_stage 2 and offload_param_device 'cpu',
  // huggingface/accelerate#2079, c698, was refused as a contradiction).
  offload_param_device: { reads: (v, ctx) => (belowStage3(ctx) ? { ignore: true, note: `offload_param_device ${unquote(v)} has no effect at ZeRO stage ${ctx.values!.get('zero_stage')} (only stage 3 offloads parameters)` } : offloadDevice('params')(v, ctx)), source: 'huggingface/accelerate#2079' },
  // OpenRLHF's --adam_offload (openrlhf/cli/train_sft.py, train_ppo_ray.py): DeepSpeed's
  // offload_optimizer to the CPU under its --zero_stage; a bare flag (OpenRLHF/OpenRLHF#1066, c678).
  adam_offload: { reads: flag('offload optimizer'), source: 'OpenRLHF openrlhf/cli/train_ppo_ray.py; OpenRLHF/OpenRLHF#1066' },
  // DeepSpeed-Chat's step 1/2 --offload (and Yi's finetune/sft/main.py, its copy), a bare flag:
  // utils/ds_utils.py get_train_ds_config sets offload_optimizer and offload_param to "cpu" under its
  // --zero_stage, and DeepSpeed moves parameters only at stage 3. Read beside --zero_stage only: a
  // bare "offload" key elsewhere is no such flag (01-ai/Yi c412, c414, c916).
  offload: { reads: deepspeedChatOffload, source: 'deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/dschat/utils/ds_utils.py get_train_ds_config' },
  fsdp: { reads: fsdp },
  fsdp_sharding_strategy: { reads: fsdp },
  sharding_strategy: { reads: fsdp },
  fsdp_offload_params: { reads: (v) => (isTrue(v) ? say('offload params offload optimizer') : IGNORE) },
  // accelerate's FSDP plugin checkpoints each wrapped layer's activations (accelerate FSDP docs).
  fsdp_activation_checkpointing: { reads: flag('gc', 'no gc'), source: 'accelerate FSDP docs' },
  // FSDP's cpu_offload moves the parameters (and so their gradients and optimizer states) to the
  // CPU; inside DeepSpeed's zero_optimization block it is the older spelling of ZeRO-Offload, the
  // optimizer only (runtime/zero/config.py: `cpu_offload` deprecated, new_param offload_optimizer
  // with device cpu; its parameter twin was `cpu_offload_param`). DeepSpeed#1288 (c783) set it
  // beside `"stage": 2` and was refused as a parameter offload needing ZeRO-3.
  // Outside that block, in a message about DeepSpeed and with no FSDP key, it is still DeepSpeed's ("fp16 mode and
  // cpu_offload turned on", deepspeedai/DeepSpeed#655, c2983, had read as a parameter offload and so ZeRO-3): weak, said.
  cpu_offload: {
    reads: cpuOffload,
    source: 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/zero/config.py; deepspeedai/DeepSpeed#1288; deepspeedai/DeepSpeed#655',
  },
  // A trainer's distributed backend that names its sharding: ParlAI's `--ddp-backend` zero2 / zero3 (fairscale's
  // FullyShardedDataParallel, parlai/utils/fsdp.py: zero2 keeps the gathered weights from forward to backward, zero3
  // reshards them; "runs out of memory even with `-bs 1 --tr 8` … `--ddp-backend zero2`", ParlAI#4452, c2989, had been
  // set aside as the HF Trainer's no-effect key) and fairseq's `fully_sharded` (FSDP). nccl, gloo and the rest change no memory.
  ddp_backend: {
    reads: ddpBackend,
    source: 'facebookresearch/ParlAI parlai/core/params.py --ddp-backend {ddp,zero2,zero3}; facebookresearch/ParlAI#4452; facebookresearch/fairseq --ddp-backend fully_sharded',
  },
  // Arguments only torch.distributed.fsdp.FullyShardedDataParallel (and Lightning's FSDPStrategy, which passes them on)
  // takes: written at all, the run is FSDP's ("`limit_all_gathers=True` … sharding across 4x40GB cards", Lightning-AI/
  // lit-llama#389, c2050). Full sharding is FSDP's default; a strategy key written beside them says which.
  limit_all_gathers: { reads: fsdpArgument, source: 'pytorch torch/distributed/fsdp/fully_sharded_data_parallel.py; Lightning-AI/lit-llama#389' },
  forward_prefetch: { reads: fsdpArgument, source: 'pytorch torch/distributed/fsdp/fully_sharded_data_parallel.py' },
  backward_prefetch: { reads: fsdpArgument, source: 'pytorch torch/distributed/fsdp/fully_sharded_data_parallel.py' },
  use_orig_params: { reads: fsdpArgument, source: 'pytorch torch/distributed/fsdp/fully_sharded_data_parallel.py' },
  // accelerate launch --use_fsdp / --use_deepspeed (launcher flags with no value).
  use_fsdp: { reads: (v) => (isTrue(v) || unquote(v) === '' ? say('fsdp') : IGNORE) },
};
