import { isNanQuestion, measurementTip, nanTriage, type Measurement } from '../diagnose/index.js';
import { diagnosisTurn, setupAfterDiagnosis, setupOf, withSetup } from './diagnosis-turn.js';
import { compactCanonical } from '../reply/compact.js';
import { withLazyCompact } from '../reply/lazy-compact.js';
import { resolveRequest } from '../scenario/resolve.js';
import type { HubContext } from '../hub/types.js';
import { tipsForTopics, tipsForTopicsOn, TOPIC_NAMES, USAGE_TIP } from '../knowledge/tips.js';
import { EXAMPLES, USAGE_ITEMS } from '../language/complete.js';
import { estimate } from '../memory/estimate.js';
import { unstatedSettings } from '../memory/flips.js';
import { rlAlternativesOf } from '../memory/rl-flips.js';
import { buildEstimateReply, type ReadTrace } from '../reply/build.js';
import { listedApart } from '../reply/not-used.js';
import { reportedOomFirstScreen, reportedOomNotice, runKindOf } from '../reply/reported-oom.js';
import type { ErrorReply, HelpReply, Reply } from '../reply/types.js';
import type { HelpTopic, Scenario } from '../scenario/schema.js';
import { readInThread, scenarioThread, type ScenarioThread, type ThreadState } from './opening.js';

export { readInThread, scenarioThread, waitingOpening, MAX_OPENING_CHARS } from './opening.js';
export { audienceOf, ownedBy, type Audience, type ThreadMessage } from './audience.js';
export type { OpeningThread, ScenarioThread, ThreadReading, ThreadState } from './opening.js';

export interface Turn {
  reply: Reply;
  /** The thread's new state; the previous one unchanged on an error or a pure help reply. */
  state: ThreadState | null;
  /** `reset`: the thread's saved state (and what its messages would recover) is to be forgotten. */
  cleared?: true;
}

/** The whole answer to `reset`. */
export const RESET_TITLE = 'Thread reset: your next message here starts a new request.';

/** How many earlier scenarios `undo` can walk back to. */
export const UNDO_DEPTH = 20;

function helpReply(topics: HelpTopic[], title: string): HelpReply {
  const asked = topics.filter((t) => t !== 'help');
  const tips = asked.length ? tipsForTopics(asked) : [USAGE_TIP];
  // The examples are listed once, apart from the items (issue 24).
  return { kind: 'help', title, text: topics.includes('help') || asked.length === 0 ? USAGE_ITEMS : '', tips, examples: EXAMPLES };
}

/**
 * Tips asked for by topic (`oom`, `why` …), titled with a sentence. In a thread with a scenario
 * they are read against its estimate, and the title says how that setup stands.
 */
function topicHelp(topics: HelpTopic[], scenario: Scenario | null): HelpReply {
  const asked = topics.filter((t) => t !== 'help');
  const about = asked.map((t) => TOPIC_NAMES[t]).join(', ');
  if (!scenario) return { ...helpReply(topics, `Tips on ${about}.`), examples: [] };
  const e = estimate(scenario);
  const { verdict } = buildEstimateReply(scenario, e, [], []);
  return { kind: 'help', title: `Tips on ${about} for this thread's setup — ${verdict.headline}`, text: '', tips: tipsForTopicsOn(asked, scenario, e), examples: [] };
}

/**
 * A NaN or divergence question (or `nan` typed in a thread) gets the NaN triage first, read
 * against the setup the message states or the thread's, its estimate one click away. A setup the
 * message states is said with its verdict (issue 22 item 1: both answers, one reply) and becomes
 * the thread's, as one stated beside a pasted log does; the thread's own stays as it was (a
 * question is no change to the setup). A message that also reports an out-of-memory is a memory
 * question first: the estimate answers it, with the NaN tips (estimateTurn).
 */
