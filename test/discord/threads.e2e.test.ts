import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { EDIT_NOTE } from '../../src/adapters/discord/handling/handleEdit.js';
import { FRESH_THREAD_NOTE } from '../../src/adapters/discord/handling/handleMessage.js';
import { respond as realRespond, scenarioThread, waitingOpening } from '../../src/core/assistant.js';
import { RESET_FOOTER } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { openThread, postsIn as postsInChannel, until } from './thread-helpers.js';
import { startBotOn } from './start-bot.js';

/** Threads that behave (issue 13, item 3): the real discord.js client, the real assistant, the stand-in. */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };

/** 'zero2' is answered slowly, to show that a later follow-up waits for it. */
const respond: RespondFn = async (text, previous) => {
  if (text === 'zero2') await new Promise((resolve) => setTimeout(resolve, 300));
  return realRespond(text, previous);
};

const postsIn = (channelId: string) => postsInChannel(standin, channelId);

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  bot = await startBotOn(standin, store, respond);
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

describe('Discord threads that behave', () => {
  it('"thanks, that helps!" in an answer thread gets a reaction, no message', async () => {
    const thread = await openThread(standin, store, '13b on 4xA100-80G');
    const msg = standin.userMessage(thread, 'thanks, that helps!');
    await standin.waitForRequest((r) => r.method === 'PUT' && r.path.startsWith(`/api/v10/channels/${thread}/messages/${msg.id}/reactions/`));
    await new Promise((r) => setTimeout(r, 150));
    expect(postsIn(thread)).toHaveLength(0);
  });

  it('a mention that cannot be read gets one short line, not an error card', async () => {
    const before = standin.requests.length;
    standin.userMessage(standin.channelId, '13b zer3', { mentionBot: true });
    const reply = await standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages` && standin.requests.indexOf(r) >= before);
    expect(reply.body.content).toMatch(/^I could not read that: .*zero3/);
    expect(reply.body.embeds ?? []).toEqual([]);
  });

  /** vllm-project/vllm#41695 (corpus c132) as a chat user asks it: the card, the engine and the length first, the model when asked. */
  const OPENING = 'I have a 5090 and want to serve something with vLLM at 16k context, which models fit?';

  it('a mention that names no model is asked "Which model?" in a thread, and the answer there is estimated on the mention\'s card', async () => {
    const thread = await openThread(standin, store, OPENING);
    expect(waitingOpening(await store.get(threadKey(thread)))).toBe(OPENING);
    const question = standin.requests.find((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages` && /Which model\?/.test(String(r.body.content)));
    expect(question).toBeDefined();

    standin.userMessage(thread, 'Qwen3-Coder-30B-A3B-Instruct-FP8');
    const answer = await until(() => postsIn(thread)[0], 'the estimate for the answer');
    expect(answer.body.embeds[0].description).toContain("kept from the thread's earlier message");
    const state = (await until(async () => scenarioThread(await store.get(threadKey(thread))), 'the thread\'s scenario'))!;
    expect(state.scenario.hardware?.gpuId).toBe('rtx-5090');
    expect(state.scenario.seq).toBe(16384);
    expect(state.scenario.mode).toBe('inference');
  });

  it('words added in the waiting thread are kept (a reaction, no message) and read with the model', async () => {
    const thread = await openThread(standin, store, 'fine-tune on a 3090');
    const added = standin.userMessage(thread, 'with qlora please');
    await standin.waitForRequest((r) => r.method === 'PUT' && r.path.startsWith(`/api/v10/channels/${thread}/messages/${added.id}/reactions/`));
    await until(async () => waitingOpening(await store.get(threadKey(thread)))?.endsWith('with qlora please'), 'the words kept');
    standin.userMessage(thread, 'mistral 7b');
    await until(() => postsIn(thread)[0], 'the estimate');
    const state = (await until(async () => scenarioThread(await store.get(threadKey(thread))), 'the thread\'s scenario'))!;
    expect(state.scenario.mode).toBe('qlora');
    expect(state.scenario.hardware?.gpuId).toBe('rtx-3090');
  });

  it('reset clears the thread: the store forgets it, and with the store emptied the old answer is not recovered', async () => {
    const thread = await openThread(standin, store, '13b on 4xA100-80G');
    standin.userMessage(thread, 'reset');
    const reset = await until(() => postsIn(thread)[0], 'the reset answer');
    expect(reset.body.embeds[0].footer.text).toBe(RESET_FOOTER);
    await until(async () => (await store.get(threadKey(thread))) === null, 'the thread forgotten');

    await store.close(); // every key gone: recovery from the thread's messages is all that is left
    const gc = standin.userMessage(thread, 'gc');
    // Had the old scenario come back, "gc" would be a new estimate of 13b with gc.
    await standin.waitForRequest((r) => r.method === 'PUT' && r.path.startsWith(`/api/v10/channels/${thread}/messages/${gc.id}/reactions/`));
    standin.userMessage(thread, '7b lora on a 4090');
    const fresh = await until(() => postsIn(thread)[1], 'a new request in the reset thread');
    expect(fresh.body.embeds[0].description).toContain('LoRA');
    // The thread could not be picked up again, and the answer says so.
    expect(fresh.body.embeds[0].description).toContain(FRESH_THREAD_NOTE);
  });

  it('follow-ups in one thread are answered in the order they arrived, each on the one before', async () => {
    const thread = await openThread(standin, store, '13b on 4xA100-80G');
    standin.userMessage(thread, 'zero2');
    standin.userMessage(thread, 'seq 8192');
    const [first, second] = await until(() => (postsIn(thread).length >= 2 ? postsIn(thread) : false), 'both follow-ups', 6000);
    expect(first!.body.embeds[0].description).toContain('ZeRO-2');
    expect(first!.body.embeds[0].description).not.toContain('seq 8192');
    expect(second!.body.embeds[0].description).toMatch(/ZeRO-2.*seq 8192/);
  });

  it('an edited request gets a note that edits are not followed', async () => {
    const thread = await openThread(standin, store, '13b on 4xA100-80G');
    const msg = standin.userMessage(thread, 'seq 8192');
    await until(() => postsIn(thread)[0], 'the follow-up answer');
    standin.editUserMessage(msg, 'seq 4096');
    const note = await until(() => postsIn(thread).find((r) => r.body.content === EDIT_NOTE), 'the edit note');
    expect(note.body.message_reference?.message_id).toBe(msg.id);
  });
});
