import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { respond as realRespond } from '../../src/core/assistant.js';
import type { RespondFn } from '../../src/adapters/slack/deps.js';
import { EDIT_NOTE } from '../../src/adapters/slack/listeners/events/message-changed.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand, type EventMessage } from './standin/payloads.js';
import { TEAM_ID, type ApiCall } from './standin/web-api.js';

/** Threads that behave (issue 13, item 3): real Bolt over Socket Mode, the real assistant, the stand-in. */

/** 'zero2' is answered slowly, to show that a later follow-up waits for it. */
const respond: RespondFn = async (text, previous) => {
  if (text === 'zero2') await new Promise((resolve) => setTimeout(resolve, 300));
  return realRespond(text, previous);
};

describe('Slack threads that behave', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const ephemerals = () => h.standin.callsOf('chat.postEphemeral');
  const canonicalOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical: string } } | undefined)?.event_payload.canonical;

  async function startThread(text: string): Promise<string> {
    const before = posts().length;
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, h.standin.responseUrl()) });
    await waitFor(() => posts()[before], 'the answer that starts the thread');
    return h.standin.messages.at(-1)!.ts;
  }

  async function say(text: string, root: string, extra: Partial<EventMessage> = {}): Promise<void> {
    const message = h.standin.addUserMessage('C0GENERAL', text, root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: message.text, ts: message.ts, thread_ts: root, ...extra }) });
  }

  it('"thanks, that helps!" in an answer thread draws one reaction, no card; what could not be read goes to its author only', async () => {
    const root = await startThread('13b on 4xA100-80G');
    await say('thanks, that helps!', root);
    await waitFor(() => h.standin.callsOf('reactions.add')[0], 'the reaction');
    await say('13b zer3', root);
    const note = await waitFor(() => ephemerals()[0], 'the ephemeral error');
    expect(note.args).toMatchObject({ channel: 'C0GENERAL', user: 'U0PERSON', thread_ts: root });
    await settle();
    expect(ephemerals()).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });

  it('a mention that cannot be read is answered to its author only: in the channel, or in the thread it was made in', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('13b zer3'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const note = await waitFor(() => ephemerals()[0], 'the ephemeral error');
    expect(note.args).toMatchObject({ user: 'U0PERSON', channel: 'C0GENERAL' });
    expect(note.args.thread_ts).toBeUndefined();
    const inThread = h.standin.addUserMessage('C0GENERAL', mentionText('13b zer3'), '1700000000.000001');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: inThread.text, ts: inThread.ts, thread_ts: '1700000000.000001' }) });
    const second = await waitFor(() => ephemerals()[1], 'the ephemeral error in the thread');
    expect(second.args).toMatchObject({ user: 'U0PERSON', thread_ts: '1700000000.000001' });
    expect(JSON.stringify(note.args.blocks)).toContain('zero3');
    await settle();
    expect(posts()).toHaveLength(0);
  });

  async function mention(text: string): Promise<string> {
    const message = h.standin.addUserMessage('C0GENERAL', mentionText(text));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts }) });
    return message.ts;
  }

  /** vllm-project/vllm#41695 (corpus c132) as a chat user asks it: the card, the engine and the length first, the model when asked. */
  const OPENING = 'I have a 5090 and want to serve something with vLLM at 16k context, which models fit?';

  it('a mention that names no model is asked "Which model?" in its thread, and the answer there is estimated on the mention\'s card', async () => {
    const root = await mention(OPENING);
    const question = await waitFor(() => posts()[0], '"Which model?" in the thread');
    expect(question.args.thread_ts).toBe(root);
    expect(JSON.stringify(question.args.blocks)).toContain('Which model?');
    expect((question.args.metadata as { event_payload: unknown }).event_payload).toEqual({ opening: OPENING, asker: 'U0PERSON' });
    expect(ephemerals()).toHaveLength(0);

    await say('Qwen3-Coder-30B-A3B-Instruct-FP8', root);
    const answer = await waitFor(() => posts()[1], 'the estimate for the answer');
    expect(answer.args.thread_ts).toBe(root);
    expect(canonicalOf(answer)).toMatch(/^qwen3-coder-30b-a3b-instruct vllm .*seq 16384 .*on 1x rtx-5090$/);
    expect(JSON.stringify(answer.args.blocks)).toContain("kept from the thread's earlier message");
  });

  it('with the store lost after "Which model?", the answer is still read after the mention\'s words (from the question\'s metadata)', async () => {
    const root = await mention(OPENING);
    await waitFor(() => posts()[0], '"Which model?" in the thread');
    await settle(50);
    await h.restart();
    await say('Qwen3-Coder-30B-A3B-Instruct-FP8', root);
    const answer = await waitFor(() => posts()[1], 'the estimate for the answer');
    expect(canonicalOf(answer)).toMatch(/on 1x rtx-5090$/);
  });

  it('words added in the thread before the model are kept: each goes to its author only, the model then reads them all', async () => {
    const root = await mention('fine-tune on a 3090');
    await waitFor(() => posts()[0], '"Which model?" in the thread');
    await say('with qlora please', root);
    const note = await waitFor(() => ephemerals()[0], 'the private "Which model?"');
    expect(note.args.thread_ts).toBe(root);
    await say('mistral 7b', root);
    const answer = await waitFor(() => posts()[1], 'the estimate');
    expect(canonicalOf(answer)).toMatch(/^mistral 7b qlora .*on 1x rtx-3090$/);
  });

  it('reset clears the thread: the store forgets it and, after a restart, the old answer is not recovered', async () => {
    const root = await startThread('13b on 4xA100-80G');
    const key = `slack:${TEAM_ID}:C0GENERAL:${root}`;
    await say('reset', root);
    const reset = await waitFor(() => posts()[1], 'the reset answer');
    expect(canonicalOf(reset)).toBe('');
    await settle(50);
    expect(await h.store.get(key)).toBeNull();

    await h.restart();
    await say('gc', root);
    // Had the old scenario come back, "gc" would be a public estimate of 13b with gc.
    const note = await waitFor(() => ephemerals()[0], 'the private error for a bare "gc"');
    expect(note.args.thread_ts).toBe(root);
    await settle();
    expect(posts()).toHaveLength(2);

    await say('7b lora on a 4090', root);
    const fresh = await waitFor(() => posts()[2], 'a new request in the reset thread');
    expect(canonicalOf(fresh)).toMatch(/^7b lora/);
  });

  it('in a DM, a top-level message continues the DM conversation and is answered top-level', async () => {
    const first = h.standin.addUserMessage('D0DM', '13b on h100');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: first.text, ts: first.ts, channel: 'D0DM', channel_type: 'im' }) });
    const answer = await waitFor(() => posts()[0], 'the DM answer');
    expect(answer.args.thread_ts).toBeUndefined();
    const second = h.standin.addUserMessage('D0DM', 'seq 8192');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: second.text, ts: second.ts, channel: 'D0DM', channel_type: 'im' }) });
    const next = await waitFor(() => posts()[1], 'the DM follow-up');
    expect(next.args.thread_ts).toBeUndefined();
    expect(canonicalOf(next)).toMatch(/13b.*seq 8192/);
  });

  it('in a DM, a top-level message continues what /headroom answered there', async () => {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('13b on h100', h.standin.responseUrl(), 'D0DM') });
    await waitFor(() => posts()[0], 'the slash answer in the DM');
    const next = h.standin.addUserMessage('D0DM', 'zero3 on 4xh100');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: next.text, ts: next.ts, channel: 'D0DM', channel_type: 'im' }) });
    const answer = await waitFor(() => posts()[1], 'the DM follow-up');
    expect(canonicalOf(answer)).toMatch(/^13b .*zero3/);
  });

  it('an edited request gets a note, to its author only, that edits are not followed', async () => {
    const root = await startThread('13b on 4xA100-80G');
    const followUp = h.standin.addUserMessage('C0GENERAL', 'zero2', root);
    const changed = {
      type: 'message',
      subtype: 'message_changed',
      ts: '1700000999.000001',
      channel: 'C0GENERAL',
      message: { user: 'U0PERSON', text: 'zero1', ts: followUp.ts, thread_ts: root, edited: { user: 'U0PERSON', ts: '1700000999.000001' } },
      previous_message: { user: 'U0PERSON', text: 'zero2', ts: followUp.ts, thread_ts: root },
    };
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback(changed as unknown as EventMessage) });
    const note = await waitFor(() => ephemerals()[0], 'the edit note');
    expect(note.args).toMatchObject({ user: 'U0PERSON', thread_ts: root, text: EDIT_NOTE });
    await settle();
    expect(posts()).toHaveLength(1);
  });

  it('follow-ups in one thread are answered in the order they arrived, each on the one before', async () => {
    const root = await startThread('13b on 4xA100-80G');
    await say('zero2', root);
    await say('seq 8192', root);
    const second = await waitFor(() => posts()[2], 'both follow-ups', 6000);
    expect(canonicalOf(posts()[1]!)).toMatch(/zero2/);
    expect(canonicalOf(posts()[1]!)).not.toMatch(/seq 8192/);
    expect(canonicalOf(second)).toMatch(/zero2.*seq 8192|seq 8192.*zero2/);
  });
});
