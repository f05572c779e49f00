import { readCodeDump } from './code-dump.js';
import { readCommands } from './commands.js';
import { readEnvironmentReport } from './environment-report.js';
import { NEVER, type MappedText } from './mapped-text.js';
import { MEGATRON_ONLY, MEGATRON_ANCHORS, megatronRun, readEntryPoints } from './megatron.js';
import { dropScriptComments, nodeCountOf, type NodeCount } from './shell-script.js';
import { readSlurm } from './slurm.js';
import { readToolOutput } from './tool-output.js';
import { readVerl } from './verl.js';
import { cardDtypeFlags } from './training-prose.js';

/**
 * Config keys people paste (issue 11 §2), read as request words. Each key maps its value onto
 * a phrase of the request language ("per_device_train_batch_size: 4" → "bs 4"), onto nothing
 * (a key we read and know has no effect on memory: listed as ignored), or onto a note. The
 * keys are those of HF TrainingArguments / TRL SFTConfig, PEFT LoraConfig, BitsAndBytesConfig,
 * DeepSpeed JSON, accelerate/FSDP, LLaMA-Factory and axolotl YAML, torchtune and litgpt flags,
 * vLLM flags, TGI variables and llama.cpp flags, written in any of `key=value`, `key: value`,
 * `--key value`, `--key=value`, `"key": value`.
 */

/** What one key says. */
export type KeyReading = { say: string; note?: string } | { ignore: true; note?: string } | null;

export interface KeyContext {
  /** Enclosing key in nested JSON/YAML (`zero_optimization` for `stage`), if any. */
  parent: string | null;
  /** The text reads like an axolotl config (bf16 there loads the model in bf16). */
  axolotl: boolean;
  /** Every key present, for keys whose meaning depends on another (alpaca-lora batch_size). */
  keys: ReadonlySet<string>;
  /** DeepSpeed runs the step: HF's bf16 flag then turns on DeepSpeed's bf16 (fp32 master weights in the optimizer). */
  deepspeed?: boolean;
  /** The value of each key present (the last one written: parsers keep the last), for keys read together. */
  values?: ReadonlyMap<string, string>;
  /** The key being read. */
  current?: string;
  /** The text is a Megatron-LM run (megatron.ts): its --bf16 is Megatron's own recipe. */
  megatron?: boolean;
  /** The node count a pasted script sets, or leaves unknown (shell-script.ts). */
  nodes?: NodeCount;
}

type Handler = (value: string, ctx: KeyContext) => KeyReading;

const TRUE = new Set(['true', '1', 'yes', 'on', 'y', 't', 'enable', 'enabled']);
const FALSE = new Set(['false', '0', 'no', 'off', 'n', 'f', 'none', 'null', 'disable', 'disabled', '~', '']);

export const isTrue = (v: string) => TRUE.has(unquote(v));
export const isFalse = (v: string) => FALSE.has(unquote(v));

