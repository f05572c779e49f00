import { IGNORE, isFalse, unquote, type Handler, type KeyReading } from '../values.js';

/**
 * A serving engine's option list, taken from the engine's own source (issue 22: strangers use the
 * whole option list, not the corpus's share of it). Every option the source defines that a message
 * may carry is one entry, in one of three classes:
 *
 * - `read`: it sets a fact of the request language, read with the engine's own meaning;
 * - `noMemoryEffect`: it sizes nothing on the GPU (a port, a log level, a tokenizer's path):
 *   listed as ignored, never as doubt;
 * - `notModelled`: it changes memory in a way the estimate does not model: the reply says so on its
 *   first screen, and the fact it would change is marked weak.
 */
export type OptionClass =
  | { read: Handler }
  /** Read as the shared key tables read the key (vLLM's own spellings, which the tables grew from). */
  | { read: 'shared' }
  /** Read through the engine's other options (MLC-LLM's --overrides "k=v;…"): given how the engine reads a key. */
  | { read: 'own'; with: (engineReads: (key: string) => Handler | undefined) => Handler }
  | { noMemoryEffect: true }
  | { notModelled: NotModelled };

export interface NotModelled {
  /** What the option does to memory, in a few words. */
  what: string;
  changes: ChangedFact;
  /** The values that change memory, where only some do (`--task embed`, not `--task generate`). */
  when?: (value: string) => boolean;
  /** A switch: on when written alone, so a word after it ("--no-kv-offload for mistral") is no value of it. */
  switch?: true;
}

/** The estimate's part an unmodelled option would change: said beside the option in the reply. */
export type ChangedFact = 'weights' | 'kv cache' | 'activations' | 'batch' | 'seq' | 'parallelism' | 'precision' | 'peak';

export interface EngineOption {
  /** The spellings as the engine writes them: `--max-model-len`, `max_model_len`, `MAX_BATCH_SIZE`, `-c`. */
  spellings: readonly string[];
  is: OptionClass;
  /** The line of the source that defines it, or the definition's file where all share one. */
  source?: string;
}

export interface Engine {
  id: string;
  /** The engine's name as people write it ("vLLM", "llama.cpp"); `named` matches it. */
  name: string;
  /** How a message names the engine (its name, its binaries, its Python package). */
  named: RegExp;
  /** The source file(s) and release the option list was read from. */
  source: string;
  /** The word of the request language a server of this engine is, said with an unmodelled option. */
  says: string;
  options: readonly EngineOption[];
}

/** A spelling as the key tables name it: no dashes in front, `_` for `-`, lower case. */
export const keyOf = (spelling: string) => spelling.replace(/^-+/, '').replace(/-/g, '_').toLowerCase();

/** Builders, so each engine file reads as its option list. */
export const shared = (...spellings: string[]): EngineOption => ({ spellings, is: { read: 'shared' } });
export const reads = (handler: Handler, ...spellings: string[]): EngineOption => ({ spellings, is: { read: handler } });
export const readsThrough = (reading: (engineReads: (key: string) => Handler | undefined) => Handler, ...spellings: string[]): EngineOption => ({ spellings, is: { read: 'own', with: reading } });
export const none = (...spellings: string[]): EngineOption => ({ spellings, is: { noMemoryEffect: true } });
export const unmodelled = (what: string, changes: ChangedFact, ...spellings: string[]): EngineOption => ({ spellings, is: { notModelled: { what, changes } } });
/** An unmodelled switch (`--no-kv-offload`, `--enable-lora`). */
export const unmodelledSwitch = (what: string, changes: ChangedFact, ...spellings: string[]): EngineOption => ({ spellings, is: { notModelled: { what, changes, switch: true } } });
/** Unmodelled for some values only. */
export const unmodelledWhen = (when: (value: string) => boolean, what: string, changes: ChangedFact, ...spellings: string[]): EngineOption => ({
  spellings,
  is: { notModelled: { what, changes, when } },
});

/** Many options with no memory effect, one spelling each, from a space-separated list. */
export const noneEach = (list: string): EngineOption[] => list.split(/\s+/).filter(Boolean).map((s) => none(s));

/** How an option of an engine is read: its own handler, the shared tables', nothing, or said unmodelled. */
export function handlerOfOption(engine: Engine, option: EngineOption, sharedTables: (key: string) => Handler | undefined): Handler {
  const is = option.is;
  // Under a parent block the key is that block's setting (DeepSpeed's `device: cpu` under
  // `offload_optimizer`), not the engine's option: the tables read it.
  if ('noMemoryEffect' in is) return (v, ctx) => (ctx.parent ? (sharedTables(keyOf(option.spellings[0]!))?.(v, ctx) ?? IGNORE) : IGNORE);
  if ('read' in is) {
    if (is.read === 'own') {
      const reads = is.with;
      return (v, ctx) => reads((key) => {
        const other = engine.options.find((o) => o !== option && o.spellings.some((sp) => keyOf(sp) === key));
        return other ? handlerOfOption(engine, other, sharedTables) : undefined;
      })(v, ctx);
    }
    if (is.read !== 'shared') return is.read;
    const handler = sharedTables(keyOf(option.spellings[0]!));
    if (!handler) throw new Error(`${engine.id} ${option.spellings[0]}: read as the shared tables read it, but no table has it`);
    return handler;
  }
  return notModelledSaid(engine, option, is.notModelled, sharedTables);
}

/**
 * An option the estimate does not model, said: the engine (the fact the option stands on) on a
 * weak cue, so that the first screen carries the note, with the user's words quoted —
 * `not modelled: "--chunked-prefill-size 4096" (…): the activations shown assume it unset`.
 */
function notModelledSaid(engine: Engine, option: EngineOption, { what, changes, when, switch: isSwitch }: NotModelled, sharedTables: (key: string) => Handler | undefined): Handler {
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
    return saidUnmodelled(engine, theirs ?? written(spelling, value), what, changes);
  };
}

/** A setting as its kind is written: `--flag value` (a switch alone), `NAME=value`, `key: value`. */
function written(spelling: string, value: string): string {
  if (spelling.startsWith('-')) return value === 'true' ? spelling : `${spelling} ${value}`;
  return /^[A-Z][A-Z0-9_]*$/.test(spelling) ? `${spelling}=${value}` : `${spelling}: ${value}`;
}

/** The reading of an unmodelled setting, as the user wrote it: the engine on a weak cue, and the note. */
export const saidUnmodelled = (engine: Pick<Engine, 'says'>, written: string, what: string, changes: ChangedFact): KeyReading => ({
  say: engine.says,
  note: `not modelled: "${written}" (${what}): ${changes} sized without it`,
  weak: true,
});
