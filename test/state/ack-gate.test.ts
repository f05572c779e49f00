import { describe, expect, it } from 'vitest';
import { AckGate, answerableKey } from '../../src/adapters/slack/ack-gate.js';

const body = (event: Record<string, unknown>) => JSON.stringify({ type: 'event_callback', team_id: 'T1', event: { type: 'message', user: 'U1', channel: 'C1', ts: '2.0', ...event } });

describe('which acks wait for the journal', () => {
  it('a thread message, a mention and a DM are held under their journal key; chatter, bots and edits are not', () => {
    expect(answerableKey(body({ thread_ts: '1.0' }))).toBe('slack:T1:C1:2.0');
    expect(answerableKey(body({ type: 'app_mention', text: '<@U0> 7b' }))).toBe('slack:T1:C1:2.0');
    expect(answerableKey(body({ channel_type: 'im' }))).toBe('slack:T1:C1:2.0');
    expect(answerableKey(body({ text: 'lunch?' }))).toBeNull();
    expect(answerableKey(body({ thread_ts: '1.0', bot_id: 'B1' }))).toBeNull();
    expect(answerableKey(body({ thread_ts: '1.0', subtype: 'message_changed' }))).toBeNull();
    expect(answerableKey('command=%2Fheadroom&text=7b')).toBeNull();
  });
});

describe('AckGate', () => {
  /** Bolt's part: it acks (res.end) at once; `ended` counts acks that actually went out. */
  function deliver(gate: AckGate, raw: string): { ended: () => number } {
    let ended = 0;
    const res = { end: () => ((ended += 1), res), once: () => res };
    gate.wrap((_req, r) => void (r as unknown as typeof res).end())({ rawBody: raw } as never, res as never);
    return { ended: () => ended };
  }

  it('holds an ack until its request is released, and lets the others go at once', () => {
    const gate = new AckGate(60_000);
    const thread = deliver(gate, body({ thread_ts: '1.0' }));
    const chatter = deliver(gate, body({ text: 'lunch?' }));
    expect(chatter.ended()).toBe(1);
    expect(thread.ended()).toBe(0);
    expect(gate.size).toBe(1);
    gate.release('slack:T1:C1:2.0');
    expect(thread.ended()).toBe(1);
    expect(gate.size).toBe(0);
  });

  it('a mention and its message twin wait for the same key and go together', () => {
    const gate = new AckGate(60_000);
    const mention = deliver(gate, body({ type: 'app_mention', text: '<@U0> 7b' }));
    const twin = deliver(gate, body({ text: '<@U0> 7b' }));
    gate.release('slack:T1:C1:2.0');
    expect([mention.ended(), twin.ended()]).toEqual([1, 1]);
  });

  it('lets a held ack go after its bound, so a request nobody releases is still acknowledged', async () => {
    const gate = new AckGate(50);
    const dm = deliver(gate, body({ channel_type: 'im' }));
    expect(dm.ended()).toBe(0);
    for (let i = 0; i < 100 && dm.ended() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(dm.ended()).toBe(1);
    expect(gate.size).toBe(0);
  });
});
