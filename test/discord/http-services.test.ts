import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createLogger } from '../../src/ops/logger.js';
import { startServices } from '../../src/services.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { InteractionSigner, postInteraction } from './standin/signer.js';
import { DiscordStandIn } from './standin/server.js';

/** startServices with DISCORD_PUBLIC_KEY: the interactions port opens next to (or instead of) the gateway and closes on SIGTERM. */

const signer = new InteractionSigner();
let standin: DiscordStandIn;

beforeEach(async () => {
  standin = await new DiscordStandIn().start();
});
afterEach(async () => {
  await standin.stop();
});

async function start(extraEnv: Record<string, string>) {
  const env = { DISCORD_TOKEN: 'standin.token.xxxxxxxxxxxxxxxxxxxx', DISCORD_APP_ID: standin.appId, DISCORD_API_URL: standin.apiUrl, DISCORD_PUBLIC_KEY: signer.publicKeyHex, ...extraEnv };
  const config = loadConfig(env);
  const discord = { ...config.discord!, interactions: { ...config.discord!.interactions!, port: 0 } };
  const lines: string[] = [];
  const signals = new EventEmitter();
  const exits: number[] = [];
  const services = await startServices(
    { ...config, slack: null, discord, host: '127.0.0.1' },
    {
      env: {},
      logger: createLogger({ env: {}, sink: { write: (line: string) => lines.push(line) } }),
      store: new MemoryStore(),
      signals,
      exit: (code) => exits.push(code),
      shutdownTimeoutMs: 2_000,
      discord: { respond: fakeRespond, complete: null, chart: null },
    },
  );
  const ping = () => postInteraction(`http://127.0.0.1:${services.discordPort}/discord/interactions`, { type: 1 }, signer);
  const stop = async () => {
    signals.emit('SIGTERM');
    await services.shutdown.begin();
    services.removeSignalHandlers();
  };
  return { services, lines, exits, ping, stop };
}

describe('startServices with Discord HTTP interactions', () => {
  it('runs the gateway and the interactions endpoint, logs the port in `ready`, and closes both on SIGTERM', async () => {
    const { services, lines, exits, ping, stop } = await start({});
    expect(services.discordPort).toBeGreaterThan(0);
    expect(await ping()).toEqual({ status: 200, json: { type: 1 } });
    expect(standin.identifies).toBe(1);
    const ready = lines.map((l) => JSON.parse(l)).find((l) => l.event === 'ready');
    expect(ready).toMatchObject({ discord: true, discordPort: services.discordPort });

    await stop();
    expect(exits).toEqual([0]);
    await expect(ping()).rejects.toThrow();
  });

  it('with DISCORD_GATEWAY=off serves interactions without opening a gateway session', async () => {
    const { ping, stop, exits } = await start({ DISCORD_GATEWAY: 'off' });
    expect(await ping()).toEqual({ status: 200, json: { type: 1 } });
    expect(standin.identifies).toBe(0);
    expect(standin.requests.some((r) => r.path.includes('/gateway'))).toBe(false);
    await stop();
    expect(exits).toEqual([0]);
  });
});
