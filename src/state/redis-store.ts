import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type { ConversationStore } from './store.js';
import { RedisJournal } from './redis-journal.js';
import { answerOrder, DEFAULT_TTL_MS, decodeThreadState, encodeThreadState, type SavedThread } from './codec.js';

export interface RedisStoreOptions {
  /** `redis://[user:pass@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  ttlMs?: number;
  /** Prepended to every thread key; lets several deployments share one Redis. */
  keyPrefix?: string;
  /** A command that gets no answer within this many ms fails instead of hanging a chat reply. */
  commandTimeoutMs?: number;
  /** A connection attempt that is not up within this many ms fails (and is retried in the background). */
  connectTimeoutMs?: number;
  /** The journal's heartbeat lifetime (RedisJournalOptions.aliveTtlMs). */
  aliveTtlMs?: number;
}

/**
 * Well under a second: store calls sit in front of Slack's 3 s ack (claims), and an unreachable
 * Redis (a dead host, a black-holed port) must be known as down after one short wait.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 500;

export const DEFAULT_KEY_PREFIX = 'headroom:';

/** Claims (deduplication keys) live beside thread state, under their own prefix. */
const CLAIM_PREFIX = 'claim:';

/**
 * SET unless the stored state comes from a later answer (its `answerOrder`, see codec.ts, sorts
 * after this write's). One round-trip, atomic in Redis, so two replicas or a late write cannot
 * replace a newer state. KEYS[1] thread key; ARGV: value, its answer order ('' = none), ttl ms.
 */
const SET_UNLESS_NEWER = `
local current = redis.call('GET', KEYS[1])
if current and ARGV[2] ~= '' then
  local ok, saved = pcall(cjson.decode, current)
  if ok and type(saved) == 'table' and type(saved.answerOrder) == 'string' and saved.answerOrder > ARGV[2] then
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1
`;

/**
 * ioredis (CommonJS, ~40 modules, ~0.1 s of CPU to load) is required when a Redis store is made,
 * not when this module loads: a bot on SQLite or memory, and every `node dist/src/main.js` that the
 * tests spawn, never pays for it. It is the same module instance an `import` would give.
 */
const requireFromHere = createRequire(import.meta.url);

type ScriptedRedis = Redis & { setUnlessNewer(key: string, value: string, order: string, ttlMs: number): Promise<number> };

/**
 * Thread state shared by several bot processes (Slack HTTP mode behind a load balancer,
 * Discord shards): one `SET key value PX ttl` per turn, so Redis expires old threads itself.
 *
 * Availability: ioredis reconnects on its own after the server restarts (backoff capped at
 * 2 s); nothing waits for it. Unreachable from the start, the first connect fails within
 * DEFAULT_CONNECT_TIMEOUT_MS (at once when refused) and `connectionDown()` says so, so
 * ResilientStore opens its breaker on the first failure instead of the third. Its offline queue is off: a command sent while disconnected fails at once instead of
 * waiting, and is never replayed later (a replayed write, logged as failed by its caller, used
 * to land after newer ones and take threads back in time; issue 15). A command on a connection
 * that hangs fails after `commandTimeoutMs`; ResilientStore (resilient-store.ts) then fails fast
 * while Redis stays down.
 */
export class RedisStore implements ConversationStore {
  private readonly client: ScriptedRedis;
  private troubleAt: number | null = null;
  private closing = false;
  private everReady = false;
  /** The first connection attempt failed: until a connection is up, calls fail at once. */
  private firstConnectFailed = false;
  private readonly connectTimeoutMs: number;
  private readonly ttlMs: number;
  private readonly keyPrefix: string;
  private readonly aliveTtlMs: number | undefined;
  private journalKeys: RedisJournal | null = null;

  constructor(options: RedisStoreOptions) {
    this.ttlMs = Math.max(1, Math.round(options.ttlMs ?? DEFAULT_TTL_MS));
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.aliveTtlMs = options.aliveTtlMs;
    const clientOptions: RedisOptions = {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 1000,
      connectTimeout: this.connectTimeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      lazyConnect: false,
    };
    const { Redis: RedisClient } = requireFromHere('ioredis') as typeof import('ioredis');
    this.client = new RedisClient(options.url, clientOptions) as ScriptedRedis;
    this.client.defineCommand('setUnlessNewer', { numberOfKeys: 1, lua: SET_UNLESS_NEWER });
    // Without a listener ioredis prints every connection error; readiness reports it instead.
    // A dropped connection is trouble even when no command was waiting: writes may have been lost.
    this.client.on('error', () => this.noteTrouble());
    this.client.on('close', () => this.noteTrouble());
    this.client.once('ready', () => {
      this.everReady = true;
    });
  }

  /**
   * Before the first connection attempt has settled, commands wait for it (bounded by the connect
   * timeout): without an offline queue they would otherwise fail during the first milliseconds
   * after start. The wait ends at the first error too (a refused connection fails in a
   * millisecond), and after that, as once connected, a disconnected client fails at once:
   * nothing waits for ioredis's reconnects.
   */
  private async connected(): Promise<void> {
    if (this.everReady || this.firstConnectFailed || this.client.status === 'ready' || this.client.status === 'end') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        this.client.off('error', done);
        this.client.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, this.connectTimeoutMs);
      this.client.once('ready', done);
      this.client.once('error', done);
      this.client.once('close', done);
    });
  }

  /** True while the connection is known to be down (it failed or dropped and is not back): calls would fail. */
  connectionDown(): boolean {
    return this.client.status !== 'ready' && (this.everReady || this.firstConnectFailed || this.client.status === 'end');
  }

  private noteTrouble(): void {
    if (this.closing) return;
    this.troubleAt = Date.now();
    if (!this.everReady) this.firstConnectFailed = true;
  }

  /** When the connection last dropped or errored (ms since epoch), null if never. */
  lastTroubleAt(): number | null {
    return this.troubleAt;
  }

  async get(threadKey: string): Promise<SavedThread | null> {
    await this.connected();
    const value = await this.client.get(this.key(threadKey));
    return value === null ? null : decodeThreadState(value);
  }

  async set(threadKey: string, state: SavedThread): Promise<void> {
    await this.connected();
    await this.client.setUnlessNewer(this.key(threadKey), encodeThreadState(state), answerOrder(state.answerTs) ?? '', this.ttlMs);
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    await this.connected();
    return (await this.client.set(this.keyPrefix + CLAIM_PREFIX + key, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
  }

  async delete(threadKey: string): Promise<void> {
    await this.connected();
    await this.client.del(this.key(threadKey));
  }

  async ready(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** The request journal beside the thread states (src/state/redis-journal.ts), shared by every replica. */
  journal(): RedisJournal {
    return (this.journalKeys ??= new RedisJournal(this.client, { keyPrefix: this.keyPrefix, aliveTtlMs: this.aliveTtlMs, connected: () => this.connected() }));
  }

  async close(): Promise<void> {
    await this.journalKeys?.close();
    this.closing = true;
    if (this.client.status === 'end') return;
    if (this.client.status !== 'ready') {
      // Not connected (server down, still connecting): QUIT would wait in the offline queue.
      this.client.disconnect();
      return;
    }
    try {
      await this.client.quit();
    } catch {
      // Server already gone: drop the socket without the QUIT round-trip.
      this.client.disconnect();
    }
  }

  private key(threadKey: string): string {
    return this.keyPrefix + threadKey;
  }
}
