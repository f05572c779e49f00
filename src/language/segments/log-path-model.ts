import { familyOf } from '../families.js';
import { moduleModelName } from '../module-files.js';

/**
 * A model named by a path in a log, whatever printed the path (b70–b72, rmodel11). The loader rules of
 * log-evidence-rules.ts read a path after a program's own words ("loading model from", "Starting to load
 * model"); strangers' logs name the model by a path in every other line too:
 * - a traceback's frame in the model's remote code: `File "/root/.cache/huggingface/modules/transformers_modules/
 *   chatglm-6b-int4-qe/modeling_chatglm.py", line 250` (chatchat-space/Langchain-Chatchat#33, c2510);
 * - a supervisor's echo of the command it ran: `"-m" "/data/models/TabbyML/StarCoder2-7B/ggml/model-00001-of-00001.gguf"`
 *   (TabbyML/tabby#4293, c2520);
 * - an error line that names the file it failed on, a launcher's argv, the Hub cache's `models--org--name` folder.
 * A path's part that is a catalog family's name with a size is that model, kept as written and read weak (said
 * on the first screen with its words), once, where no other rule of the log read the line's model. The org,
 * the folders and the shard file (`model-00001-of-00002.safetensors`) are no model: only a part that starts
 * with a family's name and holds a size is read. A log can be another run's, so only where nothing outside
 * the logs names a model, or names only the same size with no family ("Can't run even 7B", c2520: the
 * path says which 7B).
 */

/** A run of path characters with at least one separator: `/a/b/c.gguf`, `C:\m\x`, `./dist/x/`. */
const PATH = /(?:[a-z]:)?(?:\.{0,2}[\\/])?(?:[\w.+-]+[\\/])+[\w.+-]*/g;

/** One part of a path that is a name with a size; the Hub cache's `models--org--` prefix set aside. */
const NAME_WITH_SIZE = /^(?:models--[\w.-]+?--)?([a-z]{2}[a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]?(?<![0-9.])(\d+(?:\.\d+)?b)(?![a-z0-9])(?:[-_.][a-z0-9]+)*)$/;

/** A size outside the logs, with what stands before it. */
const SIZE_OUTSIDE = /(?<![a-z0-9.])(\d+(?:\.\d+)?b)(?![a-z0-9])/g;

/** The span a path's model keeps: as written, read weak (a LogSpan of log-evidence.ts, which imports this file). */
export interface PathModelSpan {
  at: number;
  to: number;
  says: null;
  rule: { id: string; weak: true };
}

export const LOG_PATH_MODEL = {
  id: 'log.path-model',
  example: '  File "/root/.cache/huggingface/modules/transformers_modules/chatglm-6b-int4-qe/modeling_chatglm.py", line 250, in attention_fn',
  source: 'chatchat-space/Langchain-Chatchat#33',
} as const;

/**
 * The sizes the text outside the logs says with no model's name before them ("even 7B", "a 13b model"), or
 * null where a size is said with a name ("llama 7b", "qwen2.5-7b", "Qwen 7B"): that name is the model, and
 * a log's path may be another run's.
 */
export function sizesSaidAlone(outside: string): Set<string> | null {
  const sizes = new Set<string>();
  for (const m of outside.toLowerCase().matchAll(SIZE_OUTSIDE)) {
    const before = outside.slice(Math.max(0, m.index - 40), m.index).toLowerCase();
    if (/[a-z0-9][-_.]?$/.test(before)) return null;
    const word = /([a-z][\w.-]*)[ \t]*$/.exec(before)?.[1];
    if (word && familyOf(word) !== null) return null;
    sizes.add(m[1]!);
  }
  return sizes;
}

/** The model a log line names by a path's part, as a span of `text` (the line starts at `at`), or null. */
export function pathModelSpan(line: string, at: number, alone: ReadonlySet<string> | null): PathModelSpan | null {
  if (alone === null || !/[\\/]/.test(line)) return null;
  for (const path of line.matchAll(PATH)) {
    let offset = path.index;
    for (const part of path[0].split(/[\\/]/)) {
      const m = NAME_WITH_SIZE.exec(part);
      if (m && familyOf(m[1]!) !== null && (alone.size === 0 || alone.has(m[2]!))) {
        const from = at + offset + part.length - m[1]!.length;
        return { at: from, to: from + m[1]!.length, says: null, rule: { id: LOG_PATH_MODEL.id, weak: true } };
      }
      offset += part.length + 1;
    }
  }
  // No part is a name with a size: a module file named after its model ("…\\plugins\\llm_glm6b.py", c2586;
  // "…/transformers_modules/local/modeling_chatglm.py", c2599; module-files.ts), the name after its prefix.
  for (const path of line.matchAll(PATH)) {
    const file = path[0].split(/[\\/]/).at(-1) ?? '';
    const named = moduleModelName(file);
    if (!named) continue;
    const from = at + path.index + path[0].length - file.length + named.at;
    return { at: from, to: from + named.name.length, says: null, rule: { id: LOG_PATH_MODEL.id, weak: true } };
  }
  return null;
}
