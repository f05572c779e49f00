import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import { respond, scenarioThread, waitingOpening } from '../../src/core/assistant.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { originalEdits as originalEditsOf, postsIn as postsInChannel, threadOpenings as threadOpeningsAfter, until } from './thread-helpers.js';
import { startBotOn } from './start-bot.js';

/**
 * Issue 24, item 3, on Discord: a pasted OOM and a setup in one conversation. (a) the traceback
 * alone is diagnosed and the answer opens a thread (a DM is its own thread); (b) with the setup
 * in the same message it is one answer, the diagnosis held against that setup's estimate; (c)
 * the setup typed after (a) is read as the follow-up the diagnosis asked for. Through a mention,
 * /headroom and a DM: the real discord.js client and core against the loopback stand-in.
 */

const OOM_LINE =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated.';
const TRACEBACK = ['Traceback (most recent call last):', '  File "train.py", line 88, in <module>', '    trainer.train()', OOM_LINE].join('\n');
const SETUP = '13b lora on 1x 4090 seq 4096';

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

const postsIn = (channelId: string, after: number) => postsInChannel(standin, channelId, after);
const threadOpenings = (after: number) => threadOpeningsAfter(standin, after);
const originalEdits = (token: string) => originalEditsOf(standin, token);
const embedOf = (r: RecordedRequest) => r.body.embeds[0] as { title: string; description: string; fields: { name: string; value: string }[] };
const field = (r: RecordedRequest, name: string) => embedOf(r).fields.find((f) => f.name === name)?.value ?? null;
const buttons = (r: RecordedRequest): string[] => (r.body.components ?? []).flatMap((row: { components: { label: string }[] }) => row.components.map((c) => c.label));

/** What the core says about the setup alone: the diagnosis's "Your setup" quotes it. */
const setupVerdict = () => {
  const reply = respond(SETUP, null).reply;
  if (reply.kind !== 'estimate') throw new Error('the setup reads as an estimate');
  return reply.verdict.headline;
};

/** The diagnosis held against the setup: "Your setup" and "Against my estimate", and the estimate one click away. */
function expectHeldAgainstSetup(answer: RecordedRequest): void {
  expect(embedOf(answer).title).toMatch(/^Out of memory for real: short by about [\d.]+ GiB/);
  expect(field(answer, 'Your setup')).toContain('13b lora');
  expect(field(answer, 'Your setup')).toContain(setupVerdict().replace(/\.$/, ''));
  expect(field(answer, 'Against my estimate')).toMatch(/Your run had 22\.90 GiB allocated when it failed.*I predicted a peak of [\d.]+ GiB allocated for this setup/);
  expect(buttons(answer)).toContain('Memory estimate');
}

/** The diagnosis with no setup: the log's own numbers, and the setup asked for. */
function expectAsksForSetup(answer: RecordedRequest): void {
  expect(embedOf(answer).title).toMatch(/^Out of memory for real: short by at least 489 MiB/);
  expect(field(answer, 'Your setup')).toBeNull();
  expect(field(answer, 'What to do')).toMatch(/Tell me the setup in this thread/);
}

