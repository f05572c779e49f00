import { ADAPTER_KEYS } from './adapters.js';
import { BATCH_KEYS } from './batch.js';
import { KBIT_LOAD_KEYS } from './kbit-load.js';
import { NO_MEMORY_EFFECT } from './ignored.js';
import { LMDEPLOY_KEYS } from './lmdeploy.js';
import { MODEL_KEYS_TABLE } from './models.js';
import { OPTIMIZER_KEYS } from './optimizer.js';
import { PARALLELISM_KEYS } from './parallelism.js';
import { PRECISION_KEYS } from './precision.js';
import { RL_TRAINER_KEYS } from './rl-trainers.js';
import { SAVER_KEYS } from './savers.js';
import { SEQUENCE_KEYS } from './sequence.js';
import { SERVING_KEYS } from './serving.js';
import { SHARDING_KEYS } from './sharding.js';
import { TRAINING_KEYS } from './training.js';
import { TRAINER_SPELLING_KEYS } from './trainer-spellings.js';
import { WEIGHT_FORMAT_KEYS } from './weight-format-names.js';
import { anyEngineWith, engineHandler } from './engines/index.js';
import type { Engine } from './engines/types.js';
import type { Handler, KeyTable } from './values.js';
import { FRAMEWORKS, frameworkOption } from './frameworks/index.js';
import type { Framework } from './frameworks/option.js';
import { optionHandler } from './program-option.js';
import { lengthKeyHandler } from './length-key-names.js';

/**
 * Every key table, by topic (HF TrainingArguments / TRL SFTConfig, PEFT LoraConfig,
 * BitsAndBytesConfig, DeepSpeed JSON, accelerate/FSDP, LLaMA-Factory and axolotl YAML, torchtune
 * and litgpt flags, vLLM flags, TGI variables, llama.cpp flags). A key belongs to one table.
 */
export const KEY_TABLES: Readonly<Record<string, KeyTable>> = {
  batch: BATCH_KEYS,
  sequence: SEQUENCE_KEYS,
  savers: SAVER_KEYS,
  precision: PRECISION_KEYS,
  optimizer: OPTIMIZER_KEYS,
  adapters: ADAPTER_KEYS,
  kbitLoad: KBIT_LOAD_KEYS,
  sharding: SHARDING_KEYS,
  parallelism: PARALLELISM_KEYS,
  serving: SERVING_KEYS,
  lmdeploy: LMDEPLOY_KEYS,
  models: MODEL_KEYS_TABLE,
  training: TRAINING_KEYS,
  rlTrainers: RL_TRAINER_KEYS,
  trainerSpellings: TRAINER_SPELLING_KEYS,
  weightFormats: WEIGHT_FORMAT_KEYS,
};

const KEYS: KeyTable = Object.assign({}, ...Object.values(KEY_TABLES));

/** The shared tables' reading of a key alone, no framework's (frameworks/coverage.ts counts by it). */
export const tableHandlerOf = (key: string): Handler | undefined => (Object.hasOwn(KEYS, key) ? KEYS[key]!.reads : undefined);

/** The engines and frameworks a message names: their options are read in their own namespace. */
export interface Namespaces {
  engines?: readonly Engine[];
  frameworks?: readonly Framework[];
  /**
   * A trainer's own settings are in the message (a Megatron launch's flags, a micro- or global batch key, a learning
   * rate): an option no table has and a serving engine happens to list too (`--rope-scaling-factor`, Megatron's and
   * lmdeploy's) is the trainer's, so it names no engine (rmode2; docs/reading.md "Training evidence that is not a verb").
   * An engine the message names still reads its own options first.
   */
  trainer?: boolean;
}

/**
 * How a key's value is read, or undefined for a key no table has. The engines the message names
 * read their own options first (engines/index.ts), then the frameworks it names (frameworks/: where
 * two frameworks spell one option alike with two meanings, the named one's wins); then the shared
 * tables; then, for a key no table knows, the first engine whose source lists it, and then any
 * framework's option list for a snake_case or dotted spelling (a one-word key — "ratio", "type",
 * "amp" — means too many things outside its framework).
 */
/** Batch keys only a trainer has: a micro-batch, a global batch, accumulation (Megatron, DeepSpeed, HF, OpenRLHF spellings). */
const TRAINER_ONLY_KEYS = new Set(['micro_batch_size', 'global_batch_size', 'train_micro_batch_size_per_gpu', 'train_batch_size', 'micro_train_batch_size', 'per_device_train_batch_size', 'gradient_accumulation_steps']);

/** Whether the keys a message sets include a trainer's own (a batch key above, or one of TRAINING_KEYS: epochs, a learning rate). */
export const trainerSettings = (present: ReadonlySet<string>): boolean => [...present].some((k) => TRAINER_ONLY_KEYS.has(k) || Object.hasOwn(KEY_TABLES.training ?? {}, k));

export function handlerOf(key: string, named: Namespaces = {}): Handler | undefined {
  for (const engine of named.engines ?? []) {
    const handler = engineHandler(engine, key, tableHandlerOf);
    if (handler) return handler;
  }
  const own = frameworkOption(key, named.frameworks ?? []);
  const ownHandler = own && optionHandler(own.framework, own.option, tableHandlerOf);
  if (ownHandler) return ownHandler;
  const table = tableHandlerOf(key);
  if (table || NO_MEMORY_EFFECT.has(key)) return table;
  const engine = named.trainer ? undefined : anyEngineWith(key);
  if (engine) return engineHandler(engine, key, tableHandlerOf);
  if (!/[_.]/.test(key)) return undefined;
  const any = frameworkOption(key, FRAMEWORKS);
  if (any) return optionHandler(any.framework, any.option, tableHandlerOf);
  // Last, a length key in a spelling no table lists, read by the words of its name, weak (length-key-names.ts).
  return lengthKeyHandler(key);
}

export function keyKnown(key: string, named: Namespaces = {}): boolean {
  return handlerOf(key, named) !== undefined || NO_MEMORY_EFFECT.has(key);
}

/** Key names as written → the table's spelling ("--max-model-len" → "max_model_len"). */
export function keyName(raw: string): string {
  const key = raw.replace(/^[-"']+|["']+$/g, '').replace(/-/g, '_');
  if (keyKnown(key)) return key;
  // British spelling of an American key ("gpu_memory_utilisation=1": vllm-project/vllm#10797, c1639;
  // "--gpu-memory-utilisation 0.2": vllm-project/vllm#18679): the program's own spelling is meant.
  const american = key.includes('isation') ? key.replace(/isation/g, 'ization') : key;
  if (american !== key && keyKnown(american)) return american;
  // Dotted paths: torchtune `model.lora_rank`, litgpt `train.micro_batch_size`, `fsdp_config.fsdp_offload_params`.
  const last = key.split('.').pop()!;
  // A private attribute is its public key (s45, rcode1): transformers keeps `attn_implementation` in the config's
  // `_attn_implementation`, and `model.config._attn_implementation = 'eager'` sets the kernel as the keyword does.
  // Only an attribute (dotted): a repr's own private field (`TrainingArguments(_n_gpu=1, …)`) is no setting.
  const open = last.replace(/^_+(?=[a-z])/, '');
  return open !== last && key.includes('.') && keyKnown(open) ? open : last;
}
