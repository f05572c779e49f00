import { IGNORE, isFalse, unquote, type Handler, type KeyReading } from './values.js';

/**
 * A program's option, taken from the program's own source (issue 22: strangers use the whole
 * option list, not the corpus's share of it). The programs are the serving engines (engines/) and
 * the training frameworks (frameworks/); each file there is the program's option list as data,
 * and this one reader reads every option of every program. Every option is in one of three classes:
 *
 * - `read`: it sets a fact of the request language, read with the program's own meaning;
 * - `noMemoryEffect`: it sizes nothing on the GPU (a port, a log level, a tokenizer's path):
 *   set aside as ignored, never as doubt;
 * - `notModelled`: it changes memory in a way the estimate does not model: the reply says so on
 *   its first screen, and the fact it would change is marked weak.
 */
export type OptionClass =
  /** Read by a handler of the program's own (its meaning and default). */
  | { read: Handler }
  /** Read as the shared key tables (table.ts) read the key of its first spelling: their meaning is the program's too. */
  | { read: 'shared' }
  /** Read by the program's own reader before any key table (verl.ts rewrites verl's overrides in place); the tables read what it leaves. */
  | { read: 'reader' }
  /** Read through the program's other options (MLC-LLM's --overrides "k=v;…"): given how the program reads a key. */
  | { read: 'through'; with: (programReads: (key: string) => Handler | undefined) => Handler }
  | { noMemoryEffect: true }
  | { notModelled: NotModelled };

/**
 * An option the estimate does not model, said one of two ways:
 * - by a server (an engine): the server is said on a weak cue, the note naming the part of the
 *   estimate sized without the option;
 * - by a trainer (a framework): set aside, and the request facts it would change said as weak
 *   (parse.ts), one note per change quoting every option that makes it (read.ts).
 */
export type NotModelled = ServerNotModelled | TrainerNotModelled;

export interface ServerNotModelled {
  /** What the option does to memory, in a few words. */
  what: string;
  changes: ChangedFact;
  /** The values that change memory, where only some do (`--task embed`, not `--task generate`). */
  when?: (value: string) => boolean;
  /** A switch: on when written alone, so a word after it ("--no-kv-offload for mistral") is no value of it. */
  switch?: true;
}

export interface TrainerNotModelled {
  /** What the option does to memory, in a few words. */
  what: string;
  weakens: readonly FactKind[];
}

/** The estimate's part an unmodelled server option would change: said beside the option in the reply. */
export type ChangedFact = 'weights' | 'kv cache' | 'activations' | 'batch' | 'seq' | 'parallelism' | 'precision' | 'peak';

/** The request facts an unmodelled trainer option would change (items.ts kinds): said as weak when present. */
export type FactKind = 'batch' | 'seq' | 'gen' | 'precision' | 'sharding' | 'offload' | 'recompute' | 'lora' | 'parallel' | 'hardware' | 'loss' | 'optimizer' | 'mode' | 'framework' | 'util';

export interface ProgramOption {
  /** The spellings: an engine's as it writes them (`--max-model-len`, `MAX_BATCH_SIZE`, `-c`); a framework's as the reader names keys (`max_len`, dotted paths whole). */
  spellings: readonly string[];
  is: OptionClass;
  /** The line of the source that defines it, or the definition's file where not the program's own. */
  source?: string;
}

export interface Program {
  id: string;
  /** The program's name as people write it ("vLLM", "llama.cpp", "axolotl"). */
  name: string;
  /** How a message names the program (its name, its binaries, its Python package, its launcher). */
  named: RegExp;
  /** The source file(s) and release the option list was read from. */
  source: string;
  options: readonly ProgramOption[];
  /** A server's word of the request language (vLLM's is "serve"), said with its unmodelled options. */
  says?: string;
}

const builtOptions = new WeakMap<object, readonly ProgramOption[]>();

/**
 * A program's option list, built on its first read and kept (each program file's `get options()`). The lists are
 * thousands of records a message with no config key or flag never reads: built at load, they were a tenth of the
 * terminal's module top level, on every cold start (issue 22). Keyed by the program object, so a list is built
 * once and two programs never share one.
 */
export function optionsOnce(program: object, build: () => readonly ProgramOption[]): readonly ProgramOption[] {
  let options = builtOptions.get(program);
  if (!options) builtOptions.set(program, (options = build()));
  return options;
}

/** A spelling as the key tables name it: no dashes in front, `_` for `-`, lower case. */
export const keyOf = (spelling: string) => spelling.replace(/^-+/, '').replace(/-/g, '_').toLowerCase();

export type OptionClassName = 'read' | 'noMemoryEffect' | 'notModelled';

