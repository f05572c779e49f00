import type { webApi } from '@slack/bolt';
import type { SlackMessage } from '../../render/slack.js';
import type { LogFn } from './deps.js';
import { politeFailure, slackErrorCode } from './errors.js';

export interface PostTarget {
  channel: string;
  /** Thread root; absent for a channel message (which then starts a thread). */
  threadTs?: string;
}

/**
 * Posts a rendered message. A Web API failure is logged and answered with a short polite text
 * (through `fallback` when given, e.g. the slash command's ephemeral `respond`); it never throws.
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
    log({ event: 'slack.post_failed', method: 'chat.postMessage', channel: target.channel, error: code });
    await sendPolitely(client, target, politeFailure(code), log, fallback);
    return null;
  }
}

async function sendPolitely(
  client: webApi.WebClient,
  target: PostTarget,
  text: string,
  log: LogFn,
  fallback?: (text: string) => Promise<unknown>,
): Promise<void> {
  try {
    if (fallback) await fallback(text);
    else await client.chat.postMessage({ channel: target.channel, ...(target.threadTs ? { thread_ts: target.threadTs } : {}), text });
  } catch (error) {
    log({ event: 'slack.apology_failed', channel: target.channel, error: slackErrorCode(error) });
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
