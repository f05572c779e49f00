import type { webApi } from '@slack/bolt';
import type { SlackMessage } from '../../render/slack.js';
import type { LogFn } from './deps.js';
import { slackErrorCode } from './errors.js';

/**
 * Who asked in a thread travels in the metadata of every answer headroom posts there, beside
 * the canonical request, so a restart with an empty store still knows whose thread it is
 * (issue 24). Messages without metadata (help, diagnoses) carry none.
 */
export function withAsker(message: SlackMessage, asker: string | null | undefined): SlackMessage {
  if (!asker || !message.metadata) return message;
  return { ...message, metadata: { ...message.metadata, event_payload: { ...message.metadata.event_payload, asker } } };
}

/** The one reaction an acknowledgement ("thanks", "ok", "👍") gets, instead of any message. */
export const COURTESY_REACTION = '+1';

/** reactions.add on the message; a failure (already reacted, missing scope) is logged, never shown. */
export async function react(client: webApi.WebClient, channel: string, ts: string, log: LogFn): Promise<void> {
  try {
    await client.reactions.add({ channel, timestamp: ts, name: COURTESY_REACTION });
  } catch (error) {
    log({ event: 'slack.reaction_failed', channel, error: slackErrorCode(error) });
  }
}
