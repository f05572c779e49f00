import { countParams } from '../memory/parameters.js';
import { architectureSchema, type Architecture, type WeightFormat } from '../scenario/schema.js';
import { ARCHITECTURE_READERS, ConfigShapeError, TEXT_CONFIG_TYPES, genericDecoder, type Config } from './architectures.js';
import { weightFormatOf } from './quantization.js';
import { settingWord } from './setting-word.js';
import { jsonErrorWhere } from './attached-block.js';

/**
 * A config.json (fetched from the Hub, pasted or attached) → headroom's Architecture, the weight
 * format its quantization_config names, and notes. Pure: the text in, the reading out.
 */

export interface ConfigReading {
  modelType: string;
  arch: Architecture;
  /** Our parameter count of `arch`. */
  counted: number;
  weights: WeightFormat | null;
  /** A name the config itself suggests: the last part of `_name_or_path`, when it is an identifier. */
  nameHint: string | null;
  notes: string[];
}

export type ConfigOutcome = { ok: true; reading: ConfigReading } | { ok: false; message: string };

const isObject = (v: unknown): v is Config => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a parsed config.json object. */
export function readConfig(config: unknown): ConfigOutcome {
  if (!isObject(config)) return { ok: false, message: 'config.json must be a JSON object ({"model_type": …, "hidden_size": …}).' };
  // Anything but an identifier is no model_type headroom knows, and is not repeated in the reply.
  const topType = settingWord(config.model_type) ?? '';
  const textConfig = isObject(config.text_config) ? config.text_config : null;
  // Multimodal checkpoints (gemma3, llama4 …) keep the language model's shape in text_config.
  const useText = textConfig !== null && (Object.hasOwn(TEXT_CONFIG_TYPES, topType) || numberOf(config, 'hidden_size') === undefined);
  const c: Config = useText ? { ...textConfig } : config;
  const modelType = useText ? (settingWord(textConfig!.model_type) ?? (Object.hasOwn(TEXT_CONFIG_TYPES, topType) ? TEXT_CONFIG_TYPES[topType]! : topType)) : topType;
  // Some multimodal configs keep tie_word_embeddings at the top level only.
  if (useText && c.tie_word_embeddings === undefined && typeof config.tie_word_embeddings === 'boolean') c.tie_word_embeddings = config.tie_word_embeddings;
  const reader = Object.hasOwn(ARCHITECTURE_READERS, modelType) ? ARCHITECTURE_READERS[modelType] : undefined;
  const notes: string[] = [];
  let reading;
  try {
    reading = reader ? reader(c) : genericDecoder(c, modelType || 'unknown');
  } catch (e) {
    if (e instanceof ConfigShapeError) return { ok: false, message: `I can't read this config.json: ${e.message}.` };
    throw e;
  }
  notes.push(...reading.notes);
  if (useText) notes.push(`language model read from text_config (${modelType}); the ${topType} vision tower is not in our count`);
  const checked = architectureSchema.safeParse(reading.arch);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, message: `I can't use this config.json: ${issue?.path.join('.') ?? 'a field'} is out of range (${issue?.message ?? 'invalid'}).` };
  }
  const quant = weightFormatOf(config.quantization_config ?? c.quantization_config);
  if (quant.note) notes.push(quant.note);
  const arch = quant.checkpoint ? { ...checked.data, checkpoint: quant.checkpoint } : checked.data;
  if (arch.heads % arch.kvHeads !== 0) return { ok: false, message: `I can't use this config.json: ${arch.kvHeads} KV heads do not divide ${arch.heads} attention heads.` };
  const nameHint = typeof config._name_or_path === 'string' ? settingWord(config._name_or_path.split('/').filter(Boolean).at(-1)) : null;
  return { ok: true, reading: { modelType: modelType || 'unknown', arch, counted: countParams(arch).total, weights: quant.format, nameHint, notes } };
}

function numberOf(c: Config, key: string): number | undefined {
  return typeof c[key] === 'number' ? (c[key] as number) : undefined;
}

/** Reads config.json text; a JSON syntax error is reported with its position. */
export function readConfigText(text: string): ConfigOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `This config.json is not valid JSON${jsonErrorWhere(text, e)}.` };
  }
  return readConfig(parsed);
}
