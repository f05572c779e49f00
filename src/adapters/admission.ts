import { withCpuAccount, type CpuAccount } from '../ops/cpu-charge.js';
import { withErrorBoundary, type ErrorLog } from '../ops/errors.js';
import { newRequestId } from '../ops/ids.js';
import { SampledLog } from '../ops/sampled-log.js';
import { createRateLimiter, DEFAULT_RATE_LIMITS, rateLimitMessage, type RateLimiter } from '../ops/rate-limit.js';
import { createShutdown, type Shutdown } from '../ops/shutdown.js';

/**
 * The operational envelope every chat request runs in, shared by the Slack and Discord adapters:
 * admission (still accepting work? under the rate limits?), the compute account its answer is
 * charged to, graceful-shutdown tracking, the error boundary (apology with an error id, details
 * to the log) and one request log line.
 */

/** What a request gets while the process drains for a restart (issue 7: SIGTERM). */
export const RESTARTING_TEXT = "I'm restarting right now — please try again in a moment.";

/** What a request gets while the process already has `maxInFlight` requests to answer. */
export const BUSY_TEXT = "I'm answering a lot of requests right now — please try again in a few seconds.";

/**
 * Requests one process works on at once before it sheds new ones with BUSY_TEXT. Past what a
 * process answers per second, acknowledged questions would otherwise queue without bound
 * (memory grows, answers arrive ever later). bench:load answers 500–900 a second, so 256 is
 * under half a second of backlog.
 */
export const DEFAULT_MAX_IN_FLIGHT = 256;

export type LogFn = (event: object) => void;

export interface RequestOps {
  limiter: RateLimiter;
  shutdown: Shutdown;
  /** Where handler failures go, with the error and its stack (a pino logger in production). */
  errors: ErrorLog;
  log: LogFn;
  /** Who was told "slow down" lately: a flood of plain messages costs one notice per wait, not one per message. */
  notices: NoticeThrottle;
  /** Shed new requests while this many are in flight (tracked on `shutdown`). */
  maxInFlight: number;
  /** Refusals come in floods: the first few of each reason a minute are logged, then a count (src/ops/sampled-log.ts). */
  refusals: SampledLog;
}

/** Whose request it is, as the rate limiter keys it (platform-prefixed by the adapter). */
export interface Requester {
  user: string;
  channel: string;
}

export interface GateOptions {
  /**
   * Tell the requester on every refusal. Interactions (slash commands, buttons) must be answered
   * anyway, and an ack carrying the notice costs nothing; plain messages tell once per wait.
   */
  alwaysTell?: boolean;
}

/** Admits or refuses one request; on refusal it has already told the requester (when due). */
export type Gate = (who: Requester, refuse: (text: string) => Promise<unknown>, options?: GateOptions) => Promise<boolean>;

export interface RequestFields {
  platform: 'slack' | 'discord';
  /** Which handler: command, mention, message, button … */
  kind: string;
}

/**
 * Remembers, per key, until when a notice stays valid. Bounded: past `maxKeys` the oldest
 * entries go (Map keeps insertion order), so a flood of distinct users cannot grow it.
 */
export class NoticeThrottle {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now, private readonly maxKeys = 10_000) {}

  /** True when `key` has not been told within its last wait; remembers this notice for `forMs`. */
  due(key: string, forMs: number): boolean {
    const now = this.now();
    const until = this.until.get(key);
    if (until !== undefined && until > now) return false;
    this.until.delete(key);
    this.until.set(key, now + forMs);
    while (this.until.size > this.maxKeys) this.until.delete(this.until.keys().next().value as string);
    return true;
  }
}

/** A logger-less ErrorLog: the error's name and message (never the stack) into the event log. */
export function errorLogFrom(log: LogFn, platform: string): ErrorLog {
  return {
    error(fields, message) {
      const { err, ...rest } = fields as { err?: unknown };
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      log({ event: `${platform}.handler_failed`, message, ...rest, error });
    },
  };
}

