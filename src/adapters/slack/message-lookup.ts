import type { LookupOptions } from './lookups.js';
import type { LatestAnswer } from './recover.js';

/** The thread's latest answer as one message reads it (oneLookupPerMessage). */
export interface MessageLookup {
  /** The answer of the read that found the thread, else a new read with these options. */
  (options?: LookupOptions): Promise<LatestAnswer>;
  /** What the last read gave (found or failed), without reading; null when none was made. */
  lastRead(): (() => Promise<LatestAnswer>) | null;
}

/**
 * The thread's latest answer for one message, read once however often the message asks (the
 * chatter check, then the answer): a read that found the thread is shared. A failed one is not:
 * the next caller reads again, with its own options. Settling a pending answer may ask up to
 * SETTLE_ATTEMPTS times (conversation.ts); when the first failure was kept, every attempt got it
 * back, and the chatter check's read, which does not wait for the budget, decided the settlement.
 */
export function oneLookupPerMessage(read: (options?: LookupOptions) => Promise<LatestAnswer>): MessageLookup {
  let shared: Promise<LatestAnswer> | null = null;
  let last: Promise<LatestAnswer> | null = null;
  const lookup = async (options?: LookupOptions) => {
    const asked = (shared ??= last = read(options));
    const found = await asked;
    if (found.kind === 'failed' && shared === asked) shared = null;
    return found;
  };
  return Object.assign(lookup, { lastRead: () => (last === null ? null : ((made: Promise<LatestAnswer>) => () => made)(last)) });
}
