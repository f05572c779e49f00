import type { webApi } from '@slack/bolt';
import { renderSlack } from '../../../render/slack.js';
import { answerFollowUp, answerRequest, type Outcome } from '../conversation.js';
import type { SlackDeps } from '../deps.js';
import { postMessage } from '../post.js';
import { canonicalFromThread } from '../recover.js';
import { slackThreadKey } from '../thread-key.js';

export interface IncomingText {
  team: string;
  channel: string;
  ts: string;
  threadTs: string | undefined;
  /** Request text with mentions stripped. */
  text: string;
  /** Mentioned or in a DM: answer even outside one of our threads. */
  addressed: boolean;
  botId: string | undefined;
}

/**
 * Answers a mention, a DM or a thread message in its thread. Outside a thread it starts a
 * conversation rooted at the message; inside one it is a follow-up (store, then metadata
 * recovery). Unaddressed messages in threads that are not ours get no answer.
 */
export async function answerInThread(deps: SlackDeps, client: webApi.WebClient, incoming: IncomingText): Promise<void> {
  const inThread = incoming.threadTs !== undefined && incoming.threadTs !== incoming.ts;
  const root = inThread ? incoming.threadTs! : incoming.ts;
  const threadKey = slackThreadKey(incoming.team, incoming.channel, root);
  const text = incoming.text === '' ? 'help' : incoming.text;
  let outcome: Outcome | null;
  if (inThread) {
    const recover = () => canonicalFromThread(client, incoming.channel, root, incoming.botId, deps.log);
    outcome = await answerFollowUp(deps, threadKey, text, recover, incoming.addressed);
  } else {
    outcome = await answerRequest(deps, threadKey, text);
  }
  if (!outcome) return;
  await postMessage(client, { channel: incoming.channel, threadTs: root }, renderSlack(outcome.reply, outcome.note), deps.log);
}
