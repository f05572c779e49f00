import { Events } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';
import type { ErrorLog } from '../../ops/errors.js';
import type { RateLimiter } from '../../ops/rate-limit.js';
import type { Shutdown } from '../../ops/shutdown.js';
import type { ConversationStore } from '../../state/store.js';
import { requestOps } from '../admission.js';
import { createDiscordClient } from './client.js';
import type { ChartFn, CompleteFn, HandlerDeps, LogFn, RespondFn } from './deps.js';
import { registerListeners } from './listeners.js';
import { loadChart, loadCompleter } from './optional.js';

export { startDiscordSharded } from './sharded.js';

export interface DiscordDeps {
  store: ConversationStore;
  log?: LogFn;
  /** Injected in tests; the real core otherwise. `null` switches a feature off. */
  respond?: RespondFn;
  complete?: CompleteFn | null;
  chart?: ChartFn | null;
  /** Per-user / per-channel limits; DEFAULT_RATE_LIMITS when absent. */
  limiter?: RateLimiter;
  /** The process's shutdown: in-flight replies are tracked on it, new ones refused once it begins. */
  shutdown?: Shutdown;
  /** Where handler failures go with their stack (the process's pino logger); `log` when absent. */
  errors?: ErrorLog;
}

/** The real core, loaded only when no respond() is injected (tests inject a fake). */
async function loadCoreRespond(): Promise<RespondFn> {
  const core = await import('../../core/assistant.js');
  return core.respond;
}

/** Logs in, waits until the client is ready to serve, and returns how to stop it. */
export async function startDiscord(config: DiscordConfig, deps: DiscordDeps): Promise<{ stop(): Promise<void> }> {
  const log = deps.log ?? (() => undefined);
  const handlerDeps: HandlerDeps = {
    respond: deps.respond ?? (await loadCoreRespond()),
    store: deps.store,
    complete: deps.complete === undefined ? await loadCompleter() : deps.complete,
    chart: deps.chart === undefined ? await loadChart() : deps.chart,
    log,
    ops: requestOps(log, 'discord', { limiter: deps.limiter, shutdown: deps.shutdown, errors: deps.errors }),
  };
  const client = createDiscordClient(config);
  registerListeners(client, handlerDeps);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  log({ event: 'discord.ready', user: client.user?.tag, shards: client.shard?.ids ?? [0] });
  return {
    async stop() {
      await client.destroy();
    },
  };
}