export function unquote(v: string): string {
  // Rust's Option in a TGI args dump: Some(4) is 4.
  // A bash array of one value, BATCH_SIZES=(1), is that value.
  return v.trim().replace(/^some\(([^)]*)\)/, '$1').replace(/^\(\s*([^()\s]+)\s*\)$/, '$1').replace(/^["'`*]+|["'`*,.;:!?)]+$/g, '').trim();
}

/** A number in a value ("4", "2k", "4_096", "1e-4"); NaN when there is none. */
function numberOf(v: string): number {
  const t = unquote(v).replace(/_/g, '');
  const k = /^(\d+(?:\.\d+)?)k$/.exec(t);
  if (k) return Math.round(Number(k[1]) * 1024);
  return /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}

const IGNORE: KeyReading = { ignore: true };
const say = (phrase: string, note?: string): KeyReading => (note ? { say: phrase, note } : { say: phrase });

/** llama.cpp's KV cache type: q8_0 as an 8-bit cache (said), f16 its default, 4/5-bit types not modelled. */
const llamaCppCache: Handler = (v, ctx) => {
  const type = unquote(v).toLowerCase();
  const flagName = ctx.current === 'cache_type_v' ? 'V' : 'K';
  if (type === 'f16' || type === '') return IGNORE;
  if (type === 'bf16' || type === 'f32') return say(`kv ${type === 'f32' ? 'fp32' : 'bf16'}`);
  if (type === 'q8_0') return say('kv fp8', `llama.cpp ${flagName} cache q8_0 sized as an 8-bit cache (q8_0 adds a 16-bit scale per 32 values, about 6% more)`);
  return { ignore: true, note: `llama.cpp ${flagName} cache ${type} (a quantised KV cache below 8 bits) is not modelled: an f16 KV cache assumed` };
};

/** A number-valued key read as `<word> N`; "auto" and non-numbers are ignored. */
const numeric =
  (word: string): Handler =>
  (v) => {
    const n = numberOf(v);
    return Number.isFinite(n) ? say(`${word} ${n}`) : IGNORE;
  };

/** A boolean key that turns something on (and optionally off). */
/**
 * A card or a model size after a switch's colon ("70b qlora: A6000 vs 4090?") is prose, not the
 * switch's value: no switch takes one, so the text is left for the prose reader.
 */
const PROSE_VALUE = /^(?:[a-z]{0,4}\d{3,5}[a-z]{0,4}|\d+(?:\.\d+)?[bm])$/;

const flag =
  (on: string, off: string | null = null): Handler =>
  (v) => {
    if (isTrue(v)) return say(on);
    if (isFalse(v)) return off ? say(off) : IGNORE;
    return PROSE_VALUE.test(unquote(v)) ? null : IGNORE;
  };

/** Flags only text-generation-webui's server.py takes (modules/shared.py). */
const TEXTGEN_KEYS = ['wbits', 'groupsize', 'auto_devices', 'auto_launch', 'pre_layer', 'gpu_memory', 'cpu_memory', 'no_cache'];


/** HF Trainer / LLaMA-Factory `bf16: true` is torch autocast over fp32 master weights (amp). */
const halfFlag =
  (dtype: 'bf16' | 'fp16'): Handler =>
  (v, ctx) => {
    const value = unquote(v);
    if (ctx.parent === 'bf16' || ctx.parent === 'fp16') return IGNORE;
    // torch_dtype already says what the weights are; the flag only turns on 16-bit compute.
    if (ctx.keys.has('torch_dtype')) return IGNORE;
    if (!isTrue(value) && value !== 'auto') return IGNORE;
    // axolotl loads the model in the half dtype when bf16/fp16 is set, so the weights the
    // optimizer updates are 16-bit (pure); HF Trainer keeps fp32 weights under autocast.
    if (ctx.axolotl) return say(`pure ${dtype}`);
    // text-generation-webui's --bf16 loads the model in bfloat16 (modules/shared.py) to run it.
    if (TEXTGEN_KEYS.some((k) => ctx.keys.has(k))) return say(`pure ${dtype}`);
    // Megatron-LM's --bf16/--fp16: 16-bit weights with fp32 main params and grads (its own recipe).
    if (ctx.megatron || MEGATRON_ONLY.some((k) => ctx.keys.has(k)) || ctx.keys.has('ffn_hidden_size')) return say(`megatron-mixed ${dtype}`);
    // Under DeepSpeed the Trainer's flag turns on DeepSpeed's bf16/fp16 ("auto" in its JSON):
    // 16-bit weights, fp32 master weights in the optimizer (mixed), not torch autocast.
    if (ctx.deepspeed) return say(`mixed ${dtype}`, `--${dtype} under DeepSpeed: DeepSpeed's ${dtype} (16-bit weights, fp32 master weights in the optimizer)`);
    return say(`amp ${dtype}`);
  };

const DTYPES: Record<string, string> = {
  bf16: 'bf16', bfloat16: 'bf16', 'torch.bfloat16': 'bf16', fp16: 'fp16', float16: 'fp16', half: 'fp16', 'torch.float16': 'fp16',
  fp32: 'fp32', float32: 'fp32', float: 'fp32', 'torch.float32': 'fp32',
};
const dtype: Handler = (v) => {
  const d = DTYPES[unquote(v)];
  return d ? say(d) : IGNORE;
};

/** HF `optim` / axolotl `optimizer` / torchtune `optimizer._component_` values. */
const OPTIMIZERS: [RegExp, string][] = [
  [/paged.*adamw?.*8/, 'paged adamw 8bit'],
  [/paged.*adamw?/, 'paged adamw'],
  [/adamw?.*8.?bit|adamw?8bit|bnb.*adam/, 'adamw 8bit'],
  [/adamw.*fused|fused.*adam/, 'fused adamw'],
  [/adamw/, 'adamw'],
  [/adafactor/, 'adafactor'],
  [/lion/, 'lion'],
  [/sgd/, 'sgd'],
  [/^adam$|torch\.optim\.adam$/, 'adam'],
];
const optimizer: Handler = (v) => {
  const value = unquote(v);
  for (const [re, phrase] of OPTIMIZERS) if (re.test(value)) return say(phrase);
  return IGNORE;
};

/**
 * torchtune's `_component_` names what builds each block (recipes/configs/<recipe>.yaml): under `model` a
 * model builder, `qlora_llama3_1_8b`, `lora_llama2_7b`, `llama3_8b` (torchtune/models/<family>/_model_builders.py);
 * under `optimizer` the optimizer class; under `loss` the loss (CEWithChunkedOutputLoss is chunked).
 */
const BUILDER = /(?:^|\.)(q?lora_)?(llama3_[123]|llama3|llama2|code_llama2|mistral|gemma2?|qwen2_5|qwen2|qwen3|phi3|phi4)_(\d+(?:_\d+)?x?\d*b)(?:_[a-z]+)*$/;
const component: Handler = (v, ctx) => {
  const value = unquote(v);
  if (ctx.parent === 'optimizer') return optimizer(v, ctx);
  if (ctx.parent === 'loss') return /chunked/.test(value) ? say('chunked ce') : IGNORE;
  if (ctx.parent !== 'model') return IGNORE;
  const b = BUILDER.exec(value);
  if (!b) return IGNORE;
  const family = b[2]!.replace(/_(\d)$/, '.$1').replace(/^(llama|qwen|gemma|phi)(\d)/, '$1-$2').replace(/_/g, '.');
  const model = `${family}-${b[3]!.replace(/_/g, '.')}`;
  return say(`${b[1] === 'qlora_' ? 'qlora ' : b[1] === 'lora_' ? 'lora ' : ''}${model}`);
};

/** LoRA target module names → the request's q,k,v,o,gate,up,down. */
const MODULES: [RegExp, string[]][] = [
  [/q_?proj|\bq\b|query(?!_key)/, ['q']],
  [/k_?proj|\bk\b|(?<!query_)key(?!_value)/, ['k']],
  [/v_?proj|\bv\b|(?<!key_)value/, ['v']],
  [/o_?proj|out(?:put)?_?proj|\bo\b|dense(?!_)/, ['o']],
  [/gate_?proj|w1\b/, ['gate']],
  [/up_?proj|w3\b/, ['up']],
  [/down_?proj|w2\b/, ['down']],
  // Fused projections: Qwen-1 c_attn, Falcon/BLOOM query_key_value, Baichuan W_pack.
  [/c_attn|query_key_value|w_pack|qkv_proj|wqkv/, ['q', 'k', 'v']],
];
const targets: Handler = (v, ctx) => {
  const value = unquote(v.replace(/[[\]]/g, ''));
  if (/^(all|all[-_]linear|all_proj)$/.test(value)) return say('lora all-linear');
  const found = new Set<string>();
  for (const [re, names] of MODULES) if (re.test(value)) for (const n of names) found.add(n);
  // torchtune's lora_attn_modules name the attention projections; apply_lora_to_mlp adds the MLP.
  if (isTrue(ctx.values?.get('apply_lora_to_mlp') ?? '')) for (const n of ['gate', 'up', 'down']) found.add(n);
  const order = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'].filter((t) => found.has(t));
  return order.length ? say(`lora ${order.join(',')}`) : IGNORE;
};

/** DeepSpeed config file names: LLaMA-Factory's ds_z3_offload_config.json, axolotl's zero3_bf16.json. */
const deepspeedFile: Handler = (v) => {
  const value = unquote(v);
  // TrainingArguments' repr prints `deepspeed=None` when DeepSpeed is off.
  if (isFalse(value)) return IGNORE;
  const stage = /(?:z(?:ero)?|stage|_s)[_-]?([0-3])(?![0-9])/.exec(value);
  if (!stage) return say('deepspeed');
  const offload = /offload/.test(value) ? (stage[1] === '3' ? ' offload optimizer offload params' : ' offload optimizer') : '';
  // The file is not in the text: what it offloads is read from its name only, so say so.
  const note = offload ? `offload read from the file name "${value}" (${offload.trim()}); say "offload optimizer" or "offload params" if the file offloads less` : undefined;
  return say(`deepspeed zero${stage[1]}${offload}`, note);
};

const offloadDevice =
  (what: 'optimizer' | 'params'): Handler =>
  (v) => {
    const value = unquote(v);
    if (value === 'cpu') return say(`offload ${what}`);
    if (value === 'nvme') return say(`nvme offload ${what === 'optimizer' ? 'optimizer' : 'params'}`);
    return IGNORE;
  };

/** `fsdp: full_shard auto_wrap offload` (HF TrainingArguments.fsdp). */
const fsdp: Handler = (v) => {
  const value = unquote(v).replace(/[[\]'",+]/g, ' ');
  const parts: string[] = [];
  if (/shard_grad_op|\b2\b/.test(value)) parts.push('fsdp shard grad op');
  else if (/hybrid/.test(value)) parts.push('hsdp');
  else if (/no_shard/.test(value)) parts.push('ddp');
  else if (/full_shard|\b1\b|true/.test(value)) parts.push('fsdp');
  if (/offload/.test(value)) parts.push('offload params offload optimizer');
  return parts.length ? say(parts.join(' ')) : IGNORE;
};

/** Weight quantisation names of vLLM `--quantization`, TGI `QUANTIZE`, litgpt `--quantize`. */
const quantization: Handler = (v, ctx) => {
  const value = unquote(v);
  if (/awq/.test(value)) return say('awq');
  // vLLM's bare `--quantization marlin` names the kernel, which runs 4-bit GPTQ and AWQ
  // checkpoints alike (vllm/model_executor/layers/quantization): the model's name says which.
  if (value === 'marlin' && MODEL_KEYS.some((k) => /awq/.test(ctx.values?.get(k) ?? ''))) return say('awq');
  if (/gptq|marlin|exl2/.test(value)) return say('gptq');
  if (/fp8/.test(value)) return say('fp8 weights');
  // litgpt's "bnb.nf4-dq": NF4 with double quantisation of the scales.
  if (/nf4[-_.]?dq|double/.test(value)) return say('nf4 dq');
  if (/nf4|fp4|bitsandbytes|bnb|4bit/.test(value)) return say('nf4');
  if (/int8|8bit|eetq/.test(value)) return say('int8');
  // llama-recipes' train_config `quantization: bool` (before it took "4bit"/"8bit") loads the model in 8-bit.
  if (isTrue(value) && ctx.keys.has('use_peft')) return say('int8');
  return IGNORE;
};

const loadIn =
  (weights: 'nf4' | 'int8'): Handler =>
  (v) =>
    isTrue(v) ? say(weights) : IGNORE;

/** LLaMA-Factory `stage` (sft, pt, rm, ppo, dpo) or DeepSpeed `zero_optimization.stage`. */
const stage: Handler = (v, ctx) => {
  const value = unquote(v);
  const n = numberOf(value);
  if (Number.isInteger(n) && n >= 0 && n <= 3) return say(`zero${n}`);
  if (ctx.parent === 'zero_optimization') return IGNORE;
  if (value === 'pt') return say('pretrain');
  if (/^(sft|rm|ppo|dpo|kto|orpo|simpo)$/.test(value)) return say('train');
  return IGNORE;
};

const finetuningType: Handler = (v) => {
  const value = unquote(v);
  if (value === 'lora') return say('lora');
  if (value === 'qlora') return say('qlora');
  if (value === 'full') return say('full');
  if (value === 'freeze') return { ignore: true, note: 'finetuning_type freeze (partial freezing) is not modelled: read as a full fine-tune' };
  return IGNORE;
};

const adapter: Handler = (v) => {
  const value = unquote(v);
  if (value === 'qlora') return say('qlora');
  if (value === 'lora') return say('lora');
  return IGNORE;
};

const attention: Handler = (v) => {
  const value = unquote(v);
  if (/flash|fa2|fa3/.test(value) || isTrue(value)) return say('flash');
  if (/sdpa/.test(value)) return say('sdpa');
  if (/eager|disabled/.test(value) || isFalse(value)) return say('no flash');
  return IGNORE;
};

/** Where a model is named: the last path segment holds its name ("meta-llama/Llama-2-7b-hf"). */
/** What torch.compile changes in memory depends on Inductor's partitioner: said, not guessed (GT019–GT021). */
export const COMPILE_NOTE = "torch.compile is not modelled: what it saves for backward depends on Inductor's fusions; the estimate is eager PyTorch's";

/** Folder names that say where a checkpoint is, not which model it is ("path/to/7b-awq/model"). */
export const CHECKPOINT_FOLDER = /^(?:models?|checkpoints?|ckpts?|weights|hf|final|merged|output|outputs|latest|snapshots?|main|base)$/i;

const model: Handler = (v) => {
  const value = unquote(v).replace(/\/+$/, '');
  if (isTrue(value) || isFalse(value)) return IGNORE;
  // "path/to/7b-awq/model": a folder named for where it sits names no model; the one above does.
  const parts = value.split(/[/\\]/);
  while (parts.length > 1 && CHECKPOINT_FOLDER.test(parts.at(-1) ?? '')) parts.pop();
  const name = parts.at(-1) ?? '';
  return name && /[a-z]/.test(name) ? say(name.replace(/[^a-z0-9.\-_]/g, ' ')) : IGNORE;
};

const kvDtype: Handler = (v) => {
  const value = unquote(v);
  if (/fp8|e4m3|e5m2/.test(value)) return say('kv fp8');
  return IGNORE;
};

/**
 * One GPU from a config ("devices: 1", "CUDA_VISIBLE_DEVICES=0") is what an estimate assumes when
 * no card is named (memory per GPU): as a count with no card it would only ask "Which GPU?".
 */
const ONE_GPU: KeyReading = { ignore: true, note: 'one GPU, as the config says' };
const gpus = (n: number): KeyReading => (n === 1 ? ONE_GPU : say(`${n} gpus`));

const gpuList: Handler = (v) => {
  const ids = unquote(v).split(/[,\s+]+/).filter((x) => /^\d+$/.test(x));
  return ids.length ? gpus(ids.length) : IGNORE;
};

const count =
  (word: string): Handler =>
  (v) => {
    const n = numberOf(v);
    if (!Number.isInteger(n) || n <= 0) return IGNORE;
    return word === 'gpus' ? gpus(n) : say(`${n} ${word}`);
  };

/**
 * A script's GPUS_PER_NODE is per node: the GPUs in all are that times its node count. With no node
 * count it is one node's (torchrun's --nnodes defaults to 1); with a node count the script never sets
 * (`WORLD_SIZE=$(($GPUS_PER_NODE*$HOST_NUM))`, NVIDIA/Megatron-LM#1571) the total is unknown, said
 * so, and no count is read: memory per GPU does not depend on it.
 */
const gpusPerNode: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (!Number.isInteger(n) || n <= 0) return IGNORE;
  const nodes = ctx.nodes;
  if (nodes && 'unknown' in nodes) {
    const which = /^\w+$/.test(nodes.unknown) ? `a node count the text does not set (${nodes.unknown})` : 'a node count the text does not give as a number';
    return { ignore: true, note: `${n} GPUs per node, on ${which}: the GPU count is unknown, so memory is per GPU (say "2 nodes of ${n}x A100" for the whole job)` };
  }
  if (nodes && nodes.nodes > 1) return say(`${nodes.nodes} nodes of ${n} gpus`);
  return gpus(n);
};

/**
 * TRL GRPO/online-DPO lengths (trl/trainer/grpo_config.py max_prompt_length, max_completion_length):
 * each step holds the prompt and its completion, so the sequence is their sum; read once, at the
 * prompt key, when both are given (one alone says too little to set the sequence).
 */
// OpenRLHF's --prompt_max_len / --generate_max_len (openrlhf/cli/train_ppo_ray.py) are the same two lengths.
const PROMPT_KEYS = ['max_prompt_length', 'max_prompt', 'prompt_max_len'];
const COMPLETION_KEYS = ['max_completion_length', 'max_completions', 'max_completion', 'generate_max_len'];
const firstValue = (ctx: KeyContext, keys: string[]) => keys.map((k) => ctx.values?.get(k)).find((v) => v !== undefined);
const promptLength: Handler = (v, ctx) => {
  const completion = numberOf(firstValue(ctx, COMPLETION_KEYS) ?? '');
  const prompt = numberOf(v);
  if (!Number.isFinite(prompt) || !Number.isFinite(completion)) return IGNORE;
  return say(`seq ${prompt + completion}`, `sequence ${prompt + completion}: prompt ${prompt} + completion ${completion}`);
};

const PIPELINE_KEYS = ['pp_size', 'pipeline_parallel_size', 'pipeline_model_parallel_size'];

const sameAsDeepSpeedGlobalBatch = (n: number, ctx: KeyContext): boolean => {
  const global = ctx.values?.get('train_batch_size');
  return global !== undefined && numberOf(global) === n;
};

/** alpaca-lora's batch_size is the global batch when micro_batch_size is also given. */
const batchSize: Handler = (v, ctx) => {
  const n = numberOf(v);
  if (!Number.isFinite(n)) return IGNORE;
  if (ctx.keys.has('micro_batch_size')) return say(`gbs ${n}`);
  // A script's --batch_size equal to its DeepSpeed config's train_batch_size is that global batch
  // said twice (DeepSpeedExamples' finetune_llama.py passes it on), not a micro-batch per GPU.
  if (sameAsDeepSpeedGlobalBatch(n, ctx)) return { ignore: true, note: `batch_size ${n} is DeepSpeed's train_batch_size (the global batch), read once` };
  // Under pipeline parallelism the batch a launch script sets is the global batch the pipeline
  // schedule splits into micro-batches (Megatron-LM --global-batch-size; NVIDIA/Megatron-LM#1571's
  // BATCH_SIZE next to PP_SIZE).
  if (PIPELINE_KEYS.some((k) => ctx.keys.has(k))) return say(`gbs ${n}`);
  return say(`bs ${n}`);
};

/** "bs 64" from --max-num-seqs 64 also says "max seqs 64" (memory/serving.ts samplerLogits). */
function withMaxSeqs(r: ReturnType<Handler>, v: string): ReturnType<Handler> {
  return r !== null && 'say' in r ? { ...r, say: `${r.say} max seqs ${numberOf(v)}` } : r;
}

/** A key only serving engines have (vLLM, TGI) also says the run is served. */
const serving =
  (handler: Handler): Handler =>
  (v, ctx) => {
    const r = handler(v, ctx);
    if (r === null) return null;
    return 'say' in r ? { ...r, say: `serve ${r.say}` } : { say: 'serve', ...(r.note ? { note: r.note } : {}) };
  };

/** Keys that name the model, whose value may carry its format ("…-AWQ-INT4"). */
const MODEL_KEYS = ['model', 'model_name_or_path', 'base_model', 'model_name', 'model_id', 'model_path', 'pretrained_model_name_or_path'];

/** Keys only a training run sets: with them, a parallel size is the trainer's, not a server's. */
const TRAINING_KEYS = ['per_device_train_batch_size', 'gradient_accumulation_steps', 'learning_rate', 'num_train_epochs', 'finetuning_type', 'train_type', 'lora_rank', 'lora_r', 'micro_batch_size', 'train_micro_batch_size_per_gpu', 'zero_stage', 'deepspeed'];
const training = (ctx: KeyContext) => TRAINING_KEYS.some((k) => ctx.keys.has(k));
/** A parallel size a server and a trainer both take (vLLM's, HF's): a serving flag unless a training setup is pasted with it. */
const trainerOrServer = (word: string): Handler => (v, ctx) => (training(ctx) ? numeric(word)(v, ctx) : serving(numeric(word))(v, ctx));

/** litgpt's per-layer LoRA switches → the request's targets (lora_projection is the attention output, lora_mlp the MLP). */
const LITGPT_TARGETS: [string, string[]][] = [
  ['lora_query', ['q']],
  ['lora_key', ['k']],
  ['lora_value', ['v']],
  ['lora_projection', ['o']],
  ['lora_mlp', ['gate', 'up', 'down']],
];
const litgptTargets: Handler = (_v, ctx) => {
  const first = LITGPT_TARGETS.map(([k]) => k).concat('lora_head').find((k) => ctx.keys.has(k));
  if (!ctx.values || first === undefined || !ctx.values.has(first)) return IGNORE;
  // Read once, at the first switch written; the others are blanked.
  if (ctx.current !== first) return IGNORE;
  const on = LITGPT_TARGETS.filter(([k]) => isTrue(ctx.values!.get(k) ?? '')).flatMap(([, t]) => t);
  return on.length ? say(`lora ${on.join(',')}`) : IGNORE;
};

/** Keys, written with `_` (a `-` or `.` prefix path is normalised away before lookup). */
const KEYS: Record<string, Handler> = {
  // batch
  // Its name says the run trains ("TrainingArguments(per_device_train_batch_size=4)" beside a from_pretrained load).
  per_device_train_batch_size: (v, ctx) => {
    const read = numeric('bs')(v, ctx);
    return read && 'say' in read ? say(`train ${read.say}`, read.note) : read;
  },
  per_device_batch_size: numeric('bs'),
  per_gpu_train_batch_size: numeric('bs'),
  train_micro_batch_size_per_gpu: numeric('bs'),
  micro_batch_size: numeric('bs'),
  batch_size: batchSize,
  train_batch_size: numeric('gbs'),
  global_batch_size: numeric('gbs'),
  max_prompt_length: promptLength,
  max_prompt: promptLength,
  max_completion_length: () => IGNORE,
  max_completions: () => IGNORE,
  max_completion: () => IGNORE,
  // OpenRLHF (openrlhf/cli/train_sft.py, train_ppo_ray.py): --micro_train_batch_size is the per-GPU
  // micro-batch (its --train_batch_size the global one, read as gbs above).
  micro_train_batch_size: numeric('bs'),
  prompt_max_len: promptLength,
  generate_max_len: () => IGNORE,
  gradient_accumulation_steps: numeric('ga'),
  gradient_accumulation: numeric('ga'),
  // Shell scripts name them in the plural, as bash arrays: GRADIENT_ACCUMULATIONS=(16) (OPPO-PersonalAI/Agent_Foundation_Models#5).
  gradient_accumulations: numeric('ga'),
  // The sequences the server schedules at once: the batch, and the sampler's rows in vLLM's profile run.
  max_num_seqs: serving((v, ctx) => withMaxSeqs(numeric('bs')(v, ctx), v)),
  max_concurrent_requests: () => IGNORE,
  max_batch_size: numeric('bs'),
  // sequence
  max_seq_length: numeric('seq'),
  max_seq_len: numeric('seq'),
  model_max_length: numeric('seq'),
  cutoff_len: numeric('seq'),
  sequence_len: numeric('seq'),
  seq_length: numeric('seq'),
  seq_len: numeric('seq'),
  max_length: numeric('seq'),
  max_len: numeric('seq'),
  source_max_len: numeric('seq'),
  max_model_len: serving(numeric('seq')),
  max_total_tokens: serving(numeric('seq')),
  ctx_size: numeric('seq'),
  // Ollama's Modelfile / API options (num_ctx, num_gpu = layers on the GPU, num_batch): Ollama only runs models.
  num_ctx: numeric('ollama inference seq'),
  // …but a script's NUM_GPU=8 beside no Ollama option counts the GPUs.
  num_gpu: (v, ctx) => (ctx.keys.has('num_ctx') ? (numberOf(v) >= 0 ? say(`ngl ${numberOf(v)}`) : IGNORE) : count('gpus')(v, ctx)),
  n_ctx: numeric('seq'),
  context_length: numeric('seq'),
  max_position_embeddings: () => IGNORE,
  // A benchmark's prompt length; next to --max-model-len it is not what the server sizes for:
  // vLLM checks at start-up that its KV cache holds one max_model_len sequence.
  input_len: (v, ctx) =>
    ctx.keys.has('max_model_len') ? { ignore: true, note: `--input-len ${unquote(v)} is the benchmark's prompt; the server is sized for --max-model-len` } : numeric('seq')(v, ctx),
  max_new_tokens: numeric('gen'),
  output_len: numeric('gen'),
  max_tokens: numeric('gen'),
  // memory savers
  gradient_checkpointing: flag('gc', 'no gc'),
  activation_checkpointing: flag('gc', 'no gc'),
  enable_activation_checkpointing: flag('gc', 'no gc'),
  flash_attention: attention,
  flash_attn: attention,
  use_flash_attention_2: attention,
  attn_implementation: attention,
  sdp_attention: (v) => (isTrue(v) ? say('sdpa') : IGNORE),
  // LLaMA-Factory's switch off (its gradient checkpointing is on unless disabled, hparams/model_args.py).
  disable_gradient_checkpointing: flag('no gc', 'gc'),
  // Unsloth's gradient checkpointing (LLaMA-Factory use_unsloth_gc) is checkpointing whose saved
  // inputs go to CPU; read as checkpointing, with a note.
  use_unsloth_gc: (v) => (isTrue(v) ? say('gc', "use_unsloth_gc: Unsloth's gradient checkpointing read as gradient checkpointing") : IGNORE),
  // Unsloth get_peft_model(use_gradient_checkpointing=True | "unsloth" | False): "unsloth" is its
  // offloaded checkpointing (Unsloth README).
  use_gradient_checkpointing: (v) => (unquote(v) === 'unsloth' ? say('unsloth gc') : isTrue(v) ? say('gc') : isFalse(v) ? say('no gc') : IGNORE),
  // Liger's fused linear cross-entropy (HF TrainingArguments use_liger_kernel, LLaMA-Factory enable_liger_kernel).
  use_liger_kernel: flag('liger'),
  enable_liger_kernel: flag('liger'),
  use_liger: flag('liger'),
  // The batch shape the allocator's slack rests on (memory/overhead.ts): axolotl sample_packing,
  // TRL SFTConfig packing, torchtune dataset packed.
  sample_packing: flag('packed', 'dynamic padding'),
  packing: flag('packed', 'dynamic padding'),
  packed: flag('packed', 'dynamic padding'),
  // precision
  bf16: halfFlag('bf16'),
  fp16: halfFlag('fp16'),
  tf32: () => IGNORE,
  // Weights loaded in a 16-bit dtype and then trained are 16-bit weights: pure, not autocast.
  torch_dtype: (v, ctx) => {
    const d = DTYPES[unquote(v)];
    if (!d) return IGNORE;
    if (d === 'fp32') return say('fp32');
    // ms-swift turns the Trainer's bf16/fp16 on from torch_dtype (swift/llm/argument/train_args.py,
    // _init_mixed_precision): autocast over the trainable weights, not pure 16-bit.
    // "mixed bf16", not "bf16 mixed": after `--train_type full` the words would read "full bf16" (pure).
    if (ctx.keys.has('train_type')) return say(`mixed ${d}`);
    return say(`pure ${d}`);
  },
  dtype: dtype,
  bnb_4bit_compute_dtype: () => IGNORE,
  precision: (v) => {
    const value = unquote(v);
    if (/bf16-true/.test(value)) return say('pure bf16');
    if (/16-true/.test(value)) return say('pure fp16');
    if (/bf16/.test(value)) return say('bf16 mixed');
    if (/16/.test(value)) return say('fp16 mixed');
    if (/32/.test(value)) return say('fp32');
    return IGNORE;
  },
  mixed_precision: (v, ctx) => {
    const value = unquote(v);
    if (isTrue(value)) return isTrue(ctx.values?.get('use_fp16') ?? '') ? say('fp16 mixed') : say('bf16 mixed');
    // accelerate's `mixed_precision: 'no'` trains in full fp32 (accelerate config docs: no|fp16|bf16|fp8).
    if (value === 'no') return say('fp32');
    return value === 'bf16' || value === 'fp16' ? say(`${value} mixed`) : IGNORE;
  },
  // DeepSpeed's `"fp16": {"enabled": true}` (or bf16): 16-bit weights with fp32 master weights in
  // the optimizer (DeepSpeed config docs, "FP16 training options"); "auto" leaves it to the Trainer's flag.
  enabled: (v, ctx) => {
    if ((ctx.parent === 'fp16' || ctx.parent === 'bf16') && isTrue(v)) return say(`mixed ${ctx.parent}`);
    return IGNORE;
  },
  // optimizer
  optim: optimizer,
  // TrainingArguments.adafactor (deprecated): True replaces AdamW by Adafactor.
  adafactor: flag('adafactor'),
  optimizer: optimizer,
  _component_: component,
  // Read with lora_attn_modules (targets); the output head's adapter is not modelled.
  apply_lora_to_mlp: () => IGNORE,
  // torchtune's `loss:` block; "loss: nan" in prose stays for the help topic.
  loss: (v) => (/nan|inf/.test(unquote(v)) ? null : IGNORE),
  apply_lora_to_output: () => IGNORE,
  // LoRA / quantisation
  r: numeric('lora rank'),
  lora_r: numeric('lora rank'),
  lora_rank: numeric('lora rank'),
  // DeepSpeed-Chat (applications/DeepSpeed-Chat, training/utils/module/lora.py): --lora_dim is the
  // rank (0, its default, is no LoRA); --lora_module_name a part of the module names that get LoRA:
  // a block path ("decoder.layers.", "transformer.h.") is every linear layer in the blocks.
  lora_dim: (v) => (numberOf(v) > 0 ? say(`lora rank ${numberOf(v)}`) : IGNORE),
  lora_module_name: (v, ctx) => (/proj|attn|mlp/.test(unquote(v)) ? targets(v, ctx) : /(?:^|\.)(?:layers|h|blocks|layer)\.?$/.test(unquote(v)) ? say('lora all-linear') : IGNORE),
  only_optimize_lora: flag('lora'),
  rank: numeric('lora rank'),
  lora_alpha: numeric('lora alpha'),
  alpha: numeric('lora alpha'),
  lora_dropout: numeric('lora dropout'),
  target_modules: targets,
  lora_target: targets,
  lora_target_modules: targets,
  lora_attn_modules: targets,
  lora_target_linear: (v) => (isTrue(v) ? say('lora all-linear') : IGNORE),
  use_peft: (v) => (isTrue(v) ? say('lora') : IGNORE),
  // ms-swift `--train_type` (ms-swift docs, "Command Line Parameters": lora, full, …).
  train_type: (v) => {
    const value = unquote(v);
    return value === 'lora' ? say('lora') : value === 'full' ? say('full') : IGNORE;
  },
  // ms-swift `--quant_bits 4|8` quantises the base with bitsandbytes by default (quant_method bnb).
  quant_bits: (v) => {
    const n = numberOf(v);
    return n === 4 ? say('nf4') : n === 8 ? say('int8') : IGNORE;
  },
  attn_impl: attention,
  // litgpt finetune/lora.py: which layers get adapters, one boolean each (lora_query … lora_head):
  // read once, at the first of them, from all their values.
  lora_query: litgptTargets,
  lora_key: litgptTargets,
  lora_value: litgptTargets,
  lora_projection: litgptTargets,
  lora_mlp: litgptTargets,
  lora_head: litgptTargets,
  // llama-recipes train_config / fsdp_config (src/llama_recipes/configs/training.py, fsdp.py;
  // policies by utils/train_utils.get_policies): enable_fsdp shards with FSDP; mixed_precision
  // with use_fp16 False is the bf16 policy, with use_fp16 True fp16; pure_bf16 loads bf16 weights.
  enable_fsdp: flag('fsdp'),
  batch_size_training: numeric('bs'),
  use_fp16: (v, ctx) => (isTrue(v) && !ctx.keys.has('mixed_precision') ? say('fp16 mixed') : IGNORE),
  pure_bf16: flag('pure bf16'),
  q_lora: flag('qlora'),
  qlora: flag('qlora'),
  peft_type: (v) => (/lora/.test(unquote(v)) ? say('lora') : IGNORE),
  finetuning_type: finetuningType,
  // Unsloth FastModel.from_pretrained(full_finetuning=…): False is its adapter path (get_peft_model).
  full_finetuning: (v) => (isTrue(v) ? say('full') : isFalse(v) ? say('lora', 'full_finetuning False: read as LoRA (Unsloth adds adapters with get_peft_model)') : IGNORE),
  adapter: adapter,
  load_in_4bit: loadIn('nf4'),
  load_in_8bit: loadIn('int8'),
  // FastChat's and alpaca-lora's generate flags (--load-8bit, --load_8bit).
  load_8bit: loadIn('int8'),
  load_4bit: loadIn('nf4'),
  // llama-recipes --peft_method lora|llama_adapter|prefix (configs/peft.py): LoRA's is the one modelled.
  peft_method: (v) => (unquote(v) === 'lora' ? say('lora') : IGNORE),
  bnb_4bit_use_double_quant: (v) => (isTrue(v) ? say('nf4 dq') : IGNORE),
  // LLaMA-Factory's names for the same bitsandbytes settings (hparams/model_args.py: quantization_type, double_quantization).
  // Its default is true, so only a config that also quantises says anything by it.
  double_quantization: (v, ctx) => (isTrue(v) && ['quantization_bit', 'quantization_type', 'quantization_method'].some((k) => ctx.keys.has(k)) ? say('nf4 dq') : IGNORE),
  quantization_type: (v) => (unquote(v).toLowerCase() === 'nf4' ? say('nf4') : IGNORE),
  bnb_4bit_quant_type: (v) => (/nf4|fp4/.test(unquote(v)) ? say('nf4') : IGNORE),
  quantization_bit: (v, ctx) => {
    const n = numberOf(v);
    // LLaMA-Factory leaves a checkpoint quantised already (GPTQ, AWQ) as it is: "`quantization_bit`
    // will not affect on the PTQ-quantized models" (model/model_utils/quantization.py).
    const ptq = MODEL_KEYS.map((k) => ctx.values?.get(k) ?? '').find((m) => /gptq|awq/.test(m));
    if (ptq && (n === 4 || n === 8)) return { ignore: true, note: `quantization_bit ${n} does not re-quantise "${unquote(ptq).split('/').pop()}", already quantised (LLaMA-Factory)` };
    return n === 4 ? say('nf4') : n === 8 ? say('int8') : IGNORE;
  },
  quantization: quantization,
  quantize: quantization,
  quantization_method: quantization,
  // sharding and offload
  stage: stage,
  zero_stage: numeric('zero'),
  deepspeed: deepspeedFile,
  // Config files named after what they set: accelerate's zero3_offload.yaml, LLaMA-Factory's ds_z3_config.json.
  config_file: (v) => (/(?:z(?:ero)?|stage)[_-]?[0-3]/.test(unquote(v)) ? deepspeedFile(v, { parent: null, axolotl: false, keys: new Set() }) : IGNORE),
  deepspeed_config_file: deepspeedFile,
  // accelerate's block of DeepSpeed settings: its children (zero_stage, offload_*) are read by
  // their own keys, and `distributed_type: DEEPSPEED` says DeepSpeed runs; an empty `{}` says nothing.
  deepspeed_config: () => IGNORE,
  ds_config: deepspeedFile,
  // HF from_pretrained(quantization_config=bnb_config): the settings are BitsAndBytesConfig's own keys.
  quantization_config: () => IGNORE,
  zero_optimization: () => IGNORE,
  offload_optimizer: () => IGNORE,
  offload_param: () => IGNORE,
  // Only inside DeepSpeed's offload blocks; "device: 4090" in prose is left to be read.
  device: (v, ctx) =>
    ctx.parent === 'offload_optimizer' ? offloadDevice('optimizer')(v, ctx) : ctx.parent === 'offload_param' ? offloadDevice('params')(v, ctx) : null,
  offload_optimizer_device: offloadDevice('optimizer'),
  offload_param_device: offloadDevice('params'),
  fsdp: fsdp,
  fsdp_sharding_strategy: fsdp,
  sharding_strategy: fsdp,
  fsdp_offload_params: (v) => (isTrue(v) ? say('offload params offload optimizer') : IGNORE),
  // accelerate's FSDP plugin checkpoints each wrapped layer's activations (accelerate FSDP docs).
  fsdp_activation_checkpointing: flag('gc', 'no gc'),
  cpu_offload: (v) => (isTrue(v) ? say('offload params offload optimizer') : IGNORE),
  // parallelism and devices
  // vLLM's --tensor-parallel-size: a serving flag, unless a training setup is pasted with it.
  tensor_parallel_size: trainerOrServer('tp'),
  // vLLM --enable-expert-parallel: the MoE layers split over experts across the TP×DP group instead
  // of tensor-parallel (vLLM docs, "Expert Parallel Deployment"): ep of the tensor-parallel size.
  enable_expert_parallel: (v, ctx) => {
    const tp = numberOf(ctx.values?.get('tensor_parallel_size') ?? ctx.values?.get('tp') ?? '');
    return isTrue(v) && Number.isInteger(tp) && tp > 1 ? say(`ep ${tp}`) : IGNORE;
  },
  // SGLang --mem-fraction-static: the share of GPU memory for weights and the KV pool, its
  // gpu_memory_utilization (sglang/srt/server_args.py).
  mem_fraction_static: serving(numeric('util')),
  // Tokens per prefill step, which sizes the engine's profile / warm-up run (memory/serving.ts, tgi.ts, sglang.ts).
  max_num_batched_tokens: serving(numeric('batched tokens')),
  max_batch_prefill_tokens: serving(numeric('batched tokens')),
  chunked_prefill_size: serving(numeric('batched tokens')),
  // Megatron-style launch scripts (examples/gpt3/train_gpt3_175b_distributed.sh): the shape of a
  // model defined in the script, and its parallel sizes.
  num_layers: numeric('layers'),
  hidden_size: numeric('hidden'),
  h_dim: numeric('hidden'),
  num_attention_heads: numeric('heads'),
  num_heads: numeric('heads'),
  num_head: numeric('heads'),
  pp_size: numeric('pp'),
  ffn_hidden_size: numeric('ffn'),
  num_kv_heads: numeric('kv'),
  num_key_value_heads: numeric('kv'),
  num_query_groups: numeric('kv'),
  // Megatron-LM's own flag names (megatron/training/arguments.py), which NeMo shares.
  // Megatron's distributed optimizer shards the optimizer states and fp32 main params over the
  // data-parallel ranks (docs/source/distrib_optimizer.md): ZeRO-1's sharding.
  use_distributed_optimizer: flag('megatron zero1'),
  sequence_parallel: flag('sp'),
  // Megatron's --context-parallel-size splits the sequence over GPUs; --expert-model-parallel-size the experts.
  context_parallel_size: numeric('cp'),
  expert_model_parallel_size: numeric('ep'),
  // --recompute-granularity full|selective (with --recompute-method/--recompute-num-layers for full);
  // --recompute-activations is the selective one (megatron/training/arguments.py).
  recompute_granularity: (v) => {
    const value = unquote(v);
    return value === 'full' ? say('full recompute') : value === 'selective' ? say('selective recompute') : IGNORE;
  },
  recompute_activations: flag('selective recompute'),
  use_flash_attn: attention,
  pipeline_model_parallel_size: numeric('megatron pp'),
  tensor_model_parallel_size: numeric('megatron tp'),
  // litgpt finetune scripts: override_max_seq_length caps the sequence, gradient_accumulation_iters accumulates.
  override_max_seq_length: numeric('seq'),
  gradient_accumulation_iters: numeric('ga'),
  // Ollama's server settings (envconfig/config.go): Ollama only runs models.
  ollama_context_length: numeric('inference seq'),
  // "Required RAM will scale by OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH" (Ollama FAQ): that many
  // sequences of the context each, the batch of the KV cache. 0 is Ollama's "choose for me" (its log's default).
  ollama_num_parallel: (v, ctx) => (numberOf(v) === 0 ? IGNORE : numeric('inference bs')(v, ctx)),
  ollama_flash_attention: (v) => (isTrue(v) ? say('inference flash') : isFalse(v) && unquote(v) !== '' ? say('inference no flash') : IGNORE),
  ollama_kv_cache_type: (v) => {
    const value = unquote(v);
    if (value === '' || value === 'f16') return IGNORE;
    return { ignore: true, note: `OLLAMA_KV_CACHE_TYPE ${value} (a quantised KV cache) is not modelled: an f16 KV cache assumed` };
  },
  // text-generation-webui (modules/shared.py): --wbits 4 loads a 4-bit GPTQ checkpoint for inference;
  // --auto-devices splits the model over GPU and CPU (offload, not modelled).
  wbits: (v) => (numberOf(v) === 4 ? say('inference gptq') : IGNORE),
  auto_devices: () => ({ ignore: true, note: 'text-generation-webui --auto-devices (CPU offload of layers) is not modelled: all layers on the GPU assumed' }),
  tp: numeric('tp'),
  // Megatron-LM before 2.0, GPT-NeoX and DeepSpeed inference's mp_size: the tensor model-parallel size.
  model_parallel_size: numeric('tp'),
  mp_size: numeric('tp'),
  tp_size: numeric('tp'),
  virtual_pipeline_model_parallel_size: numeric('vpp'),
  // vLLM's --pipeline-parallel-size and --data-parallel-size (SGLang's --dp-size): serving flags
  // as --tensor-parallel-size is, unless a training setup is pasted with them.
  pipeline_parallel_size: trainerOrServer('pp'),
  data_parallel_size: trainerOrServer('dp'),
  dp_size: trainerOrServer('dp'),
  // SGLang --max-running-requests caps the running batch as vLLM's --max-num-seqs does.
  max_running_requests: serving((v, ctx) => withMaxSeqs(numeric('bs')(v, ctx), v)),
  // vLLM --cpu-offload-gb keeps part of the weights in CPU memory.
  cpu_offload_gb: (v) => (numberOf(v) > 0 ? { say: 'serve', note: `--cpu-offload-gb ${unquote(v)} (weights kept in CPU memory) is not modelled: all weights on the GPU assumed` } : IGNORE),
  pp: numeric('pp'),
  num_shard: serving(numeric('tp')),
  cuda_visible_devices: gpuList,
  // torchrun's processes per node: the GPUs of one node. Unlike GPUS_PER_NODE it is not multiplied by
  // --nnodes (a command copied for two nodes is often run on one: deepseek-ai/DeepSeek-V3#855), but
  // on a node count never set the total is unknown all the same.
  nproc_per_node: (v, ctx) => {
    if (ctx.nodes && 'unknown' in ctx.nodes) return gpusPerNode(v, ctx);
    // `--nproc_per_node $GPUS_PER_NODE`: the script's GPUS_PER_NODE, read once, there.
    if (ctx.values?.has('gpus_per_node') && numberOf(ctx.values.get('gpus_per_node')!) === numberOf(v)) return IGNORE;
    return count('gpus')(v, ctx);
  },
  num_processes: count('gpus'),
  num_gpus: count('gpus'),
  gpus_per_node: gpusPerNode,
  // A launch script's WORLD_SIZE is every process, one per GPU (torch.distributed); usually
  // `$(($GPUS_PER_NODE*$NNODES))`, read through GPUS_PER_NODE and the node count instead.
  world_size: count('gpus'),
  // Launch scripts' short variable names (MBS=2 GBS=256 SEQ_LEN=4096 NGPUS=8): the request's own words.
  mbs: numeric('bs'),
  micro_batch: numeric('bs'),
  micro_bs: numeric('bs'),
  bs: batchSize,
  gbs: numeric('gbs'),
  global_batch: numeric('gbs'),
  global_bs: numeric('gbs'),
  ga: numeric('ga'),
  grad_accum: numeric('ga'),
  seq: numeric('seq'),
  ctx: numeric('seq'),
  ngpus: count('gpus'),
  n_gpu: count('gpus'),
  // docker run --gpus 2 | all | '"device=0,1"' (Docker docs, "GPUs"): all is every GPU of the host, a count not given.
  gpus: (v) => {
    const value = unquote(v);
    // A device list: docker's "device=0,1", a script's GPUS=0,1,2,3 (its commas read as '+').
    const devices = /^(?:device=)?(\d+(?:[,+]\d+)+)$|^device=(\d+)$/.exec(value);
    if (devices) return gpus((devices[1] ?? devices[2]!).split(/[,+]/).filter(Boolean).length);
    const n = numberOf(value);
    return Number.isInteger(n) && n > 0 ? gpus(n) : IGNORE;
  },
  devices: count('gpus'),
  n_gpus: count('gpus'),
  // inference
  gpu_memory_utilization: serving(numeric('util')),
  kv_cache_dtype: serving(kvDtype),
  // llama.cpp --cache-type-k/-v (-ctk/-ctv): f16 is its default; q8_0 keeps 8-bit values and a
  // 16-bit scale per 32 (8.5 bits), sized as an 8-bit cache; 4/5-bit caches are not modelled.
  cache_type_k: llamaCppCache,
  cache_type_v: llamaCppCache,
  // models
  model: model,
  model_name_or_path: model,
  base_model: model,
  model_name: model,
  model_id: model,
  pretrained_model_name_or_path: model,
  model_path: model,
  hf_model: model,
  checkpoint_dir: model,
  ckpt_path: model,
  // llama.cpp
  // llama.cpp -ngl N: the last N layers on the GPU; -1 (every layer) is the default.
  ngl: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)),
  n_gpu_layers: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)),
  gpu_layers: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)),
  // torchtitan --compile / training.compile, torchtune compile=True, HF torch_compile: stated, not modelled.
  compile: (v) => (isTrue(v) ? { ignore: true, note: COMPILE_NOTE } : IGNORE),
  torch_compile: (v) => (isTrue(v) ? { ignore: true, note: COMPILE_NOTE } : IGNORE),
  // accelerate launch --use_fsdp / --use_deepspeed (launcher flags with no value).
  use_fsdp: (v) => (isTrue(v) || unquote(v) === '' ? say('fsdp') : IGNORE),
  enforce_eager: (v) => (isTrue(v) || unquote(v) === '' ? say('enforce eager') : IGNORE),
  random_init: (v) => (isTrue(v) ? say('pretrain') : IGNORE),
  // HF Trainer evaluation (training_args.py): eval_strategy "no" by default; per_device_eval_batch_size 8.
  eval_strategy: (v) => (/^(?:steps|epoch)$/.test(unquote(v)) ? say('with eval') : IGNORE),
  evaluation_strategy: (v) => (/^(?:steps|epoch)$/.test(unquote(v)) ? say('with eval') : IGNORE),
  per_device_eval_batch_size: numeric('eval bs'),
  eval_batch_size: numeric('eval bs'),
  prediction_loss_only: (v) => (isFalse(v) ? say('compute metrics') : IGNORE),
  // transformers/accelerate device_map: "auto", "balanced"… split the layers over the GPUs; a dict pins them; written
  // bare ("device_map auto" in prose) the lexer reads the words.
  device_map: (v) => (/^(?:auto|balanced|balanced_low_0|sequential)$/.test(unquote(v)) ? say('device map auto') : v === 'true' ? null : IGNORE),
  pytorch_cuda_alloc_conf: (v) => (/expandable_segments\s*:\s*true/i.test(v) ? say('expandable segments') : IGNORE),
  pytorch_hip_alloc_conf: (v) => (/expandable_segments\s*:\s*true/i.test(v) ? say('expandable segments') : IGNORE),
};

