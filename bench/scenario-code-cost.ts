import { z } from 'zod';
import { respond } from '../src/core/assistant.js';
import { measurementSchema } from '../src/diagnose/measurement-schema.js';
import { scenarioSchema } from '../src/scenario/schema.js';
import { basisOfReply, CODE_DEFLATE_LEVEL, codeOfAnswer, pack, type AnswerScenario } from '../src/state/scenario-code.js';
import { corpusLines } from './load/corpus-texts.js';

/**
 * `node dist/bench/scenario-code-cost.js`: what writing an answer's scenario code (Slack metadata,
 * Discord footer; src/state/scenario-code.ts) costs the main thread, on every answer of
 * test/corpus/requests.jsonl: codeOfAnswer as it runs, the zod pass it no longer makes, and the
 * code's length and CPU at each deflate level. CPU from process.cpuUsage (the machine is shared),
 * per answer, best of ROUNDS. Prints tables; asserts nothing.
 */

const ROUNDS = 5;
const REPEATS = 10;

const answers: AnswerScenario[] = corpusLines()
  .map((text) => basisOfReply(respond(text, null).reply))
  .filter((answer): answer is AnswerScenario => answer !== null);
const replies = corpusLines().map((text) => respond(text, null).reply);

/** Microseconds of CPU per answer for `work` over all answers, the best of ROUNDS. */
function microsPerAnswer(work: () => void, count: number): number {
  work(); // warm-up: JIT
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < REPEATS; i++) work();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / REPEATS / count);
  }
  return best;
}

const bodyOf = (a: AnswerScenario) => ({ s: a.scenario, ...(a.measured !== undefined ? { m: a.measured } : {}), r: { a: a.reading?.assumptions ?? [], n: a.reading?.notices.length ?? 0, i: a.reading?.ignored ?? [] } });
const bodies = answers.map(bodyOf);

console.log(`scenario codes of ${answers.length} corpus answers (of ${replies.length} lines), CPU µs per answer, best of ${ROUNDS}`);
/** The check codeOfAnswer made before each code until issue 25 (src/state/scenario-code.ts). */
const checkedBefore = z.object({ s: scenarioSchema, m: measurementSchema.optional() });
const before = (reply: (typeof replies)[number]) => {
  const answer = basisOfReply(reply);
  if (answer && checkedBefore.safeParse({ s: answer.scenario, ...(answer.measured !== undefined ? { m: answer.measured } : {}) }).success) codeOfAnswer(reply);
};
console.log(`codeOfAnswer now (level ${CODE_DEFLATE_LEVEL}, no zod pass): ${microsPerAnswer(() => replies.forEach((r) => codeOfAnswer(r)), answers.length).toFixed(1)} µs`);
console.log(`codeOfAnswer before (a zod pass, then the same): ${microsPerAnswer(() => replies.forEach(before), answers.length).toFixed(1)} µs`);
console.log('');
console.log('level  mean chars  max chars  µs per code');
for (let level = 1; level <= 9; level++) {
  const lengths = bodies.map((body) => pack(body, level).length);
  const mean = lengths.reduce((sum, n) => sum + n, 0) / lengths.length;
  const micros = microsPerAnswer(() => bodies.forEach((body) => pack(body, level)), bodies.length);
  console.log(`${String(level).padStart(5)}  ${mean.toFixed(0).padStart(10)}  ${String(Math.max(...lengths)).padStart(9)}  ${micros.toFixed(1).padStart(11)}`);
}
