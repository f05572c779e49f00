import type { webApi } from '@slack/bolt';
import type { SlackMessage } from '../../render/slack.js';
import { shortId } from '../../ops/ids.js';
import type { LogFn } from './deps.js';
import { politeFailure, slackErrorCode } from './errors.js';
import { noticeClient } from './notice-client.js';

export interface PostTarget {
  channel: string;
  /** Thread root; absent for a channel message (which then starts a thread). */
  threadTs?: string;
}

/**
 * Posts a rendered message. The WebClient has already retried (429 per Retry-After, 5xx and
 * network errors with backoff: the SDK's default retry policy, about 30 minutes in all). A
 * failure after that is logged with an error id and answered with a short polite text quoting
 * it (through `fallback` when given, e.g. the slash command's `response_url`); it never throws.
 * Returns the posted message's ts, or null when nothing could be posted.
 */
export async function postMessage(
  client: webApi.WebClient,
  target: PostTarget,
  message: SlackMessage,
  log: LogFn,
  fallback?: (text: string) => Promise<unknown>,
): Promise<string | null> {
  try {
    const result = await client.chat.postMessage({
      channel: target.channel,
      ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      text: message.text,
      blocks: message.blocks,
      ...(message.metadata ? { metadata: message.metadata } : {}),
    });
    return result.ts ?? null;
  } catch (error) {
    const code = slackErrorCode(error);
    const errorId = shortId();
    log({ event: 'slack.post_failed', method: 'chat.postMessage', channel: target.channel, error: code, errorId });
    await sendPolitely(client, target, politeFailure(code, errorId), log, errorId, fallback);
    return null;
  }
}

async function sendPolitely(
  client: webApi.WebClient,
  target: PostTarget,
  text: string,
  log: LogFn,
  errorId: string,
  fallback?: (text: string) => Promise<unknown>,
): Promise<void> {
  try {
    if (fallback) await fallback(text);
    else await client.chat.postMessage({ channel: target.channel, ...(target.threadTs ? { thread_ts: target.threadTs } : {}), text });
  } catch (error) {
    // Nobody could be told: the answer is lost, and this line (with the id) is what remains.
    log({ event: 'slack.apology_failed', channel: target.channel, error: slackErrorCode(error), errorId });
  }
}

export interface EphemeralTarget extends PostTarget {
  user: string;
}

/**
 * A notice or a message only `user` sees (rate limits, restarts, request errors), in the thread
 * when `threadTs` is set: chat.postEphemeral on the notice client (no retries, so a rate-limited
 * notice never holds answers); never throws.
 */
export async function postEphemeral(client: webApi.WebClient, target: EphemeralTarget, message: string | Pick<SlackMessage, 'text' | 'blocks'>, log: LogFn): Promise<void> {
  const body = typeof message === 'string' ? { text: message } : { text: message.text, blocks: message.blocks };
  try {
    await noticeClient(client).chat.postEphemeral({
      channel: target.channel,
      user: target.user,
      ...body,
      ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
    });
  } catch (error) {
    log({ event: 'slack.post_failed', method: 'chat.postEphemeral', channel: target.channel, error: slackErrorCode(error) });
  }
}

/** Posts plain text into a thread (notices such as "charts are not available"); never throws. */
export async function postNotice(client: webApi.WebClient, target: PostTarget, text: string, log: LogFn): Promise<void> {
  try {
    await client.chat.postMessage({ channel: target.channel, ...(target.threadTs ? { thread_ts: target.threadTs } : {}), text });
  } catch (error) {
    log({ event: 'slack.post_failed', method: 'chat.postMessage', channel: target.channel, error: slackErrorCode(error) });
  }
}
