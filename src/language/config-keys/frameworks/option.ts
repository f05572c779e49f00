import type { FactKind, Program, ProgramOption } from '../program-option.js';
import type { Handler } from '../values.js';

export { optionsOnce } from '../program-option.js';

/**
 * A training framework's option list, taken from its source (issue 22): every option a stranger may
 * paste, each with what it does to memory in that framework's own meaning (program-option.ts: the
 * one option type and its reader). Our key tables grew from corpus lines; these lists are the
 * frameworks' whole option sets, so an option nobody in the corpus used is still read, set aside as
 * changing nothing, or said as not modelled — the facts it would change marked weak.
 *
 * Spellings are as the reader names keys (keyName: `--max-len` → `max_len`; dotted paths kept whole).
 */
export type Framework = Program;

const list = (keys: string) => keys.split(/\s+/).filter(Boolean);
const from = (source?: string) => (source ? { source } : {});

/** Options that change no memory, written as one space-separated list (as ignored.ts writes its set). */
export const noEffect = (keys: string, source?: string): ProgramOption[] => list(keys).map((k) => ({ spellings: [k], is: { noMemoryEffect: true }, ...from(source) }));

/** Options read by the shared tables with the same meaning. */
export const shared = (keys: string, source?: string): ProgramOption[] => list(keys).map((k) => ({ spellings: [k], is: { read: 'shared' }, ...from(source) }));

export const unmodelled = (spellings: string | readonly string[], what: string, weakens: readonly FactKind[], source?: string): ProgramOption => ({
  spellings: typeof spellings === 'string' ? [spellings] : spellings,
  is: { notModelled: { what, weakens } },
  ...from(source),
});

export const reads = (spellings: string | readonly string[], handler: Handler, source?: string): ProgramOption => ({
  spellings: typeof spellings === 'string' ? [spellings] : spellings,
  is: { read: handler },
  ...from(source),
});

/**
 * Options a framework passes on to another's (axolotl's `auto_find_batch_size` is TrainingArguments',
 * its `activation_offloading` TRL's): read as that framework reads them, cited to this one's source.
 */
export const borrowed = (lender: Framework, keys: string, source: string): ProgramOption[] =>
  list(keys).map((k) => {
    const option = lender.options.find((o) => o.spellings.includes(k));
    if (!option) throw new Error(`${lender.id} lists no ${k}`);
    return { spellings: [k], is: option.is, source };
  });
