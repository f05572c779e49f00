import { respond } from '../src/core/assistant.js';
import { renderText } from '../src/render/text.js';
import { SPEED_CORPUS } from './speed-corpus.js';

/**
 * `node dist/bench/speed-steady.js [rounds]`: answers a fixed set of ten requests from the speed
 * corpus `rounds` times (default 20) after a warm-up of three rounds, printing nothing, so that an
 * instruction counter sees the steady-state request path. Measure it under load by instructions,
 * not time: run `valgrind --tool=callgrind` once with 0 rounds and once with N, and divide the
 * difference by 10·N (start-up, loading and warm-up cancel out).
 */

/** Every 23rd request of the corpus: every model, training and serving, with and without a card. */
export const STEADY_SET: string[] = SPEED_CORPUS.filter((_, i) => i % 23 === 0).slice(0, 10);

function answerAll(round: number): void {
  // A different prefix each round, so every text is new to the parser's cache, as a user's request is.
  for (const text of STEADY_SET) renderText(respond(`${'please '.repeat(round + 1)}${text}`, null).reply);
}

const rounds = Number(process.argv[2] ?? 20);
// Warm-up prefixes the timed rounds never use, short enough to be read: with 1,001 "please"s (7 KB) every
// warm-up text was refused as too long, so the reader's regexes and functions were first compiled in the
// counted rounds (round 0 tiered up ~650 regexes) and a count of 20 rounds was one-third JIT compilation.
for (let w = 0; w < 3; w++) answerAll(rounds + w);
for (let r = 0; r < rounds; r++) answerAll(r);