function nanQuestionTurn(text: string, previous: ThreadState | null, hub: HubContext): Turn | null {
  if (!isNanQuestion(text)) return null;
  const current = scenarioThread(previous);
  const read = resolveRequest(text, current?.scenario ?? null, hub);
  if (read.ok && read.reported?.some((r) => r.topic === 'oom')) return null;
  const stated = read.ok && read.scenario ? read.scenario : null;
  // A setup of its own (a model named), not the thread's with the question's words on it ("… with fp16").
  const own = current ? resolveRequest(text, null, hub) : read;
  const ownSetup = own.ok && own.scenario !== null;
  // The setup, without the help the question asked for (the triage is that help): its estimate is a memory answer.
  const setup = stated ?? current?.scenario;
  const scenario = setup ? { ...setup, help: [] } : null;
  const triage = nanTriage(text, scenario ? { scenario, request: compactCanonical(scenario) } : null);
  if (!scenario) return { reply: triage, state: previous };
  // The setup as resolved goes with the triage: "Memory estimate" answers for it without reading
  // the request again (issue 24). Its defaults are the reading's; what the reading noted about
  // the question's own words ("not read: loss") and the words it ignored are not the setup's.
  const assumptions = stated && read.ok ? read.assumptions.filter((a) => !read.notices.includes(a)) : (current?.reading?.assumptions ?? []);
  const memory = { scenario, assumptions, notices: [], ignored: [], ...(current?.measured ? { measured: current.measured } : {}) };
  const reply = { ...triage, memory };
  if (!stated || !read.ok || !ownSetup) return { reply, state: previous };
  const history = current ? [...current.history, current.scenario].slice(-UNDO_DEPTH) : [];
  return { reply: withSetup(reply, setupOf(scenario)(), read.notices), state: { scenario, history } };
}

function internalError(text: string): ErrorReply {
  return {
    kind: 'error',
    message: 'Something went wrong while estimating this request; it has been logged. Try rephrasing, or "help".',
    at: 0,
    caret: `${text.slice(0, 80)}\n^`,
    expected: [],
    suggestion: null,
    example: EXAMPLES[0] ?? '7b lora on a 4090',
  };
}

/** A thread's measurement travels with its state and is restated in every later estimate. */
function withMeasurement(turn: Turn & { state: ScenarioThread }, measured: Measurement | undefined): Turn {
  if (!measured || turn.reply.kind !== 'estimate') return turn;
  // A spread copies no lazy getter: the short request is put back (reply/lazy-compact.ts).
  const reply = withLazyCompact({ ...turn.reply, measured, tips: [measurementTip(measured, turn.reply.canonical), ...turn.reply.tips] });
  return { reply, state: { ...turn.state, measured } };
}

function estimateTurn(scenario: Scenario, previous: ThreadState | null, assumptions: string[], ignored: string[], notices: string[] = [], read: ReadTrace = {}, reportedOom = false, nanAsked = false): Turn {
  const unstated = unstatedSettings(assumptions);
  const rlAlternatives = rlAlternativesOf(scenario, assumptions);
  const e = estimate(scenario, { unstated, rlAlternatives });
  const first = buildEstimateReply(scenario, e, assumptions, ignored, notices, read, { unstated, rlAlternatives });
  // An OOM the user reports on a setup that fits as read: the disagreement is said under the verdict (reply/reported-oom.ts).
  const disagreement = reportedOom ? reportedOomNotice(first.verdict, runKindOf(scenario, e)) : null;
  const firstScreen = reportedOom ? reportedOomFirstScreen(first.verdict) : null;
  const built = disagreement
    ? withLazyCompact({ ...first, verdict: { ...first.verdict, detail: `${first.verdict.detail} ${disagreement}`.trim() }, summary: { ...first.summary, reported: firstScreen } })
    : first;
  // The user says it ran out of memory: the OOM triage comes with the estimate, even when it fits;
  // a NaN they ask about beside it, its triage too (both answers, one reply).
  const topics: HelpTopic[] = [...(reportedOom ? (['oom'] as const) : []), ...(nanAsked ? (['nan'] as const) : [])];
  const moreTips = topics.length ? tipsForTopicsOn(topics, scenario, e).filter((t) => !built.tips.some((had) => had.topic === t.topic)) : [];
  const reply = moreTips.length ? withLazyCompact({ ...built, tips: [...built.tips, ...moreTips] }) : built;
  const current = scenarioThread(previous);
  const history = current ? [...current.history, current.scenario].slice(-UNDO_DEPTH) : [];
  return withMeasurement({ reply, state: { scenario, history } }, current?.measured);
}

