import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { slackDmKey, slackThreadKey } from '../../src/adapters/slack/thread-key.js';
import { scenarioThread, waitingOpening } from '../../src/core/opening.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import { BOT_USER_ID, TEAM_ID, type ApiCall } from './standin/web-api.js';

/**
 * Issue 24, item 3, on Slack: a pasted OOM and a setup in one conversation. (a) the traceback
 * alone is diagnosed and asks for the setup; (b) with the setup in the same message it is one
 * answer, the diagnosis held against that setup's estimate; (c) the setup typed after (a) in the
 * answer's thread (a DM: in the DM) is read as the follow-up the diagnosis asked for. Through a
 * mention, /headroom and a DM: real Bolt over Socket Mode, the real assistant, the stand-in.
 */

const OOM_LINE =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated.';
const TRACEBACK = ['Traceback (most recent call last):', '  File "train.py", line 88, in <module>', '    trainer.train()', OOM_LINE].join('\n');
const SETUP = '13b lora on 1x 4090 seq 4096';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ mode: 'socket', respond });
});
afterAll(async () => {
  await h?.stop();
});

const posts = () => h.standin.callsOf('chat.postMessage');

/** Polls the store until `check` of a thread's state gives a value (the state is saved just after the answer is posted). */
async function stored<T>(key: string, check: (state: Awaited<ReturnType<Harness['store']['get']>>) => T | null | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 4000;
  for (;;) {
    const value = check(await h.store.get(key));
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const blocksOf = (call: ApiCall) => JSON.stringify(call.args.blocks);
const payloadOf = (call: ApiCall) => (call.args.metadata as { event_payload: Record<string, string> } | undefined)?.event_payload ?? null;

/** The setup's own verdict, as the diagnosis quotes it. */
const setupVerdict = () => {
  const reply = respond(SETUP, null).reply;
  if (reply.kind !== 'estimate') throw new Error('the setup reads as an estimate');
  return reply.verdict.headline.replace(/\.$/, '');
};

/** The diagnosis held against the setup: one message with "Your setup", the comparison, the estimate one click away, and the setup in its metadata. */
function expectHeldAgainstSetup(answer: ApiCall): void {
  expect(answer.args.text).toMatch(/^Out of memory for real: short by about [\d.]+ GiB/);
  const blocks = blocksOf(answer);
  expect(blocks).toMatch(/\*Your setup\* `13b lora[^`]*seq 4096 on 1x rtx-4090`/);
  expect(blocks).toContain(setupVerdict());
  expect(blocks).toMatch(/Your run had 22\.90 GiB allocated when it failed.*I predicted a peak of [\d.]+ GiB allocated for this setup/);
  expect(blocks).toContain('Memory estimate');
  expect(payloadOf(answer)?.canonical).toMatch(/^13b lora .*seq 4096 .*on 1x rtx-4090$/);
}

/** The diagnosis with no setup: the log's own numbers, the setup asked for, and the log in its metadata (a restart still reads the setup after it). */
function expectAsksForSetup(answer: ApiCall): void {
  expect(answer.args.text).toMatch(/^Out of memory for real: short by at least 489 MiB/);
  expect(blocksOf(answer)).not.toContain('Your setup');
  expect(blocksOf(answer)).toContain('Tell me the setup in this thread');
  expect(payloadOf(answer)?.opening).toContain('Tried to allocate 500.00 MiB');
  expect(payloadOf(answer)?.asker).toBe('U0PERSON');
}

async function mention(text: string): Promise<string> {
  const message = h.standin.addUserMessage('C0GENERAL', mentionText(text));
  await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts }) });
  return message.ts;
}

async function sayInThread(text: string, root: string, parent = 'U0PERSON', user = 'U0PERSON'): Promise<void> {
  const message = h.standin.addUserMessage('C0GENERAL', text, root, user);
  await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: message.text, ts: message.ts, thread_ts: root, parent_user_id: parent, user }) });
}

async function dm(text: string): Promise<void> {
  const message = h.standin.addUserMessage('D0DIAG', text);
  await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: message.text, ts: message.ts, channel: 'D0DIAG', channel_type: 'im' }) });
}

describe('Slack: a pasted OOM and its setup in one conversation', () => {
  it('(a)+(c) mention: the traceback alone is diagnosed in its thread; the setup typed there is read as the follow-up it asked for', async () => {
    const before = posts().length;
    const root = await mention(`my run died:\n\`\`\`\n${TRACEBACK}\n\`\`\``);
    const diagnosis = await waitFor(() => posts()[before], 'the diagnosis');
    expect(diagnosis.args.thread_ts).toBe(root);
    expectAsksForSetup(diagnosis);
    await stored(slackThreadKey(TEAM_ID, 'C0GENERAL', root), waitingOpening, 'the log waiting in the thread');

    // A colleague's words in the thread are not the setup it waits for: not read, not answered (item 1).
    await sayInThread('did you try deepspeed? 70b full on 8x a100', root, 'U0PERSON', 'U0COLLEAGUE');
    await settle();
    expect(posts()).toHaveLength(before + 1);

    await sayInThread(SETUP, root);
    const answer = await waitFor(() => posts()[before + 1], 'the answer to the setup');
    expect(answer.args.thread_ts).toBe(root);
    expectHeldAgainstSetup(answer);
    const state = await stored(slackThreadKey(TEAM_ID, 'C0GENERAL', root), scenarioThread, 'the setup saved as the thread\'s scenario');
    expect(state.measured?.allocatedBytes).toBeCloseTo(22.9 * 2 ** 30, -7);
  });

  it('(b) mention: the traceback with the setup in the same message gets one answer, the diagnosis against that setup', async () => {
    const before = posts().length;
    const root = await mention(`${SETUP}\n\`\`\`\n${TRACEBACK}\n\`\`\``);
    const answer = await waitFor(() => posts()[before], 'the answer');
    expect(answer.args.thread_ts).toBe(root);
    expectHeldAgainstSetup(answer);
    await settle();
    expect(posts()).toHaveLength(before + 1);
  });

  it('(a)+(c) /headroom: the answer starts the thread, and the setup typed under it is answered there', async () => {
    const before = posts().length;
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(TRACEBACK, h.standin.responseUrl()) });
    expectAsksForSetup(await waitFor(() => posts()[before], 'the diagnosis'));
    const root = h.standin.messages.at(-1)!.ts;
    await stored(slackThreadKey(TEAM_ID, 'C0GENERAL', root), waitingOpening, 'the log waiting under the answer');

    await sayInThread(SETUP, root, BOT_USER_ID);
    const answer = await waitFor(() => posts()[before + 1], 'the answer in the thread');
    expect(answer.args.thread_ts).toBe(root);
    expectHeldAgainstSetup(answer);
  });

  it('(b) /headroom: the setup before the error on the command\'s one line gets one answer against that setup', async () => {
    const before = posts().length;
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(`${SETUP} ${OOM_LINE}`, h.standin.responseUrl()) });
    expectHeldAgainstSetup(await waitFor(() => posts()[before], 'the answer'));
  });

  it('(a)+(c) in a DM: the diagnosis, then the next DM is read as its setup; (b) in a DM: one answer', async () => {
    const before = posts().length;
    await dm(TRACEBACK);
    const diagnosis = await waitFor(() => posts()[before], 'the diagnosis in the DM');
    expect(diagnosis.args.thread_ts).toBeUndefined();
    expectAsksForSetup(diagnosis);
    await stored(slackDmKey(TEAM_ID, 'D0DIAG'), waitingOpening, 'the log waiting in the DM');

    await dm(SETUP);
    const answer = await waitFor(() => posts()[before + 1], 'the answer to the setup');
    expect(answer.args.thread_ts).toBeUndefined();
    expectHeldAgainstSetup(answer);

    await dm(`${SETUP}\n${TRACEBACK}`);
    expectHeldAgainstSetup(await waitFor(() => posts()[before + 2], 'the answer to both at once'));
  });

  it('after a restart with an empty store, the setup typed under a diagnosis is still read after its log (the answer\'s metadata)', async () => {
    const root = await mention(`\`\`\`\n${TRACEBACK}\n\`\`\``);
    await stored(slackThreadKey(TEAM_ID, 'C0GENERAL', root), waitingOpening, 'the diagnosis answered and saved');
    await h.restart();
    const before = posts().length;
    await sayInThread(SETUP, root);
    const answer = await waitFor(() => posts()[before], 'the answer after the restart');
    expectHeldAgainstSetup(answer);
  });
});
