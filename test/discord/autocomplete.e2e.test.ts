import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { respond } from '../../src/core/assistant.js';
import { GPUS, MODELS } from '../../src/catalog/index.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { message } from './standin/payloads.js';

/** Autocomplete and help as a Discord user sees them (issue 13, item 7): the real client, completer and assistant. */

let standin: DiscordStandIn;
let bot: { stop(): Promise<void> };
const isCallback = (id: string) => (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${id}/`);
const isOriginalEdit = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${token}/messages/@original`);
const cards = new Set(GPUS.map((g) => g.id));
const models = new Set(MODELS.map((m) => m.id));

async function choices(partial: string): Promise<string[]> {
  const interaction = standin.autocomplete(partial);
  const callback = await standin.waitForRequest(isCallback(interaction.id));
  return (callback.body.data.choices as { value: string }[]).map((c) => c.value);
}

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  bot = await startDiscord(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl },
    // complete left undefined: the real completer (src/language/complete.ts) is loaded.
    { store: new MemoryStore(), respond, limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }), chart: null },
  );
  await standin.waitForReadySocket();
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

describe('Discord autocomplete and help', () => {
  it('after "on 4x " it offers cards, not models', async () => {
    const offered = await choices('13b zero3 on 4x ');
    expect(offered.length).toBeGreaterThan(0);
    const words = offered.map((c) => c.slice('13b zero3 on 4x '.length));
    expect(words.filter((w) => models.has(w))).toEqual([]);
    expect(words.some((w) => cards.has(w))).toBe(true);
  });

  it('"on 4xa1" completes the card in the same word, and each choice reads as a request', async () => {
    const offered = await choices('13b on 4xa1');
    expect(offered).toContain('13b on 4xa100-80g');
    for (const choice of offered) expect(respond(choice, null).reply.kind).toBe('estimate');
  });

  it('a MoE size such as 8x7b is still completed as a model', async () => {
    expect(await choices('8x7b')).toContain('mixtral-8x7b');
  });

  it('help is private and one screen; "More" shows the rest privately, as a list in a proportional font', async () => {
    const interaction = standin.slashCommand('help');
    const callback = await standin.waitForRequest(isCallback(interaction.id));
    // An ephemeral reply (flag 64), at most ten lines with its "More" button, each example once.
    expect(callback.body.data.flags & 64).toBe(64);
    const first = callback.body.data.embeds[0];
    const lines = 1 + (first.description as string).split('\n').length + callback.body.data.components.length;
    expect(lines).toBeLessThanOrEqual(10);
    const more = callback.body.data.components[0].components[0];
    expect(more.label).toBe('More');

    const shown = message({ channelId: standin.channelId, guildId: standin.guildId, author: standin.botUser, embeds: callback.body.data.embeds, components: callback.body.data.components, flags: 64 });
    const click = standin.clickButton(shown, more.custom_id);
    const rest = await standin.waitForRequest(isCallback(click.id));
    expect(rest.body.data.flags & 64).toBe(64);
    const description: string = rest.body.data.embeds[0].description;
    expect(description).toMatch(/^\*\*model\*\* 13b/m);
    expect(description).toMatch(/^\*\*hardware\*\* on 4x A100-80G/m);
    expect(description).not.toMatch(/\S {2,}\S/);
    // No example is listed on both screens.
    const examplesOf = (embed: { description?: string; fields?: { value: string }[] }) => [...JSON.stringify(embed).matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const twice = examplesOf(first).filter((e) => examplesOf(rest.body.data.embeds[0]).includes(e));
    expect(twice).toEqual([]);
  });
});
