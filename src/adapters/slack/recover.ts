import type { webApi } from '@slack/bolt';
import { ANSWER_EVENT_TYPE } from '../../render/slack.js';
import type { LogFn } from './deps.js';
import { slackErrorCode } from './errors.js';

interface MessageWithMetadata {
  ts?: string;
  bot_id?: string;
  metadata?: { event_type?: string; event_payload?: { canonical?: unknown } };
}

function canonicalOf(message: MessageWithMetadata, botId: string | undefined): string | null {
  if (message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  // Only our own answers are trusted: another app could post look-alike metadata.
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  const canonical = message.metadata.event_payload?.canonical;
  return typeof canonical === 'string' && canonical.trim() !== '' ? canonical : null;
}

/**
 * The recovery path when the store has nothing for a thread (restart, another process, expiry):
 * the canonical request of the thread's latest headroom answer, read from message metadata
 * (conversations.replies with include_all_metadata; the thread root is the first message).
 * '' when the thread was reset after its last answer (a thread of ours with nothing to continue).
 */
export async function canonicalFromThread(
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
  botId: string | undefined,
  log: LogFn,
): Promise<string | null> {
  try {
    const result = await client.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 200 });
    const messages = (result.messages ?? []) as MessageWithMetadata[];
    for (const message of [...messages].reverse()) {
      // Our answer to `reset` carries an empty canonical: nothing before it is picked up again ('' = reset).
      if (message.metadata?.event_type === ANSWER_EVENT_TYPE && message.metadata.event_payload?.canonical === '' && (!botId || message.bot_id === botId)) return '';
      const canonical = canonicalOf(message, botId);
      if (canonical) return canonical;
    }
  } catch (error) {
    log({ event: 'slack.recover_failed', method: 'conversations.replies', channel, error: slackErrorCode(error) });
  }
  return null;
}

/** The canonical request of one answer message (a button's message), from its metadata. */
export async function canonicalOfMessage(
  client: webApi.WebClient,
  channel: string,
  ts: string,
  botId: string | undefined,
  log: LogFn,
): Promise<string | null> {
  try {
    const result = await client.conversations.history({ channel, latest: ts, inclusive: true, limit: 1, include_all_metadata: true });
    const message = (result.messages ?? [])[0] as MessageWithMetadata | undefined;
    return message && message.ts === ts ? canonicalOf(message, botId) : null;
  } catch (error) {
    log({ event: 'slack.recover_failed', method: 'conversations.history', channel, error: slackErrorCode(error) });
    return null;
  }
}