/** Short flags that take a value: llama.cpp `-c 4096 -ngl 99`, vLLM `-tp 4`. */
const SHORT_FLAGS: Record<string, string> = { c: 'ctx_size', tp: 'tensor_parallel_size', pp: 'pipeline_parallel_size', ngl: 'ngl', b: 'batch_size_llamacpp', ctk: 'cache_type_k', ctv: 'cache_type_v' };

/**
 * Keys read and known not to change memory (listed as ignored, never an error). Any other
 * unknown `key=value` is listed too, as not read.
 */
const NO_MEMORY_EFFECT = new Set(
  `learning_rate lr num_train_epochs epochs num_epochs max_steps warmup_steps warmup_ratio warmup lr_scheduler_type
  lr_scheduler weight_decay logging_steps save_steps eval_steps save_strategy
  output_dir dataset datasets dataset_dir template seed port host api_key served_model_name trust_remote_code
  do_train do_eval overwrite_output_dir overwrite_cache report_to run_name val_set_size val_size wandb_project
  save_total_limit logging_dir plot_loss preprocessing_num_workers dataloader_num_workers num_prompts
  max_grad_norm adam_beta1 adam_beta2 adam_epsilon pad_to_sequence_len group_by_length
  train_on_inputs add_eos_token resume_from_checkpoint disable_log_stats block_size swap_space
  max_batch_total_tokens max_input_length max_input_tokens
  waiting_served_ratio tokenizer tokenizer_mode prompt_template data_path ddp_timeout ddp_find_unused_parameters
  local_rank master_port master_addr use_fast_tokenizer streaming neftune_noise_alpha special_tokens chat_template
  strict debug xformers_attention s2_attention val_set_size evals_per_epoch saves_per_epoch early_stopping_patience
  loss_watchdog_threshold logging_first_step push_to_hub hub_model_id dataset_prepared_path wandb_entity
  wandb_watch wandb_name wandb_log_model eval_sample_packing
  dtype_auto download_dir load_format enable_prefix_caching enable_chunked_prefill disable_custom_all_reduce
  distributed_executor_backend worker_use_ray max_log_len uvicorn_log_level shuffle ignore_pad_token_for_loss
  cpu cpus cpu_cores vcpus num_cpus beta ref_model temperature top_p top_k repetition_penalty do_sample device_map low_cpu_mem_usage bias task_type inference_mode fan_in_fan_out data_dir out_dir groupsize model_size num_workers_dataloader val_batch_size run_validation save_model save_metrics
  use_vllm disable_log_requests shm_size chat auto_launch listen no_cache disk xformers model_type pin_memory
  ollama_host ollama_models ollama_keep_alive ollama_max_loaded_models ollama_max_queue
  ollama_debug ollama_origins ollama_sched_spread ollama_gpu_overhead ollama_load_timeout
  max_prefill_tokens disable_disk_cache
  node_rank master_addr master_port machine_rank recompute_method recompute_num_layers train_iters lr_decay_iters eval_iters eval_interval save_interval log_interval clip_grad`
    .split(/\s+/)
    .filter(Boolean),
);

