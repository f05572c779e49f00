import type { HubContext } from '../hub/types.js';
import type { Item } from '../language/items.js';
import { parseRequest } from '../language/parse.js';
import { onlyPointsBack, onlyShowsAnImage, pointersBack } from '../language/points-back.js';
import { canonicalText } from '../scenario/canonical.js';
import { resolveRequest, type ResolveOutcome } from '../scenario/resolve.js';
import type { Scenario } from '../scenario/schema.js';
import type { Measurement } from '../diagnose/index.js';
import { setsNothing, withThreadSetup } from './thread-stands.js';
import { withoutRepliedFields } from './reply-own-setup.js';
import { isSettableCheck } from '../scenario/check-set-aside.js';

/** A thread that has an estimate: its scenario, a bounded undo history, and the last OOM pasted in it. */
export interface ScenarioThread {
  scenario: Scenario;
  history: Scenario[];
  /** The last OOM pasted in this thread, held against the estimate then (issue 16). Absent in older rows. */
  measured?: Measurement;
  /** Who asked: only their messages, and messages addressed to the bot, change the thread (issue 24). Absent in older rows. */
  asker?: string;
  /**
   * How the answer this state was rebuilt from read its scenario (the defaults it used, its
   * notices, the words it ignored), from that answer's code (src/state/scenario-code.ts): a
   * restatement repeats them, so Details after a restart lists the same "Defaults used" (issue
   * 24). Only on a state rebuilt from an answer; any change to the scenario reads afresh.
   */
  reading?: { assumptions: string[]; notices: string[]; ignored: string[] };
}

/**
 * A thread whose opening was refused only for naming no model ("I have a 5090, which models
 * fit at 16k?" → "Which model?"): its words wait, and the next message is read after them.
 * It has no scenario, so code that needs one must ask `scenarioThread` first.
 */
export interface OpeningThread {
  opening: string;
  /** Who asked (see ScenarioThread.asker). */
  asker?: string;
}

/** What a conversation keeps per thread (issue 11: a refused opening is answered in its thread). */
export type ThreadState = ScenarioThread | OpeningThread;

/** How much of a waiting opening is kept: its last characters, so a thread that never names a model stays bounded. */
export const MAX_OPENING_CHARS = 2000;

/** The thread's scenario state, or null when it has none (a new thread, or one whose opening waits for a model). */
export function scenarioThread(state: ThreadState | null): ScenarioThread | null {
  return state !== null && 'scenario' in state ? state : null;
}

/** The words a thread's refused opening left waiting, or null. */
export function waitingOpening(state: ThreadState | null): string | null {
  return state !== null && 'opening' in state ? state.opening : null;
}

/** The last MAX_OPENING_CHARS characters, cut at a word boundary. */
export function boundedOpening(text: string): string {
  if (text.length <= MAX_OPENING_CHARS) return text;
  const tail = text.slice(-MAX_OPENING_CHARS);
  const space = tail.search(/\s/);
  return space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail;
}

export interface ThreadReading {
  outcome: ResolveOutcome;
  /** On a refusal for naming no model (and no scenario to patch): the opening the thread now keeps. Null otherwise. */
  waiting: OpeningThread | null;
}

const refusedForModel = (outcome: ResolveOutcome) => !outcome.ok && outcome.missing === 'model';

/**
 * How a message is read in its thread; the one reading the chat surfaces (through respond) and
 * the language bench share. With a scenario, it is a follow-up on it. In a thread whose opening
 * waits for a model, the opening's words come first and the message after them, as one request;
 * where the two set one thing differently the later message wins, and the reply says what it
 * kept from the earlier words. A control word or a help question is read alone (the opening
 * still waits); a reading still without a model keeps waiting, with the message added.
 */