describe('Discord: a pasted OOM and its setup in one conversation', () => {
  it('(a)+(c) mention: the traceback alone is diagnosed and opens a thread named by the diagnosis; the setup typed there gets the diagnosis against its estimate', async () => {
    const before = standin.requests.length;
    standin.userMessage(standin.channelId, `\`\`\`\n${TRACEBACK}\n\`\`\``, { mentionBot: true });
    const opened = await until(() => threadOpenings(before)[0], 'the thread on the diagnosis');
    expectAsksForSetup(postsIn(standin.channelId, before)[0]!);
    expect(opened.body.name).toBe('Out of memory for real: short by at least 489 MiB for this allocation');
    const thread = opened.path.split('/')[6]!;
    const waiting = (await until(async () => store.get(threadKey(thread)), 'the log waiting in the thread'))!;
    expect(waitingOpening(waiting)).toContain('Tried to allocate 500.00 MiB');
    expect(waiting.asker).toBe(standin.human.id);

    // A colleague's words in the thread are not the setup it waits for: not read, not answered (item 1).
    const chatter = standin.requests.length;
    standin.userMessage(thread, 'did you try deepspeed? 70b full on 8x a100', { author: standin.colleague });
    await new Promise((r) => setTimeout(r, 200));
    expect(postsIn(thread, chatter)).toEqual([]);

    const after = standin.requests.length;
    standin.userMessage(thread, SETUP);
    const answer = await until(() => postsIn(thread, after)[0], 'the answer to the setup in the thread');
    expectHeldAgainstSetup(answer);
    const state = (await until(async () => scenarioThread(await store.get(threadKey(thread))), 'the setup saved as the thread\'s scenario'))!;
    expect(state.measured?.allocatedBytes).toBeCloseTo(22.9 * 2 ** 30, -7);
    expect(threadOpenings(after)).toEqual([]);
  });

  it('(a)+(c) mention where Discord refuses the thread: the answer is edited to say how to follow up, and a reply to it with the setup is answered', async () => {
    standin.refuseThreads = true;
    try {
      const before = standin.requests.length;
      standin.userMessage(standin.channelId, `\`\`\`\n${TRACEBACK}\n\`\`\``, { mentionBot: true });
      expectAsksForSetup(await until(() => postsIn(standin.channelId, before)[0], 'the diagnosis'));
      const sent = standin.messages.get(standin.channelId)!.filter((m) => m.author.id === standin.appId).at(-1);
      const edit = await until(() => standin.requests.find((r, i) => i >= before && r.method === 'PATCH' && r.path === `/api/v10/channels/${standin.channelId}/messages/${sent.id}`), 'the hint');
      expect(embedOf(edit).description).toContain('No thread here: to follow up, reply to this answer (your setup, e.g. "8b full bf16 seq 4096 on H100").');
      await until(async () => waitingOpening(await store.get(threadKey(sent.id))), 'the log waiting under the answer');

      const after = standin.requests.length;
      standin.userMessage(standin.channelId, SETUP, { replyTo: sent });
      expectHeldAgainstSetup(await until(() => postsIn(standin.channelId, after)[0], 'the answer to the reply'));
    } finally {
      standin.refuseThreads = false;
    }
  });

  it('(b) mention: the traceback with the setup in the same message is one answer, the diagnosis against that setup, in a thread', async () => {
    const before = standin.requests.length;
    standin.userMessage(standin.channelId, `${SETUP}, it died with:\n\`\`\`\n${TRACEBACK}\n\`\`\``, { mentionBot: true });
    // The thread opened after this answer: a thread an earlier test's answer opens late (a loaded
    // machine) is not this one.
    const opened = await until(() => {
      const answer = postsIn(standin.channelId, before)[0];
      return answer && threadOpenings(standin.requests.indexOf(answer))[0];
    }, 'the thread on the answer');
    const answers = postsIn(standin.channelId, before);
    expect(answers).toHaveLength(1);
    expectHeldAgainstSetup(answers[0]!);
    expect(opened.body.name).toMatch(/^Out of memory for real: short by about [\d.]+ GiB$/);
  });

  it('(a)+(c) /headroom: the pasted error line opens a thread on the answer, and the setup typed there is answered in it', async () => {
    const before = standin.requests.length;
    const command = standin.slashCommand(OOM_LINE);
    const opened = await until(() => threadOpenings(before)[0], 'the thread on the slash answer');
    expectAsksForSetup(originalEdits(command.token)[0]!);
    const thread = opened.path.split('/')[6]!;
    await until(async () => waitingOpening(await store.get(threadKey(thread))), 'the log waiting in the thread');

    const after = standin.requests.length;
    standin.userMessage(thread, SETUP);
    expectHeldAgainstSetup(await until(() => postsIn(thread, after)[0], 'the answer in the thread'));
  });

  it('(b) /headroom: the setup before the error on the one line the command holds gets one answer against that setup', async () => {
    const before = standin.requests.length;
    const command = standin.slashCommand(`${SETUP}: ${OOM_LINE}`);
    expectHeldAgainstSetup(await until(() => originalEdits(command.token)[0], 'the answer'));
    await until(() => threadOpenings(before)[0], 'the thread on the answer');
  });

  it('(a)+(c) in a DM: the diagnosis asks for the setup (no thread: the DM is the conversation), and the next DM is read as it', async () => {
    const dm = standin.openDm();
    const before = standin.requests.length;
    standin.userMessage(dm, TRACEBACK, { dm: true });
    expectAsksForSetup(await until(() => postsIn(dm, before)[0], 'the diagnosis in the DM'));
    await until(async () => waitingOpening(await store.get(threadKey(dm))), 'the log waiting in the DM');

    const after = standin.requests.length;
    standin.userMessage(dm, SETUP, { dm: true });
    expectHeldAgainstSetup(await until(() => postsIn(dm, after)[0], 'the answer to the setup'));
    expect(threadOpenings(before)).toEqual([]);
  });

  it('(b) in a DM: one answer, against the setup', async () => {
    const dm = standin.openDm();
    const before = standin.requests.length;
    standin.userMessage(dm, `${SETUP}\n${TRACEBACK}`, { dm: true });
    expectHeldAgainstSetup(await until(() => postsIn(dm, before)[0], 'the answer'));
    await new Promise((r) => setTimeout(r, 100));
    expect(postsIn(dm, before)).toHaveLength(1);
  });

  it('/headroom in a DM with the error alone: the one-line hint says to write the setup there', async () => {
    const dm = standin.openDm();
    const command = standin.slashCommand(OOM_LINE, dm);
    const answer = await until(() => originalEdits(command.token)[0], 'the answer');
    expect(embedOf(answer).description).toContain('To follow up, write here (your setup, e.g. "8b full bf16 seq 4096 on H100").');
    await until(async () => waitingOpening(await store.get(threadKey(dm))), 'the log waiting in the DM');
    const after = standin.requests.length;
    standin.userMessage(dm, SETUP, { dm: true });
    expectHeldAgainstSetup(await until(() => postsIn(dm, after)[0], 'the answer to the setup'));
  });
});
