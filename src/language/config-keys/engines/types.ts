import type { Handler } from '../values.js';
import type { ChangedFact, Program, ProgramOption } from '../program-option.js';

/**
 * A serving engine's option list (program-option.ts: the one option type and its reader). An
 * engine is a program that serves: its unmodelled options say the engine on a weak cue, with a
 * note naming the part of the estimate sized without them (`says`: the engine's word).
 */
export type Engine = Program & {
  says: string;
  /**
   * One-word spellings only this engine uses (KoboldCpp's `--gpulayers`, `--contextsize`): read as its
   * options where the message names no engine. A one-word key is otherwise too common a word to stand
   * for an engine's option (engines/index.ts anyEngineWith).
   */
  ownWords?: readonly string[];
};

/** Builders, so each engine file reads as its option list: one option, all its spellings. */
export const shared = (...spellings: string[]): ProgramOption => ({ spellings, is: { read: 'shared' } });
export const reads = (handler: Handler, ...spellings: string[]): ProgramOption => ({ spellings, is: { read: handler } });
export const readsThrough = (reading: (engineReads: (key: string) => Handler | undefined) => Handler, ...spellings: string[]): ProgramOption => ({ spellings, is: { read: 'through', with: reading } });
export const none = (...spellings: string[]): ProgramOption => ({ spellings, is: { noMemoryEffect: true } });
export const unmodelled = (what: string, changes: ChangedFact, ...spellings: string[]): ProgramOption => ({ spellings, is: { notModelled: { what, changes } } });
/** An unmodelled switch (`--no-kv-offload`, `--enable-lora`). */
export const unmodelledSwitch = (what: string, changes: ChangedFact, ...spellings: string[]): ProgramOption => ({ spellings, is: { notModelled: { what, changes, switch: true } } });
/** Unmodelled for some values only. */
export const unmodelledWhen = (when: (value: string) => boolean, what: string, changes: ChangedFact, ...spellings: string[]): ProgramOption => ({
  spellings,
  is: { notModelled: { what, changes, when } },
});

/** Many options with no memory effect, one spelling each, from a space-separated list. */
export const noneEach = (list: string): ProgramOption[] => list.split(/\s+/).filter(Boolean).map((s) => none(s));

export { optionsOnce, saidUnmodelled } from '../program-option.js';
