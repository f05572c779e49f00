import { shortId } from './ids.js';

/** At most this many reports per window; a storm of the same failure is a few lines, not a disk. */
const MAX_REPORTS = 20;
const REPORT_WINDOW_MS = 10_000;

function isBrokenOutput(thrown: unknown): boolean {
  const code = (thrown as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}

/** The part of `process` the handlers attach to, injectable for tests. */
export interface ProcessEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
  off(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
}

/** Where the report goes: pino's `error(fields, message)` satisfies it. */
export interface FatalLog {
  error(fields: object, message?: string): void;
}

/**
 * The process's last line: an exception no handler caught, or a promise rejected with nobody
 * listening, is logged with an error id and the process keeps serving. Without these, Node ends
 * the process, and every answer in flight (already acknowledged to Slack or Discord) is lost with
 * it: one stray request cost 8 answers under load (issue 15). Every known path has its own
 * boundary (src/ops/errors.ts); reaching this is a bug to fix, which the `fatal`-free level and
 * the error id make findable. Returns a function that removes the handlers.
 */
export function installLastResort(log: FatalLog, events: ProcessEvents = process, now: () => number = Date.now): () => void {
  let windowStart = 0;
  let inWindow = 0;
  const report = (kind: 'uncaught_exception' | 'unhandled_rejection') => (thrown: unknown) => {
    // Logging must not feed itself: with stdout gone (EPIPE), each log line's write error would
    // come back here as a new uncaught exception, a busy loop. Such errors are not logged, and
    // past MAX_REPORTS a window the rest of the window is dropped.
    if (isBrokenOutput(thrown)) return;
    if (now() - windowStart > REPORT_WINDOW_MS) [windowStart, inWindow] = [now(), 0];
    if (++inWindow > MAX_REPORTS) return;
    const errorId = shortId();
    const err = thrown instanceof Error ? thrown : new Error(`non-Error thrown: ${String(thrown)}`);
    try {
      log.error({ event: `process.${kind}`, errorId, err }, 'caught by the last-resort handler; still serving');
    } catch {
      // A failing logger must not turn a survived error into a crash.
    }
  };
  const onException = report('uncaught_exception');
  const onRejection = report('unhandled_rejection');
  events.on('uncaughtException', onException);
  events.on('unhandledRejection', onRejection);
  return () => {
    events.off('uncaughtException', onException);
    events.off('unhandledRejection', onRejection);
  };
}
