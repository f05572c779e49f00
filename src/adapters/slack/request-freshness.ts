import type { IncomingHttpHeaders } from 'node:http';

/** Slack's replay window: a request timestamp more than 5 minutes off is refused (docs: "Verifying requests"). */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/**
 * True when `x-slack-request-timestamp` is within ±5 minutes of now. Bolt's own check only
 * refuses stale timestamps; a far-future one (captured request replayed later, or a forged
 * clock) must be refused too, so this runs before Bolt verifies the signature.
 */
export function isFreshSlackRequest(headers: IncomingHttpHeaders, nowMs: number = Date.now()): boolean {
  const raw = headers['x-slack-request-timestamp'];
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw)) return false;
  const skew = Math.abs(Math.floor(nowMs / 1000) - Number(raw));
  return skew <= MAX_CLOCK_SKEW_SECONDS;
}
