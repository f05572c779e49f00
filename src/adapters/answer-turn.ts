import type { ThreadState, Turn } from '../core/assistant.js';
import type { EstimateReply } from '../reply/types.js';
import { threadOfAnswer, type AnswerScenario } from '../state/scenario-code.js';

type Respond = (text: string, previous: ThreadState | null) => Turn | Promise<Turn>;

/** A turn whose reply is an estimate. */
export type EstimateTurn = Turn & { reply: EstimateReply };

/** Text that asks respond() to estimate the thread's scenario unchanged (src/core/assistant.ts: an empty message restates it). */
export const RESTATE_TEXT = '';

const sameScenario = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The estimate an answer stands for, rebuilt for a button or a follow-up (issue 24, item 2).
 *
 * The answer's resolved scenario (its code) decides, restated as it was read: the code records
 * the defaults it used, so Details lists the same ones. For a code written before it recorded
 * them, its canonical request, when it still reads back to exactly that scenario (a catalog
 * model, a bare size), is preferred only because the re-read recovers the defaults; a request
 * that cannot be re-read (a pasted config.json, an attachment, a Hub model that cannot be
 * fetched now) or reads differently is not used. Without a code (an answer from an older
 * release), the canonical request alone, as before. Null when neither gives an estimate: the
 * caller says the answer is too old.
 */
export async function answerTurn(respond: Respond, answer: AnswerScenario | null, canonical: string | null): Promise<EstimateTurn | null> {
  if (canonical && !answer?.reading) {
    const reread = await respond(canonical, null);
    if (reread.reply.kind === 'estimate' && (!answer || sameScenario(reread.reply.scenario, answer.scenario))) {
      const reply = reread.reply;
      // The measurement the answer's thread held goes on with it.
      const state = answer?.measured !== undefined && reread.state && 'scenario' in reread.state ? { ...reread.state, measured: answer.measured } : reread.state;
      return { ...reread, reply, state };
    }
  }
  if (!answer) return null;
  const thread = threadOfAnswer(answer);
  const restated = await respond(RESTATE_TEXT, thread);
  // The answer's own thread: restating is no step a later `undo` should walk back through.
  return restated.reply.kind === 'estimate' ? { ...restated, reply: restated.reply, state: thread } : null;
}

/** The thread state an answer stands for (what a follow-up or a lever continues), or null when none can be rebuilt. */
export async function answerState(respond: Respond, answer: AnswerScenario | null, canonical: string | null): Promise<ThreadState | null> {
  // A lever or follow-up needs no re-estimate when the answer's own scenario is at hand.
  if (answer) return threadOfAnswer(answer);
  return (await answerTurn(respond, null, canonical))?.state ?? null;
}