export function readInThread(text: string, previous: ThreadState | null, hub: HubContext = {}): ThreadReading {
  const current = scenarioThread(previous);
  const earlier = waitingOpening(previous);
  // "如题" + a screenshot, "same as above", a screenshot alone: nothing new, so the thread's setup is answered again.
  if (current && (onlyPointsBack(text) || onlyShowsAnImage(text))) return { outcome: answeredAgain(text, current.scenario), waiting: null };
  if (current || earlier === null) {
    const outcome = resolveRequest(text, current?.scenario ?? null, hub);
    // A follow-up with nothing in it the reader reads is refused with the thread's setup said (thread-stands.ts).
    if (current && setsNothing(outcome)) return { outcome: withThreadSetup(outcome, current.scenario), waiting: null };
    return { outcome, waiting: !current && refusedForModel(outcome) ? { opening: boundedOpening(text) } : null };
  }
  // A blank message (a button with no text) adds nothing: the waiting words are asked about again.
  if (!text.trim()) return { outcome: resolveRequest(earlier, null, hub), waiting: { opening: earlier } };
  const alone = resolveRequest(text, null, hub);
  if (alone.ok && (alone.control !== 'none' || alone.helpOnly || !alone.scenario)) return { outcome: alone, waiting: null };
  // A split this answer types and a check refuses ("mistral 7b tp 3 on 2 gpus") is the user's own to correct: read
  // with the waiting prose it would be set aside as a pasted fact (check-set-aside.ts), so it is shown in its words.
  if (!alone.ok && isSettableCheck(alone.error)) return { outcome: alone, waiting: null };

  // What this message says of its own run (its cards, method, model) replaces the thread's saying (reply-own-setup.ts).
  const own = withoutRepliedFields(earlier, text);
  const thread = own.earlier;
  const combined = `${thread}\n${text}`;
  const together = resolveRequest(combined, null, hub);
  if (!together.ok) {
    // The words together do not read (or lose the model this message names), yet this message reads on its own: it is answered alone, and the earlier words are said to be set aside.
    if (alone.ok) return { outcome: withNotice(alone, `your earlier message ("${excerpt(earlier)}") was set aside: read with it, this request ${firstLine(together.error.message)}`), waiting: null };
    if (refusedForModel(together)) return { outcome: together, waiting: { opening: boundedOpening(`${earlier}\n${text}`) } };
    // A mistake this message makes on its own is shown in its own words; one only the two together make, in both.
    return { outcome: refusedForModel(alone) ? together : alone, waiting: null };
  }
  if (!together.scenario) return { outcome: together, waiting: null };
  const read = laterWins(text, thread, together, hub);
  const kept = keptLine(thread, text);
  const replacedLine = own.replaced.length ? `the thread's earlier ${own.replaced.map((w) => `"${w}"`).join(', ')} set aside: your message says its own` : null;
  const said = [kept, replacedLine].filter((l): l is string => l !== null);
  return { outcome: said.reduce<ResolveOutcome>((o, l) => withNotice(o, l), read), waiting: null };
}

/**
 * The thread's own setup answered again, with a line that says why (the message only pointed back
 * to it): the thread's scenario as it stands.
 */
function answeredAgain(text: string, scenario: Scenario): ResolveOutcome {
  const pointers = pointersBack(text).map((p) => text.slice(p.at, p.end));
  const line = `"${pointers[0]}" points back to the thread: its setup is answered again (say what changed to change it)`;
  return { ok: true, control: 'none', scenario, helpOnly: false, helpTopics: [], assumptions: [line], ignored: pointers, unread: [], notices: [line] };
}

/**
 * The reader keeps the first saying of a setting and sets later ones aside. Read again as a
 * follow-up on the combined reading, the message changes nothing unless the earlier words set
 * something it says otherwise; then it is read first, so its saying stands and the reader's own
 * note names what of the earlier words was left out.
 */
function laterWins(text: string, earlier: string, together: Extract<ResolveOutcome, { ok: true }>, hub: HubContext): ResolveOutcome {
  const again = resolveRequest(text, together.scenario, hub);
  if (!again.ok || !again.scenario || canonicalText(again.scenario) === canonicalText(together.scenario!)) return together;
  const answerFirst = resolveRequest(`${text}\n${earlier}`, null, hub);
  return answerFirst.ok && answerFirst.scenario ? answerFirst : together;
}

/** Which setting an item says: its kind, and for batch, parallel and shape items the field they set. */
function settingOf(item: Item): string {
  const field = 'field' in item ? item.field : 'dim' in item ? item.dim : '';
  return `${item.kind}:${String(field)}`;
}

/**
 * What the reply says it took from the words that waited: the items read in them that this
 * message does not say again (where it does, its saying stands), else the words themselves.
 */
function keptLine(earlier: string, text: string): string | null {
  const read = parseRequest(earlier);
  if (!read.ok) return `kept from the thread's earlier message: "${excerpt(earlier)}" (say it again to change it)`;
  const now = parseRequest(text);
  const saidAgain = new Set(now.ok ? now.items.map(settingOf) : []);
  const kept = read.items.filter((item) => !saidAgain.has(settingOf(item))).map((item) => item.text.replace(/\s+/g, ' ').trim());
  const what = [...new Set(kept.filter((t) => t !== ''))];
  return what.length ? `kept from the thread's earlier message: ${what.map((t) => `"${t}"`).join(', ')} (say them again to change them)` : null;
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return `was refused (${line.replace(/\.$/, '')})`;
}

/** A line the reply must show up front (notices are also assumptions, so no reply leaves it out). */
function withNotice(outcome: ResolveOutcome, line: string): ResolveOutcome {
  if (!outcome.ok) return outcome;
  return { ...outcome, notices: [line, ...outcome.notices], assumptions: [line, ...outcome.assumptions] };
}
