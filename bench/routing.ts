import { RESET_TITLE, respond } from '../src/core/assistant.js';
import type { Reply } from '../src/reply/types.js';
import { loadCorpus } from '../test/corpus/corpus.js';
import { corpusPath } from './load/corpus-texts.js';

/**
 * `npm run bench:routing`: which answer each real request gets when sent alone — an estimate, a
 * diagnosis (by its cause), a refusal, the help page, a thread reset, or the NaN triage. bench:language
 * scores the reading; this scores the door before it. A request whose words name a setup should never
 * be answered by the help page, a thread reset or a NaN triage it did not ask for: the forty-seventh
 * session found eleven such answers this way (a signature "Nan", ZeRO-Infinity, "So just to be clear",
 * "requires a hard reset", a pull request's checklist). Prints a table, then the lines answered so.
 */


/** The answer's kind, as a user would name it. */
function answerKind(reply: Reply): string {
  if (reply.kind === 'help') return reply.title === RESET_TITLE ? 'thread reset' : 'help page';
  if (reply.kind === 'diagnosis') return reply.cause.startsWith('nan-') ? 'NaN triage' : `diagnosis: ${reply.cause}`;
  return reply.kind === 'error' ? 'refusal' : reply.kind;
}

/** Answers a request naming a setup should not get unless it asked for them. */
const SUSPECT = new Set(['thread reset', 'help page', 'NaN triage']);

const corpus = loadCorpus(corpusPath());
const counts = new Map<string, number>();
const suspects: string[] = [];
for (const line of corpus) {
  const kind = answerKind(respond(line.text, null).reply);
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  if (SUSPECT.has(kind)) suspects.push(`  ${line.id} (${line.source}): ${kind} — its reading: ${line.reading ?? '(none)'}`);
}

console.log(`headroom routing bench — ${corpus.length} real requests, each sent alone\n`);
console.log('| answer | lines |');
console.log('|---|---|');
for (const [kind, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`| ${kind} | ${n} |`);
console.log(`\nAnswered by the help page, a thread reset or the NaN triage (${suspects.length}):`);
for (const s of suspects) console.log(s);
