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
import { anyEngineWith, engineHandler } from './engines/index.js';
import type { Engine } from './engines/types.js';
import type { Handler, KeyTable } from './values.js';

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

const tableHandler = (key: string): Handler | undefined => (Object.hasOwn(KEYS, key) ? KEYS[key]!.reads : undefined);

/**
 * How a key's value is read, or undefined for a key no table has. In the namespace of the engines
 * the message names (engines/index.ts), their option wins; then the topic tables; then, for a key
 * no table knows, the first engine whose source lists it.
 */
export function handlerOf(key: string, named: readonly Engine[] = []): Handler | undefined {
  for (const engine of named) {
    const handler = engineHandler(engine, key, tableHandler);
    if (handler) return handler;
  }
  const table = tableHandler(key);
  if (table || NO_MEMORY_EFFECT.has(key)) return table;
  const engine = anyEngineWith(key);
  return engine ? engineHandler(engine, key, tableHandler) : undefined;
}

export function keyKnown(key: string, named: readonly Engine[] = []): boolean {
  return handlerOf(key, named) !== undefined || NO_MEMORY_EFFECT.has(key);
}

/** Key names as written → the table's spelling ("--max-model-len" → "max_model_len"). */
export function keyName(raw: string): string {
  const key = raw.replace(/^[-"']+|["']+$/g, '').replace(/-/g, '_');
  if (keyKnown(key)) return key;
  // Dotted paths: torchtune `model.lora_rank`, litgpt `train.micro_batch_size`, `fsdp_config.fsdp_offload_params`.
  return key.split('.').pop()!;
}