export interface RequestOpsOptions {
  limiter?: RateLimiter;
  shutdown?: Shutdown;
  errors?: ErrorLog;
  now?: () => number;
  maxInFlight?: number;
}

/**
 * Defaults for an adapter started on its own (tests, scripts): DEFAULT_RATE_LIMITS, a shutdown
 * that is never begun unless the caller does, failures into `log`. services.ts passes the
 * process-wide ones instead.
 */
export function requestOps(log: LogFn, platform: string, options: RequestOpsOptions = {}): RequestOps {
  const shutdown = options.shutdown ?? createShutdown({ timeoutMs: 10_000 });
  const refusals = new SampledLog(log, { now: options.now });
  // What a flood left out is counted in the log before the process goes.
  shutdown.onClose(() => refusals.flush());
  return {
    limiter: options.limiter ?? createRateLimiter(DEFAULT_RATE_LIMITS, options.now),
    shutdown,
    errors: options.errors ?? errorLogFrom(log, platform),
    log,
    notices: new NoticeThrottle(options.now),
    maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    refusals,
  };
}

function gateFor(ops: RequestOps, requestId: string, account: CpuAccount): Gate {
  return async (who, refuse, options = {}) => {
    let text: string;
    let noticeMs: number;
    let reason: string;
    if (!ops.shutdown.accepting()) {
      [text, noticeMs, reason] = [RESTARTING_TEXT, 0, 'restarting'];
    } else if (ops.shutdown.inFlight() >= ops.maxInFlight) {
      [text, noticeMs, reason] = [BUSY_TEXT, 0, 'overloaded'];
    } else {
      const decision = ops.limiter.check(who.user, who.channel);
      if (decision.allowed) {
        // The answer's compute is charged to this user (src/ops/cpu-charge.ts).
        account.user = who.user;
        return true;
      }
      [text, noticeMs, reason] = [rateLimitMessage(decision), decision.retryAfterMs, `rate_limited_${decision.scope}`];
    }
    ops.refusals.write(reason, { event: 'request.refused', requestId, reason });
    const tell = options.alwaysTell || noticeMs === 0 || ops.notices.due(who.user, noticeMs);
    if (tell) {
      try {
        await refuse(text);
      } catch (error) {
        ops.refusals.write('refusal_undelivered', { event: 'request.refusal_undelivered', requestId, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return false;
  };
}

/**
 * Runs one incoming event. `handler` decides whether the event is a request for us at all, then
 * calls `gate` before doing the work (so ignored chatter never spends a rate-limit token) and
 * may return the verdict for the log. A throw anywhere becomes `apologise(text with error id)`.
 * Work that arrives while the process still accepts is tracked, so SIGTERM waits for its reply.
 */
export async function serveRequest(
  ops: RequestOps,
  fields: RequestFields,
  handler: (gate: Gate) => Promise<string | void>,
  apologise: (text: string) => Promise<unknown>,
): Promise<void> {
  const requestId = newRequestId();
  const started = performance.now();
  const account: CpuAccount = {
    user: null,
    charge(ms) {
      if (this.user !== null) ops.limiter.chargeCpu(this.user, ms);
    },
  };
  const run = withCpuAccount(account, async () => {
    const result = await withErrorBoundary(() => handler(gateFor(ops, requestId, account)), ops.errors, { ...fields, requestId });
    const latencyMs = Math.round(performance.now() - started);
    if (result.ok) {
      if (result.value) ops.log({ event: 'request.answered', ...fields, requestId, latencyMs, verdict: result.value });
      return;
    }
    try {
      await apologise(result.apology);
    } catch (error) {
      // The platform is down too: the log line with the error id is all that is left.
      ops.log({ event: 'request.apology_undelivered', ...fields, requestId, errorId: result.errorId, error: error instanceof Error ? error.message : String(error) });
    }
  });
  await (ops.shutdown.accepting() ? ops.shutdown.track(run) : run);
}