export const classOf = (option: ProgramOption): OptionClassName => ('read' in option.is ? 'read' : 'noMemoryEffect' in option.is ? 'noMemoryEffect' : 'notModelled');

/**
 * How an option of a program reads its value: its own handler, the shared tables', the program's
 * other options', nothing, or said as not modelled. Undefined where it is read as the shared
 * tables read it and no table has it (a framework's option the tables list as changing nothing).
 */
export function optionHandler(program: Program, option: ProgramOption, sharedTables: (key: string) => Handler | undefined): Handler | undefined {
  const is = option.is;
  const key = keyOf(option.spellings[0]!);
  // Under a parent block the key is that block's setting (DeepSpeed's `device: cpu` under
  // `offload_optimizer`), not the program's option: the tables read it.
  if ('noMemoryEffect' in is) return (v, ctx) => (ctx.parent ? (sharedTables(key)?.(v, ctx) ?? IGNORE) : IGNORE);
  if ('read' in is) {
    if (typeof is.read === 'function') return is.read;
    if (is.read === 'through') {
      const reads = is.with;
      return (v, ctx) =>
        reads((other) => {
          const option2 = program.options.find((o) => o !== option && o.spellings.some((sp) => keyOf(sp) === other));
          return option2 ? optionHandler(program, option2, sharedTables) : undefined;
        })(v, ctx);
    }
    return sharedTables(key);
  }
  const notModelled = is.notModelled;
  return 'weakens' in notModelled ? trainerSaid(notModelled) : serverSaid(program, option, notModelled, sharedTables);
}

/**
 * A trainer's unmodelled option as a key reading: what it changes, said by the reader with the
 * user's own words quoted ("not modelled: "--num_generations 8" (…)"), the facts it would change
 * marked weak (parse.ts), never a doubt. A switch turned off changes nothing and is set aside.
 */
const trainerSaid =
  ({ what, weakens }: TrainerNotModelled): Handler =>
  (v) => (/^(?:false|0|no|off|none|null)$/.test(unquote(v)) ? IGNORE : { ignore: true, unmodelled: { weakens, changes: what } });

/**
 * A server's unmodelled option, said: the server (the fact the option stands on) on a weak cue,
 * so that the first screen carries the note, with the user's words quoted —
 * `not modelled: "--chunked-prefill-size 4096" (…): the activations shown assume it unset`.
 */
function serverSaid(program: Program, option: ProgramOption, { what, changes, when, switch: isSwitch }: ServerNotModelled, sharedTables: (key: string) => Handler | undefined): Handler {
  const says = program.says;
  if (says === undefined) throw new Error(`${program.id} ${option.spellings[0]}: said as a server's unmodelled option, but ${program.name} says no server`);
  return (v, ctx) => {
    const value = isSwitch && !isFalse(v) ? 'true' : unquote(v);
    // An option turned off, or set to a value that changes nothing, is read as the tables read its
    // key, if they have it (axolotl's `adapter: lora` beside a message naming Ollama, whose
    // Modelfile ADAPTER line names a file).
    if (/^(?:|false|0|none|null|off|no|disable|disabled|auto)$/i.test(value) || (when && !when(value))) return sharedTables(ctx.current ?? '')?.(v, ctx) ?? IGNORE;
    const spelling = ctx.spelling ?? option.spellings.find((s) => keyOf(s) === ctx.current) ?? option.spellings[0]!;
    // The user's own words where they are the setting and no more (a list's rewrite can span further).
    // A switch is theirs when given its boolean (`enable_lora=True`), not a word after it (`--no-kv-offload for`).
    const fits = (pair: string) => (isSwitch ? /[=:][ \t]*["']?(?:true|1|yes|on)["']?$/i.test(pair) : pair.toLowerCase().includes(value.toLowerCase()));
    const theirs = ctx.pair && ctx.pair.length <= 80 && fits(ctx.pair) ? ctx.pair : undefined;
    return saidUnmodelled({ says }, theirs ?? written(spelling, value), what, changes);
  };
}

/** A setting as its kind is written: `--flag value` (a switch alone), `NAME=value`, `key: value`. */
function written(spelling: string, value: string): string {
  if (spelling.startsWith('-')) return value === 'true' ? spelling : `${spelling} ${value}`;
  return /^[A-Z][A-Z0-9_]*$/.test(spelling) ? `${spelling}=${value}` : `${spelling}: ${value}`;
}

/** The reading of a server's unmodelled setting, as the user wrote it: the server on a weak cue, and the note. */
export const saidUnmodelled = (server: { says: string }, written: string, what: string, changes: ChangedFact): KeyReading => ({
  say: server.says,
  note: `not modelled: "${written}" (${what}): ${changes} sized without it`,
  weak: true,
});
