import type { ThreadState } from '../../core/assistant.js';
import type { Reply } from '../../reply/types.js';
import { isNewerAnswer, type SavedThread } from '../../state/codec.js';
import type { SlackDeps } from './deps.js';
import type { LatestAnswer } from './recover.js';

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

/** Store reads never break an answer: a failing store (Redis down) reads as a miss, logged. */
export async function loadState(deps: SlackDeps, threadKey: string): Promise<SavedThread | null> {
  try {
    return await deps.store.get(threadKey);
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
 * Saves after the answer is posted, outside the request: the request's admission slot is
 * already given back (a slow or failing store does not make others "busy"), and a shutdown
 * still waits for the write.
 */
export function saveAfterAnswer(deps: SlackDeps, threadKey: string, state: ThreadState | null, answerTs: string | null): Promise<void> {
  if (!state || !answerTs) return Promise.resolve();
  return deps.ops.shutdown.background(saveState(deps, threadKey, state, answerTs));
}

/** The state an answer's canonical text stands for (re-read with no history). */
export async function stateFromCanonical(deps: SlackDeps, canonical: string): Promise<ThreadState | null> {
  const turn = await deps.respond(canonical, null);
  return turn.reply.kind === 'estimate' ? turn.state : null;
}

/** A new conversation; the caller saves its state under the answer's thread once posted. */
export async function answerRequest(deps: SlackDeps, text: string): Promise<Outcome> {
  const turn = await deps.respond(text, null);
  return { reply: turn.reply, note: null, state: turn.state };
}

/** The state a thread message continues, and a note when it was recovered or missing. */
export interface ThreadContext {
  previous: ThreadState | null;
  note: string | null;
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
  latestAnswer: () => Promise<LatestAnswer>,
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
  if (saved && !loadFailed && !deps.store.doubts?.(threadKey)) return { previous: saved, note: null };
  const fresh = allowFresh ? { previous: null, note: FRESH_NOTE } : null;
  if (!saved && !allowFresh && deps.notOurThreads?.has(threadKey)) return null;

  const latest = await latestAnswer();
  if (latest.kind === 'failed') return saved ? { previous: saved, note: null } : fresh;
  if (latest.kind === 'none') {
    if (saved) return { previous: saved, note: null };
    if (!allowFresh) deps.notOurThreads?.add(threadKey);
    return fresh;
  }
  if (saved?.answerTs !== undefined && !isNewerAnswer(latest.ts, saved.answerTs)) return { previous: saved, note: null };
  // Reset after its last answer: still our thread, and a message there is a new request.
  if (latest.kind === 'reset') return { previous: null, note: null };
  // A "Which model?" came last: its words still wait for the model, whatever the store lost.
  if (latest.kind === 'opening') return { previous: { opening: latest.opening }, note: saved ? null : RECOVERED_NOTE };
  const recovered = await stateFromCanonical(deps, latest.canonical);
  if (!recovered) return saved ? { previous: saved, note: null } : fresh;
  if (saved) deps.log({ event: 'slack.thread_behind', threadKey, savedAnswerTs: saved.answerTs ?? null, latestAnswerTs: latest.ts });
  return { previous: recovered, note: saved ? null : RECOVERED_NOTE };
}

/** A thread message read as a patch on its context; the caller saves the new state once posted. */
export async function answerInContext(deps: SlackDeps, text: string, context: ThreadContext): Promise<Outcome> {
  const turn = await deps.respond(text, context.previous);
  return { reply: turn.reply, note: context.note, state: turn.state };
}
