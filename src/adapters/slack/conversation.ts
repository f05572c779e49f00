import type { ThreadState } from '../../core/assistant.js';
import type { Reply } from '../../reply/types.js';
import type { SlackDeps } from './deps.js';

/** A reply to post and, when the thread was picked up in an unusual way, a line saying so. */
export interface Outcome {
  reply: Reply;
  note: string | null;
}

export const RECOVERED_NOTE = 'Picked this thread up again from my last answer in it (I had no saved state for it).';
export const FRESH_NOTE = 'I have no earlier scenario for this thread, so I read this as a new request.';

/** Store reads never break an answer: a failing store (Redis down) reads as a miss, logged. */
export async function loadState(deps: SlackDeps, threadKey: string): Promise<ThreadState | null> {
  try {
    return await deps.store.get(threadKey);
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'get', error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

export async function saveState(deps: SlackDeps, threadKey: string, state: ThreadState | null): Promise<void> {
  if (!state) return;
  try {
    await deps.store.set(threadKey, state);
  } catch (error) {
    deps.log({ event: 'slack.store_failed', op: 'set', error: error instanceof Error ? error.message : String(error) });
  }
}

/** The state an answer's canonical text stands for (re-read with no history). */
export async function stateFromCanonical(deps: SlackDeps, canonical: string): Promise<ThreadState | null> {
  const turn = await deps.respond(canonical, null);
  return turn.reply.kind === 'estimate' ? turn.state : null;
}

/** A new conversation rooted at `threadKey`. */
export async function answerRequest(deps: SlackDeps, threadKey: string | null, text: string): Promise<Outcome & { state: ThreadState | null }> {
  const turn = await deps.respond(text, null);
  if (threadKey) await saveState(deps, threadKey, turn.state);
  return { reply: turn.reply, note: null, state: turn.state };
}

/** The state a thread message continues, and a note when it was recovered or missing. */
export interface ThreadContext {
  previous: ThreadState | null;
  note: string | null;
}

/**
 * Where a thread message starts from: the store, else the thread's last answer (and said so).
 * With neither, the message is a new request only when it was addressed to the bot
 * (`allowFresh`); otherwise null: not our thread, nothing to answer.
 */
export async function threadContext(
  deps: SlackDeps,
  threadKey: string,
  recoverCanonical: () => Promise<string | null>,
  allowFresh: boolean,
): Promise<ThreadContext | null> {
  let previous = await loadState(deps, threadKey);
  let note: string | null = null;
  if (!previous) {
    const canonical = await recoverCanonical();
    if (canonical) {
      previous = await stateFromCanonical(deps, canonical);
      if (previous) note = RECOVERED_NOTE;
    }
  }
  if (!previous) {
    if (!allowFresh) return null;
    note = FRESH_NOTE;
  }
  return { previous, note };
}

/** A thread message read as a patch on its context; the new state is saved under the thread. */
export async function answerInContext(deps: SlackDeps, threadKey: string, text: string, context: ThreadContext): Promise<Outcome> {
  const turn = await deps.respond(text, context.previous);
  await saveState(deps, threadKey, turn.state);
  return { reply: turn.reply, note: context.note };
}
