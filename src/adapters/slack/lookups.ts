import { webApi } from '@slack/bolt';
import type { LogFn } from './deps.js';
import { slackErrorCode } from './errors.js';
import { LookupBudget, TIER_3, type MethodLimit, type Refusal } from './lookup-budget.js';

/**
 * Web API reads the bot makes before it answers (a thread's latest answer, a button's message),
 * kept apart from answering (issue 26). They go through their own WebClient, never Bolt's: the
 * SDK pauses a client's whole request queue for a 429's Retry-After and then retries for up to
 * 30 minutes, so one rate-limited conversations.replies held every chat.postMessage behind it
 * (a slash command answered after ~28 s). Here a lookup is one HTTP request: no SDK retries, a
 * 429 rejects at once (rejectRateLimitedCalls) and holds that method for its Retry-After, a
 * per-method budget shaped like Slack's tier refuses before asking, and a short deadline aborts
 * the request. Whatever goes wrong, the caller gets `ok: false` at once and answers from what it
 * has (the store, the event's own metadata, a fresh reading); nothing keeps asking in the
 * background after the request it served is gone.
 */

export type LookupMethod = 'conversations.replies' | 'conversations.history';

export type LookupResult = { ok: true; value: unknown } | { ok: false; why: Refusal | 'deadline' | 'failed' };

/** Long enough for Slack's usual 100–300 ms, short enough that an answer never waits on it. */
export const LOOKUP_DEADLINE_MS = 1200;

export const LOOKUP_LIMITS: Readonly<Record<LookupMethod, MethodLimit>> = {
  'conversations.replies': TIER_3,
  'conversations.history': TIER_3,
};

export interface LookupOptions {
  /**
   * How long a read refused for lack of budget (none left, or too many in flight) may wait for
   * room; 0 by default (refused at once). A Retry-After hold is never waited out. For the rare
   * read whose answer decides a thread's state (settling an answer a killed process left pending).
   */
  waitMs?: number;
}

export interface SlackLookups {
  /** Slack's answer to one read, or why there is none (at once, never after a wait past the deadline). */
  read(method: LookupMethod, args: Record<string, unknown>, options?: LookupOptions): Promise<LookupResult>;
}

/** How often a patient read asks the budget again. */
const BUDGET_POLL_MS = 50;

/** The HTTP side of a lookup: one request, rejecting on a 429 (with its Retry-After) and at the deadline. */
export type LookupTransport = (method: LookupMethod, args: Record<string, unknown>) => Promise<unknown>;

/** A WebClient for lookups only: no retries, 429s rejected, requests aborted at the deadline. */
export function lookupClient(token: string, slackApiUrl: string, deadlineMs = LOOKUP_DEADLINE_MS, logger?: webApi.Logger): LookupTransport {
  const client = new webApi.WebClient(token, {
    slackApiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: deadlineMs,
    maxRequestConcurrency: 16,
    ...(logger ? { logger } : {}),
  });
  return (method, args) => client.apiCall(method, args);
}

/** Retry-After in ms of a WebClient 429 rejection; null when the error is not a 429. */
function retryAfterMs(error: unknown): number | undefined | null {
  const coded = error as { code?: unknown; retryAfter?: unknown; message?: unknown };
  if (coded?.code === webApi.ErrorCode.RateLimitedError) return typeof coded.retryAfter === 'number' ? coded.retryAfter * 1000 : undefined;
  // A 429 whose Retry-After could not be read: still a 429, held for the default time.
  if (typeof coded?.message === 'string' && coded.message.startsWith('Retry header did not contain')) return undefined;
  return null;
}

/** Lookups skipped for lack of budget are logged once a second per method and reason, with their count: a flood makes no flood of lines. */
function skippedLog(log: LogFn, everyMs = 1000, now: () => number = Date.now): (method: LookupMethod, why: Refusal) => void {
  const pending = new Map<string, { count: number; since: number }>();
  return (method, why) => {
    const key = `${method} ${why}`;
    const entry = pending.get(key);
    if (entry && now() - entry.since < everyMs) {
      entry.count += 1;
      return;
    }
    log({ event: 'slack.lookup_skipped', method, why, count: (entry?.count ?? 0) + 1 });
    pending.set(key, { count: 0, since: now() });
  };
}

/**
 * Lookups under one budget: every Slack read made before answering goes through this, for every
 * request of the process. `deadlineMs` also bounds the wait here (in case the transport does not
 * abort in time).
 */
export function budgetedLookups(
  transport: LookupTransport,
  log: LogFn,
  options: { budget?: LookupBudget; deadlineMs?: number } = {},
): SlackLookups {
  const budget = options.budget ?? new LookupBudget(LOOKUP_LIMITS);
  const deadlineMs = options.deadlineMs ?? LOOKUP_DEADLINE_MS;
  const skipped = skippedLog(log);
  return {
    async read(method, args, options = {}) {
      let taken = budget.take(method);
      for (const until = Date.now() + (options.waitMs ?? 0); !taken.ok && taken.refusal !== 'rate_limited' && Date.now() < until; taken = budget.take(method)) {
        await new Promise((resolve) => setTimeout(resolve, BUDGET_POLL_MS));
      }
      if (!taken.ok) {
        skipped(method, taken.refusal);
        return { ok: false, why: taken.refusal };
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<'deadline'>((resolve) => {
        timer = setTimeout(() => resolve('deadline'), deadlineMs);
      });
      const call = transport(method, args);
      try {
        const value = await Promise.race([call, deadline]);
        if (value === 'deadline') {
          call.catch(() => undefined);
          log({ event: 'slack.lookup_failed', method, error: `no answer within ${deadlineMs} ms` });
          return { ok: false, why: 'deadline' };
        }
        return { ok: true, value };
      } catch (error) {
        const wait = retryAfterMs(error);
        if (wait !== null) {
          budget.rateLimited(method, wait);
          log({ event: 'slack.lookup_rate_limited', method, retryAfterMs: wait ?? null });
          return { ok: false, why: 'rate_limited' };
        }
        log({ event: 'slack.lookup_failed', method, error: slackErrorCode(error) });
        return { ok: false, why: 'failed' };
      } finally {
        clearTimeout(timer);
        budget.done(method);
      }
    },
  };
}
