import { ADAPTER_KEYS } from './adapters.js';
import { BATCH_KEYS } from './batch.js';
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
import type { Handler, KeyTable } from './values.js';
import { FRAMEWORKS, frameworkOption } from './frameworks/index.js';
import { optionHandler, type Framework } from './frameworks/option.js';

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
  sharding: SHARDING_KEYS,
  parallelism: PARALLELISM_KEYS,
  serving: SERVING_KEYS,
  lmdeploy: LMDEPLOY_KEYS,
  models: MODEL_KEYS_TABLE,
  training: TRAINING_KEYS,
  rlTrainers: RL_TRAINER_KEYS,
};

const KEYS: KeyTable = Object.assign({}, ...Object.values(KEY_TABLES));

/** The shared tables' reading of a key alone, no framework's (frameworks/coverage.ts counts by it). */
export const tableHandlerOf = (key: string): Handler | undefined => (Object.hasOwn(KEYS, key) ? KEYS[key]!.reads : undefined);

/**
 * How a key's value is read, or undefined for a key no table has. A framework the message names
 * reads its own options first (frameworks/: where two frameworks spell one option alike with two
 * meanings, the named one's wins); then the shared tables; then any framework's option list, so an
 * option none of our tables met is still read by the framework that defines it.
 */
export const handlerOf = (key: string, named: readonly Framework[] = []): Handler | undefined => {
  const table = tableHandlerOf(key);
  const own = frameworkOption(key, named);
  const ownHandler = own && optionHandler(own, key, table);
  if (ownHandler) return ownHandler;
  if (table || NO_MEMORY_EFFECT.has(key)) return table;
  // Unnamed, only a snake_case or dotted spelling is taken from the option lists: a one-word key
  // ("ratio", "type", "amp") means too many things outside its framework.
  if (!/[_.]/.test(key)) return undefined;
  const any = frameworkOption(key, FRAMEWORKS);
  return any ? optionHandler(any, key, table) : undefined;
};

export function keyKnown(key: string, named: readonly Framework[] = []): boolean {
  return handlerOf(key, named) !== undefined || NO_MEMORY_EFFECT.has(key);
}

/** Key names as written → the table's spelling ("--max-model-len" → "max_model_len"). */
export function keyName(raw: string): string {
  const key = raw.replace(/^[-"']+|["']+$/g, '').replace(/-/g, '_');
  if (keyKnown(key)) return key;
  // Dotted paths: torchtune `model.lora_rank`, litgpt `train.micro_batch_size`, `fsdp_config.fsdp_offload_params`.
  return key.split('.').pop()!;
}
