/**
 * Remembers keys for a while, bounded in size: the per-process half of deduplication (Slack
 * retries events it thinks were not acked in 3 s, and an @mention arrives both as `app_mention`
 * and as `message`; Bolt does not dedupe). Across processes and restarts the shared store's
 * claims do the same (src/state/claims.ts); this answers repeats without a store round-trip and
 * still dedupes in this process while the store is down.
 */
export class SeenRecently {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs = 10 * 60 * 1000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True the first time a key is seen within the TTL; false for repeats. */
  first(key: string): boolean {
    const now = this.now();
    const expiry = this.expiries.get(key);
    if (expiry !== undefined && expiry > now) return false;
    this.expiries.delete(key);
    this.expiries.set(key, now + this.ttlMs);
    this.evict(now);
    return true;
  }

  /** True when `key` was seen within the TTL (does not record it). */
  has(key: string): boolean {
    const expiry = this.expiries.get(key);
    return expiry !== undefined && expiry > this.now();
  }

  /** Records `key` (again) for a full TTL. */
  add(key: string): void {
    this.expiries.delete(key);
    this.expiries.set(key, this.now() + this.ttlMs);
    this.evict(this.now());
  }

  forget(key: string): void {
    this.expiries.delete(key);
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Drops expired keys from the oldest end, then the oldest keys beyond the bound (Map keeps insertion order). */
  private evict(now: number): void {
    for (const [key, expiry] of this.expiries) {
      if (expiry > now && this.expiries.size <= this.maxEntries) break;
      this.expiries.delete(key);
    }
  }
}
