import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeThreadState, encodeThreadState, type SavedThread } from '../../src/state/codec.js';
import { confirmedOf, settlePending, withPending } from '../../src/state/pending-answer.js';
import { SqliteStore } from '../../src/state/sqlite-store.js';
import { threadState } from './fixtures.js';

const seqOf = (state: SavedThread | null) => (state && 'scenario' in state ? state.scenario.seq : null);
/** Slack-like ts from a counter: requests and answers share one clock, as in a real thread. */
const ts = (n: number) => `1700000000.${String(n).padStart(6, '0')}`;

describe('settling a pending answer', () => {
  const confirmed: SavedThread = { ...threadState(4096), answerTs: ts(10) };
  const pending = withPending(confirmed, threadState(8192), ts(11));

  it('takes the pending state, stamped with the answer, when a later answer than the confirmed one is visible', () => {
    const settled = settlePending(pending, ts(12));
    expect(seqOf(settled)).toBe(8192);
    expect(settled.answerTs).toBe(ts(12));
    expect(settled.pending).toBeUndefined();
  });

  it('keeps the confirmed state when the latest answer is the confirmed one, none is visible, or the thread could not be read', () => {
    for (const latest of [ts(10), null]) {
      const settled = settlePending(pending, latest);
      expect(seqOf(settled)).toBe(4096);
      expect(settled.answerTs).toBe(ts(10));
      expect(settled.pending).toBeUndefined();
    }
  });

  it('a state without a pending answer is what it is', () => {
    expect(settlePending(confirmed, ts(99))).toBe(confirmed);
    expect(confirmedOf(confirmed)).toBe(confirmed);
  });

  it('survives the codec: written and read back with its pending answer', () => {
    const read = decodeThreadState(encodeThreadState(pending));
    expect(read).not.toBeNull();
    expect(seqOf(read!.pending!.state as SavedThread)).toBe(8192);
    expect(read!.pending!.request).toBe(ts(11));
    expect(seqOf(read)).toBe(4096);
  });
});

describe('kill -9 at any point of save, post, confirm', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'headroom-pending-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Where a request's answer can be cut short: before the pending write, after it, after posting, or not at all. */
  const CUT = ['before_pending', 'after_pending', 'after_post', 'never'] as const;

  it('the thread reads back as its last posted answer, never an older one and never one not posted', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...CUT), { minLength: 1, maxLength: 8 }), async (cuts) => {
        const path = join(dir, `state-${(run += 1)}.sqlite`);
        const key = 'slack:T1:C1:1700000000.000001';
        const opened: SqliteStore[] = [];
        const open = () => {
          const store = new SqliteStore({ path });
          opened.push(store);
          return store;
        };
        let clock = 1;
        const posted: Array<{ ts: string; seq: number }> = [];
        let store = open();
        // The thread's first answer, confirmed.
        const first = ts((clock += 1));
        posted.push({ ts: first, seq: 1000 });
        await store.set(key, { ...threadState(1000), answerTs: first });
        try {
          for (const [index, cut] of cuts.entries()) {
            const request = ts((clock += 1));
            // What a reader sees: the stored state settled against the thread's latest answer.
            const saved = await store.get(key);
            const current = saved && settlePending(saved, posted.at(-1)!.ts);
            expect(seqOf(current)).toBe(posted.at(-1)!.seq);
            const next = threadState(2000 + index);
            if (cut !== 'before_pending') {
              await store.set(key, withPending(current!, next, request));
              if (cut !== 'after_pending') {
                const answer = ts((clock += 1));
                posted.push({ ts: answer, seq: 2000 + index });
                if (cut !== 'after_post') await store.set(key, { ...next, answerTs: answer });
              }
            }
            // kill -9: the process is gone (nothing more is written); a new one opens the file.
            if (cut !== 'never') store = open();
          }
          const saved = await store.get(key);
          expect(seqOf(saved && settlePending(saved, posted.at(-1)!.ts))).toBe(posted.at(-1)!.seq);
        } finally {
          for (const s of opened) await s.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
