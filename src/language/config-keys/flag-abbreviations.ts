import { ENGINES } from './engines/index.js';
import { isShortFlag } from './engines/index.js';
import { FRAMEWORKS } from './frameworks/index.js';
import { NO_MEMORY_EFFECT } from './ignored.js';
import { keyOf, type Program } from './program-option.js';
import { KEY_TABLES, type Namespaces } from './table.js';

/**
 * A long flag written short of its option's last letters: `--max-num-batched-token=8192` (vllm-project/vllm#11725,
 * c2788), `--max-token 1024` to mlx's generate.py (ml-explore/mlx-examples#223, c2707). Python's argparse takes any
 * unique prefix of an option (`allow_abbrev`, on by default; vLLM's FlexibleArgumentParser and mlx-lm keep it), so the
 * program ran with the option the prefix stands for: the user's run had that setting, and reading the flag as unknown
 * dropped it.
 *
 * Only a cut inside the option's last word is taken (`token` of `tokens`, `util` of `utilization`, `le` of `len`): a
 * prefix that stops at a word's end (`--tensor-parallel` of `--tensor-parallel-size`) may be another program's whole
 * option, and a one-word flag says too little. Two options the prefix could stand for are argparse's "ambiguous option"
 * error: none is taken. The options of the programs the message names are looked at first, then every option we know.
 */

/**
 * The programs whose command line Python's argparse parses (HfArgumentParser is argparse too). Not DeepSpeed's JSON,
 * torchtune's or verl's `key=value` overrides, axolotl's YAML, nor TGI's clap or llama.cpp's own parser, which take
 * no prefix: LightLLM's `--data_type float32` (c946) is its own option, never DeepSpeed's `data_types`.
 */
const ARGPARSE_PROGRAMS = new Set(['vllm', 'sglang', 'lmdeploy', 'koboldcpp', 'mlc-llm', 'transformers', 'trl', 'llama-factory', 'ms-swift', 'openrlhf', 'mlx-lm', 'deepspeed-chat', 'accelerate']);
const parsedByArgparse = (program: Program) => ARGPARSE_PROGRAMS.has(program.id);

/** Every long option's key we know an argparse program to have: those programs' option lists and the shared key tables. */
let known: readonly string[] | null = null;

function knownKeys(): readonly string[] {
  if (known) return known;
  const keys = new Set<string>([...Object.values(KEY_TABLES).flatMap((table) => Object.keys(table)), ...NO_MEMORY_EFFECT]);
  for (const program of ([...ENGINES, ...FRAMEWORKS] as readonly Program[]).filter(parsedByArgparse)) for (const key of longKeys(program)) keys.add(key);
  return (known = [...keys]);
}

const longKeys = (program: Program): string[] => program.options.flatMap((o) => o.spellings.filter((s) => !isShortFlag(s)).map(keyOf));

/** The one option among `keys` that `written` cuts short inside its last word, or undefined (none, or two: ambiguous). */
function completionIn(written: string, keys: readonly string[]): string | undefined {
  const completions = new Set(keys.filter((k) => k.length > written.length && k.startsWith(written) && !/[_.]/.test(k.slice(written.length))));
  return completions.size === 1 ? [...completions][0] : undefined;
}

/** The option a long flag no table knows abbreviates, as argparse resolves it; undefined where it abbreviates none or several. */
export function abbreviatedOption(written: string, named: Namespaces = {}): string | undefined {
  // Two words at least, and three letters of the last: "--max-n" is no one's spelling.
  if (!/^[a-z0-9]+(?:_[a-z0-9]+)*_[a-z0-9]{2,}$/.test(written)) return undefined;
  const programs = ([...(named.engines ?? []), ...(named.frameworks ?? [])] as readonly Program[]).filter(parsedByArgparse);
  const own = programs.length ? completionIn(written, programs.flatMap(longKeys)) : undefined;
  return own ?? completionIn(written, knownKeys());
}

/** What the reply says of it: the flag as written and the option read. */
export const abbreviationNote = (written: string, option: string): string =>
  `"--${written.replace(/^-+/, '')}" read as --${option.replace(/_/g, '-')}, the option it starts (argparse takes a unique prefix of an option)`;
