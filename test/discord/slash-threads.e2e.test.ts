import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import { respond, scenarioThread } from '../../src/core/assistant.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { originalEdits as originalEditsOf, postsIn as postsInChannel, threadOpenings as threadOpeningsAfter, until } from './thread-helpers.js';
import { startBotOn } from './start-bot.js';

/**
 * Issue 24, item 5: a /headroom answer was a dead end on Discord. In a channel it now opens a
 * thread on the answer whose follow-ups are read like a mention's; where there can be no thread
 * (a DM, a channel where the app may not open one) the answer says in one line how to follow
 * up, and that follow-up works. Item 7 on the same surface: serving levers say the sequences
 * they hold. The real discord.js client and core against the loopback stand-in.
 */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  bot = await startBotOn(standin, store, respond);
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

const originalEdits = (token: string) => originalEditsOf(standin, token);
const postsIn = (channelId: string, after = 0) => postsInChannel(standin, channelId, after);
const threadOpenings = (after: number) => threadOpeningsAfter(standin, after);
const embedText = (r: RecordedRequest) => JSON.stringify(r.body.embeds ?? []);

/** The app may do everything but open threads, or talk in them. */
const NO_THREADS = String(2248473465835073n & ~((1n << 35n) | (1n << 38n)));

describe('Discord slash answers can be followed up', () => {
  it('/headroom in a channel opens a thread on the answer, owned by who typed it, and a follow-up typed there is answered on that scenario', async () => {
    const before = standin.requests.length;
    const command = standin.slashCommand('finetune 13b bf16 on 4xA100-80G');
    const opened = await standin.waitForRequest((r) => r.method === 'POST' && r.path.endsWith('/threads') && standin.requests.indexOf(r) >= before);
    const [, , , , channelId, , answerId] = opened.path.split('/');
    expect(channelId).toBe(standin.channelId);
    // The thread is opened on the answer (the edited response), and is named by its setup and verdict.
    const answer = standin.messages.get(standin.channelId)!.find((m) => m.id === answerId)!;
    expect(originalEdits(command.token)).toHaveLength(1);
    expect(answer.author.id).toBe(standin.appId);
    expect(opened.body.name).toMatch(/^13b full · 4× A100 80GB · ✗ [\d.]+ GiB$/);
    const saved = await until(async () => store.get(threadKey(answerId!)), 'the thread state');
    expect(saved!.asker).toBe(standin.human.id);

    const thread = answerId!; // a thread started on a message takes its id
    standin.userMessage(thread, 'zero2');
    const followUp = await until(() => postsIn(thread)[0], 'the follow-up answer');
    expect(embedText(followUp)).toContain('ZeRO-2');
    expect(embedText(followUp)).toMatch(/13B/);
    // Saved just after the post: the thread's scenario is the answer's with ZeRO-2.
    const state = await until(async () => {
      const saved = scenarioThread(await store.get(threadKey(thread)));
      return saved?.scenario.sharding.kind === 'zero' && saved;
    }, 'the follow-up saved');
    expect(state.scenario.hardware?.gpuId).toBe('a100-80g');
    expect(state.scenario.sharding).toMatchObject({ kind: 'zero', stage: 2 });
  });

  it('/headroom in a DM opens no thread: the answer says in one line to write there, and the next message continues it', async () => {
    const dm = standin.openDm();
    const before = standin.requests.length;
    const command = standin.slashCommand('finetune 13b bf16 on 4xA100-80G', dm);
    const edit = await until(() => originalEdits(command.token)[0], 'the answer');
    expect(embedText(edit)).toContain('To follow up, write here');
    expect(threadOpenings(before)).toEqual([]);
    await until(async () => store.get(threadKey(dm)), 'the DM conversation saved');

    const after = standin.requests.length;
    standin.userMessage(dm, 'zero2', { dm: true });
    const followUp = await until(() => postsIn(dm, after)[0], 'the follow-up in the DM');
    expect(embedText(followUp)).toContain('ZeRO-2');
    expect(embedText(followUp)).toMatch(/13B/);
    expect(threadOpenings(before)).toEqual([]);
  });

  it('/headroom where the app may not open threads: a one-line hint, and a reply to the answer continues its scenario', async () => {
    const before = standin.requests.length;
    const command = standin.slashCommand('finetune 13b bf16 on 4xA100-80G', undefined, NO_THREADS);
    const edit = await until(() => originalEdits(command.token)[0], 'the answer');
    expect(embedText(edit)).toContain('No thread here: to follow up, reply to this answer');
    const answer = standin.messages.get(standin.channelId)!.at(-1);
    expect(answer.interaction_metadata.user.id).toBe(standin.human.id);
    await until(async () => store.get(threadKey(answer.id)), 'the answer state');

    const after = standin.requests.length;
    standin.userMessage(standin.channelId, 'zero2', { replyTo: answer });
    const followUp = await until(() => postsIn(standin.channelId, after)[0], 'the answer to the reply');
    expect(embedText(followUp)).toContain('ZeRO-2');
    expect(embedText(followUp)).toMatch(/13B/);
  });

  it('/headroom where Discord refuses the thread after all: the answer is edited to carry the hint, and stays answered', async () => {
    standin.refuseThreads = true;
    try {
      const command = standin.slashCommand('finetune 13b bf16 on 4xA100-80G');
      const [first, second] = await until(() => (originalEdits(command.token).length >= 2 ? originalEdits(command.token) : false), 'the answer and its hint');
      expect(embedText(first!)).not.toContain('No thread here');
      expect(embedText(second!)).toContain('No thread here: to follow up, reply to this answer');
      expect(second!.body.components).toEqual(first!.body.components);
      const answer = standin.messages.get(standin.channelId)!.at(-1);
      await until(async () => store.get(threadKey(answer.id)), 'the answer state');
    } finally {
      standin.refuseThreads = false;
    }
  });

  it('a serving answer\'s lever buttons are labelled by the sequences each holds, not by the GiB the pool always fills', async () => {
    const command = standin.slashCommand('serve llama 3 8b on an L4 with vllm batch 50 seq 16k');
    const edit = await until(() => originalEdits(command.token)[0], 'the answer');
    const levers: string[] = edit.body.components[0].components.map((c: { label: string }) => c.label);
    expect(levers.length).toBeGreaterThan(1);
    for (const label of levers) {
      expect(label).toMatch(/ → \d+ (of 50 users( ✗)?|\/50 users ✓)$/);
      expect(label).not.toContain('GiB');
    }
  });
});
