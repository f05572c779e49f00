import type { Item } from '../items.js';

/**
 * A length written as a tag inside a model's or a checkpoint's name is the window that model was
 * trained for, not the length the user runs:
 * - "微调14b-16k模型" (QwenLM/Qwen#634, corpus c1034: fine-tuning the 14B's 16k release);
 * - "RWKV-4-Pile-14B-20230313-ctx8192-test1050.pth" (BlinkDL/ChatRWKV#41, c1387), where the tag and
 *   the log's next line ("RWKV_JIT_ON 1") were even read as one key and its value;
 * - "RWKV-4-Raven-7B-v11-Eng49%-…-20230430-ctx8192" (josStorer/RWKV-Runner#13, c1388);
 * - "`qwen3.8-27b-72k-mlx` with `num_ctx 73728`" (ollama/ollama#18131, c1649): the alias's 72k beside
 *   the length the user set.
 * The tag is joined to the name by a hyphen or an underscore right after a letter or digit, and is
 * a bare count ("16k") or ctx with its count ("ctx8192"). A length set by a key or flag ("--ctx-size
 * 4096", "num_ctx 8192", "-c 4096") starts with its key and is never touched; the length dropped is
 * said in a note, so the run falls back to a stated length or the default said as one.
 */
const NAME_TAG = /^(?:ctx)?\d+(?:\.\d+)?k?(?![\w.])|^ctx\d+/i;

/**
 * The characters right before the tag: a name's letter, then its hyphen or underscore ("14b-16k");
 * a digit before it only for ctx's tag ("20230313-ctx8192"), since "200-300K" is a range.
 */
const JOINED_TO_NAME = /[a-z][-_]$/i;
const CTX_JOINED_TO_NAME = /[a-z0-9][-_]$/i;
/** A count in thousands right before the hyphen: "10k-16k tokens" is a range (s47, rlen3). */
const RANGE_BOTTOM = /(?<![\w.])\d+(?:\.\d+)?k-$/i;
/** A length word before the hyphen makes the tag its value ("context-8k", "seq_len-4096"), not a name's. */
const LENGTH_WORD = /(?:^|[^a-z])(?:context|ctx|seq|seqlen|len|length|max|tokens?|prompts?|inputs?|outputs?)[-_]$/i;

export function nameContextTags(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  return items.filter((i) => {
    if (i.kind !== 'seq' || !NAME_TAG.test(i.text)) return true;
    const before = text.slice(Math.max(0, i.at - 2), i.at);
    if (!(/^ctx/i.test(i.text) ? CTX_JOINED_TO_NAME : JOINED_TO_NAME).test(before)) return true;
    // "10k-16k": a count in thousands before the hyphen makes it a range's top (prose.length-range), not a name's tag.
    if (RANGE_BOTTOM.test(text.slice(Math.max(0, i.at - 12), i.at))) return true;
    const name = /[\w./:-]*$/.exec(text.slice(Math.max(0, i.at - 60), i.at))![0];
    if (LENGTH_WORD.test(name)) return true;
    const tag = /^[\w.]+/.exec(i.text)![0];
    notes.push(`"${tag}" in "${name}${tag}" read as the context the model was trained for, not your length (say "seq N" for the length you run)`);
    return false;
  });
}
