import type { ResolveOutcome } from '../scenario/resolve.js';
import { hardwareWords } from '../scenario/reading.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * A follow-up in a thread that holds nothing the reader reads ("请问有哪些措施可以运行，若不做量化的话？",
 * baichuan-inc/Baichuan2#124; transformers' 8-bit dispatch error pasted alone, xorbitsai/inference#640;
 * corpus c608, c610) is still refused — the reader cannot tell what it changes — but the refusal says
 * the thread's setup it would change, so the user can say the change in the words it reads.
 */
const NOTHING_READ = /^(?:I found nothing to estimate|Most of this message is words I do not read)/;

export function setsNothing(outcome: ResolveOutcome): boolean {
  return !outcome.ok && NOTHING_READ.test(outcome.error.message);
}

/** The refusal with the thread's setup said after it: model, what is run, the cards. */
export function withThreadSetup(outcome: ResolveOutcome, scenario: Scenario): ResolveOutcome {
  if (outcome.ok) return outcome;
  const stands = ` The thread's setup stands: ${setupWords(scenario)}; say what to change in it, e.g. "int8" or "seq 4096".`;
  const [first, ...rest] = outcome.error.message.split('\n');
  // Its advice to name a model and a card is for a message alone: the thread has them.
  const account = first!.replace(/\s*(?:Name a model|Say it with a model)[^]*$/, '');
  return { ...outcome, error: { ...outcome.error, message: [`${account}${stands}`, ...rest].join('\n') } };
}

function setupWords(s: Scenario): string {
  const doing = s.mode === 'inference' ? 'inference' : s.mode === 'full' ? 'full fine-tune' : s.mode;
  return [s.model.name, doing, hardwareWords(s)].filter((w): w is string => Boolean(w)).join(' · ');
}
