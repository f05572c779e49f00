import { Redis, type RedisOptions } from 'ioredis';
import type { ThreadState } from '../core/assistant.js';
import type { ConversationStore } from './store.js';
import { DEFAULT_TTL_MS, decodeThreadState, encodeThreadState } from './codec.js';

export interface RedisStoreOptions {
  /** `redis://[user:pass@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  ttlMs?: number;
  /** Prepended to every thread key; lets several deployments share one Redis. */
  keyPrefix?: string;
  /** A command that gets no answer within this many ms fails instead of hanging a chat reply. */
  commandTimeoutMs?: number;
}

export const DEFAULT_KEY_PREFIX = 'headroom:';

/**
 * Thread state shared by several bot processes (Slack HTTP mode behind a load balancer,
 * Discord shards): one `SET key value PX ttl` per turn, so Redis expires old threads itself.
 *
 * Availability: ioredis reconnects on its own after the server restarts (backoff capped at
 * 2 s) and queues commands meanwhile; each command is retried once across a reconnect and
 * then fails, so a store outage surfaces as an error the handler's error boundary reports,
 * rather than as a reply that hangs past the platform's 3 s deadline many times over.
 */
export class RedisStore implements ConversationStore {
  private readonly client: Redis;
  private readonly ttlMs: number;
  private readonly keyPrefix: string;

  constructor(options: RedisStoreOptions) {
    this.ttlMs = Math.max(1, Math.round(options.ttlMs ?? DEFAULT_TTL_MS));
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    const clientOptions: RedisOptions = {
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      lazyConnect: false,
    };
    this.client = new Redis(options.url, clientOptions);
    // Without a listener ioredis prints every connection error; readiness reports it instead.
    this.client.on('error', () => undefined);
  }

  async get(threadKey: string): Promise<ThreadState | null> {
    const value = await this.client.get(this.key(threadKey));
    return value === null ? null : decodeThreadState(value);
  }

  async set(threadKey: string, state: ThreadState): Promise<void> {
    await this.client.set(this.key(threadKey), encodeThreadState(state), 'PX', this.ttlMs);
  }

  async delete(threadKey: string): Promise<void> {
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

  async close(): Promise<void> {
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
