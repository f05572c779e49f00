import type { ThreadState } from '../../core/assistant.js';
import type { Reply } from '../../reply/types.js';
import { isNewerAnswer, type SavedThread } from '../../state/codec.js';
import { confirmedOf, settlePending, withPending } from '../../state/pending-answer.js';
import type { SlackDeps } from './deps.js';
import type { LatestAnswer } from './recover.js';
import type { LookupOptions } from './lookups.js';
import { answerState } from '../answer-turn.js';

/** A reply to post and, when the thread was picked up in an unusual way, a line saying so. */
export interface Outcome {
  reply: Reply;
  note: string | null;
  /** The thread's new state, saved once the answer is posted (its ts orders it). */
  state: ThreadState | null;
}

export const RECOVERED_NOTE = 'Picked this thread up again from my last answer in it (I had no saved state for it).';
export const FRESH_NOTE = 'I have no earlier scenario for this thread, so I read this as a new request.';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Store reads never break an answer: a failing store (Redis down) reads as a miss, logged. For a
 * conversation with no thread to read answers back from (a DM's top level), a pending answer
 * left by a killed process is settled as not posted: the state last known to be shown stays.
 */
export async function loadState(deps: SlackDeps, threadKey: string): Promise<SavedThread | null> {
  try {
    const saved = await deps.store.get(threadKey);
    return saved && settlePending(saved, null);
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'get', error: errorText(error) });
    return null;
  }
}

/** Saves a thread's state, stamped with the answer that produced it (`answerTs`, so no older state replaces it). */
export async function saveState(deps: SlackDeps, threadKey: string, state: ThreadState | null, answerTs?: string): Promise<void> {
  if (!state) return;
  try {
    await deps.store.set(threadKey, answerTs === undefined ? state : { ...state, answerTs });
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'set', error: errorText(error) });
  }
}

/**
 * Before an answer is posted: its state, durably, as pending on top of what the store holds for
 * the thread (src/state/pending-answer.ts), so a process killed between posting and saving
 * leaves a state the next reader settles against the posted answer instead of an older one.
 * Nothing is written when the store holds nothing for the thread (there is nothing to go back
 * to: the thread's answers are read instead). A failing store is logged; the answer still goes.
 */
export async function savePending(deps: SlackDeps, threadKey: string, confirmed: SavedThread | null, next: ThreadState | null, request: string): Promise<void> {
  if (!confirmed || !next) return;
  try {
    await deps.store.set(threadKey, withPending(confirmed, next, request));
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'set_pending', error: errorText(error) });
  }
}

/**
 * Saves after the answer is posted, outside the request: the request's admission slot is
 * already given back (a slow or failing store does not make others "busy"), and a shutdown
 * still waits for the write.
 */
export function saveAfterAnswer(deps: SlackDeps, threadKey: string, state: ThreadState | null, answerTs: string | null): Promise<void> {
  if (!state || !answerTs) return Promise.resolve();
  return deps.ops.shutdown.background(saveState(deps, threadKey, state, answerTs));
}

/** A new conversation; the caller saves its state under the answer's thread once posted. */
export async function answerRequest(deps: SlackDeps, text: string): Promise<Outcome> {
  const turn = await deps.respond(text, null);
  return { reply: turn.reply, note: null, state: turn.state };
}

/** The state a thread message continues, and a note when it was recovered or missing. */
export interface ThreadContext {
  /** Stamped with the answer it stands for (`answerTs`) when known. */
  previous: SavedThread | null;
  note: string | null;
  /**
   * What the store holds for the thread, settled and stamped with its answer's id, when it holds
   * anything: the next answer is written as pending on top of it (savePending).
   */
  confirmed?: SavedThread | null;
}

/** How long settling a pending answer may wait for the lookup budget: about one lookup's deadline. */
const SETTLE_WAIT_MS = 1500;

/**
 * How many times the read that settles a pending answer is asked before the confirmed state is
 * taken blind. One failed read (its 1.2 s deadline passed on a loaded machine, a 5xx) used to
 * decide: a thread whose pending answer had been posted went back to the answer before it.
 */
export const SETTLE_ATTEMPTS = 3;

/** The thread's latest answer for settling a pending one: asked again while it cannot be read, up to SETTLE_ATTEMPTS. */
async function settlingRead(latestAnswer: (options?: LookupOptions) => Promise<LatestAnswer>): Promise<LatestAnswer> {
  let latest: LatestAnswer = { kind: 'failed' };
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS && latest.kind === 'failed'; attempt++) latest = await latestAnswer({ waitMs: SETTLE_WAIT_MS });
  return latest;
}

