import type { webApi } from '@slack/bolt';
import { renderSlack } from '../../../render/slack.js';
import { serveRequest } from '../../admission.js';
import { answerInContext, answerRequest, threadContext, type Outcome } from '../conversation.js';
import type { SlackDeps } from '../deps.js';
import { postEphemeral, postMessage, postNotice } from '../post.js';
import { canonicalFromThread } from '../recover.js';
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
 * conversation rooted at the message; inside one it is a follow-up (store, then metadata
 * recovery). Unaddressed messages in threads that are not ours get no answer, and spend no
 * rate-limit token: the gate is passed only once we know we will answer.
 */
export async function answerInThread(deps: SlackDeps, client: webApi.WebClient, incoming: IncomingText): Promise<void> {
  const inThread = incoming.threadTs !== undefined && incoming.threadTs !== incoming.ts;
  const root = inThread ? incoming.threadTs! : incoming.ts;
  const threadKey = slackThreadKey(incoming.team, incoming.channel, root);
  const target = { channel: incoming.channel, threadTs: root };
  const text = incoming.text === '' ? 'help' : incoming.text;
  const who = slackRequester(incoming.team, incoming.user, incoming.channel);
  const tellOnly = (notice: string) => postEphemeral(client, { ...target, user: incoming.user }, notice, deps.log);

  await serveRequest(
    deps.ops,
    { platform: 'slack', kind: incoming.kind },
    async (gate) => {
      let outcome: Outcome;
      if (inThread) {
        const recover = () => canonicalFromThread(client, incoming.channel, root, incoming.botId, deps.log);
        const context = await threadContext(deps, threadKey, recover, incoming.addressed);
        if (!context || !(await gate(who, tellOnly))) return;
        outcome = await answerInContext(deps, threadKey, text, context);
      } else {
        if (!(await gate(who, tellOnly))) return;
        outcome = await answerRequest(deps, threadKey, text);
      }
      await postMessage(client, target, renderSlack(outcome.reply, outcome.note), deps.log);
      return outcome.reply.kind === 'estimate' ? outcome.reply.verdict.status : outcome.reply.kind;
    },
    (apology) => postNotice(client, target, apology, deps.log),
  );
}
