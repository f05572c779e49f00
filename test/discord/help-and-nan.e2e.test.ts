import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import { respond, RESET_TITLE, scenarioThread } from '../../src/core/assistant.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { openThread, postsIn as postsInChannel, until } from './thread-helpers.js';
import { startBotOn } from './start-bot.js';

/**
 * help / reset / usage short, and NaN questions triaged first (issue 24, items 4 and 8): the real
 * discord.js client, the real assistant, the stand-in.
 */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };

const postsIn = (channelId: string) => postsInChannel(standin, channelId);
const isCallback = (id: string) => (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${id}/`);
const isOriginalEdit = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${token}/messages/@original`);
/** Lines a person sees: the title, each line of the description and of each field, one per row of buttons. */
const screenLines = (body: { embeds: { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: unknown }[]; components?: unknown[] }) =>
  body.embeds.reduce((n, e) => n + (e.title ? 1 : 0) + (e.description ? e.description.split('\n').length : 0) + (e.fields ?? []).reduce((m, f) => m + 1 + f.value.split('\n').length, 0), 0) + (body.components?.length ?? 0);

async function mention(request: string): Promise<RecordedRequest> {
  const before = standin.requests.length;
  standin.userMessage(standin.channelId, request, { mentionBot: true });
  return standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages` && standin.requests.indexOf(r) >= before);
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

describe('Discord: help is short; NaN questions get the triage first', () => {
  it('"@headroom help" gets a short reply: at most ten lines with "More"; an empty /headroom is ephemeral', async () => {
    const reply = await mention('help');
    expect(reply.body.message_reference).toBeDefined();
    expect(screenLines(reply.body)).toBeLessThanOrEqual(10);
    expect(reply.body.components[0].components[0].label).toBe('More');
    const interaction = standin.slashCommand('');
    const callback = await standin.waitForRequest(isCallback(interaction.id));
    expect(callback.body.data.flags & 64).toBe(64);
    expect(screenLines(callback.body.data)).toBeLessThanOrEqual(10);
  });

  it('reset in a thread is one line', async () => {
    const thread = await openThread(standin, store, '13b on 4x A100-80G');
    standin.userMessage(thread, 'reset');
    const reset = await until(() => postsIn(thread)[0], 'the reset');
    expect(reset.body.embeds[0].title).toBe(RESET_TITLE);
    expect(reset.body.embeds[0].description ?? '').toBe('');
    expect(reset.body.embeds[0].fields ?? []).toEqual([]);
  });

  it('"my loss goes NaN with fp16 on a V100" gets the NaN triage first, on the V100', async () => {
    const reply = await mention('my loss goes NaN with fp16 on a V100');
    const embed = reply.body.embeds[0];
    expect(embed.title).toMatch(/^A NaN under fp16 .*\.$/);
    expect(JSON.stringify(embed)).toMatch(/V100 [^"]*has no bf16/);
    expect(JSON.stringify(embed)).not.toMatch(/Does not fit|Fits:/);
  });

  it('a NaN question with a setup: the estimate is one click away, and the click posts it', async () => {
    const reply = await mention('13b lora bf16 on a 4090, loss diverges after 2k steps');
    const button = reply.body.components[0].components[0];
    expect(button.label).toBe('Memory estimate');
    const shown = standin.messages.get(standin.channelId)!.at(-1);
    const click = standin.clickButton(shown, button.custom_id);
    const edit = await standin.waitForRequest(isOriginalEdit(click.token));
    expect(edit.body.embeds[0].title).toMatch(/RTX 4090/);
  });

  it('`oom` in a thread whose setup does not fit reads that setup: no "Tight fit"', async () => {
    const thread = await openThread(standin, store, 'finetune 13b on 1x A100-80G');
    standin.userMessage(thread, 'oom');
    const reply = await until(() => postsIn(thread)[0], 'the oom tips');
    const shown = JSON.stringify(reply.body);
    expect(reply.body.embeds[0].title).toMatch(/Does not fit.*\.$/);
    expect(shown).not.toContain('Tight fit');
    expect(scenarioThread(await store.get(threadKey(thread)))?.scenario.hardware?.gpuId).toBe('a100-80g');
  });
});
