import type { NodeCount } from '../shell-script.js';
import { kNumber } from '../numbers.js';

/**
 * What a config key says, and the small helpers every key table reads its values with. Config
 * keys people paste (issue 11 §2) are read as request words: each key maps its value onto a
 * phrase of the request language ("per_device_train_batch_size: 4" → "bs 4"), onto nothing (a
 * key read and known to change no memory: listed as ignored), or onto a note.
 */

/** What one key says; null leaves the text for the prose reader. */
export type KeyReading =
  | {
      say: string;
      note?: string;
      /** The words rest on a weak cue (a file's name, not its contents): the step says so. */
      weak?: true;
    }
  | {
      ignore: true;
      note?: string;
      /** The key changes memory in a way the estimate does not model: the facts it would change (items.ts kinds) are said as weak. */
      unmodelled?: { weakens: readonly string[]; changes: string };
    }
  | null;

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
  /** The key as the message writes it (`-ub`, `--ubatch-size`, `OLLAMA_NUM_PARALLEL`), for notes that quote it. */
  spelling?: string;
  /** The whole setting as the message writes it (`enable_lora=True`, `-ub 1024`), for notes that quote it. */
  pair?: string;
  /** The text is a Megatron-LM run (megatron.ts): its --bf16 is Megatron's own recipe. */
  megatron?: boolean;
  /** The message's words name Megatron ("Megatron-LM", "Megatron-DeepSpeed"): its --fp16 / --bf16 are Megatron's recipe. */
  megatronNamed?: boolean;
  /** The message names LoRA, QLoRA, PEFT or adapters: a bare `rank` is then LoRA's. */
  loraNamed?: boolean;
  /** The message's words name LoRA outside any key or path ("Yi-34B lora微调"). */
  loraSaid?: boolean;
  /** The node count a pasted script sets, or leaves unknown (shell-script.ts). */
  nodes?: NodeCount;
}

/** How a key's value is read, given the other keys of its config. */
export type Handler = (value: string, ctx: KeyContext) => KeyReading;

/** One key of a table (issue 22, item 6): what its value says, and the source it was taken from. */
export interface KeyRule {
  reads: Handler;
  /** The documentation, file or thread the key's reading rests on, where one is cited. */
  source?: string;
}

/** Keys written with `_` (a `-` or `.` prefix path is normalised away before lookup). */
export type KeyTable = Readonly<Record<string, KeyRule>>;

const TRUE = new Set(['true', '1', 'yes', 'on', 'y', 't', 'enable', 'enabled']);
const FALSE = new Set(['false', '0', 'no', 'off', 'n', 'f', 'none', 'null', 'disable', 'disabled', '~', '']);

export const isTrue = (v: string) => TRUE.has(unquote(v));
export const isFalse = (v: string) => FALSE.has(unquote(v));

export function unquote(v: string): string {
  // Rust's Option in a TGI args dump: Some(4) is 4.
  // A bash array of one value, BATCH_SIZES=(1), is that value.
  // A Korean or Japanese particle glued to a value written in a sentence ("load_in_4bit=True로 불러와서", "batch_size=4で")
  // is the sentence's, not the value's (invented variations of the b73–b75 4-bit lines: the load had not been read).
  return v.trim().replace(/^some\(([^)]*)\)/, '$1').replace(/^\(\s*([^()\s]+)\s*\)$/, '$1').replace(/(?<=[a-z0-9])(?:으로|로|를|을|이|가|는|은|도|에서|で|に|を|が|は)$/i, '').replace(/^["'`*]+|["'`*,.;:!?)]+$/g, '').trim();
}

/** A number in a value ("4", "2k", "4_096", "1e-4"); NaN when there is none. */
export function numberOf(v: string): number {
  const t = unquote(v).replace(/_/g, '');
  const k = /^(\d+(?:\.\d+)?)k$/.exec(t);
  if (k) return kNumber(`${k[1]}k`);
  // "1M" of tokens is 1024k, as 4k is 4096 (a length's spelling; no key takes a value in millions otherwise).
  const m = /^(\d+(?:\.\d+)?)m$/.exec(t);
  if (m) return Math.round(Number(m[1]) * 1024 * 1024);
  // Python, YAML and JSON5 write a fraction without its 0: `gpu_memory_utilization=.5` (vllm-project/vllm#1559, c1936) is 0.5.
  return /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/.test(t) ? Number(t) : NaN;
}

export const IGNORE: KeyReading = { ignore: true };
export const say = (phrase: string, note?: string): KeyReading => (note ? { say: phrase, note } : { say: phrase });
