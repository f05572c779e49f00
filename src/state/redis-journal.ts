import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { parseJournalEntry } from './sqlite-journal.js';
import { LEFT_OVER_MAX_AGE_MS, type AcknowledgedRequest, type RequestJournal } from './request-journal.js';

export interface RedisJournalOptions {
  /** Prepended to the journal's keys (the store's prefix: several deployments may share one Redis). */
  keyPrefix: string;
  /** How long a process counts as alive after its last heartbeat; it beats every third of this. */
  aliveTtlMs?: number;
  /** Whole journal keys expire this long after their last write: nothing older is ever told. */
  ttlMs?: number;
  /** This process's name in the journal; a fresh one per start. */
  instance?: string;
  /** Waits for the store's first connection (RedisStore: its client has no offline queue). */
  connected?: () => Promise<void>;
  now?: () => number;
}

/** A replica that stops beating is gone after 15 s: its requests are then left over. */
export const DEFAULT_ALIVE_TTL_MS = 15_000;

/**
 * The request journal in Redis, shared by every replica: per platform a hash (request id →
 * entry, plus `posting:{id}` → the answer it follows) and a sorted set (request id by ackedAt),
 * both expiring LEFT_OVER_MAX_AGE_MS after their last write. Each entry names the process that
 * acknowledged it, and each process keeps an `alive:{instance}` key fresh: an entry is left
 * over only when its process is gone (killed, restarted under a new name), never while another
 * replica is still answering it.
 */
export class RedisJournal implements RequestJournal {
  readonly instance: string;
  private readonly aliveTtlMs: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly client: Redis, private readonly options: RedisJournalOptions) {
    this.instance = options.instance ?? randomUUID();
    this.aliveTtlMs = options.aliveTtlMs ?? DEFAULT_ALIVE_TTL_MS;
    this.ttlMs = options.ttlMs ?? LEFT_OVER_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    void this.beat();
    this.heartbeat = setInterval(() => void this.beat(), Math.max(1, Math.floor(this.aliveTtlMs / 3)));
    this.heartbeat.unref?.();
  }

  async add(entry: AcknowledgedRequest): Promise<void> {
    await this.options.connected?.();
    const { phase: _acked, afterAnswer: _unknownYet, ...fields } = entry;
    const [hash, byAge] = this.keys(entry.platform);
    await this.client
      .multi()
      .hset(hash, entry.id, JSON.stringify({ ...fields, owner: this.instance }))
      .zadd(byAge, entry.ackedAt, entry.id)
      .pexpire(hash, this.ttlMs)
      .pexpire(byAge, this.ttlMs)
      .exec();
  }

  /** Marked only while the entry is there: a mark after `remove` would outlive its request. */
  async posting(id: string, afterAnswer?: string): Promise<void> {
    await this.options.connected?.();
    const [hash] = this.keys(platformOf(id));
    await this.client.eval(MARK_POSTING, 1, hash, id, afterAnswer ?? '');
  }

  async remove(id: string): Promise<void> {
    await this.options.connected?.();
    const [hash, byAge] = this.keys(platformOf(id));
    await this.client.multi().hdel(hash, id, POSTING + id).zrem(byAge, id).exec();
  }

  /**
   * Entries whose process is gone, newest first. Read no sooner than one heartbeat lifetime
   * after this process started: a process killed just before it may still look alive until then.
   */
  async leftOver(platform: AcknowledgedRequest['platform'], before: number, limit: number): Promise<AcknowledgedRequest[]> {
    const wait = this.startedAt + this.aliveTtlMs - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await this.options.connected?.();
    const [hash, byAge] = this.keys(platform);
    const entries: AcknowledgedRequest[] = [];
    // Pages through the newest, skipping live replicas' requests, until `limit` are found.
    for (let offset = 0; entries.length < limit; offset += limit) {
      const ids = await this.client.zrevrangebyscore(byAge, `(${before}`, '-inf', 'LIMIT', offset, limit);
      if (ids.length === 0) break;
      for (const entry of await this.read(hash, ids)) if (entries.length < limit && !(await this.alive(entry.owner))) entries.push(entry.request);
    }
    return entries;
  }

  /** Forgets entries acknowledged before `before` by processes that are gone (a live replica's stay). */
  async forgetBefore(platform: AcknowledgedRequest['platform'], before: number): Promise<number> {
    await this.options.connected?.();
    const [hash, byAge] = this.keys(platform);
    const ids = await this.client.zrangebyscore(byAge, '-inf', `(${before}`);
    let removed = 0;
    for (const entry of await this.read(hash, ids, true)) {
      if (entry.owner !== null && (await this.alive(entry.owner))) continue;
      await this.remove(entry.id);
      removed += 1;
    }
    return removed;
  }

  /** Stops the heartbeat and says this process is gone (a clean stop leaves nothing to wait out). */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.client.status === 'ready') await this.client.del(this.aliveKey(this.instance)).catch(() => undefined);
  }

  /** Entries by id; with `unreadable`, ids whose entry is missing or unreadable come back too, owner null (to forget). */
  private async read(hash: string, ids: string[], unreadable = false): Promise<Array<{ id: string; owner: string | null; request: AcknowledgedRequest }>> {
    if (ids.length === 0) return [];
    const values = await this.client.hmget(hash, ...ids.flatMap((id) => [id, POSTING + id]));
    const out: Array<{ id: string; owner: string | null; request: AcknowledgedRequest }> = [];
    ids.forEach((id, i) => {
      const [value, posting] = [values[2 * i], values[2 * i + 1]];
      let raw: { owner?: unknown } | null = null;
      try {
        raw = value ? (JSON.parse(value) as { owner?: unknown }) : null;
      } catch {
        raw = null;
      }
      const request = raw ? parseJournalEntry({ ...raw, phase: posting === null ? 'acked' : 'posting', ...(posting ? { afterAnswer: posting } : {}) }) : null;
      const owner = typeof raw?.owner === 'string' ? raw.owner : null;
      if (request) out.push({ id, owner, request });
      else if (unreadable) out.push({ id, owner: null, request: { id } as AcknowledgedRequest });
    });
    return out;
  }

  private async alive(owner: string | null): Promise<boolean> {
    if (owner === null || owner === this.instance) return owner === this.instance;
    return (await this.client.exists(this.aliveKey(owner))) === 1;
  }

  private async beat(): Promise<void> {
    await this.client.set(this.aliveKey(this.instance), '1', 'PX', this.aliveTtlMs).catch(() => undefined);
  }

  private keys(platform: string): [hash: string, byAge: string] {
    const base = `${this.options.keyPrefix}journal:${platform}`;
    return [base, `${base}:by-age`];
  }

  private aliveKey(instance: string): string {
    return `${this.options.keyPrefix}journal:alive:${instance}`;
  }
}

const POSTING = 'posting:';

/** KEYS[1] the platform's hash; ARGV: request id, the answer it follows ('' when unknown). */
const MARK_POSTING = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], '${POSTING}' .. ARGV[1], ARGV[2])
end
return 0
`;

/** Request ids are platform-prefixed (`slack:…`, `discord:…`, request-journal.ts). */
function platformOf(id: string): AcknowledgedRequest['platform'] {
  return id.startsWith('discord:') ? 'discord' : 'slack';
}
