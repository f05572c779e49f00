import { readConfig, type ConfigReading } from './config-keys.js';
import { readHardware, type HardwareText } from './hardware/index.js';
import { dropLayout } from './layout.js';
import { dropDiffMarks } from './diff-marks.js';
import { dropLauncherPrefixes } from './launcher-prefix.js';
import { tokenize, type Token } from './lexer.js';
import type { MappedText } from './mapped-text.js';
import { normalise } from './normalise.js';
import { readProse, type ProseReading } from './prose/index.js';
import { readSegments, type SegmentReading } from './segments/index.js';
import { compactBlanks, oneSpaced } from './spacing.js';

/**
 * The stages a text is read through before the lexer (segments, config keys, hardware, prose),
 * remembered for the last text read. An adapter first asks which Hub ids a message names
 * (hubTokensIn) and then answers it (prepare): the same text, on the same thread, went through
 * these stages twice, a seventh of the main thread's CPU per answer under bench:load (README,
 * Speed). A pasted log is read twice as well (the setup beside it, then the request).
 *
 * Each stage is a pure function of its input and its results are never written to after they
 * are returned, so a remembered result is the one a fresh call would give. One text only: the
 * two readings of a message follow each other, and a long paste is not kept past the next text.
 */

export interface EarlyStages {
  segmented: SegmentReading;
  config: ConfigReading;
}

let last: { text: string; stages: EarlyStages } | null = null;

/** Segments (logs blanked, parsed configs one key a line) then config keys, of `text` (already without invisibles), the blanks they leave cut short. */
export function earlyStages(text: string): EarlyStages {
  if (last?.text === text) return last.stages;
  const segmented = readSegments(dropDiffMarks(dropLauncherPrefixes(normalise(text))));
  const config = readConfig(oneSpaced(dropLayout(segmented.text)));
  const stages = { segmented, config: { ...config, text: compactBlanks(config.text) } };
  last = { text, stages };
  return stages;
}

/**
 * readHardware and readProse by their input: a text whose stages are remembered gives the very
 * same MappedText to both readers (hubTokensIn, prepare), so the second is answered from here.
 * Weak keys: a reading is kept only while its input is (the remembered text's stages).
 */
const hardwareRead = new WeakMap<MappedText, { reading: HardwareText; notes: readonly string[] }>();
const proseRead = new WeakMap<MappedText, ProseReading>();

/** readHardware(input, notes): its notes are added to `notes` as the reader would add them. */
export function hardwareOf(input: MappedText, notes: string[]): HardwareText {
  let known = hardwareRead.get(input);
  if (!known) {
    const own: string[] = [];
    known = { reading: readHardware(input, own), notes: own };
    hardwareRead.set(input, known);
  }
  notes.push(...known.notes);
  return known.reading;
}

export function proseOf(input: MappedText): ProseReading {
  let known = proseRead.get(input);
  if (!known) proseRead.set(input, (known = readProse(input)));
  return known;
}

/**
 * The lexer's tokens of the prose reading's text, for the last text lexed: the Hub-id search
 * (hubTokensIn) and then the answer (prepare) lex the very same text (a sixth of the reading's
 * time in the lexer went to the second pass, for every message with a slash). Frozen: the readers
 * after the lexer copy the list (read-tokens.ts) and never write to a token.
 */
let lastTokens: { text: string; tokens: readonly Token[] } | null = null;

export function tokensOf(text: string): readonly Token[] {
  if (lastTokens?.text !== text) lastTokens = { text, tokens: Object.freeze(tokenize(text)) };
  return lastTokens.tokens;
}
