/**
 * Requests the bot has acknowledged and not yet answered, kept where the conversation state is
 * (the SQLite file: src/state/sqlite-journal.ts), so a process killed mid-answer leaves a trace:
 * at the next start each platform answers what it finds with a short "I restarted while
 * answering this" (src/adapters/slack/left-over.ts). One small row per request, the minimum to
 * reply: where, to whom, which message. Never the request's text.
 */
export interface AcknowledgedRequest {
  /** Platform-prefixed request key, e.g. `slack:{team}:{channel}:{ts}`. */
  id: string;
  platform: 'slack' | 'discord';
  channel: string;
  /** Slack: the thread the answer goes to; absent for a top-level answer (a DM). */
  threadTs?: string;
  /** The request message's own id (Slack ts, Discord message id): an answer after it answers it. */
  request: string;
  user: string;
  /** ms since epoch. */
  ackedAt: number;
  /** `acked` until the answer is about to be posted; `posting` from then (it may be visible). */
  phase: 'acked' | 'posting';
  /**
   * Set with `posting`: the id of the thread's last answer before this one, when known. An answer
   * later than it answers this request; without it, one later than the request itself does.
   */
  afterAnswer?: string;
  /**
   * Where the notice goes when it cannot be a message in `channel`: a Slack slash command's
   * `response_url` (30 minutes, 5 uses), a Discord interaction's token (15 minutes). Each is a
   * credential for that one request: kept only in the journal row, never logged.
   */
  replyVia?: ReplyVia;
}

export type ReplyVia = { kind: 'slack_response_url'; url: string } | { kind: 'discord_interaction'; applicationId: string; token: string };

/** Slack accepts posts to a slash command's `response_url` for 30 minutes. */
export const SLACK_RESPONSE_URL_MAX_AGE_MS = 30 * 60 * 1000;

/** A Discord interaction token can edit its original response for 15 minutes. */
export const DISCORD_INTERACTION_MAX_AGE_MS = 15 * 60 * 1000;

/**
 * How old an entry may be and still be told: the way its notice goes decides (a response_url
 * or interaction token expires; a message in a channel only grows stale, LEFT_OVER_MAX_AGE_MS).
 */
export function maxNoticeAgeMs(entry: Pick<AcknowledgedRequest, 'replyVia'>, maxAgeMs = LEFT_OVER_MAX_AGE_MS): number {
  switch (entry.replyVia?.kind) {
    case 'slack_response_url':
      return Math.min(maxAgeMs, SLACK_RESPONSE_URL_MAX_AGE_MS);
    case 'discord_interaction':
      return Math.min(maxAgeMs, DISCORD_INTERACTION_MAX_AGE_MS);
    default:
      return maxAgeMs;
  }
}

/**
 * A journal write never breaks an answer: a failing store is logged (`<platform>.journal_failed`)
 * and the answer goes on; the journal only tells a later process what this one left unanswered.
 */
export function journalWrite(platform: string, log: (event: object) => void, write: Promise<void> | undefined): Promise<void> {
  return (write ?? Promise.resolve()).catch((error: unknown) => log({ event: `${platform}.journal_failed`, error: error instanceof Error ? error.message : String(error) }));
}

export interface RequestJournal {
  add(entry: AcknowledgedRequest): Promise<void>;
  /** The answer is about to be posted, after `afterAnswer` (AcknowledgedRequest): after a crash, look for it before saying it was lost. */
  posting(id: string, afterAnswer?: string): Promise<void>;
  /** Answered (or told why not): forgotten. */
  remove(id: string): Promise<void>;
  /** A platform's entries acknowledged before `before` (by a process now gone), newest first, at most `limit`. */
  leftOver(platform: AcknowledgedRequest['platform'], before: number, limit: number): Promise<AcknowledgedRequest[]>;
  /** Forgets a platform's entries acknowledged before `before`; returns how many. */
  forgetBefore(platform: AcknowledgedRequest['platform'], before: number): Promise<number>;
}

/** Entries read at start: what one restart may owe at most is the in-flight cap (DEFAULT_MAX_IN_FLIGHT). */
export const MAX_LEFT_OVER = 256;

/** Older requests are dropped with a log line instead of answered: a day-old "please send it again" helps nobody. */
export const LEFT_OVER_MAX_AGE_MS = 6 * 3600 * 1000;

/** In-process journal (tests; a memory store forgets everything at a restart anyway). */
export class MemoryJournal implements RequestJournal {
  readonly entries = new Map<string, AcknowledgedRequest>();

  async add(entry: AcknowledgedRequest): Promise<void> {
    this.entries.set(entry.id, entry);
  }

  async posting(id: string, afterAnswer?: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry) this.entries.set(id, { ...entry, phase: 'posting', ...(afterAnswer !== undefined ? { afterAnswer } : {}) });
  }

  async remove(id: string): Promise<void> {
    this.entries.delete(id);
  }

  async leftOver(platform: AcknowledgedRequest['platform'], before: number, limit: number): Promise<AcknowledgedRequest[]> {
    return [...this.entries.values()]
      .filter((e) => e.platform === platform && e.ackedAt < before)
      .sort((a, b) => b.ackedAt - a.ackedAt)
      .slice(0, limit);
  }

  async forgetBefore(platform: AcknowledgedRequest['platform'], before: number): Promise<number> {
    let n = 0;
    for (const [id, e] of this.entries) if (e.platform === platform && e.ackedAt < before && this.entries.delete(id)) n += 1;
    return n;
  }
}
