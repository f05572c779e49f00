import { afterEach, describe, expect, it } from 'vitest';
import { RespondPool } from '../../src/adapters/compute/respond-pool.js';
import { chatTurn } from '../../src/adapters/compute/chat-turn.js';
import { withHub } from '../../src/adapters/hub-respond.js';
import type { ThreadState } from '../../src/core/assistant.js';
import { respond } from '../../src/core/assistant.js';
import { resolvedModel } from '../../src/hub/model.js';
import type { HubContext } from '../../src/hub/types.js';
import { COMPILED_WORKER } from '../adapters/compiled-worker.js';
import { SERVED } from './fixtures/repos.js';

const qwen = SERVED.find((f) => f.repo === 'Qwen/Qwen2.5-7B-Instruct')!;
const hub = {
  calls: [] as string[],
  resolve: async (repo: string) => {
    hub.calls.push(repo);
    const read = resolvedModel(qwen.repo, qwen.config, { total: qwen.safetensors!.total, perDtype: qwen.safetensors!.parameters });
    if (!read.ok) throw new Error(read.message);
    return read.model;
  },
};

let pool: RespondPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
  hub.calls.length = 0;
});

describe('adapters put the Hub in front of respond()', () => {
  it('withHub fetches the ids in the text and hands the models to respond', async () => {
    const seen: { text: string; context: HubContext | undefined }[] = [];
    const wrapped = withHub((text: string, previous: ThreadState | null, context?: HubContext) => {
      seen.push({ text, context });
      return respond(text, previous, context);
    }, hub);
    const turn = await wrapped('Qwen/Qwen2.5-7B-Instruct inference', null);
    expect(hub.calls).toEqual(['Qwen/Qwen2.5-7B-Instruct']);
    expect([...seen[0]!.context!.models!.keys()]).toEqual(['qwen/qwen2.5-7b-instruct']);
    expect(turn.reply.kind === 'estimate' && turn.reply.scenario.model.name).toBe('Qwen2.5-7B-Instruct');
  });

  it('a text without Hub ids is passed through untouched, with nothing fetched', async () => {
    const texts: string[] = [];
    await withHub((text: string, previous: ThreadState | null) => {
      texts.push(text);
      return respond(text, previous);
    }, hub)('13b zero3 on 4x h100', null);
    expect(texts).toEqual(['13b zero3 on 4x h100']);
    expect(hub.calls).toEqual([]);
  });

  it('the compute pool carries the fetched models to its worker and answers what respond() answers in-thread', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: COMPILED_WORKER });
    const model = await hub.resolve('Qwen/Qwen2.5-7B-Instruct');
    const context: HubContext = { models: new Map([['qwen/qwen2.5-7b-instruct', model]]) };
    const text = 'Qwen/Qwen2.5-7B-Instruct lora on 4090';
    const inWorker = await pool.respond(text, null, context);
    // The pool posts back what chat renders (chat-turn.ts): the in-thread answer less the console's trace.
    expect(inWorker).toEqual(chatTurn(respond(text, null, context)));
    expect(inWorker.reply.kind).toBe('estimate');
  });
});

describe('Discord slash command with a Hub id', () => {
  async function run(text: string, reply: 'estimate' | 'error') {
    const { answerCommand } = await import('../../src/adapters/discord/handling/answerCommand.js');
    const order: string[] = [];
    const turn = reply === 'estimate' ? respond('7b inference', null) : respond('someorg/some-model lora', null);
    const deps = {
      respond: async () => {
        order.push('respond');
        return turn;
      },
      store: { get: async () => null, set: async () => undefined },
      complete: null,
      chart: null,
      log: () => undefined,
    } as unknown as Parameters<typeof answerCommand>[3];
    const replies = {
      ephemeral: async () => void order.push('ephemeral'),
      defer: async () => void order.push('defer'),
      editOriginal: async () => (order.push('editOriginal'), { id: '1' }),
      tell: async () => void order.push('tell'),
      startThread: async () => (order.push('startThread'), 't'),
    };
    const outcome = await answerCommand(text, { channelId: 'c', inThread: false }, replies, deps);
    return { order, outcome };
  }

  it('defers before the fetch (Discord allows 3 s), then edits in the answer', async () => {
    expect(await run('Qwen/Qwen2.5-7B-Instruct inference', 'estimate')).toEqual({ order: ['defer', 'respond', 'editOriginal'], outcome: 'unknown' });
  });

  it('an error after a deferral replaces the deferred response', async () => {
    expect(await run('someorg/some-model lora', 'error')).toEqual({ order: ['defer', 'respond', 'editOriginal'], outcome: 'request_error' });
  });

  it('without a Hub id, a request error is still answered ephemerally at once', async () => {
    expect(await run('13b zer3', 'error')).toEqual({ order: ['respond', 'ephemeral'], outcome: 'request_error' });
  });
});
