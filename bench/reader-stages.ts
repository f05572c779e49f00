import { respond } from '../src/core/assistant.js';
import { readConfig } from '../src/language/config-keys.js';
import { readHostMemory } from '../src/language/hardware/host-memory.js';
import { readHardware } from '../src/language/hardware/index.js';
import { dropLayout } from '../src/language/layout.js';
import { tokenize } from '../src/language/lexer.js';
import { normalise, withoutInvisibles } from '../src/language/normalise.js';
import { readProse } from '../src/language/prose/index.js';
import { readTokens } from '../src/language/read-tokens.js';
import { readSegments } from '../src/language/segments/index.js';
import { oneSpaced } from '../src/language/spacing.js';
import { corpusLines } from './load/corpus-texts.js';

/**
 * The reader's stages over the whole corpus, each timed on its own (bench:reader's second table):
 * the stages of parse.ts's prepare() called directly, in its order and on the inputs it gives
 * them, so that a stage grown slow on real messages shows by name. A look-behind that re-scanned
 * every run of spaces made the hardware stage 50× slower over the corpus (20.3 s; the fourteenth
 * session found it only through a test's timeout): the one-message shapes of the first table
 * could not show it. CPU time of this process; the slowest line of each stage is named.
 */

export interface StageRow {
  stage: string;
  totalMs: number;
  worstMs: number;
  worstLine: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `work`, adding its CPU time to `row` as line `line`'s; returns what `work` returned. */
function timed<T>(row: StageRow, line: number, work: () => T): T {
  const before = cpuMs();
  const result = work();
  const used = cpuMs() - before;
  row.totalMs += used;
  if (used > row.worstMs) Object.assign(row, { worstMs: used, worstLine: line });
  return result;
}

const STAGES = ['segments', 'config keys', 'host memory', 'hardware', 'prose rules', 'lexer', 'token reader', 'whole answer'] as const;

export function stageTimes(lines: readonly string[] = corpusLines()): StageRow[] {
  const rows = STAGES.map((stage) => ({ stage, totalMs: 0, worstMs: 0, worstLine: 0 }));
  for (const text of lines.slice(0, 20)) respond(text, null); // compiled and warm before the clock runs
  const [segments, config, host, hardware, prose, lexer, tokens, answer] = rows as [StageRow, StageRow, StageRow, StageRow, StageRow, StageRow, StageRow, StageRow];
  lines.forEach((text, line) => {
    const segmented = timed(segments, line, () => readSegments(normalise(withoutInvisibles(text))));
    const configured = timed(config, line, () => readConfig(oneSpaced(dropLayout(segmented.text))));
    const withHost = timed(host, line, () => readHostMemory(configured.text));
    const read = timed(hardware, line, () => readHardware(withHost, []));
    const proseRead = timed(prose, line, () => readProse(read.text));
    const lexed = timed(lexer, line, () => tokenize(proseRead.text.text));
    timed(tokens, line, () => readTokens(lexed));
    // A distinct text, so that no stage answers from the reader's memory of the last text.
    timed(answer, line, () => respond(`${text}\n\nthanks`, null));
  });
  return rows;
}