/**
 * The one entry point every surface calls: text (a request or a follow-up) and the thread's
 * previous state in, a platform-neutral Reply and the new state out. Pure: no I/O, never throws.
 * `hub`: the Hub models (and pasted config.json) the adapter fetched for the ids in `text`.
 */
export function respond(text: string, previous: ThreadState | null, hub: HubContext = {}): Turn {
  return keepAsker(turnFor(text, previous, hub), previous);
}

/** Who asked stays with the thread through every turn (issue 24): the surfaces record it once, at the start. */
function keepAsker(turn: Turn, previous: ThreadState | null): Turn {
  const asker = previous?.asker;
  if (asker === undefined || turn.state === null || turn.state.asker !== undefined) return turn;
  return { ...turn, state: { ...turn.state, asker } };
}

function turnFor(text: string, previous: ThreadState | null, hub: HubContext): Turn {
  try {
    // An empty message in a thread that has a scenario restates it (a button without room for text),
    // as its answer read it when the state was rebuilt from one.
    const current = scenarioThread(previous);
    if (!text.trim() && current) return estimateTurn(current.scenario, current, current.reading?.assumptions ?? [], current.reading?.ignored ?? [], current.reading?.notices ?? []);
    const diagnosed = diagnosisTurn(text, previous, UNDO_DEPTH) ?? setupAfterDiagnosis(text, previous, hub);
    if (diagnosed) return diagnosed;
    const nan = nanQuestionTurn(text, previous, hub);
    if (nan) return nan;
    // A refusal for naming no model keeps the words (with any that waited before): the next message is read after them.
    const { outcome, waiting } = readInThread(text, previous, hub);
    if (!outcome.ok) return { reply: outcome.error, state: waiting ?? previous };
    if (outcome.control === 'reset') {
      // One line (issue 24): `help` has the rest.
      return { reply: { kind: 'help', title: RESET_TITLE, text: '', tips: [], examples: [] }, state: null, cleared: true };
    }
    if (outcome.control === 'undo') {
      const last = current?.history.at(-1);
      if (!current || !last) return { reply: helpReply(['help'], 'Nothing to undo in this thread.'), state: previous };
      const e = estimate(last);
      const undone = { reply: buildEstimateReply(last, e, ['undo: back to the previous request'], []), state: { scenario: last, history: current.history.slice(0, -1) } };
      return withMeasurement(undone, current.measured);
    }
    if (outcome.helpOnly || !outcome.scenario) {
      const topics = outcome.helpTopics.length ? outcome.helpTopics : (['help'] as HelpTopic[]);
      if (!topics.includes('help')) return { reply: topicHelp(topics, current?.scenario ?? null), state: previous };
      const title = topics.includes('help') ? 'headroom: GPU memory, explained' : 'headroom: troubleshooting';
      return { reply: helpReply(topics, title), state: previous };
    }
    // The words not read are said in the notices; "not used" lists the rest, never filler (issue 22, item 4).
    const ignored = outcome.notUsed ? listedApart(outcome.notUsed, outcome.notices) : outcome.ignored;
    const reportedOom = outcome.reported?.some((r) => r.topic === 'oom') === true;
    // A NaN question beside a reported out-of-memory was left to this estimate (nanQuestionTurn).
    return estimateTurn(outcome.scenario, previous, outcome.assumptions, ignored, outcome.notices, { trace: outcome.trace, notUsed: outcome.notUsed }, reportedOom, reportedOom && isNanQuestion(text));
  } catch {
    return { reply: internalError(text), state: previous };
  }
}
