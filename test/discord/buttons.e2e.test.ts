import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED } from '../../src/adapters/discord/handling/answerButton.js';
import { respond } from '../../src/core/assistant.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { startBotOn } from './start-bot.js';

/** Buttons that survive (issue 13, item 5): the real discord.js client and assistant, the store wiped before every click. */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };
const EPHEMERAL = 64;

const isOriginalEdit = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${token}/messages/@original`);
const isCallback = (id: string) => (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${id}/`);
const customIds = (body: any): string[] => (body.components ?? []).flatMap((row: any) => row.components.map((c: any) => c.custom_id));

async function answer(request: string): Promise<{ body: any; message: any }> {
  const interaction = standin.slashCommand(request);
  const edit = await standin.waitForRequest(isOriginalEdit(interaction.token));
  return { body: edit.body, message: standin.messages.get(standin.channelId)!.at(-1) };
}

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  bot = await startBotOn(standin, store, respond);
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

describe('Discord buttons survive a restart or expiry', () => {
  it('a serving answer names its scenario in its own custom ids, so a lever works with the store empty', async () => {
    const { body, message } = await answer('llama-3-70b serve ctx 32k on 1xh100');
    const ids = customIds(body);
    expect(ids.every((id) => decodeCustomId(id)?.ref.kind === 'text')).toBe(true);
    expect(ids.every((id) => id.length <= 100)).toBe(true);
    await store.close(); // restart or expiry: nothing stored
    const lever = ids.find((id) => decodeCustomId(id)?.action.kind === 'lever')!;
    const click = standin.clickButton(message, lever);
    const applied = await standin.waitForRequest(isOriginalEdit(click.token));
    expect(applied.body.embeds[0].title).not.toBe(EXPIRED);
    expect(applied.body.embeds[0].description).toMatch(/Read as/);
  });

  it('an answer too long for any custom id carries its request in the footer, and a click restores it from there', async () => {
    const request = 'mistral-7b layers 33 hidden 4128 ffn 14339 vocab 32003 qlora r24 alpha 40 all-linear seq 12288 mbs 3 ga 7 chunked ce paged adamw gc on 3x l40s';
    const { body, message } = await answer(request);
    const details = customIds(body).find((id) => decodeCustomId(id)?.action.kind === 'math')!;
    expect(decodeCustomId(details)?.ref.kind).toBe('hash');
    expect(body.embeds[0].footer.text).toMatch(/^Request: mistral-7b layers 33/);
    await store.close();
    const click = standin.clickButton(message, details);
    const callback = await standin.waitForRequest(isCallback(click.id));
    expect(callback.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(callback.body.data.content).toBeUndefined();
    expect(callback.body.data.embeds[0].title).toMatch(/^Details: /);
  });
});
