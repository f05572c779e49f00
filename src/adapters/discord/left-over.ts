import { LEFT_OVER_MAX_AGE_MS, MAX_LEFT_OVER, maxNoticeAgeMs, type AcknowledgedRequest, type RequestJournal } from '../../state/request-journal.js';
import type { LogFn } from './deps.js';

/** What a Discord request an earlier process left unanswered gets at the next start (Slack's words: slack/left-over.ts). */
export const LOST_TEXT = 'I restarted while answering this — please send it again.';

/** The two REST calls a notice needs (discord.js's REST client in the bot; a fake in tests). */
export interface NoticeRest {
  /** POST /channels/{channel}/messages */
  postMessage(channelId: string, body: Record<string, unknown>): Promise<unknown>;
  /** PATCH /webhooks/{application}/{token}/messages/@original (no bot token: the interaction token is the credential). */
  editOriginal(applicationId: string, token: string, body: Record<string, unknown>): Promise<unknown>;
}

export interface DiscordLeftOverOptions {
  /** Entries acknowledged before this (ms since epoch) are an earlier process's. */
  startedAt: number;
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
  /**
   * Which rows this start tells (default all). When one process runs both the gateway and the HTTP
   * interactions endpoint, each tells its own kind (messages / interactions), so none is told twice;
   * only `all` also drops the entries beyond `maxEntries`, which may be of either kind.
   */
  rows?: 'all' | 'messages' | 'interactions';
}

function ofKind(entry: AcknowledgedRequest, rows: NonNullable<DiscordLeftOverOptions['rows']>): boolean {
  if (rows === 'all') return true;
  return (entry.replyVia?.kind === 'discord_interaction') === (rows === 'interactions');
}

/** Mentions nobody: the notice is a reply, and a reply's ping is switched off with the rest. */
const QUIET = { parse: [], replied_user: false };

/**
 * At start: every Discord request an earlier process took on and did not finish is told so, then
 * forgotten. A message gets a reply in its channel or thread (message_reference, and no error when
 * the message is gone); a slash command gets its deferred answer edited through its interaction
 * token while that is valid (15 minutes). Older entries, and those beyond the newest
 * `maxEntries`, are dropped with counts logged. The token is never logged.
 */
export async function answerDiscordLeftOver(journal: RequestJournal, rest: NoticeRest, log: LogFn, options: DiscordLeftOverOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? LEFT_OVER_MAX_AGE_MS;
  const rows = options.rows ?? 'all';
  try {
    const entries = (await journal.leftOver('discord', options.startedAt, options.maxEntries ?? MAX_LEFT_OVER)).filter((entry) => ofKind(entry, rows));
    let told = 0;
    let expired = 0;
    let failed = 0;
    for (const entry of entries) {
      if (now() - entry.ackedAt > maxNoticeAgeMs(entry, maxAgeMs)) expired += 1;
      else {
        const via = entry.replyVia;
        try {
          if (via?.kind === 'discord_interaction') await rest.editOriginal(via.applicationId, via.token, { content: LOST_TEXT, allowed_mentions: QUIET });
          else await rest.postMessage(entry.channel, { content: LOST_TEXT, message_reference: { message_id: entry.request, fail_if_not_exists: false }, allowed_mentions: QUIET });
          told += 1;
        } catch (error) {
          failed += 1;
          log({ event: 'discord.left_over_failed', channel: entry.channel, via: via?.kind ?? 'message', error: error instanceof Error ? error.name : 'error' });
        }
      }
      await journal.remove(entry.id);
    }
    const dropped = rows === 'all' ? await journal.forgetBefore('discord', options.startedAt) : 0;
    if (entries.length + dropped > 0) log({ event: 'discord.left_over', told, expired, failed, dropped });
  } catch (error) {
    log({ event: 'discord.left_over_failed', error: error instanceof Error ? error.message : String(error) });
  }
}
