import type { webApi } from '@slack/bolt';
import { isNewerAnswer } from '../../state/codec.js';
import { LEFT_OVER_MAX_AGE_MS, MAX_LEFT_OVER, maxNoticeAgeMs, type AcknowledgedRequest, type RequestJournal } from '../../state/request-journal.js';
import type { LogFn } from './deps.js';
import type { SlackLookups } from './lookups.js';
import { slackErrorCode } from './errors.js';
import { latestAnswerInThread } from './recover.js';

/** Start-up notices are background work: each may wait this long for the lookup budget that answers share. */
const LEFT_OVER_WAIT_MS = 5000;

/** What a request acknowledged by a process that was then killed gets at the next start. */
export const LOST_TEXT = 'I restarted while answering this — please send it again.';

/** The same, when its answer may have gone out just before (it could not be checked). */
export const MAYBE_LOST_TEXT = 'I restarted while answering this — if no answer came, please send it again.';

export interface LeftOverOptions {
  /** Entries acknowledged before this (ms since epoch) are an earlier process's. */
  startedAt: number;
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
  /** POSTs a body to a slash command's response_url (tests swap it); throws on failure. */
  postToResponseUrl?: (url: string, body: Record<string, unknown>) => Promise<void>;
}

/** Waits this long for Slack to take a response_url post; a start-up notice never hangs. */
const RESPONSE_URL_TIMEOUT_MS = 5000;

/** A JSON POST to a response_url, failing on a non-2xx answer or after RESPONSE_URL_TIMEOUT_MS. */
export async function postToResponseUrl(url: string, body: Record<string, unknown>): Promise<void> {
  const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), redirect: 'error', signal: AbortSignal.timeout(RESPONSE_URL_TIMEOUT_MS) });
  await reply.body?.cancel();
  if (!reply.ok) throw new Error(`response_url answered ${reply.status}`);
}

/**
 * What a left-over request needs: nothing when its answer is in the thread (the process died
 * after posting it, before forgetting the request), else a notice. A request never marked
 * `posting` was certainly not answered, so only the few caught while posting cost a lookup.
 */
async function noticeFor(entry: AcknowledgedRequest, lookups: SlackLookups, botId: string | undefined): Promise<string | null> {
  if (entry.phase === 'acked') return LOST_TEXT;
  // A slash command's answer is a new channel message: nothing to look up it could be found by.
  if (entry.replyVia) return MAYBE_LOST_TEXT;
  if (!entry.threadTs) return MAYBE_LOST_TEXT;
  // Under the lookups' own budget (lookups.ts): a rate-limited start never stalls answers.
  const latest = await latestAnswerInThread(lookups, entry.channel, entry.threadTs, botId, { waitMs: LEFT_OVER_WAIT_MS });
  if (latest.kind === 'failed') return MAYBE_LOST_TEXT;
  if (latest.kind !== 'none' && isNewerAnswer(latest.ts, entry.afterAnswer ?? entry.request)) return null;
  return LOST_TEXT;
}

/**
 * At start: every Slack request an earlier process acknowledged and did not answer is answered
 * now with a short notice in its thread (chat.postMessage; a DM's top level for a top-level DM),
 * then forgotten. A slash command's notice goes through its response_url instead, ephemeral to
 * whoever typed it, while Slack still takes it (30 minutes, maxNoticeAgeMs). Bounded: at most
 * `maxEntries` (the newest) are read and the rest forgotten with a log line, as are those older
 * than their way of replying allows. One at a time: the Web API client paces them.
 */
export async function answerLeftOver(journal: RequestJournal, client: webApi.WebClient, lookups: SlackLookups, log: LogFn, options: LeftOverOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? LEFT_OVER_MAX_AGE_MS;
  const postToUrl = options.postToResponseUrl ?? postToResponseUrl;
  try {
    const entries = await journal.leftOver('slack', options.startedAt, options.maxEntries ?? MAX_LEFT_OVER);
    if (entries.length === 0) return;
    let botId: string | undefined;
    try {
      botId = (await client.auth.test()).bot_id;
    } catch (error) {
      log({ event: 'slack.left_over_failed', method: 'auth.test', error: slackErrorCode(error) });
    }
    let told = 0;
    let answered = 0;
    let expired = 0;
    let expiredCommands = 0;
    for (const entry of entries) {
      if (now() - entry.ackedAt > maxNoticeAgeMs(entry, maxAgeMs)) {
        expired += 1;
        if (entry.replyVia) expiredCommands += 1;
      } else {
        const notice = await noticeFor(entry, lookups, botId);
        log({ event: 'slack.left_over_request', channel: entry.channel, threadTs: entry.threadTs ?? null, request: entry.request, phase: entry.phase, via: entry.replyVia?.kind ?? 'message', answered: notice === null });
        if (notice === null) answered += 1;
        else if (entry.replyVia?.kind === 'slack_response_url') {
          try {
            await postToUrl(entry.replyVia.url, { response_type: 'ephemeral', text: notice });
            told += 1;
          } catch (error) {
            // The error's words only: the URL is the request's credential and is never logged.
            log({ event: 'slack.left_over_failed', method: 'response_url', channel: entry.channel, error: error instanceof Error ? error.name : 'error' });
          }
        } else {
          try {
            await client.chat.postMessage({ channel: entry.channel, ...(entry.threadTs ? { thread_ts: entry.threadTs } : {}), text: notice });
            told += 1;
          } catch (error) {
            log({ event: 'slack.left_over_failed', method: 'chat.postMessage', channel: entry.channel, error: slackErrorCode(error) });
          }
        }
      }
      await journal.remove(entry.id);
    }
    const beyondCap = await journal.forgetBefore('slack', options.startedAt);
    log({ event: 'slack.left_over', told, answered, expired, expiredCommands, dropped: beyondCap });
  } catch (error) {
    log({ event: 'slack.left_over_failed', error: error instanceof Error ? error.message : String(error) });
  }
}
