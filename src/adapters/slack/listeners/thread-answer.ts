import type { webApi } from '@slack/bolt';
import { renderSlack } from '../../../render/slack.js';
import { serveRequest } from '../../admission.js';
import { answerInContext, answerRequest, saveAfterAnswer, threadContext, type Outcome, type ThreadContext } from '../conversation.js';
import type { SlackDeps } from '../deps.js';
import { postEphemeral, postMessage, postNotice } from '../post.js';
import { latestAnswerInThread } from '../recover.js';
import { slackThreadKey } from '../thread-key.js';
import { slackRequester } from './requester.js';

export interface IncomingText {
  team: string;
  channel: string;
  /** Who wrote it: rate limits and ephemeral notices are per person. */
  user: string;
  ts: string;
  threadTs: string | undefined;
  /** Request text with mentions stripped. */
  text: string;
  /** Mentioned or in a DM: answer even outside one of our threads. */
  addressed: boolean;
  botId: string | undefined;
  /** `mention`, `message` or `dm`, for the request log. */
  kind: string;
}

/**
 * Answers a mention, a DM or a thread message in its thread. Outside a thread it starts a
 * conversation rooted at the message; inside one it is a follow-up (store, then the thread's
 * latest answer when the store has nothing or may be behind). Unaddressed messages in threads
 * that are not ours get no answer and spend nothing: whether the thread is ours is settled
 * before admission (no in-flight slot, no rate-limit token), and the answer is cached per thread.
 * The new state is saved after the answer is posted, outside the request.
 */
export async function answerInThread(deps: SlackDeps, client: webApi.WebClient, incoming: IncomingText): Promise<void> {
  const inThread = incoming.threadTs !== undefined && incoming.threadTs !== incoming.ts;
  const root = inThread ? incoming.threadTs! : incoming.ts;
  const threadKey = slackThreadKey(incoming.team, incoming.channel, root);
  const target = { channel: incoming.channel, threadTs: root };
  const text = incoming.text === '' ? 'help' : incoming.text;
  const who = slackRequester(incoming.team, incoming.user, incoming.channel);
  const tellOnly = (notice: string) => postEphemeral(client, { ...target, user: incoming.user }, notice, deps.log);
  const latest = () => latestAnswerInThread(client, incoming.channel, root, incoming.botId, deps.log);

  let chatterContext: ThreadContext | null = null;
  if (inThread && !incoming.addressed) {
    try {
      chatterContext = await threadContext(deps, threadKey, latest, false);
    } catch (error) {
      deps.log({ event: 'slack.thread_check_failed', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (!chatterContext) return;
  }

  await serveRequest(
    deps.ops,
    { platform: 'slack', kind: incoming.kind },
    async (gate) => {
      let outcome: Outcome;
      if (inThread) {
        const context = chatterContext ?? (await threadContext(deps, threadKey, latest, true));
        if (!context || !(await gate(who, tellOnly))) return;
        outcome = await answerInContext(deps, text, context);
      } else {
        if (!(await gate(who, tellOnly))) return;
        outcome = await answerRequest(deps, text);
      }
      const ts = await postMessage(client, target, renderSlack(outcome.reply, outcome.note), deps.log);
      deps.notOurThreads?.forget(threadKey);
      saveAfterAnswer(deps, threadKey, outcome.state, ts);
      return outcome.reply.kind === 'estimate' ? outcome.reply.verdict.status : outcome.reply.kind;
    },
    (apology) => postNotice(client, target, apology, deps.log),
  );
}
