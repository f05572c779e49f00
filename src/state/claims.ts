import { SeenRecently } from './seen-recently.js';
import type { ConversationStore } from './store.js';

/**
 * How long a delivery is remembered: Slack accepts a request timestamp up to 5 minutes off, so a
 * captured request can be replayed until 5 minutes after it was signed, and Slack's own event
 * retries come at once, after 1 minute and after 5 minutes. 10 minutes covers both with room.
 */
export const CLAIM_WINDOW_MS = 10 * 60 * 1000;

/** True the first time `key` is claimed inside the window, by any process sharing the store; false for repeats. */
export type ClaimFn = (key: string) => Promise<boolean>;

/**
 * Claims keys (an event id, a slash command's trigger_id, a Discord interaction id, a request
 * signature) first in this process, then in the shared store (`SET NX` in Redis, an insert in
 * SQLite), so a retry, a replay, a restart or another replica answers once. While the store
 * cannot be asked (Redis down, breaker open) the local claim alone decides: the answer is given,
 * at the cost of a possible duplicate across replicas, rather than dropped.
 */
export function storeClaims(store: ConversationStore, log: (event: object) => void, local = new SeenRecently(CLAIM_WINDOW_MS)): ClaimFn {
  return async (key) => {
    if (!local.first(key)) return false;
    if (!store.claim) return true;
    try {
      return await store.claim(key, CLAIM_WINDOW_MS);
    } catch (error) {
      log({ event: 'store.claim_failed', error: error instanceof Error ? error.message : String(error) });
      return true;
    }
  };
}

/** Claims remembered in this process only (tests, a store without claims). */
export function localClaims(local = new SeenRecently(CLAIM_WINDOW_MS)): ClaimFn {
  return async (key) => local.first(key);
}
