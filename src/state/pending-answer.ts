import type { ThreadState } from '../core/opening.js';
import { isNewerAnswer, threadOnly, type SavedThread } from './codec.js';

/**
 * An answer's state is written before the answer is posted, as a pending answer on top of the
 * state the thread's last posted answer stands for, and written again (confirmed, stamped with
 * the new answer's id) once posted. A process killed between the two leaves the pending answer
 * in the store; whoever reads the thread next settles it against the thread's latest posted
 * answer, so the thread never goes back in time (its state is the last answer people saw) and
 * never jumps ahead of it (an answer that was never posted is not taken).
 */

/** The confirmed state with `next` pending on top, as written before posting the answer to `request`. */
export function withPending(confirmed: SavedThread, next: ThreadState, request: string): SavedThread {
  return { ...threadOnly(confirmed), ...(confirmed.answerTs !== undefined ? { answerTs: confirmed.answerTs } : {}), pending: { state: threadOnly(next), request } };
}

/** The state without a pending answer. */
export function confirmedOf(saved: SavedThread): SavedThread {
  if (saved.pending === undefined) return saved;
  const { pending: _settled, ...confirmed } = saved;
  return confirmed;
}

/**
 * What a saved state stands for, given the id of the thread's latest posted answer (null: none,
 * or it could not be read). The pending answer was posted when a later answer than the confirmed
 * one is visible (one answer is in flight per thread: src/adapters/thread-queue.ts); a confirmed
 * state without an id (written before answers were stamped) counts an answer after the request.
 * Otherwise the confirmed state stands: an unreadable thread keeps what is known to be posted.
 */
export function settlePending(saved: SavedThread, latestAnswerTs: string | null): SavedThread {
  if (saved.pending === undefined) return saved;
  const after = saved.answerTs ?? saved.pending.request;
  if (latestAnswerTs !== null && isNewerAnswer(latestAnswerTs, after)) return { ...saved.pending.state, answerTs: latestAnswerTs };
  return confirmedOf(saved);
}
