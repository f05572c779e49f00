import type { webApi } from '@slack/bolt';
import { loadState } from '../../conversation.js';
import type { SlackDeps } from '../../deps.js';
import { postEphemeral } from '../../post.js';
import { isSlackDm, slackThreadKey } from '../../thread-key.js';

/** Told, to the author only, when a request headroom answered is edited. */
export const EDIT_NOTE = 'I do not follow edits: my answer is to what you first wrote. Send the corrected request as a new message (in the thread, a follow-up such as `seq 8192` is enough).';

/** The part of a `message_changed` event this reads. */
export interface ChangedMessage {
  channel: string;
  channel_type?: string;
  message?: { user?: string; bot_id?: string; text?: string; ts?: string; thread_ts?: string };
  previous_message?: { text?: string };
}

/**
 * An edited message (`message_changed`). headroom answers a message once, so an edit to a request
 * it answered (a DM, a mention, a message in one of its threads) gets a note to its author that
 * edits are not followed; link unfurls (same text) and other people's threads get nothing.
 */
export async function messageChanged(deps: SlackDeps, client: webApi.WebClient, team: string, botUserId: string | undefined, event: ChangedMessage): Promise<void> {
  const edited = event.message;
  if (!edited?.user || edited.bot_id || !edited.ts) return;
  if ((edited.text ?? '') === (event.previous_message?.text ?? '')) return;
  const inThread = edited.thread_ts !== undefined && edited.thread_ts !== edited.ts;
  const mentioned = botUserId ? (edited.text ?? '').includes(`<@${botUserId}`) : false;
  const dm = event.channel_type === 'im' || isSlackDm(event.channel);
  const ours = dm || mentioned || (inThread && (await loadState(deps, slackThreadKey(team, event.channel, edited.thread_ts!))) !== null);
  if (!ours) return;
  const threadTs = inThread ? edited.thread_ts : dm ? undefined : edited.ts;
  await postEphemeral(client, { channel: event.channel, user: edited.user, ...(threadTs ? { threadTs } : {}) }, EDIT_NOTE, deps.log);
}
