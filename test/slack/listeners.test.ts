import { describe, expect, it, vi } from 'vitest';
import { localClaims } from '../../src/state/claims.js';
import type { SlackDeps } from '../../src/adapters/slack/deps.js';
import { headroomCommand } from '../../src/adapters/slack/listeners/commands/headroom.js';
import { message } from '../../src/adapters/slack/listeners/events/message.js';
import { MemoryStore } from '../../src/state/store.js';
import { requestOps } from '../../src/adapters/admission.js';
import { fakeRespond } from './fixtures.js';

/** Listeners called directly with small fakes for ack, respond and the client (bolt-ts-starter-template style). */
function deps(overrides: Partial<SlackDeps> = {}): SlackDeps {
  const log = overrides.log ?? (() => {});
  const lookups = { read: vi.fn(async () => ({ ok: true as const, value: { messages: [] } })) };
  return { store: new MemoryStore(), respond: fakeRespond, log, claim: localClaims(), loadChart: async () => null, ops: requestOps(log, 'slack'), lookups, ...overrides };
}

function fakeClient(postResult: () => Promise<unknown> = async () => ({ ok: true, ts: '111.000200' })) {
  return { chat: { postMessage: vi.fn(postResult) }, conversations: { replies: vi.fn(async () => ({ ok: true, messages: [] })) } };
}

type CommandArgs = Parameters<ReturnType<typeof headroomCommand>>[0];
type MessageArgs = Parameters<ReturnType<typeof message>>[0];

describe('/headroom listener', () => {
  it('acks before answering, then stores the thread under the posted message', async () => {
    const order: string[] = [];
    const d = deps({ respond: (text, prev) => (order.push('respond'), fakeRespond(text, prev)) });
    const client = fakeClient();
    const ack = vi.fn(async () => void order.push('ack'));
    await headroomCommand(d)({ command: { text: '7b', channel_id: 'C1', team_id: 'T1', command: '/headroom' }, ack, respond: vi.fn(), client } as unknown as CommandArgs);
    expect(order).toEqual(['ack', 'respond']);
    expect(client.chat.postMessage).toHaveBeenCalledOnce();
    expect(await d.store.get('slack:T1:C1:111.000200')).not.toBeNull();
  });

  it('treats an empty command as help', async () => {
    const respondSpy = vi.fn(fakeRespond);
    await headroomCommand(deps({ respond: respondSpy }))({ command: { text: '  ', channel_id: 'C1', team_id: 'T1', command: '/headroom' }, ack: vi.fn(), respond: vi.fn(), client: fakeClient() } as unknown as CommandArgs);
    expect(respondSpy).toHaveBeenCalledWith('help', null);
  });

  it('when posting fails (bot not in channel) answers through response_url in the channel and logs the code with an error id', async () => {
    const logs: object[] = [];
    const respond = vi.fn(async () => ({}));
    const client = fakeClient(async () => {
      throw Object.assign(new Error('An API error occurred: not_in_channel'), { code: 'slack_webapi_platform_error', data: { ok: false, error: 'not_in_channel' } });
    });
    await headroomCommand(deps({ log: (e) => logs.push(e) }))({ command: { text: '7b', channel_id: 'C1', team_id: 'T1', user_id: 'U1', command: '/headroom' }, ack: vi.fn(), respond, client } as unknown as CommandArgs);
    expect(respond).toHaveBeenCalledOnce();
    expect(respond).toHaveBeenCalledWith(expect.objectContaining({ response_type: 'in_channel', text: expect.stringContaining('Does not fit'), blocks: expect.any(Array) }));
    expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.post_failed', error: 'not_in_channel', errorId: expect.stringMatching(/^[0-9A-Z]{6}$/) }));
  });

  it('when response_url refuses the answer too, apologises ephemerally with the error id that is in the log', async () => {
    const logs: Record<string, unknown>[] = [];
    const respond = vi.fn(async (body: { response_type: string }) => {
      if (body.response_type === 'in_channel') throw new Error('expired_url');
      return {};
    });
    const client = fakeClient(async () => {
      throw Object.assign(new Error('An API error occurred: channel_not_found'), { data: { ok: false, error: 'channel_not_found' } });
    });
    await headroomCommand(deps({ log: (e) => logs.push(e as Record<string, unknown>) }))({ command: { text: '7b', channel_id: 'C1', team_id: 'T1', user_id: 'U1', command: '/headroom' }, ack: vi.fn(), respond, client } as unknown as CommandArgs);
    const failure = logs.find((e) => e.event === 'slack.post_failed')!;
    expect(respond).toHaveBeenLastCalledWith(expect.objectContaining({ response_type: 'ephemeral', text: expect.stringContaining(`error id ${failure.errorId}`) }));
  });
});

describe('message listener', () => {
  const base = { channel: 'C1', user: 'U1', channel_type: 'channel' };
  const call = (d: SlackDeps, client: ReturnType<typeof fakeClient>, event: Record<string, unknown>) =>
    message(d)({ event: { ...base, ...event }, body: { team_id: 'T1', event_id: `Ev${Math.random()}` }, client, context: { botUserId: 'UBOT', botId: 'BBOT' } } as unknown as MessageArgs);

  it('ignores channel chatter outside threads, edits and bot posts', async () => {
    const client = fakeClient();
    await call(deps(), client, { text: '13b', ts: '1.1' });
    await call(deps(), client, { text: '13b', ts: '1.2', subtype: 'message_changed' });
    await call(deps(), client, { text: '13b', ts: '1.3', channel_type: 'im', bot_id: 'BOTHER' });
    expect(client.chat.postMessage).not.toHaveBeenCalled();
  });

  it('answers a follow-up in a known thread from the stored state', async () => {
    const d = deps();
    await d.store.set('slack:T1:C1:5.0', fakeRespond('13b', null).state!);
    const client = fakeClient();
    await call(d, client, { text: 'now zero2', ts: '5.1', thread_ts: '5.0' });
    expect(client.chat.postMessage).toHaveBeenCalledWith(expect.objectContaining({ thread_ts: '5.0', metadata: { event_type: 'headroom_answer', event_payload: expect.objectContaining({ canonical: '13b now zero2', asker: 'U1' }) } }));
    expect(d.lookups.read).not.toHaveBeenCalled();
  });
});
