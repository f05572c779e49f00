import { IGNORE, unquote, type Handler } from '../values.js';

/**
 * A training framework's option list, taken from its source (issue 22): every option a stranger may
 * paste, each with what it does to memory in that framework's own meaning. Our key tables grew
 * from corpus lines; these lists are the frameworks' whole option sets, so an option nobody in the
 * corpus used is still read, set aside as changing nothing, or said as not modelled.
 */

/** The request facts an unmodelled option would change (items.ts kinds): said as weak when present. */
export type FactKind = 'batch' | 'seq' | 'gen' | 'precision' | 'sharding' | 'offload' | 'recompute' | 'lora' | 'parallel' | 'hardware' | 'loss' | 'optimizer' | 'mode' | 'framework' | 'util';

export type OptionEffect =
  /** (a) Sets a fact of the request language, read by this framework's meaning and default. */
  | { reads: Handler }
  /** (a) Read by the shared key table (table.ts), whose reading is this framework's meaning too. */
  | 'shared'
  /** (a) Read by the framework's own reader before any key table (verl.ts rewrites verl's overrides in place). */
  | 'reader'
  /** (b) Changes no memory: set aside as ignored, never listed as a doubt. */
  | 'none'
  /** (c) Changes memory in a way the estimate does not model: said on the first screen, its fact weak. */
  | { unmodelled: string; weakens: readonly FactKind[] };

export interface FrameworkOption {
  /** Spellings as the reader names keys (keyName: `--max-len` → `max_len`; dotted paths kept whole). */
  spellings: readonly string[];
  effect: OptionEffect;
  /** Where the option is defined, when not the framework's own source file. */
  source?: string;
}

export interface Framework {
  id: string;
  name: string;
  /** The file(s) and release the option list was read from. */
  source: string;
  /** The message names this framework or its launcher (lower-cased text, as the config reader sees it). */
  named: RegExp;
  options: readonly FrameworkOption[];
}

/** Options that change no memory, written as one space-separated list (as ignored.ts writes its set). */
export const noEffect = (keys: string, source?: string): FrameworkOption[] =>
  keys
    .split(/\s+/)
    .filter(Boolean)
    .map((k) => ({ spellings: [k], effect: 'none' as const, ...(source ? { source } : {}) }));

/** Options read by the shared tables with the same meaning. */
export const shared = (keys: string, source?: string): FrameworkOption[] =>
  keys
    .split(/\s+/)
    .filter(Boolean)
    .map((k) => ({ spellings: [k], effect: 'shared' as const, ...(source ? { source } : {}) }));

export const unmodelled = (spellings: string | readonly string[], changes: string, weakens: readonly FactKind[], source?: string): FrameworkOption => ({
  spellings: typeof spellings === 'string' ? [spellings] : spellings,
  effect: { unmodelled: changes, weakens },
  ...(source ? { source } : {}),
});

export const reads = (spellings: string | readonly string[], handler: Handler, source?: string): FrameworkOption => ({
  spellings: typeof spellings === 'string' ? [spellings] : spellings,
  effect: { reads: handler },
  ...(source ? { source } : {}),
});

/**
 * An unmodelled option as a key reading: what it changes, said by the reader with the user's own
 * words quoted ("not modelled: "--num_generations 8" (…)"), the facts it would change marked weak
 * (parse.ts), never a doubt. A switch turned off changes nothing and is set aside.
 */
const unmodelledReading =
  (changes: string, weakens: readonly FactKind[]): Handler =>
  (v) => (/^(?:false|0|no|off|none|null)$/.test(unquote(v)) ? IGNORE : { ignore: true, unmodelled: { weakens, changes } });

/** How one option of a framework reads its value; a 'shared' one by the shared table's handler (`table`). */
export function optionHandler(option: FrameworkOption, key: string, table: Handler | undefined): Handler | undefined {
  const effect = option.effect;
  if (effect === 'shared' || effect === 'reader') return table;
  if (effect === 'none') return () => IGNORE;
  if ('reads' in effect) return effect.reads;
  return unmodelledReading(effect.unmodelled, effect.weakens);
}

/**
 * Options a framework passes on to another's (axolotl's `auto_find_batch_size` is TrainingArguments',
 * its `activation_offloading` TRL's): read with that framework's effect, cited to this one's source.
 */
export const borrowed = (from: Framework, keys: string, source: string): FrameworkOption[] =>
  keys
    .split(/\s+/)
    .filter(Boolean)
    .map((k) => {
      const option = from.options.find((o) => o.spellings.includes(k));
      if (!option) throw new Error(`${from.id} lists no ${k}`);
      return { spellings: [k], effect: option.effect, source };
    });
