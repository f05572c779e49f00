import { CircuitOpenError } from './circuit-breaker.js';
import { SeenRecently } from './seen-recently.js';
import type { ConversationStore } from './store.js';

/**
 * How long a delivery is remembered: Slack accepts a request timestamp up to 5 minutes off, so a
 * captured request can be replayed until 5 minutes after it was signed, and Slack's own event
 * retries come at once, after 1 minute and after 5 minutes. 10 minutes covers both with room.
 */
export const CLAIM_WINDOW_MS = 10 * 60 * 1000;

/**
 * The longest a claim waits for the store. Claims sit in front of the ack (Slack's 3 s), so a
 * store that is slow or unreachable must not hold them: past this the local claim decides.
 */
export const CLAIM_DEADLINE_MS = 250;

/** True the first time `key` is claimed inside the window, by any process sharing the store; false for repeats. */
export type ClaimFn = (key: string) => Promise<boolean>;

/**
 * Claims keys (an event id, a slash command's trigger_id, a Discord interaction id, a request
 * signature) first in this process, then in the shared store (`SET NX` in Redis, an insert in
 * SQLite), so a retry, a replay, a restart or another replica answers once. While the store
 * cannot be asked (Redis down, breaker open, no answer within CLAIM_DEADLINE_MS) the local claim
 * alone decides: the answer is given, at the cost of a possible duplicate across replicas,
 * rather than dropped or acked late.
 */
export function storeClaims(
  store: ConversationStore,
  log: (event: object) => void,
  local = new SeenRecently(CLAIM_WINDOW_MS),
  deadlineMs = CLAIM_DEADLINE_MS,
): ClaimFn {
  return async (key) => {
    if (!local.first(key)) return false;
    if (!store.claim) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const claimed = Promise.resolve().then(() => store.claim!(key, CLAIM_WINDOW_MS));
    try {
      const first = await Promise.race([claimed, late]);
      if (first !== 'late') return first;
      claimed.catch(() => undefined);
      log({ event: 'store.claim_failed', error: `no answer within ${deadlineMs} ms` });
      return true;
    } catch (error) {
      // While the breaker is open every claim is refused at once; that is logged by the store's health, not per claim.
      if (!(error instanceof CircuitOpenError)) log({ event: 'store.claim_failed', error: error instanceof Error ? error.message : String(error) });
      return true;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Claims remembered in this process only (tests, a store without claims). */
export function localClaims(local = new SeenRecently(CLAIM_WINDOW_MS)): ClaimFn {
  return async (key) => local.first(key);
}
