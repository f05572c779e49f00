import { diagnose, statedSetup, type ThreadSetup } from '../diagnose/index.js';
import { MEMORY_FAILURES, type Cause } from '../diagnose/explain/types.js';
import type { HubContext } from '../hub/types.js';
import { estimate } from '../memory/estimate.js';
import { verdictOf } from '../reply/build.js';
import { compactCanonical } from '../reply/compact.js';
import type { DiagnosisReply, Verdict } from '../reply/types.js';
import { canonicalText } from '../scenario/canonical.js';
import { segmentsOf } from '../language/segments/index.js';
import { resolveRequest } from '../scenario/resolve.js';
import type { Scenario } from '../scenario/schema.js';
import { boundedOpening, scenarioThread, waitingOpening, type ScenarioThread, type ThreadState } from './opening.js';

/** What a diagnosis turn gives back: the reply and the thread's new state (see Turn in assistant.ts). */
export interface DiagnosisTurn {
  reply: DiagnosisReply;
  state: ThreadState | null;
}

/** The estimate a log is held against, worked out once however often the diagnosis asks. */
export function setupOf(scenario: Scenario): () => ThreadSetup {
  let setup: ThreadSetup | null = null;
  return () => (setup ??= { scenario, estimate: estimate(scenario), canonical: canonicalText(scenario) });
}

/**
 * The setup a diagnosis was held against, named in the reply (issue 24: "gets both"): how it was
 * read, its own verdict, the notices its reading says on an estimate's first screen (its weak facts
 * and questions, issue 22 item 5: a diagnosis of a guessed setup says the guess), and the request
 * a "Memory estimate" button re-reads for the full answer.
 */
export function withSetup(reply: DiagnosisReply, setup: ThreadSetup, notices: readonly string[]): DiagnosisReply {
  if (!reply.readable) return reply;
  const request = compactCanonical(setup.scenario);
  const read = verdictOf(setup.scenario, setup.estimate);
  const verdict = ranOutAgainstFits(reply.cause, read.status) ? `${read.headline.replace(/\.$/, '')} by my estimate, but your log shows this run failed for memory: the log wins (below, what it says and what to change).` : read.headline;
  return { ...reply, setup: { request, canonical: setup.canonical, verdict, notices: [...notices] }, memoryRequest: reply.memoryRequest ?? request };
}

/**
 * A setup the estimate calls "fits" (or tight) beside a log of that run failing for memory: the
 * verdict line says both, the log first in authority — a bare ✓ under "Out of memory" answered a
 * stranger's vLLM KV-cache failure (2026-12-03) as if the run had started.
 */
function ranOutAgainstFits(cause: string, status: Verdict['status']): boolean {
  return MEMORY_FAILURES.has(cause as Cause) && status !== 'no' && status !== 'unknown';
}

/**
 * A pasted error log (OOM, KV cache, NaN …) explained, or null when the text is not an error log.
 * It is held against the setup the message states beside the log (said with this log, it wins
 * over the thread's), else the thread's scenario; that setup then is the thread's, with the
 * log's measurement kept. With neither, a readable log waits in the thread as its opening, as
 * words naming no model do: the diagnosis asks for the setup, and the next message that reads as
 * one is held against it (setupAfterDiagnosis). A thread whose opening already waits for a model
 * keeps it (the log is no answer to "Which model?").
 */
export function diagnosisTurn(text: string, previous: ThreadState | null, undoDepth: number): DiagnosisTurn | null {
  const current = scenarioThread(previous);
  let found: HeldAgainst | null = null;
  // Looked up only once the text is known to be a log: reading a setup and estimating it are not free.
  const heldAgainst = () => (found ??= heldAgainstOf(text, current, undoDepth));
  const diagnosis = diagnose(text, () => heldAgainst().setup?.() ?? null);
  if (!diagnosis) return null;
  const { thread, setup, notices } = heldAgainst();
  // A log it cannot read beside a setup the message states: the setup is the question, answered
  // as a request (whose reader sets the log aside), not "I cannot read this error".
  if (!diagnosis.reply.readable && !current && thread) return null;
  if (thread && setup) {
    // A diagnosis with nothing to measure (vLLM, NaN) leaves the thread's own state as it was.
    const state: ThreadState = diagnosis.measurement ? { ...thread, measured: diagnosis.measurement } : thread === current ? previous! : thread;
    return { reply: withSetup(diagnosis.reply, setup(), notices), state };
  }
  const waits = diagnosis.reply.readable && (previous === null || waitingLog(previous) !== null);
  return { reply: diagnosis.reply, state: waits ? { opening: boundedOpening(text) } : previous };
}

interface HeldAgainst {
  thread: ScenarioThread | null;
  setup: (() => ThreadSetup) | null;
  /** A stated setup's first-screen notices; none for the thread's own, whose estimate said them when it was read. */
  notices: string[];
}

/** The setup stated beside the log (the thread's becomes its undo step), else the thread's; neither: nulls. */
function heldAgainstOf(text: string, current: ScenarioThread | null, undoDepth: number): HeldAgainst {
  const stated = statedSetup(text);
  const history = current ? [...current.history, current.scenario].slice(-undoDepth) : [];
  const thread = stated ? { scenario: stated.scenario, history } : current;
  return { thread, setup: thread ? setupOf(thread.scenario) : null, notices: stated?.notices ?? [] };
}

/** The log a thread keeps waiting for its setup: an opening that is itself a readable error log. */
export function waitingLog(state: ThreadState | null): string | null {
  const opening = waitingOpening(state);
  return opening !== null && diagnose(opening, () => null)?.reply.readable === true ? opening : null;
}

/** The words that waited with a log (what a "Which model?" kept after it): the message less its log and tool output. */
function wordsBesideLog(opening: string): string {
  return segmentsOf(opening)
    .filter((s) => s.kind !== 'log' && s.kind !== 'report')
    .map((s) => opening.slice(s.userStart, s.userEnd).trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * A setup sent after a diagnosis that asked for it (issue 24): in a thread whose log waits, a
 * message that reads as a setup — with any words that waited with the log ("on a 4090", then
 * "13b lora") — gets the answer the log and the setup in one message get. Null when no log
 * waits, or the message is a control word, a help question or names no model: it is then read
 * as in any thread whose opening waits.
 */
export function setupAfterDiagnosis(text: string, previous: ThreadState | null, hub: HubContext): DiagnosisTurn | null {
  const log = waitingLog(previous);
  if (log === null) return null;
  const read = resolveRequest(text, null, hub);
  if (read.ok && (read.control !== 'none' || read.helpOnly)) return null;
  const words = wordsBesideLog(log);
  const withWords = words ? resolveRequest(`${words}\n${text}`, null, hub) : read;
  const reading = withWords.ok && withWords.control === 'none' && !withWords.helpOnly && withWords.scenario ? withWords : read;
  const scenario = reading.ok ? reading.scenario : null;
  if (!reading.ok || !scenario) return null;
  const setup = setupOf(scenario);
  const diagnosis = diagnose(log, setup);
  if (!diagnosis?.reply.readable) return null;
  const measured = diagnosis.measurement ? { measured: diagnosis.measurement } : {};
  return { reply: withSetup(diagnosis.reply, setup(), reading.notices), state: { scenario, history: [], ...measured } };
}
