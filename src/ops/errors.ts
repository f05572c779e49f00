import { shortId } from './ids.js';

/** The one method the boundary needs from a logger (pino's Logger satisfies it). */
export interface ErrorLog {
  error(fields: object, message?: string): void;
}

export type BoundaryResult<T> = { ok: true; value: T } | { ok: false; errorId: string; apology: string };

/**
 * What a user sees when a handler fails: no stack, no internals, and an id they can quote
 * so an operator finds the matching log line (`errorId`).
 */
export function apologyText(errorId: string): string {
  return `Sorry — something went wrong on my side (error id ${errorId}).`;
}

/**
 * Runs a handler; if it throws (synchronously or by rejecting), logs the error with a fresh
 * short id and the caller's context fields, and returns the apology instead of propagating.
 * Adapters wrap each incoming event in this so one bad request never kills the process or
 * leaves a Slack/Discord interaction unanswered.
 */
export async function withErrorBoundary<T>(
  handler: () => T | Promise<T>,
  log: ErrorLog,
  fields: Record<string, unknown> = {},
): Promise<BoundaryResult<T>> {
  try {
    return { ok: true, value: await handler() };
  } catch (thrown) {
    const errorId = shortId();
    const err = thrown instanceof Error ? thrown : new Error(`non-Error thrown: ${describeThrown(thrown)}`);
    try {
      log.error({ ...fields, errorId, err }, 'handler failed');
    } catch {
      // A failing logger must not turn an apology into a crash.
    }
    return { ok: false, errorId, apology: apologyText(errorId) };
  }
}

function describeThrown(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
