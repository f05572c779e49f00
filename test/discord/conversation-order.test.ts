import type { ThreadChannel } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { currentThreadState, persistTurn, threadKey } from '../../src/adapters/discord/conversation.js';
import type { HandlerDeps } from '../../src/adapters/discord/deps.js';
import { respond, scenarioThread } from '../../src/core/assistant.js';
import { encodeCustomId } from '../../src/render/discord/customId.js';
import { ResilientStore } from '../../src/state/resilient-store.js';
import { MemoryStore } from '../../src/state/store.js';

const BOT = '999';

function stateOf(text: string) {
  const turn = respond(text, null);
  if (turn.reply.kind !== 'estimate' || !turn.state) throw new Error(`not an estimate: ${text}`);
  return { state: turn.state, canonical: turn.reply.canonical };
}

/** A thread whose newest headroom answer (message `messageId`) carries `canonical` in its buttons. */
function threadWithAnswer(id: string, messageId: string, canonical: string, fetches: { n: number }): ThreadChannel {
  const message = { id: messageId, author: { id: BOT }, createdTimestamp: 2, embeds: [], components: [{ components: [{ customId: encodeCustomId({ kind: 'math' }, `t${canonical}`) }] }] };
  return {
    id,
    messages: {
      fetch: async () => {
        fetches.n += 1;
        return new Map([[messageId, message]]);
      },
    },
    fetchStarterMessage: async () => null,
  } as unknown as ThreadChannel;
}

class FlakyStore extends MemoryStore {
  down = false;
  override async set(key: string, state: Parameters<MemoryStore['set']>[1]) {
    if (this.down) throw new Error('connection is closed');
    return super.set(key, state);
  }
}

function deps(store: HandlerDeps['store'], logs: object[] = []): HandlerDeps {
  return { respond, store, complete: null, chart: null, log: (e: object) => logs.push(e) } as unknown as HandlerDeps;
}

describe('Discord threads never go back in time', () => {
  it('uses the saved state while the store is trusted, and the newer thread answer once a write for it failed', async () => {
    const inner = new FlakyStore();
    const store = new ResilientStore(inner);
    const logs: object[] = [];
    const before = stateOf('7b on a100');
    const during = stateOf('7b on a100 mbs 4');
    const fetches = { n: 0 };
    const thread = threadWithAnswer('100', '300', during.canonical, fetches);

    await persistTurn(deps(store, logs), [threadKey('100'), threadKey('200')], before.state, null);
    expect(await inner.get(threadKey('100'))).toMatchObject({ answerTs: '200' });
    expect(scenarioThread(await currentThreadState(thread, BOT, deps(store)))?.scenario.microBatch).toBe(scenarioThread(before.state)!.scenario.microBatch);
    expect(fetches.n).toBe(0);

    // The answer in message 300 was sent, but its state could not be saved: persistTurn logs, never throws.
    inner.down = true;
    await expect(persistTurn(deps(store, logs), [threadKey('100'), threadKey('300')], during.state, null)).resolves.toBeUndefined();
    expect(logs).toContainEqual(expect.objectContaining({ event: 'discord.store_failed', op: 'set' }));
    inner.down = false;

    const current = await currentThreadState(thread, BOT, deps(store));
    expect(scenarioThread(current)?.scenario.microBatch).toBe(4);
    expect(fetches.n).toBe(1);
    await store.close();
  });
});
