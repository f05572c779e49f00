import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import { respond, scenarioThread } from '../../src/core/assistant.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { openThread, postsIn as postsInChannel, until } from './thread-helpers.js';
import { startBotOn } from './start-bot.js';

/**
 * Who may change a thread (issue 24, item 1): the real discord.js client, the real assistant, the
 * stand-in. alice (standin.human) asks; bob (standin.colleague) talks in her threads.
 */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };

const start = async () => {
  store = new MemoryStore();
  bot = await startBotOn(standin, store, respond);
};

const postsIn = (channelId: string) => postsInChannel(standin, channelId);
const reactionsTo = (channelId: string, messageId: string) => standin.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/api/v10/channels/${channelId}/messages/${messageId}/reactions/`));
const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));

const canonicalIn = async (thread: string) => {
  const state = scenarioThread(await store.get(threadKey(thread)));
  return state ? canonicalText(state.scenario) : null;
};

/** What alice's messages give with nobody else talking. */
function aloneCanonical(...messages: string[]): string {
  let state = null;
  for (const m of messages) state = respond(m, state).state;
  return canonicalText(scenarioThread(state)!.scenario);
}

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  await start();
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

describe('Discord: the thread belongs to who asked', () => {
  it("bob's chatter gets no reply and changes nothing; alice's follow-up is read on her scenario", async () => {
    const thread = await openThread(standin, store, '13b on 4x A100-80G');
    expect((await store.get(threadKey(thread)))?.asker).toBe(standin.human.id);
    const bob = { author: standin.colleague };
    standin.userMessage(thread, 'thanks!', bob);
    standin.userMessage(thread, 'did you try deepspeed?', { ...bob, mentions: [standin.human] });
    const lol = standin.userMessage(thread, 'lol fp16', bob);
    await settle();
    expect(postsIn(thread)).toHaveLength(0);
    expect(reactionsTo(thread, lol.id)).toHaveLength(0);
    standin.userMessage(thread, 'seq 8192');
    await until(() => postsIn(thread)[0], "alice's follow-up");
    await until(async () => (await canonicalIn(thread))?.includes('seq 8192'), 'the new scenario');
    expect(await canonicalIn(thread)).toBe(aloneCanonical('13b on 4x A100-80G', 'seq 8192'));
  });

  it('bob mentioning the bot, or replying to it, does change the thread; alice stays the asker', async () => {
    const thread = await openThread(standin, store, '13b on 4x A100-80G');
    standin.userMessage(thread, 'zero3', { author: standin.colleague, mentionBot: true });
    const first = await until(() => postsIn(thread)[0], "the answer to bob's mention");
    await until(async () => (await canonicalIn(thread))?.includes('zero3'), 'zero3 applied');
    const answer = standin.messages.get(thread)!.find((m) => m.id === (first as RecordedRequest & { body: { id?: string } }).body?.id) ?? standin.messages.get(thread)!.at(-1);
    standin.userMessage(thread, 'gc', { author: standin.colleague, replyTo: answer });
    await until(() => postsIn(thread)[1], "the answer to bob's reply");
    expect(await until(async () => (await canonicalIn(thread))?.match(/zero3.* gc /), 'gc applied')).toBeTruthy();
    expect((await store.get(threadKey(thread)))?.asker).toBe(standin.human.id);
    standin.userMessage(thread, 'seq 2048', { author: standin.colleague });
    await settle();
    expect(postsIn(thread)).toHaveLength(2);
  });

  it('the waiting "Which model?" ignores bob; alice\'s thanks gets one reaction and is not read with her words', async () => {
    const thread = await openThread(standin, store, 'fine-tune on a 3090');
    standin.userMessage(thread, 'did you try deepspeed?', { author: standin.colleague });
    standin.userMessage(thread, 'lol fp16', { author: standin.colleague });
    const thanks = standin.userMessage(thread, 'thanks');
    await until(() => reactionsTo(thread, thanks.id)[0], 'the reaction to thanks');
    expect(decodeURIComponent(reactionsTo(thread, thanks.id)[0]!.path)).toContain('👍');
    standin.userMessage(thread, 'mistral 7b');
    await until(() => postsIn(thread)[0], 'the estimate');
    expect(await until(() => canonicalIn(thread), 'the scenario')).toBe(aloneCanonical('fine-tune on a 3090\nmistral 7b'));
  });

  it('a message from alice to bob ("@bob can you book the 4090 box") is not for the bot', async () => {
    const thread = await openThread(standin, store, '13b on 4x A100-80G');
    const toBob = standin.userMessage(thread, 'can you book the 4090 box', { mentions: [standin.colleague] });
    await settle();
    expect(postsIn(thread)).toHaveLength(0);
    expect(reactionsTo(thread, toBob.id)).toHaveLength(0);
  });

  it('after a restart (new client, empty store, same Discord) the thread still knows its asker', async () => {
    const thread = await openThread(standin, store, '13b on 4x A100-80G');
    await bot.stop();
    await start();
    standin.userMessage(thread, 'lol fp16', { author: standin.colleague });
    await settle(300);
    expect(postsIn(thread)).toHaveLength(0);
    standin.userMessage(thread, 'zero3');
    await until(() => postsIn(thread)[0], "alice's follow-up after the restart");
    const state = await until(() => store.get(threadKey(thread)), 'the saved state');
    expect(state!.asker).toBe(standin.human.id);
    expect(canonicalText(scenarioThread(state!)!.scenario)).not.toMatch(/fp16/);
  });
});
