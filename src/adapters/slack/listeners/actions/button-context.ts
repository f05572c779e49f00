import type { BlockAction, ButtonAction } from '@slack/bolt';
import { decodeButtonValue, type ButtonValue } from '../../../../render/slack.js';
import { isSlackDm, slackDmKey, slackThreadKey } from '../../thread-key.js';
import { decodeAnswerScenario, type AnswerScenario } from '../../../../state/scenario-code.js';

/** Where a clicked button lives and what it carries. */
export interface ButtonContext {
  channel: string;
  /** The answer message the button is on. */
  messageTs: string;
  /** Thread root: new answers go there, and the conversation key is derived from it. */
  root: string;
  /** A top-level answer in a DM: new answers go top-level and continue the DM's conversation. */
  dm: boolean;
  threadKey: string;
  value: ButtonValue;
  /** Canonical text from the message's metadata when Slack included it in the payload. */
  metadataCanonical: string | null;
  /** The answer's resolved scenario from the same metadata (issue 24, item 2), when included. */
  metadataScenario: AnswerScenario | null;
  /** Who asked in the thread, from the same metadata. */
  metadataAsker: string | null;
}

/** Null when the click did not come from a message in a channel (nothing to answer into). */
export function buttonContext(body: BlockAction<ButtonAction>): ButtonContext | null {
  const channel = body.channel?.id ?? body.container?.channel_id;
  const message = body.message as { ts?: string; thread_ts?: string; metadata?: { event_payload?: { canonical?: unknown; scenario?: unknown; asker?: unknown } } } | undefined;
  const messageTs = message?.ts ?? body.container?.message_ts;
  if (!channel || !messageTs) return null;
  const root = message?.thread_ts ?? messageTs;
  const team = body.team?.id ?? body.user.team_id ?? 'unknown';
  const dm = isSlackDm(channel) && message?.thread_ts === undefined;
  const canonical = message?.metadata?.event_payload?.canonical;
  return {
    channel,
    messageTs,
    root,
    dm,
    threadKey: dm ? slackDmKey(team, channel) : slackThreadKey(team, channel, root),
    value: decodeButtonValue(body.actions[0]?.value),
    metadataCanonical: typeof canonical === 'string' ? canonical : null,
    metadataScenario: decodeAnswerScenario(message?.metadata?.event_payload?.scenario),
    metadataAsker: typeof message?.metadata?.event_payload?.asker === 'string' ? message.metadata.event_payload.asker : null,
  };
}
