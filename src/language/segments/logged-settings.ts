import { KEY_TABLES, keyKnown, keyName } from '../config-keys/table.js';

/**
 * A tool's printout of one of its own settings, one a line, after its logger's stamp (issue 22; the thirtieth
 * session, b73–b75). A serving wrapper logs the engine settings it starts vLLM with, "[2025-10-19 23:25:16] INFO
 * model_manager.py:155:   max_model_len: 24000" (vllm-project/vllm#27174, corpus c2525: the log was blanked and the
 * model's 262,144-token window was taken as the length); llama.cpp prints the context it made, "llama_context: n_ctx
 * = 8192" (and "llama_new_context_with_model: n_ctx = 2048" in 2023–24 builds); DeepSpeed prints its config,
 * "[INFO] [config.py:984:print]   train_micro_batch_size_per_gpu  8"; Megatron its arguments, "  micro_batch_size
 * ........ 4"; TensorRT-LLM its build arguments, "[TRT-LLM] [I]  - tp_size.......: 4" (NVIDIA/TensorRT-LLM#811,
 * corpus c1994). Each is the user's setup written by the tool, read through the same key tables as a pasted config,
 * with the log line as its span. Every other number in the log stays unread.
 *
 * Only a line whose words before the key are a logger's (a date or time, a level, a bracketed tag, a source file
 * and line, loguru's module:function:line, a process tag, a function's name and colon), and whose key is a setting a table reads, ending the line
 * with one value: "Chunked prefill is enabled with max_num_batched_tokens=2048" (vLLM's own default said in a
 * sentence) stays the log's; so does "llm_load_print_meta: n_ctx_train = 4096" (the model's own maximum, no key of
 * ours), a failing rank's output under torch's "[rank1]:" prefix (a traceback's lines, test/language/rframe2-frameworks)
 * and "Model config LlamaConfig { "hidden_size": 4096 …" (the model's shape, no logger's words on its lines).
 */

/** One word of a logger's stamp, with the blanks and separators after it. */
const STAMP_WORD = String.raw`(?:\[[^\]\n]{1,60}\]|\(\s*[\w-]+(?:\s+[\w-]+=[\w.-]+)*\s*\)|\d{4}[-/]\d\d[-/]\d\d(?:[t ]\d\d:\d\d(?::\d\d)?(?:[.,]\d+)?z?)?|\d\d-\d\d[ t]\d\d:\d\d:\d\d(?:[.,]\d+)?|\d\d:\d\d:\d\d(?:[.,]\d+)?|(?:info|warning|warn|error|debug|notice|trace|critical)\b:?|[\w.<>-]+(?::[a-z_<][\w<>.-]*){0,2}:\d+(?::[a-z_]\w*)?:?(?=[ \t])|[a-z][a-z0-9]*(?:_[a-z0-9]+)+:(?=[ \t]))(?=[ \t|:>\-»[(]|$)`;
const STAMP_GAP = String.raw`[ \t]*(?:(?:[-|:]|>>|»)[ \t]*)*`;
const KEY = String.raw`[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*`;
const VALUE = String.raw`-?\d[\d,_]*(?:\.\d+)?(?:e-?\d+)?|true|false|none|null|"[^"\n]{1,200}"|'[^'\n]{1,200}'|[a-z][\w.\-/:]{0,200}`;

/**
 * Groups: 1 the logger's words (may be empty before a dotted leader), 2 the key, 3 the separator, 4 the value.
 * A run of dots between key and value (Megatron's and DeepSpeed's leaders) marks a printout by itself; a colon, an
 * equals sign or a wide blank (DeepSpeed's key too long for its dots) only after a logger's words.
 */
export const LOGGED_SETTING = new RegExp(
  String.raw`^(?![ \t]*\[rank\d+\]:)[ \t]*((?:${STAMP_WORD}${STAMP_GAP}){0,8})(${KEY})([ \t]*\.{2,}[ \t]*:?[ \t]*|[ \t]*[:=][ \t]*|[ \t]{2,})(${VALUE})[ \t]*[,;]?[ \t]*$`,
);

/**
 * The tables a printed key is read from: a setting of the run (batch, length, parallelism, serving, precision,
 * sharding, training, an engine's own options). Not a model's name or shape (models: "model: Qwen/…" is the model
 * readers'), nor an adapter's, optimizer's or saver's key, whose short names a log uses for other things ("rank: 0"
 * is a process's, "loss: 2.31" a step's).
 */
const NOT_FROM_LOGS = [KEY_TABLES.models!, KEY_TABLES.adapters!, KEY_TABLES.optimizer!, KEY_TABLES.savers!];

export function isLoggedSettingKey(written: string): boolean {
  const key = keyName(written);
  return keyKnown(key) && !NOT_FROM_LOGS.some((table) => Object.hasOwn(table, key));
}

export interface LoggedSetting {
  /** Offsets in the line: the logger's words end at `key`. */
  key: number;
  keyEnd: number;
  value: number;
  valueEnd: number;
}

/** The setting a line prints, or null where it prints none (see LOGGED_SETTING). */
export function loggedSetting(line: string): LoggedSetting | null {
  const m = LOGGED_SETTING.exec(line);
  if (!m) return null;
  const [, stamp = '', key = '', separator = '', value = ''] = m;
  const leader = /\.{3}/.test(separator);
  if (!stamp.trim() && !leader) return null;
  if (!isLoggedSettingKey(key)) return null;
  const at = m[0].length - m[0].trimStart().length + stamp.length;
  const valueAt = at + key.length + separator.length;
  return { key: at, keyEnd: at + key.length, value: valueAt, valueEnd: valueAt + value.length };
}
