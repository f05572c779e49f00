import type { ConversationStore } from './store.js';
import { MemoryStore } from './store.js';
import { SqliteStore } from './sqlite-store.js';
import { RedisStore } from './redis-store.js';
import { DEFAULT_TTL_MS } from './codec.js';

export type { ConversationStore } from './store.js';
export { MemoryStore } from './store.js';
export { SqliteStore } from './sqlite-store.js';
export { RedisStore } from './redis-store.js';
export { DEFAULT_TTL_MS } from './codec.js';

export interface StoreConfig {
  /** REDIS_URL: shared state for several bot processes. Wins over sqlitePath. */
  redisUrl?: string;
  /** HEADROOM_DB_PATH: the embedded store for a single process. */
  sqlitePath?: string;
  /** HEADROOM_STATE_TTL_DAYS converted to ms; default 30 days. */
  ttlMs?: number;
  /** HEADROOM_REDIS_ALIVE_MS: a Redis replica's heartbeat lifetime (DEFAULT_ALIVE_TTL_MS when unset). */
  aliveTtlMs?: number;
}

export type StoreKind = 'redis' | 'sqlite' | 'memory';

/** Which store a configuration selects: Redis when a URL is set, else SQLite, else memory. */
export function storeKind(config: StoreConfig): StoreKind {
  if (config.redisUrl) return 'redis';
  if (config.sqlitePath) return 'sqlite';
  return 'memory';
}

export function createStore(config: StoreConfig): ConversationStore {
  const ttlMs = config.ttlMs ?? DEFAULT_TTL_MS;
  if (config.redisUrl) return new RedisStore({ url: config.redisUrl, ttlMs, aliveTtlMs: config.aliveTtlMs });
  if (config.sqlitePath) return new SqliteStore({ path: config.sqlitePath, ttlMs });
  return new MemoryStore(ttlMs);
}
