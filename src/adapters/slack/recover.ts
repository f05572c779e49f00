import type { webApi } from '@slack/bolt';
import { ANSWER_EVENT_TYPE, type SlackMessage } from '../../render/slack.js';
import type { LogFn } from './deps.js';
import { slackErrorCode } from './errors.js';

interface MessageWithMetadata {
  ts?: string;
  bot_id?: string;
  metadata?: { event_type?: string; event_payload?: { canonical?: unknown; opening?: unknown } };
}

/**
 * What a "Which model?" refusal carries when it leaves the thread's words waiting for the model
 * (issue 11): the words themselves, so a thread whose saved state is gone still reads the answer
 * after them, as an answer's canonical request lets its follow-ups be read.
 */
export function openingMetadata(opening: string): NonNullable<SlackMessage['metadata']> {
  return { event_type: ANSWER_EVENT_TYPE, event_payload: { opening } };
}

function openingOf(message: MessageWithMetadata, botId: string | undefined): string | null {
  if (message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  const opening = message.metadata.event_payload?.opening;
  return typeof opening === 'string' && opening.trim() !== '' ? opening : null;
}

function canonicalOf(message: MessageWithMetadata, botId: string | undefined): string | null {
  if (message.metadata?.event_type !== ANSWER_EVENT_TYPE) return null;
  // Only our own answers are trusted: another app could post look-alike metadata.
  if (botId && message.bot_id && message.bot_id !== botId) return null;
  const canonical = message.metadata.event_payload?.canonical;
  return typeof canonical === 'string' && canonical.trim() !== '' ? canonical : null;
}

/** The thread's latest headroom answer; `none` when it has none (not our thread); `failed` when Slack could not be asked. */
export type LatestAnswer =
  | { kind: 'answer'; canonical: string; ts: string }
  /** Our answer to `reset` came last: the thread is ours, with nothing to continue. */
  | { kind: 'reset'; ts: string }
  /** Our "Which model?" came last: the thread's words wait for the model. */
  | { kind: 'opening'; opening: string; ts: string }
  | { kind: 'none' }
  | { kind: 'failed' };

/**
 * A recovery lookup waits at most this long: under Slack's 429s the Web API client retries with
 * backoff for minutes, and a chat request must not hold on that long (issue 15).
 */
export const RECOVER_TIMEOUT_MS = 3000;

/**
 * The thread's latest headroom answer, read from message metadata (conversations.replies with
 * include_all_metadata; the thread root is the first message): the recovery path when the store
 * has nothing for a thread (restart, another process, expiry) or may be behind (an outage).
 */
export async function latestAnswerInThread(
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
  botId: string | undefined,
  log: LogFn,
  timeoutMs = RECOVER_TIMEOUT_MS,
): Promise<LatestAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const result = await Promise.race([client.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 200 }), timeout]);
    if (result === 'timeout') {
      log({ event: 'slack.recover_failed', method: 'conversations.replies', channel, error: `no answer within ${timeoutMs} ms` });
      return { kind: 'failed' };
    }
    const messages = (result.messages ?? []) as MessageWithMetadata[];
    for (const message of [...messages].reverse()) {
      if (isResetAnswer(message, botId) && message.ts) return { kind: 'reset', ts: message.ts };
      const canonical = canonicalOf(message, botId);
      if (canonical && message.ts) return { kind: 'answer', canonical, ts: message.ts };
      const opening = openingOf(message, botId);
      if (opening && message.ts) return { kind: 'opening', opening, ts: message.ts };
    }
    return { kind: 'none' };
  } catch (error) {
    log({ event: 'slack.recover_failed', method: 'conversations.replies', channel, error: slackErrorCode(error) });
    return { kind: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

/** Our answer to `reset` carries an empty canonical: nothing before it is picked up again. */
function isResetAnswer(message: MessageWithMetadata, botId: string | undefined): boolean {
  return message.metadata?.event_type === ANSWER_EVENT_TYPE && message.metadata.event_payload?.canonical === '' && (!botId || message.bot_id === botId);
}

/** The canonical request of the thread's latest headroom answer ('' after a reset), null when none could be read. */
export async function canonicalFromThread(
  client: webApi.WebClient,
  channel: string,
  threadTs: string,
  botId: string | undefined,
  log: LogFn,
): Promise<string | null> {
  const latest = await latestAnswerInThread(client, channel, threadTs, botId, log);
  return latest.kind === 'answer' ? latest.canonical : latest.kind === 'reset' ? '' : null;
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
