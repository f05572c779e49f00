import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import type { ApiCall } from './standin/web-api.js';

/**
 * Who may change a thread (issue 24, item 1): real Bolt over Socket Mode, the real assistant, the
 * stand-in. U0PERSON asks; U0BOB and U0CAROL are colleagues talking in the same thread.
 */

const ASKER = 'U0PERSON';
const BOB = 'U0BOB';
const CAROL = 'U0CAROL';

describe('Slack: the thread belongs to who asked', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const ephemerals = () => h.standin.callsOf('chat.postEphemeral');
  const reactions = () => h.standin.callsOf('reactions.add');
  const canonicalOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical: string } } | undefined)?.event_payload.canonical;

  async function startThread(text: string): Promise<string> {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, h.standin.responseUrl()) });
    await waitFor(() => posts()[0], 'the answer that starts the thread');
    return h.standin.messages.at(-1)!.ts;
  }

  async function say(user: string, text: string, root: string): Promise<string> {
    const message = h.standin.addUserMessage('C0GENERAL', text, root, user);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text, ts: message.ts, thread_ts: root, user }) });
    return message.ts;
  }

  /** A colleague's thread talk: thanks, a question to another colleague, a joke with a setting in it. */
  async function chatter(root: string): Promise<void> {
    await say(BOB, 'thanks!', root);
    await say(CAROL, `<@${BOB}> did you try deepspeed?`, root);
    await say(BOB, 'lol fp16', root);
    await settle();
  }

  it("colleagues' chatter gets no reply and changes nothing: the asker's next message is read on the asker's scenario", async () => {
    const root = await startThread('13b on 4x A100-80G');
    const before = canonicalOf(posts()[0]!);
    await chatter(root);
    expect(posts()).toHaveLength(1);
    expect(ephemerals()).toHaveLength(0);
    await say(ASKER, 'seq 8192', root);
    const answer = await waitFor(() => posts()[1], "the asker's follow-up");
    // Exactly what the asker's two messages give without any chatter: no fp16, no DeepSpeed.
    const alone = respond('seq 8192', respond('13b on 4x A100-80G', null).state).reply;
    expect(alone.kind === 'estimate' && alone.canonical).toBe(canonicalOf(answer));
    expect(canonicalOf(answer)).not.toMatch(/fp16|deepspeed/);
    expect(before).not.toMatch(/seq 8192/);
  });

  it('a colleague who mentions the bot does change the thread, and the asker stays the asker', async () => {
    const root = await startThread('13b on 4x A100-80G');
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('zero3'), root, BOB);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts, thread_ts: root, user: BOB }) });
    const answer = await waitFor(() => posts()[1], "the answer to the colleague's mention");
    expect(canonicalOf(answer)).toMatch(/zero3/);
    expect((answer.args.metadata as { event_payload: { asker?: string } }).event_payload.asker).toBe(ASKER);
    await say(BOB, 'gc', root);
    await settle();
    expect(posts()).toHaveLength(2);
  });

  it('a waiting "Which model?" ignores colleagues: only the asker\'s words are read with the model', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('fine-tune on a 3090'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    await waitFor(() => posts()[0], '"Which model?"');
    const root = mention.ts;
    await say(BOB, 'did you try deepspeed?', root);
    await say(CAROL, 'lol fp16', root);
    await say(ASKER, 'thanks', root);
    await settle();
    expect(ephemerals()).toHaveLength(0);
    expect(posts()).toHaveLength(1);
    await say(ASKER, 'mistral 7b', root);
    const answer = await waitFor(() => posts()[1], 'the estimate');
    expect(canonicalOf(answer)).toMatch(/^mistral 7b .*on 1x rtx-3090$/);
    expect(canonicalOf(answer)).not.toMatch(/fp16|deepspeed/);
  });

  it('"thanks" from the asker gets one reaction and no card; a message to someone else is not for the bot', async () => {
    const root = await startThread('13b on 4x A100-80G');
    const thanks = await say(ASKER, 'thanks, that helps! 👍', root);
    await waitFor(() => reactions()[0], 'the reaction');
    expect(reactions()[0]!.args).toMatchObject({ channel: 'C0GENERAL', timestamp: thanks, name: '+1' });
    await say(ASKER, `<@${BOB}> can you book the 4090 box`, root);
    await settle();
    expect(posts()).toHaveLength(1);
    expect(ephemerals()).toHaveLength(0);
    expect(reactions()).toHaveLength(1);
  });

  it('after a restart (empty store, same Slack) the thread still knows its asker', async () => {
    const root = await startThread('13b on 4x A100-80G');
    await settle(50);
    await h.restart();
    await say(BOB, 'lol fp16', root);
    await settle();
    expect(posts()).toHaveLength(1);
    await say(ASKER, 'zero3', root);
    const answer = await waitFor(() => posts()[1], "the asker's follow-up after the restart");
    expect(canonicalOf(answer)).toMatch(/zero3/);
    expect(canonicalOf(answer)).not.toMatch(/fp16/);
    expect((answer.args.metadata as { event_payload: { asker?: string } }).event_payload.asker).toBe(ASKER);
  });
});
