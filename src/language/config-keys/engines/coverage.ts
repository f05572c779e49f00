import { earlyStages } from '../../early-stages.js';
import { ENGINES, isShortFlag } from './index.js';
import { classOf, type OptionClassName } from '../program-option.js';
import type { Engine } from './types.js';

/**
 * How far the reader covers each engine's option list (issue 22): every spelling of every option,
 * written as the engine's users write it beside the engine's name, must be read — by its class,
 * or at least set aside as a key with no memory effect — never left as a key the reader does not know.
 */

/** A value each option takes as written; a few short flags take words (`-sm row`, `-fa on`, `-ctk q8_0`). */
const SAMPLE_VALUE: Record<string, string> = { '-sm': 'row', '-fa': 'on', '-ctk': 'q8_0', '-ctv': 'q8_0', '-ot': 'exps=CPU', '-md': 'draft.gguf' };

/** One spelling as a message carries it: a flag and its value, `KEY=value` on its own line, `key: value`. */
export function asWritten(engine: Engine, spelling: string): string {
  const value = SAMPLE_VALUE[spelling] ?? '4096';
  if (spelling.startsWith('--') || isShortFlag(spelling)) return `${engine.name} ${spelling} ${value}`;
  if (/^[A-Z][A-Z0-9_]*$/.test(spelling)) return `${engine.name}\n${spelling}=${value}`;
  return `${engine.name}\n${spelling}: ${value}`;
}

/** Whether the reader reads the spelling beside the engine's name: a key's step or a key set aside, no unknown key. */
export function spellingRead(engine: Engine, spelling: string): boolean {
  const { config } = earlyStages(asWritten(engine, spelling));
  if (config.unknownKeys.length) return false;
  return config.ignoredKeys.length > 0 || config.text.steps.some((s) => s.rule.startsWith('config.key.'));
}

export interface EngineCoverage {
  engine: Engine;
  options: number;
  spellings: number;
  read: number;
  noMemoryEffect: number;
  notModelled: number;
  /** Spellings the reader does not know beside the engine's name. */
  unknown: string[];
}

export function engineCoverage(engine: Engine): EngineCoverage {
  const count = (c: OptionClassName) => engine.options.filter((o) => classOf(o) === c).length;
  const spellings = engine.options.flatMap((o) => o.spellings);
  return {
    engine,
    options: engine.options.length,
    spellings: spellings.length,
    read: count('read'),
    noMemoryEffect: count('noMemoryEffect'),
    notModelled: count('notModelled'),
    unknown: spellings.filter((s) => !spellingRead(engine, s)),
  };
}

export const coverage = (): EngineCoverage[] => ENGINES.map(engineCoverage);
