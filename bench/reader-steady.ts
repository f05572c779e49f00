import { parseRequest } from '../src/language/parse.js';
import { corpusLines } from './load/corpus-texts.js';

/**
 * `node dist/bench/reader-steady.js [rounds] [step]`: the reader alone (parseRequest) over every
 * `step`-th corpus text (default 10), `rounds` times (default 1) after one warm-up round, printing
 * nothing: speed-steady.ts's counterpart for the reader, so that callgrind counts what parsing
 * costs on real messages. Run it with 0 rounds and with N, and divide the difference of the totals
 * by N × the texts read a round. Each round ends every text with its own number of spaces, so no
 * text is answered from the parser's memory of recent texts.
 */

const rounds = Number(process.argv[2] ?? 1);
const step = Number(process.argv[3] ?? 10);
const texts = corpusLines().filter((_, i) => i % step === 0);
const readAll = (round: number) => {
  const tail = ' '.repeat(round + 1);
  for (const text of texts) parseRequest(text + tail);
};
readAll(rounds);
for (let r = 0; r < rounds; r++) readAll(r);
