import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import type { DiscordStandIn } from './standin/server.js';

/** Limits no conversation test reaches: they are about threads and buttons, not rate limiting. */
const UNLIMITED = { user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } };

/** The real discord.js bot against the stand-in, answered by `respond`, once its gateway is ready. */
export async function startBotOn(standin: DiscordStandIn, store: Parameters<typeof startDiscord>[1]['store'], respond: RespondFn): Promise<{ stop(): Promise<void> }> {
  const bot = await startDiscord(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl },
    { store, respond, limiter: createRateLimiter(UNLIMITED), complete: null, chart: null },
  );
  await standin.waitForReadySocket();
  return bot;
}
