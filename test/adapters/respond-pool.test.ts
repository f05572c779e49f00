import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RespondPool } from '../../src/adapters/compute/respond-pool.js';
import { chatTurn } from '../../src/adapters/compute/chat-turn.js';
import { respond } from '../../src/core/assistant.js';
import { compactReadCount } from '../../src/reply/compact.js';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';
import { COMPILED_WORKER } from './compiled-worker.js';
import { withHub } from '../../src/adapters/hub-respond.js';
import { isPlainRequest, type HubResolver } from '../../src/hub/prefetch.js';
import { corpusLines } from '../../bench/load/corpus-texts.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

let pool: RespondPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('RespondPool with the real core', () => {
  it('is built (npm test runs the build first)', () => {
    expect(existsSync(COMPILED_WORKER), `${COMPILED_WORKER.pathname} missing: run npm run build`).toBe(true);
  });

  it('answers exactly what respond() answers in-thread, less the console\'s trace, follow-ups included', async () => {
    pool = await RespondPool.start({ threads: 2, workerUrl: COMPILED_WORKER });
    const running = pool;
    const texts = fc.constantFrom(...SPEED_CORPUS);
    const followUps = fc.constantFrom('now zero2', 'seq 8192', 'on H100', 'undo', 'batch 4', 'what if 8 gpus', 'reset', 'help oom');
    await fc.assert(
      fc.asyncProperty(texts, followUps, async (text, followUp) => {
        const first = respond(text, null);
        expect(await running.respond(text, null)).toEqual(chatTurn(first));
        expect(await running.respond(followUp, first.state)).toEqual(chatTurn(respond(followUp, first.state)));
      }),
      { numRuns: 40 },
    );
  });

  it('gives an estimate back with its short request, worked out on this side when first asked', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: COMPILED_WORKER });
    for (const text of ['13b bf16 zero3 seq 4096 on 4xA100-80G', 'serve llama-3-8b on a 4090', 'qlora 70b on 2x 3090']) {
      const turn = await pool.respond(text, null);
      const local = respond(text, null).reply;
      if (turn.reply.kind !== 'estimate' || local.kind !== 'estimate') throw new Error(`not an estimate: ${text}`);
      expect(turn.reply.compact).toBe(local.compact);
    }
  });
});

describe('the Hub ids of a plain text, looked for on the worker as it answers', () => {
  it('withHub over the pool answers every corpus line as withHub over the in-thread core, and asks the Hub for the same ids', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: COMPILED_WORKER });
    // Every lookup fails, naming the id: the reply says so, so a missed or extra id shows in the answer too.
    const asking = (asked: string[]): HubResolver => ({ resolve: async (repo) => (asked.push(repo), Promise.reject(new Error(`${repo} is not on this Hub`))) });
    const [onWorker, inThread] = [[] as string[], [] as string[]];
    const viaPool = withHub(pool.respond, asking(onWorker));
    const viaCore = withHub(async (text, previous, hub) => chatTurn(respond(text, previous, hub)), asking(inThread));
    let plainWithIds = 0;
    // A quarter of the lines with a slash (half of them name Hub ids), and some without (answered at once whatever
    // reads them). Every other slash line, as this was written, ran past the minute once the corpus passed 3,200 lines
    // on the fortieth session's machine (60 s in the clean-clone CI and alone on an idle machine alike).
    const lines = corpusLines();
    const texts = [...lines.filter((line) => line.includes('/')).filter((_, i) => i % 4 === 0), ...lines.filter((line) => !line.includes('/')).slice(0, 20)];
    for (const text of texts) {
      const before = onWorker.length;
      expect(await viaPool(text, null), text).toEqual(await viaCore(text, null));
      expect(onWorker.slice(before), text).toEqual(inThread.slice(before));
      if (onWorker.length > before && isPlainRequest(text)) plainWithIds += 1;
    }
    // Both ways were taken: texts answered at once, and texts whose ids came back to be fetched.
    expect(plainWithIds).toBeGreaterThan(10);
    // 29 s alone on the idle machine; the clean-clone CI runs two files at once.
  }, 120_000);
});

describe('an estimate reply crossing a thread boundary', () => {
  it('is cloned without working out its short request (only Discord asks for it)', () => {
    const reply = respond('34b lora seq 3001 mbs 3 on 3x l40s', null).reply;
    if (reply.kind !== 'estimate') throw new Error('not an estimate');
    const before = compactReadCount();
    const copy = structuredClone(reply) as Partial<typeof reply>;
    expect(compactReadCount()).toBe(before);
    expect('compact' in copy).toBe(false);
    expect(Object.keys(reply)).not.toContain('compact');
    expect(reply.compact.length).toBeGreaterThan(0);
    expect(compactReadCount()).toBeGreaterThan(before);
  });
});

describe('RespondPool failure handling', () => {
  it('spreads concurrent tasks over its workers', async () => {
    pool = await RespondPool.start({ threads: 2, workerUrl: fixture('scripted-worker.mjs') });
    const turns = await Promise.all(['a', 'b', 'c', 'd'].map((t) => pool!.respond(t, null)));
    const threads = new Set(turns.map((t) => (t.reply.kind === 'help' ? t.reply.text : '')));
    expect(threads.size).toBe(2);
    expect(turns.map((t) => (t.reply.kind === 'help' ? t.reply.title : ''))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('fails the tasks of a worker that dies and answers the next request on a replacement', async () => {
    const events: object[] = [];
    pool = await RespondPool.start({ threads: 1, workerUrl: fixture('scripted-worker.mjs'), log: (e) => events.push(e) });
    await expect(pool.respond('crash', null)).rejects.toThrow(/exited with code 3/);
    const next = await pool.respond('after', null);
    expect(next.reply.kind === 'help' && next.reply.title).toBe('after');
    expect(events).toContainEqual({ event: 'compute.worker_exited', code: 3 });
  });

  it('times out a stuck task and replaces its worker, so later tasks are answered', async () => {
    // The timeout also covers the replacement's start (a new worker thread), which took over 300 ms
    // with two test workers on a loaded 2-core machine: 1 s holds there and still ends the hang.
    pool = await RespondPool.start({ threads: 1, workerUrl: fixture('scripted-worker.mjs'), taskTimeoutMs: 1000 });
    await expect(pool.respond('hang', null)).rejects.toThrow(/no answer within 1000 ms/);
    const next = await pool.respond('after', null);
    expect(next.reply.kind === 'help' && next.reply.title).toBe('after');
  });

  it('rejects a task the worker reports as failed, and keeps the worker', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: fixture('scripted-worker.mjs') });
    const before = await pool.respond('x', null);
    await expect(pool.respond('throw', null)).rejects.toThrow(/scripted failure/);
    const after = await pool.respond('y', null);
    expect(after.reply.kind === 'help' && after.reply.text).toBe(before.reply.kind === 'help' && before.reply.text);
  });

  it('refuses to start when its workers cannot load, instead of failing every request later', async () => {
    await expect(RespondPool.start({ threads: 2, workerUrl: fixture('broken-worker.mjs') })).rejects.toThrow(/cannot load the core/);
  });

  it('fails tasks still in flight when closed, and refuses new ones', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: fixture('scripted-worker.mjs') });
    const stuck = expect(pool.respond('hang', null)).rejects.toThrow(/closed/);
    await pool.close();
    await stuck;
    await expect(pool.respond('late', null)).rejects.toThrow(/closed/);
    pool = null;
  });

  it('needs at least one thread', async () => {
    await expect(RespondPool.start({ threads: 0 })).rejects.toThrow(RangeError);
  });
});
