/**
 * Remembers keys for a while, bounded in size: Slack retries events it thinks were not acked
 * in 3 s, and an @mention arrives both as `app_mention` and as `message` (DESIGN §5); Bolt
 * does not dedupe. One instance per process; several processes dedupe through the store's
 * thread state only as far as answers are idempotent.
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
