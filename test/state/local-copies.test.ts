import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResilientStore } from '../../src/state/resilient-store.js';
import type { SavedThread } from '../../src/state/store.js';
import { threadState, UnreachableStore } from './fixtures.js';

/**
 * Issue 26: during a store outage only 25 of 387 follow-ups were answered, none in the minute
 * after. ResilientStore keeps the last state this process wrote per thread, so a thread it
 * answered continues from that copy while the store cannot be read, and after a lost write
 * (the stale stored state then deleted) instead of from nothing.
 */

const seqOf = (state: SavedThread | null) => (state && 'scenario' in state ? (state.scenario as { seq: number }).seq : null);
const at = (n: number) => `1700000000.${String(n).padStart(6, '0')}`;

describe('ResilientStore: this process\'s own copies', () => {
  it('while the store is down, a thread written here reads its newest state; one never written here fails as before', async () => {
    const inner = new UnreachableStore();
    const store = new ResilientStore(inner, { openMs: 10 });
    await store.set('ours', { ...threadState(1024), answerTs: at(1) });
    inner.down = true;
    await expect(store.set('ours', { ...threadState(2048), answerTs: at(2) })).rejects.toThrow();
    expect(seqOf(await store.get('ours'))).toBe(2048);
    await expect(store.get('theirs')).rejects.toThrow();
    await store.close();
  });

  it('a state another process wrote later wins over the copy here; a reset here forgets the copy', async () => {
    const inner = new UnreachableStore();
    const store = new ResilientStore(inner);
    await store.set('t', { ...threadState(1024), answerTs: at(1) });
    await inner.set('t', { ...threadState(4096), answerTs: at(5) }); // another replica, later answer
    expect(seqOf(await store.get('t'))).toBe(4096);
    await store.delete('t');
    expect(await store.get('t')).toBeNull();
    await store.close();
  });

  it('keeps a bounded number of copies, the most recently written', async () => {
    const inner = new UnreachableStore();
    const store = new ResilientStore(inner, { maxLocalCopies: 2 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) await store.set(key, { ...threadState(1024 * (i + 1)), answerTs: at(i + 1) });
    inner.down = true;
    await expect(store.get('a')).rejects.toThrow();
    expect(seqOf(await store.get('b'))).toBe(2048);
    expect(seqOf(await store.get('c'))).toBe(3072);
    await store.close();
  });

  it('through any sequence of outages, a thread written only here reads its last answer: never older, never nothing (property)', async () => {
    const steps = fc.array(fc.constantFrom('write', 'write', 'read', 'toggle', 'pause'), { minLength: 1, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(steps, async (ops) => {
        const inner = new UnreachableStore();
        const store = new ResilientStore(inner, { openMs: 5, invalidateEveryMs: 1 });
        let answer = 0;
        try {
          for (const op of ops) {
            if (op === 'toggle') inner.down = !inner.down;
            else if (op === 'pause') await new Promise((resolve) => setTimeout(resolve, 3));
            else if (op === 'write') {
              answer += 1;
              await store.set('t', { ...threadState(answer), answerTs: at(answer) }).catch(() => undefined);
            } else {
              // Nothing written yet: the store's own answer (null, or its error while down).
              if (answer === 0) await store.get('t').catch(() => null);
              else expect(seqOf(await store.get('t'))).toBe(answer);
            }
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