/**
 * Where a thread message starts from. The saved state, when the store has one and has no reason
 * to doubt it; else the thread's own latest headroom answer (its metadata), whichever is newer,
 * so a thread never goes back in time: a write lost while the store was down leaves an older
 * state behind, and the thread's messages still show the newer answer (issue 15).
 *
 * With neither, the message is a new request only when it was addressed to the bot
 * (`allowFresh`); otherwise null: not our thread, nothing to answer, and the thread is
 * remembered as not ours so the next chatter in it costs no Web API call.
 */
export async function threadContext(
  deps: SlackDeps,
  threadKey: string,
  latestAnswer: (options?: LookupOptions) => Promise<LatestAnswer>,
  allowFresh: boolean,
): Promise<ThreadContext | null> {
  let saved: SavedThread | null = null;
  let loadFailed = false;
  try {
    saved = await deps.store.get(threadKey);
  } catch (error) {
    loadFailed = true;
    deps.log({ event: 'slack.store_failed', op: 'get', error: errorText(error) });
  }
  // A pending answer (its process was killed before confirming it) is settled against the thread's answers.
  if (saved && !loadFailed && saved.pending === undefined && !deps.store.doubts?.(threadKey)) return { previous: saved, note: null, confirmed: saved };
  const fresh = allowFresh ? { previous: null, note: FRESH_NOTE } : null;
  if (!saved && !allowFresh && deps.notOurThreads?.has(threadKey)) return null;
  // The store's own state, as far as the store alone can tell (a pending answer not known to be posted does not count).
  const stored = saved && confirmedOf(saved);
  const found = (previous: SavedThread | null, note: string | null): ThreadContext => ({ previous, note, confirmed: saved && previous });

  // Settling an answer a killed process left pending is the one read whose refusal would pick a
  // side blind (revert, or run ahead of the thread): it may wait for the lookup budget, bounded.
  const latest = saved?.pending !== undefined ? await settlingRead(latestAnswer) : await latestAnswer();
  if (latest.kind === 'failed') {
    // Blind: the confirmed state is what is known to be posted (src/state/pending-answer.ts), said in the log.
    if (saved?.pending !== undefined) deps.log({ event: 'slack.pending_unsettled', threadKey, attempts: SETTLE_ATTEMPTS });
    return stored ? found(stored, null) : fresh;
  }
  if (latest.kind === 'none') {
    if (stored) return found(stored, null);
    if (!allowFresh) deps.notOurThreads?.add(threadKey);
    return fresh;
  }
  if (stored?.answerTs !== undefined && !isNewerAnswer(latest.ts, stored.answerTs)) return found(stored, null);
  // Reset after its last answer: still our thread, and a message there is a new request.
  if (latest.kind === 'reset') return { previous: null, note: null, confirmed: null };
  // The pending answer was posted (a later answer than the confirmed one is visible): its state, history and all.
  if (saved?.pending !== undefined) {
    deps.log({ event: 'slack.pending_settled', threadKey, answerTs: latest.ts });
    return found(settlePending(saved, latest.ts), null);
  }
  // A "Which model?" came last: its words still wait for the model, whatever the store lost.
  if (latest.kind === 'opening') return found({ opening: latest.opening, answerTs: latest.ts }, saved ? null : RECOVERED_NOTE);
  // The answer's own resolved scenario; its canonical request only for an answer from an older release.
  const recovered = await answerState(deps.respond, latest.scenario, latest.canonical);
  if (!recovered) return stored ? found(stored, null) : fresh;
  if (saved) deps.log({ event: 'slack.thread_behind', threadKey, savedAnswerTs: saved.answerTs ?? null, latestAnswerTs: latest.ts });
  return found({ ...recovered, answerTs: latest.ts }, saved ? null : RECOVERED_NOTE);
}

/**
 * Whether a message not addressed to the bot is in one of its threads. A saved state says so at
 * once, whatever it holds (even a pending answer): the check runs outside the thread's queue,
 * and the request is journaled right after it, so it must not wait on the Web API when the
 * store already knows. Otherwise as threadContext decides, without starting a conversation.
 */
export async function isOurThread(deps: SlackDeps, threadKey: string, latestAnswer: (options?: LookupOptions) => Promise<LatestAnswer>, rootIsOurs = false): Promise<boolean> {
  try {
    if (await deps.store.get(threadKey)) return true;
  } catch {
    // threadContext reads again, and logs the failure.
  }
  return (await threadContext(deps, threadKey, latestAnswer, rootIsOurs)) !== null;
}

/** A thread message read as a patch on its context; the caller saves the new state once posted. */
export async function answerInContext(deps: SlackDeps, text: string, context: ThreadContext): Promise<Outcome> {
  const turn = await deps.respond(text, context.previous);
  return { reply: turn.reply, note: context.note, state: turn.state };
}
