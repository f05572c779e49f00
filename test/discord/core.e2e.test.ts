import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn } from './standin/server.js';
import { decodePng } from '../chart/png-decode.js';

/** The same flows with the real core. */
const realRespond: RespondFn = respond;

describe('Discord bot with the real core', () => {
  let standin: DiscordStandIn;
  let bot: { stop(): Promise<void> };

  beforeAll(async () => {
    standin = await new DiscordStandIn().start();
    bot = await startDiscord({ token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl }, { store: new MemoryStore(), respond: realRespond });
    await standin.waitForReadySocket();
  });
  afterAll(async () => {
    await bot?.stop();
    await standin?.stop();
  });

  it('answers /headroom with an estimate whose buttons re-read to the same request', async () => {
    const interaction = standin.slashCommand('13b bf16 zero3 seq 4096 on 4xA100-80G');
    const edit = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(interaction.token));
    const embed = edit.body.embeds[0];
    expect(embed.title.length).toBeGreaterThan(0);
    expect(embed.description).toMatch(/\d+\.\d/);
    const ids: string[] = edit.body.components.flatMap((row: any) => row.components.map((c: any) => c.custom_id));
    const ref = decodeCustomId(ids.at(-1)!)!.ref;
    if (ref.kind === 'text') expect(respond(ref.canonical, null).reply.kind).toBe('estimate');
  });

  it('answers a misspelt request ephemerally with a caret', async () => {
    const interaction = standin.slashCommand('13b zer3 on 4xA100-80G');
    const callback = await standin.waitForRequest((r) => r.method === 'POST' && r.path.includes(`/interactions/${interaction.id}/`));
    expect(callback.body.data.flags & 64).toBe(64);
    expect(callback.body.data.embeds[0].description).toContain('^');
  });

  it('attaches a real, decodable chart PNG when Chart is clicked', async () => {
    const source = standin.slashCommand('13b bf16 zero3 seq 4096 on 4xA100-80G');
    const edit = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(source.token));
    const ids: string[] = edit.body.components.flatMap((row: any) => row.components.map((c: any) => c.custom_id));
    const chartId = ids.find((id) => decodeCustomId(id)?.action.kind === 'chart')!;
    const click = standin.clickButton(standin.messages.get(standin.channelId)!.at(-1), chartId);
    const posted = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(click.token) && r.files.length > 0);
    expect(posted.files).toEqual(['chart.png']);
    const png = decodePng(posted.fileBytes[0]!);
    expect(png.width).toBeGreaterThan(400);
    expect(png.height).toBeGreaterThan(200);
  });
});