export interface ConfigReading {
  text: MappedText;
  /** The text before config keys were read (to tell whether any were). */
  source: string;
  /** Keys read and set aside: they do not change memory. */
  ignoredKeys: string[];
  /** Keys not known at all. */
  unknownKeys: string[];
  notes: string[];
}

/** Key names as written → the table's spelling ("--max-model-len" → "max_model_len"). */
export function keyName(raw: string): string {
  const key = raw.replace(/^[-"']+|["']+$/g, '').replace(/-/g, '_');
  if (key in KEYS || NO_MEMORY_EFFECT.has(key)) return key;
  // Dotted paths: torchtune `model.lora_rank`, litgpt `train.micro_batch_size`, `fsdp_config.fsdp_offload_params`.
  return key.split('.').pop()!;
}

export function keyKnown(key: string): boolean {
  return key in KEYS || NO_MEMORY_EFFECT.has(key);
}

const VALUE = `("[^"\\n]*"|'[^'\\n]*'|\\[[^\\]\\n]*\\]|\\{|some\\([^)\\s]*\\)|\\([ \\t]*[^\\s()]+[ \\t]*\\)|[^\\s,;{}()\\]\\[\\u3000-\\u9fff\\uff00-\\uffef]+)`;
/**
 * One pass finds, in order: a ``` fence, `--key[ =]value`, `-c 4096`, `key=value`,
 * `key: value`, `"key": value`, and a YAML/JSON key that opens a block (`zero_optimization: {`,
 * or `offload_optimizer:` at the end of a line). Groups: 1-2 long flag, 3-4 short flag, 5-7 pair.
 */
const PAIR = new RegExp(
  [
    '```[a-z]*',
    `(?<![\\w-])--([a-z][a-z0-9_.\\-]*)(?:(?:[ \\t]*=[ \\t]*|[ \\t]+)(?!-)${VALUE})?`,
    `(?<![\\w-])-(c|tp|pp|ngl|ctk|ctv)[ \\t]+(-?\\d+|(?<=ct[kv][ \\t]+)[a-z0-9_]+)`,
    // A value that is itself `key=value` ("my config: batch_size=4") is that pair, not this one's value.
    `(?<![\\w.\\-/])["']?([a-z_][a-z0-9_.\\-]*)["']?[ \\t]*(=|:)[ \\t]*(?:(?!--?[a-z])(?![a-z_][\\w.\\-]*[ \\t]*=(?!=))${VALUE}|(?=\\n|$|[ \\t]*--?[a-z]))`,
    // HF prose "bf16 True", "gradient_checkpointing False": a key of ours, a space, a boolean.
    `(?<![\\w.\\-/])([a-z_][a-z0-9_]*)[ \\t]+(true|false)(?![\\w])`,
  ].join('|'),
  'g',
);

const LIST_KEYS = 'lora_target|lora_target_modules|target_modules|lora_attn_modules|cuda_visible_devices|fsdp|fsdp_sharding_strategy';
const LIST_PAIR = new RegExp(
  `((?<![\\w.\\-/])(?:--(?:${LIST_KEYS})[ \\t=]+|["']?(?:${LIST_KEYS})["']?[ \\t]*[:=][ \\t]*))((?![\\["'])[a-z0-9_]+(?:(?:[ \\t]*,[ \\t]*|[ \\t]+)(?!--)[a-z0-9_]+)+)(?=[ \\t]*(?:\\n|$|;|--|\\\\|\\)|\`))`,
  'g',
);

/** A YAML block list under a list key ("lora_target_modules:\n  - q_proj\n  - v_proj", axolotl's style): one value. */
const YAML_LIST = new RegExp(`^[ \\t]*(${LIST_KEYS})[ \\t]*:[ \\t]*\\n((?:[ \\t]*-[ \\t]*["']?[\\w.]+["']?[ \\t]*(?:\\n|$))+)`, 'gm');

/**
 * A device list set inline before a command ("CUDA_VISIBLE_DEVICES=0,1,2,3 python -m vllm…",
 * QwenLM/Qwen3#67), or in a script's own variable (GPUS=0,1,2,3): digits and commas are the whole
 * value, whatever follows.
 */
const DEVICE_LIST = /((?<![\w.\-/])["']?(?:cuda_visible_devices|gpus)["']?[ \t]*[:=][ \t]*)(\d+(?:[ \t]*,[ \t]*\d+)+)(?![\d,])/g;

/**
 * The DeepSpeed launcher's `--include localhost:0,1,2,3` (`host1:0,1@host2:0,1`): the devices it
 * runs on, one process each (deepspeed/launcher/runner.py, "--include").
 */
const DEEPSPEED_INCLUDE = /(?<![\w-])--include(?:[ \t]*=[ \t]*|[ \t]+)["']?((?:[\w.-]+:\d+(?:,\d+)*@?)+)["']?(?![\w,@:])/g;

/**
 * YAML comments in a pasted config are not settings: a commented-out key
 * ("# disable_gradient_checkpointing: true") and the comment after a value
 * ("deepspeed: ds_z3_offload_config.json  # choices: [ds_z0_config.json, …]",
 * hiyouga/LlamaFactory#8482; `model_name = "unsloth/Qwen3-30B-A3B", #  "unsloth/Mistral-Nemo…"`,
 * unslothai/unsloth#2504). A "#" before a digit is an issue number, not a comment. Markdown headings ("### Running on 1 x H100") are prose and stay.
 */
const COMMENTED_KEY = /^[ \t]*#+[ \t]*[a-z_][a-z0-9_.]*[ \t]*[:=].*$/gm;
const TRAILING_COMMENT = /^([^\n#]*?[:=(,][^\n#]*?)[ \t]+#(?!\d)[^\n]*$/gm;

/**
 * "what per_device_train_batch_size should be?", "what batch size can I use", "what's the max
 * context length": a value asked for, not stated, is the question of its largest value
 * (lm-sys/FastChat#346). Read before the keys, which would take the key alone as a flag.
 */
const ASKED_VALUE =
  /\bwhat(?:'s| is| are)?(?: the| a| my)?(?: (?:max(?:imum)?|largest|biggest|best|optimal))? (?:(batch[ _-]?size|bs|per_device_train_batch_size|micro_batch_size|train_micro_batch_size_per_gpu)|(context(?:[ _-]?(?:length|len|size|window))?|seq(?:uence)?[ _-]?(?:length|len)|max_seq_length|cutoff_len|max_model_len))\b/g;

/** Keys whose meaning is their parent block's: set once per block, never replacing each other. */
const IN_BLOCK_KEYS = new Set(['_component_', 'device', 'enabled', 'stage', 'pin_memory', 'mixed_precision', 'use_fp16', 'type', 'dtype']);

/** `NAME=value` opening its line, NAME in capitals as the user wrote it: a shell variable, not prose. */
function shellLine(text: MappedText, m: RegExpExecArray): boolean {
  if (m[6] !== '=' || !/(?:^|\n)[ \t]*(?:export[ \t]+)?$/.test(text.text.slice(Math.max(0, m.index - 16), m.index))) return false;
  const name = text.userText(m.index, m.index + m[5]!.length);
  return /^[A-Z][A-Z0-9_]*$/.test(name);
}

/** Reads the config pairs of a text and rewrites each as request words (or blanks it). */
/** A snake_case key in prose, then the number it was set to ("num_ctx limited to 8192", "`max_model_len` is set at 4096"). */
const KEY_SET_TO = /(?<![\w.-])`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?[ \t]+(?:(?:is|was|is now|were)[ \t]+)?(?:set|limited|capped|fixed|increased|reduced|lowered|raised|changed)[ \t]+(?:to|at)[ \t]+(\d[\w.]*)(?![\w.])/g;

/** The verb first: "I set max_num_seqs to 64", "lowering gpu_memory_utilization to 0.8". */
const SET_KEY_TO = /\b(?:set|setting|changed?|changing|increased?|increasing|reduced?|reducing|lowered|lowering|raised?|raising|limited|capped)[ \t]+(?:the[ \t]+)?`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?[ \t]+(?:to|at)[ \t]+(\d[\w.]*)(?![\w.])/g;

export function readConfig(raw: MappedText): ConfigReading {
  const ignoredKeys: string[] = [];
  const unknownKeys: string[] = [];
  // The node count is read before the code reader blanks `$VARIABLES`.
  const scriptNodes = nodeCountOf(raw.text, raw.original);
  const code = readCodeDump(cardDtypeFlags(raw));
  const notes: string[] = [...code.notes];
  const slurm = readSlurm(code.text);
  // `--nnodes $SLURM_NNODES` under a Slurm allocation: the allocation says how many (slurm.ts).
  const nodes = slurm.allocation !== null && scriptNodes && 'unknown' in scriptNodes ? null : scriptNodes;
  const tools = readToolOutput(readEnvironmentReport(dropScriptComments(slurm.text)));
  notes.push(...tools.notes);
  const entry = readEntryPoints(tools.text);
  // List values written bare ("lora_target: q_proj, v_proj", "CUDA_VISIBLE_DEVICES=0,1,2,3",
  // "fsdp: full_shard auto_wrap offload") become one value: their commas and spaces become '+'.
  // Cheap guards: most messages hold none of the marks these passes look for.
  const has = (mark: string) => entry.text.text.includes(mark);
  const pairs = has('=') || has(':');
  const input = readCommands(readVerl(entry.text, notes))
    // "Sets micro_batch_size from 4 to 2" (axolotl-ai-cloud/axolotl#708): the key's new value.
    .replace(has(' from ') ? /\b([a-z][a-z0-9]*_[a-z0-9_]+)[ \t]+from[ \t]+([\w.]+)[ \t]+to[ \t]+([\w.]+)/g : NEVER, (m) => `${m[1]}=${m[3]}`.padEnd(m[0].length))
    // "per_device_train_batch_size==4": Python's comparison typed for an assignment; a key we read
    // takes its value ("flash_attn==2.5.8", a pinned package, is no key here and stays a version).
    .replace(has('==') ? /(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[ \t]*==[ \t]*(?=[\w.])/g : NEVER, (m) => (KEYS[keyName(m[1]!)] ? `${m[1]}=`.padEnd(m[0].length) : m[0]))
    // "num_ctx limited to 8192", "gpu_memory_utilization set to 0.95", "max_model_len capped at 4096"
    // (akitaonrails/Tiny-Qwen-CLI#2): a key named in prose with the value it was given.
    .replace(/_[a-z0-9]/.test(entry.text.text) ? KEY_SET_TO : NEVER, (m) => `${m[1]}=${m[2]}`.padEnd(m[0].length))
    .replace(/_[a-z0-9]/.test(entry.text.text) ? SET_KEY_TO : NEVER, (m) => `${m[1]}=${m[2]}`.padStart(m[0].length))
    // A shell line continuation is no flag value: "--gradient_checkpointing \" (huggingface/open-r1#506).
    .replace(has('\\') ? /(?<=\s)\\(?=[ \t]*\n)/g : NEVER, () => ' ')
    // …nor is one glued to the value ("--gradient_accumulation_steps 4\", modelscope/ms-swift#4146)
    // or ending the paste ("--gradient_checkpointing \" as the last line, OpenRLHF/OpenRLHF#392).
    .replace(has('\\') ? /(?<=[\w"'])\\(?=[ \t]*\n)|(?<=\s)\\(?=[ \t]*$)/g : NEVER, () => ' ')
    .replace(has('#') ? COMMENTED_KEY : NEVER, (m) => ' '.repeat(m[0].length))
    .replace(has('#') ? TRAILING_COMMENT : NEVER, (m) => m[1]! + ' '.repeat(m[0].length - m[1]!.length))
    .replace(pairs ? DEVICE_LIST : NEVER, (m) => m[1]! + m[2]!.replace(/[,\s]/g, '+'))
    // One device is what an estimate assumes anyway (ONE_GPU): only a count of several is said.
    .replace(DEEPSPEED_INCLUDE, (m) => {
      const n = [...m[1]!.matchAll(/\d+/g)].length;
      return n > 1 ? ` ${n} gpus `.padEnd(m[0].length) : ' '.repeat(m[0].length);
    })
    .replace(LIST_PAIR, (m) => m[1]! + m[2]!.replace(/[,\s]/g, '+'))
    .replace(YAML_LIST, (m) => `${m[1]}: ${[...m[2]!.matchAll(/-[ \t]*["']?([\w.]+)/g)].map((x) => x[1]).join('+')}`.padEnd(m[0].length) + (m[0].endsWith('\n') ? '\n' : '')).replace(ASKED_VALUE, (m) => (m[1] ? 'max batch' : 'max seq').padEnd(m[0].length));
  const src = input.text;
  const present = new Set<string>();
  const values = new Map<string, string>();
  /** Where each key is last set to a value, and the earlier settings a later one replaces. */
  const lastAt = new Map<string, number>();
  for (const m of src.matchAll(PAIR)) {
    const key = keyName(m[1] ?? m[5] ?? m[8] ?? '');
    present.add(key);
    const value = m[2] ?? m[4] ?? m[7] ?? m[9];
    if (value === undefined || value === '{') continue;
    values.set(key, value);
    lastAt.set(key, m.index);
  }
  /**
   * A key set twice ("changed: "source_max_len": 1024, to: "source_max_len": 512",
   * microsoft/foundry-dev-tools#37; a flag repeated on a command line) has its last value:
   * argparse, json.loads and PyYAML all keep the last. Keys read under a parent block
   * (DeepSpeed's device, enabled, stage) are different settings each time and are all read.
   */
  const replaced = (key: string, at: number, value: string | undefined) =>
    !IN_BLOCK_KEYS.has(key) && value !== undefined && (lastAt.get(key) ?? at) > at && unquote(values.get(key) ?? '') !== unquote(value);
  // "micro batch size 1 / batch_size 32" (arielnlee/Platypus#10): the micro-batch said in words
  // makes batch_size the global batch just as the key would.
  if (/\bmicro[ -]batch[ -]?size\b/.test(src)) present.add('micro_batch_size');
  // '"unsloth" is not suitable for deepspeed zero3' (LlamaFactory#3524) names DeepSpeed only to rule it out.
  const deepspeed = /deepspeed|zero[_-]?stage|ds_z\d|zero[_-]?[123]\b/.test(
    src.replace(/deepspeed["']?[ \t]*[=:][ \t]*(?:none|null|false|""|'')(?![\w])/g, ' ').replace(/\b(?:is|was|are|were)\s+(?:not|n't)\s+\w+\s+(?:for|with)\s+deepspeed(?:\s+zero[_-]?\d)?/gi, ' '),
  );
  const megatron = megatronRun(present, src, entry.found);
  if (megatron) notes.push(megatron.note);
  /** Said once, with the first Megatron setting read: "megatron pretrain tp 1" (the entry point said "megatron" already). */
  let megatronWords = megatron ? (entry.found ? megatron.words.replace(/^megatron ?/, '') : megatron.words) : '';
  const axolotl = ['sequence_len', 'sample_packing', 'adapter', 'lora_target_linear', 'base_model'].filter((k) => present.has(k)).length >= 2;
  const parents: { key: string; indent: number; depth: number }[] = [];
  let depth = 0;
  let scanned = 0;
  const trackBraces = (upTo: number) => {
    for (; scanned < upTo; scanned++) {
      if (src[scanned] === '{') depth++;
      else if (src[scanned] === '}') {
        depth--;
        while (parents.length && parents.at(-1)!.depth > depth) parents.pop();
      }
    }
  };
  const text = input.replace(PAIR, (m) => {
    if (m[0].startsWith('```')) return ' '.repeat(m[0].length);
    trackBraces(m.index);
    const flagKey = m[1] ?? (m[3] ? SHORT_FLAGS[m[3]] : undefined);
    const rawKey = flagKey ?? m[5] ?? m[8] ?? '';
    const key = keyName(rawKey);
    let value = m[2] ?? m[4] ?? m[7] ?? m[9];
    const isFlag = flagKey !== undefined;
    const known = keyKnown(key);
    // "note: …", "a100-80gb:8" in prose: a pair only counts for a key of ours or a snake_case key,
    // or a shell variable set on its own line as scripts write them (`NNODES=2`, `PIPE=2`).
    if (!isFlag && !known && !/[a-z]_[a-z]/.test(rawKey) && !(m[6] === '=' && /[a-z]-[a-z]/.test(rawKey)) && !shellLine(input, m)) return m[0];
    if (m[8] !== undefined && !known) return m[0];
    const lineStart = src.lastIndexOf('\n', m.index) + 1;
    const indent = m.index - lineStart;
    // A key at or left of an open YAML block's key ends that block.
    while (parents.length && parents.at(-1)!.depth === depth && parents.at(-1)!.indent >= indent) parents.pop();
    if (!isFlag && (value === undefined || value === '{')) {
      // `key:` opening a block is the parent of what follows (`zero_optimization` of `stage`).
      parents.push({ key, indent, depth: value === '{' ? depth + 1 : depth });
      if (!known) return m[0];
      return value === '{' ? `${' '.repeat(m[0].length - 1)}{` : ' '.repeat(m[0].length);
    }
    if (isFlag && value === undefined) value = 'true';
    const handler = KEYS[key];
    const parent = parents.at(-1)?.key ?? null;
    const shown = rawKey.replace(/^-+/, '');
    if (!handler) {
      (NO_MEMORY_EFFECT.has(key) ? ignoredKeys : unknownKeys).push(shown);
      // A value that looks like a name ("llama3/8B_lora_single_device") is left for prose to read,
      // unless a model key names the model already and this key names no model, adapter or path:
      // then it is some other part ("--vision_tower openai/clip-vit-large-patch14-336", LLaVA).
      // A file ("mm_projector.bin") is never a name.
      const v = value ?? '';
      const modelNamed = MODEL_KEYS.some((k) => values.has(k)) && !/model|lora|adapter|ckpt|checkpoint|path/.test(key);
      const file = /\.(?:bin|json|ya?ml|py|pt|pth|safetensors|txt|jsonl|csv|sh)$/.test(unquote(v));
      if (!NO_MEMORY_EFFECT.has(key) && !modelNamed && !file && /[a-z]/.test(v) && /\d/.test(v) && !/^(?:some\()?\d/.test(v)) {
        const at = m[0].lastIndexOf(v);
        return ' '.repeat(at) + m[0].slice(at);
      }
      return ' '.repeat(m[0].length);
    }
    if (replaced(key, m.index, value)) {
      notes.push(`"${shown}" is set more than once: its last value, ${unquote(values.get(key) ?? '')}, is read (as a config parser keeps it)`);
      ignoredKeys.push(shown);
      return ' '.repeat(m[0].length);
    }
    const ctx: KeyContext = { parent, axolotl, keys: present, deepspeed, values, current: key, megatron: megatron !== null, nodes };
    const reading = handler(value ?? '', ctx);
    if (reading === null) return m[0];
    // A switch followed by a word that is no value of it ("--load-in-8bit llama-2-13b"): the
    // switch is on, and the word stays for the prose to read.
    if (isFlag && m[2] !== undefined && 'ignore' in reading && !reading.note && /[a-z]/.test(value!) && !isFalse(value!) && !isTrue(value!)) {
      const on = handler('true', ctx);
      if (on && 'say' in on) {
        if (on.note) notes.push(on.note);
        const at = m[0].lastIndexOf(value!);
        return [
          { text: ` ${on.say} `.padEnd(at), from: 0, to: at },
          { text: m[0].slice(at), from: at, to: m[0].length },
        ];
      }
    }
    if (reading.note) notes.push(reading.note);
    if ('ignore' in reading) {
      ignoredKeys.push(shown);
      return ' '.repeat(m[0].length);
    }
    if (handler === model) {
      // The model's name keeps its own place in the user's text ("Llama-2-7b-hf", not the whole pair).
      const at = m[0].lastIndexOf(reading.say.trim());
      if (at >= 0) {
        const name = reading.say.trim();
        return [
          { text: ' '.repeat(at), from: 0, to: at },
          { text: name, from: at, to: at + name.length },
          { text: ' '.repeat(m[0].length - at - name.length), from: at + name.length, to: m[0].length },
        ];
      }
    }
    if (handler === component && value) {
      // A model builder's words stand for the builder's name ("qlora_llama3_1_8b"), not the key.
      const at = m[0].lastIndexOf(value);
      return [
        { text: ' '.repeat(at), from: 0, to: at },
        { text: ` ${reading.say} `, from: at, to: at + value.length },
        { text: ' '.repeat(m[0].length - at - value.length), from: at + value.length, to: m[0].length },
      ];
    }
    if (megatronWords && MEGATRON_ANCHORS.has(key)) {
      // A reading that names Megatron already ("megatron tp 4") needs only the rest of the words.
      const words = reading.say.startsWith('megatron') ? megatronWords.replace(/^megatron ?/, '') : megatronWords;
      megatronWords = '';
      return ` ${words} ${reading.say} `.replace(/^ {2}/, ' ');
    }
    return ` ${reading.say} `;
  });
  // A known key named with no value: a flag ("--gradient_checkpointing", "I use
  // gradient_checkpointing") is on; a number's key alone ("what `max_seq_length` do you use?") says nothing.
  const bare = text.replace(/(?<![\w.\-/])([a-z]+(?:_[a-z0-9]+)+)(?![\w.\-/])(?:[ \t]+(\d[\d.]*k?)(?![\w.]))?/g, (m) => {
    const key = keyName(m[1]!);
    const handler = KEYS[key];
    if (!handler) return NO_MEMORY_EFFECT.has(key) ? ' '.repeat(m[0].length) : m[0];
    // "micro_batch_size 2": a value after a space; a key alone is a flag.
    const reading = handler(m[2] ?? 'true', { parent: null, axolotl, keys: present, deepspeed, current: key, megatron: megatron !== null, nodes });
    if (reading === null) return m[0];
    if ('ignore' in reading) return ' '.repeat(m[0].length);
    return ` ${reading.say} `;
  });
  return { text: bare, source: src, ignoredKeys: [...new Set(ignoredKeys)], unknownKeys: [...new Set(unknownKeys)], notes: [...new Set(notes)] };
}
