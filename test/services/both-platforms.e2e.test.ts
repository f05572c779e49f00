// Slack first, as services.ts loads it: its undici is then the first in the process, as in `npm start`.
import '../../src/adapters/slack/index.js';
import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createLogger } from '../../src/ops/logger.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { startServices, type Services } from '../../src/services.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from '../discord/standin/server.js';
import { waitFor } from '../slack/harness.js';
import { slashCommand } from '../slack/standin/payloads.js';
import { SlackStandIn } from '../slack/standin/web-api.js';

/**
 * `npm start` with Slack and Discord configured runs both in one process. Slack's Socket Mode
 * (undici WebSocket) and discord.js (undici REST) then share undici's process-wide global
 * dispatcher; with two undici majors installed, discord.js's multipart bodies (every chart)
 * went to the other copy's dispatcher and failed (nodejs/undici#5520). This starts both
 * platforms through startServices and attaches a chart on Discord after Slack has connected;
 * the fix is a dispatcher of discord.js's own undici copy (src/adapters/discord/rest-options.ts).
 */
describe('Slack (Socket Mode) and Discord in one process', () => {
  let slack: SlackStandIn;
  let discord: DiscordStandIn;
  let services: Services;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('both-platforms')]);

  beforeAll(async () => {
    slack = new SlackStandIn();
    await slack.start();
    discord = await new DiscordStandIn().start();
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-test-token',
      SLACK_APP_TOKEN: 'xapp-test-token',
      SLACK_API_URL: slack.apiUrl,
      DISCORD_TOKEN: 'standin.token.xxxxxxxxxxxxxxxxxxxx',
      DISCORD_APP_ID: discord.appId,
      DISCORD_API_URL: discord.apiUrl,
      HEADROOM_COMPUTE_THREADS: '0',
    });
    services = await startServices(
      { ...config, slack: { ...config.slack!, webApiRetries: 0 } },
      {
        env: {},
        logger: createLogger({ env: {}, sink: { write: () => undefined } }),
        store: new MemoryStore(),
        signals: new EventEmitter(),
        exit: () => undefined,
        slack: { loadChart: async () => null },
        discord: { chart: async () => png, complete: null },
      },
    );
    await discord.waitForReadySocket();
  });

  afterAll(async () => {
    services?.removeSignalHandlers();
    await services?.shutdown.begin();
    await slack?.stop();
    await discord?.stop();
  });

  it('runs in the order that broke charts: the default undici dispatcher is not the one discord.js imports', () => {
    // Otherwise the chart test below would pass for the wrong reason (discord.js's undici first).
    const require = createRequire(import.meta.url);
    const discordUndici = createRequire(require.resolve('@discordjs/rest'))('undici') as { Agent: new () => object };
    const slackUndici = createRequire(require.resolve('@slack/socket-mode'))('undici') as { Agent: new () => object };
    const global = (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')];
    expect(discordUndici.Agent).not.toBe(slackUndici.Agent);
    expect(global).toBeInstanceOf(slackUndici.Agent);
  });

  it('answers a Slack slash command and attaches a Discord chart, in the same process', async () => {
    await slack.sendEnvelope({ type: 'slash_commands', payload: slashCommand('7b lora on a 4090', slack.responseUrl()) });
    await waitFor(() => slack.callsOf('chat.postMessage')[0], 'the Slack answer', 8000);

    const isOriginalEdit = (token: string) => (r: RecordedRequest) =>
      r.method === 'PATCH' && r.path.includes(`/webhooks/${discord.appId}/${token}/messages/@original`);
    const source = discord.slashCommand('13b on H100');
    const edit = await discord.waitForRequest(isOriginalEdit(source.token));
    const chartId = (edit.body.components as { components: { custom_id: string }[] }[])
      .flatMap((row) => row.components.map((c) => c.custom_id))
      .find((id) => decodeCustomId(id)?.action.kind === 'chart')!;
    const click = discord.clickButton(discord.messages.get(discord.channelId)!.at(-1), chartId);
    const posted = await discord.waitForRequest(isOriginalEdit(click.token));
    expect(posted.files).toEqual(['chart.png']);
    expect(posted.fileBytes[0]!.equals(png)).toBe(true);
  });
});
