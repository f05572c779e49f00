import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTION_IDS, decodeButtonValue } from '../../src/render/slack.js';
import { FRESH_NOTE, RECOVERED_NOTE } from '../../src/adapters/slack/conversation.js';
import { FAKE_PNG, settle, startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import { TEAM_ID, type ApiCall } from './standin/web-api.js';

/** The real Bolt app over Socket Mode against the loopback stand-in. */
describe('Slack app over Socket Mode (real Bolt, loopback stand-in)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket' });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const canonicalOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical: string } } | undefined)?.event_payload.canonical;

  async function slash(text: string): Promise<ApiCall> {
    const before = posts().length;
    const ack = await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, h.standin.responseUrl()) });
    expect(ack).toBeDefined();
    return waitFor(() => posts()[before], 'the slash command answer');
  }

  it('connects with the app-level token through apps.connections.open', () => {
    expect(h.standin.callsOf('apps.connections.open')[0]?.tokenKind).toBe('app');
    expect(h.standin.connectedSockets).toBe(1);
  });

  it('slash command: acks, then posts the answer as a channel message with blocks, fallback text and metadata', async () => {
    const post = await slash('13b bf16 zero3 on 4xA100-80G');
    expect(post.tokenKind).toBe('bot');
    expect(post.args.channel).toBe('C0GENERAL');
    expect(post.args.thread_ts).toBeUndefined();
    expect(String(post.args.text)).toContain('Does not fit');
    expect((post.args.blocks as { type: string }[])[0]?.type).toBe('header');
    expect(canonicalOf(post)).toBe('13b bf16 zero3 on 4xA100-80G');
    const ts = h.standin.messages.at(-1)!.ts;
    // The state is written once chat.postMessage has answered with the thread's ts: saved after the answer is posted, outside the request.
    for (let i = 0; i < 100 && !(await h.store.get(`slack:${TEAM_ID}:C0GENERAL:${ts}`)); i++) await settle(10);
    expect(await h.store.get(`slack:${TEAM_ID}:C0GENERAL:${ts}`)).not.toBeNull();
  });

  it('slash command with a request error answers ephemerally with the caret, and posts nothing', async () => {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('13b zer3', h.standin.responseUrl()) });
    const response = await waitFor(() => h.standin.responses[0], 'the ephemeral response');
    expect(response.response_type).toBe('ephemeral');
    expect(JSON.stringify(response.blocks)).toContain('```\\n13b zer3\\n    ^\\n```');
    await settle();
    expect(posts()).toHaveLength(0);
  });

  it('@mention: answers in the mention thread, once, though the twin message event also arrives', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('7b lora on a 4090'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: mention.text, ts: mention.ts }) });
    const post = await waitFor(() => posts()[0], 'the mention answer');
    expect(post.args.thread_ts).toBe(mention.ts);
    expect(canonicalOf(post)).toBe('7b lora on a 4090');
    await settle();
    expect(posts()).toHaveLength(1);
  });

  it('an event delivered twice (Slack retry) is answered once', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('7b'));
    const payload = eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts });
    await h.standin.sendEnvelope({ type: 'events_api', payload });
    await h.standin.sendEnvelope({ type: 'events_api', payload, retryAttempt: 1 });
    await waitFor(() => posts()[0], 'the answer');
    await settle();
    expect(posts()).toHaveLength(1);
  });

  it('a plain message in an answer thread is a follow-up: the updated answer goes to the same thread', async () => {
    await slash('13b on 4xA100-80G');
    const root = h.standin.messages.at(-1)!.ts;
    const followUp = h.standin.addUserMessage('C0GENERAL', 'now zero2', root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: followUp.text, ts: followUp.ts, thread_ts: root }) });
    const post = await waitFor(() => posts()[1], 'the follow-up answer');
    expect(post.args.thread_ts).toBe(root);
    expect(canonicalOf(post)).toBe('13b on 4xA100-80G now zero2');
  });

  it('after a restart (empty store) a follow-up recovers the scenario from the message metadata, and says so', async () => {
    await slash('13b on 4xA100-80G');
    const root = h.standin.messages.at(-1)!.ts;
    await h.restart();
    const followUp = h.standin.addUserMessage('C0GENERAL', 'seq 8192', root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: followUp.text, ts: followUp.ts, thread_ts: root }) });
    const post = await waitFor(() => posts()[1], 'the recovered follow-up');
    expect(canonicalOf(post)).toBe('13b on 4xA100-80G seq 8192');
    expect(JSON.stringify(post.args.blocks)).toContain(RECOVERED_NOTE);
    expect(h.standin.callsOf('conversations.replies')[0]?.args.include_all_metadata).toBe('true');
  });

  it('a thread that is not ours is left alone, unless the bot is mentioned there', async () => {
    const root = h.standin.addUserMessage('C0GENERAL', 'lunch?');
    const chatter = h.standin.addUserMessage('C0GENERAL', 'pizza', root.ts);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: chatter.text, ts: chatter.ts, thread_ts: root.ts }) });
    await settle();
    expect(posts()).toHaveLength(0);
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('7b'), root.ts);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts, thread_ts: root.ts }) });
    const post = await waitFor(() => posts()[0], 'the mention answer');
    expect(JSON.stringify(post.args.blocks)).toContain(FRESH_NOTE);
  });

  it('ignores bot messages, including its own', async () => {
    const own = h.standin.addUserMessage('D0DM', '13b');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: '13b', ts: own.ts, channel: 'D0DM', channel_type: 'im', bot_id: 'B0OTHER', subtype: 'bot_message' }) });
    await settle();
    expect(posts()).toHaveLength(0);
  });

  it('a top-level DM is answered top-level in the DM (the DM is the conversation)', async () => {
    const dm = h.standin.addUserMessage('D0DM', '70b infer on 2xH100');
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: dm.text, ts: dm.ts, channel: 'D0DM', channel_type: 'im' }) });
    const post = await waitFor(() => posts()[0], 'the DM answer');
    expect(post.args).toMatchObject({ channel: 'D0DM' });
    expect(post.args.thread_ts).toBeUndefined();
  });

  it('a lever button applies its change to that answer and posts the new answer in the thread', async () => {
    const answer = await slash('13b on 4xA100-80G');
    const root = h.standin.messages.at(-1)!.ts;
    const lever = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[])
      .find((b) => b.type === 'actions')!
      .elements!.find((e) => e.action_id.startsWith(ACTION_IDS.lever))!;
    expect(decodeButtonValue(lever.value).change).toBe('gc');
    await h.restart(); // the value alone carries the scenario
    const ack = await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, lever.action_id, lever.value) });
    expect(ack).toBeDefined();
    const post = await waitFor(() => posts()[1], 'the lever answer');
    expect(post.args.thread_ts).toBe(root);
    expect(canonicalOf(post)).toBe('13b on 4xA100-80G gc');
  });

  it('"Details" posts every formula in the thread; "Sweep" uploads the PNG there with files.uploadV2', async () => {
    const answer = await slash('13b on 4xA100-80G');
    const root = h.standin.messages.at(-1)!.ts;
    const elements = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[]).find((b) => b.type === 'actions')!.elements!;
    const math = elements.find((e) => e.action_id === ACTION_IDS.math)!;
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, math.action_id, math.value) });
    // Details go to the clicker alone, in the answer's thread (issue 24).
    const mathPost = await waitFor(() => h.standin.callsOf('chat.postEphemeral')[0], 'the math');
    expect(mathPost.args).toMatchObject({ thread_ts: root, user: 'U0PERSON' });
    expect(JSON.stringify(mathPost.args.blocks)).toContain('13.0 B × 8 B ÷ 4');
    expect(posts()).toHaveLength(1);

    // The fake assistant answers no batch question, so its answers carry no Sweep: click one as an older answer would have it.
    const chart = { action_id: ACTION_IDS.sweep, value: math.value };
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, chart.action_id, chart.value) });
    const done = await waitFor(() => h.standin.callsOf('files.completeUploadExternal')[0], 'the upload completion');
    expect(done.args).toMatchObject({ channel_id: 'C0GENERAL', thread_ts: root });
    const uploaded = [...h.standin.uploads.values()][0]!;
    expect(uploaded.includes(FAKE_PNG)).toBe(true);
    expect(h.charts).toEqual(['sweep-batch']);
  });

  it('a Web API error is logged and answered politely, and the app keeps serving', async () => {
    h.standin.failNext('chat.postMessage', 'invalid_blocks');
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('13b'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const apology = await waitFor(() => posts()[1], 'the apology');
    expect(String(apology.args.text)).toContain('invalid_blocks');
    expect(apology.args.blocks).toBeUndefined();
    expect(h.logs).toContainEqual(expect.objectContaining({ event: 'slack.post_failed', error: 'invalid_blocks' }));
    const again = await slash('7b');
    expect(canonicalOf(again)).toBe('7b');
  });
});

describe('Slack app without the chart renderer', () => {
  it('says charts are unavailable to the clicker only, instead of failing', async () => {
    const h = await startHarness({ mode: 'socket', chart: null });
    try {
      await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('7b', h.standin.responseUrl()) });
      const answer = await waitFor(() => h.standin.callsOf('chat.postMessage')[0], 'the answer');
      const root = h.standin.messages.at(-1)!.ts;
      const chart = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[]).find((b) => b.type === 'actions')!.elements!.find((e) => e.action_id === ACTION_IDS.chart)!;
      await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, chart.action_id, chart.value) });
      const notice = await waitFor(() => h.standin.callsOf('chat.postEphemeral')[0], 'the notice');
      expect(String(notice.args.text)).toContain('Charts are not available');
      expect(notice.args).toMatchObject({ user: 'U0PERSON', thread_ts: root });
      await settle();
      expect(h.standin.callsOf('chat.postMessage')).toHaveLength(1);
      expect(h.standin.callsOf('files.getUploadURLExternal')).toHaveLength(0);
    } finally {
      await h.stop();
    }
  });
});
