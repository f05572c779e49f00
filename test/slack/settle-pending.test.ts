import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTLE_ATTEMPTS, threadContext } from '../../src/adapters/slack/conversation.js';
import type { SlackDeps } from '../../src/adapters/slack/deps.js';
import { oneLookupPerMessage } from '../../src/adapters/slack/message-lookup.js';
import type { LatestAnswer } from '../../src/adapters/slack/recover.js';
import type { LookupOptions } from '../../src/adapters/slack/lookups.js';
import { withPending } from '../../src/state/pending-answer.js';
import { MemoryStore, type SavedThread } from '../../src/state/store.js';
import { threadState } from '../state/fixtures.js';

/**
 * A process killed between posting an answer and confirming it leaves the answer pending; the next
 * message settles it against the thread's latest answer (src/state/pending-answer.ts). That read
 * failing once (its deadline passed on a loaded machine) must not send the thread back to the
 * answer before: the kill -9 e2e test's "no revert" probe failed now and then for this.
 */

const KEY = 'slack:T1:C1:1700000000.000001';
const ts = (n: number) => `1700000000.${String(n).padStart(6, '0')}`;
const seqOf = (state: SavedThread | null | undefined) => (state && 'scenario' in state ? state.scenario.seq : null);

const CONFIRMED_SEQ = 4096;
const PENDING_SEQ = 8192;

async function settle(reads: LatestAnswer[]) {
  const store = new MemoryStore();
  await store.set(KEY, withPending({ ...threadState(CONFIRMED_SEQ), answerTs: ts(10) }, threadState(PENDING_SEQ), ts(11)));
  const logged: Array<Record<string, unknown>> = [];
  const asked: Array<LookupOptions | undefined> = [];
  const deps = { store, log: (entry: Record<string, unknown>) => void logged.push(entry) } as unknown as SlackDeps;
  const latestAnswer = async (options?: LookupOptions): Promise<LatestAnswer> => {
    asked.push(options);
    return reads[asked.length - 1] ?? { kind: 'failed' };
  };
  const context = await threadContext(deps, KEY, latestAnswer, true);
  return { seq: seqOf(context?.previous), asked, events: logged.map((e) => e.event) };
}

const failed: LatestAnswer = { kind: 'failed' };
/** The pending answer, posted: a later answer than the confirmed one shows in the thread. */
const posted: LatestAnswer = { kind: 'answer', canonical: '13b zero3 seq 8192', scenario: null, ts: ts(12) };
/** The confirmed answer is the latest: the pending one never went out. */
const notPosted: LatestAnswer = { kind: 'answer', canonical: '13b zero3 seq 4096', scenario: null, ts: ts(10) };

describe('settling a pending answer when the thread cannot be read at once', () => {
  it('reads again after failed reads, fewer than SETTLE_ATTEMPTS, and settles on what the thread shows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: SETTLE_ATTEMPTS - 1 }), fc.boolean(), async (failures, wasPosted) => {
        const result = await settle([...Array<LatestAnswer>(failures).fill(failed), wasPosted ? posted : notPosted]);
        expect(result.seq).toBe(wasPosted ? PENDING_SEQ : CONFIRMED_SEQ);
        expect(result.asked).toHaveLength(failures + 1);
        // Every read of a settlement may wait for the lookup budget.
        expect(result.asked.every((options) => (options?.waitMs ?? 0) > 0)).toBe(true);
        expect(result.events).not.toContain('slack.pending_unsettled');
      }),
      { numRuns: 20 },
    );
  });

  it('after SETTLE_ATTEMPTS failed reads keeps the confirmed state (known to be posted), asks no more, and logs it', async () => {
    const result = await settle(Array<LatestAnswer>(SETTLE_ATTEMPTS + 2).fill(failed));
    expect(result.seq).toBe(CONFIRMED_SEQ);
    expect(result.asked).toHaveLength(SETTLE_ATTEMPTS);
    expect(result.events).toContain('slack.pending_unsettled');
  });

  it('a failed read made earlier for the same message (the chatter check) does not settle it', async () => {
    const store = new MemoryStore();
    await store.set(KEY, withPending({ ...threadState(CONFIRMED_SEQ), answerTs: ts(10) }, threadState(PENDING_SEQ), ts(11)));
    const reads: LatestAnswer[] = [failed, posted];
    let made = 0;
    const latest = oneLookupPerMessage(async () => reads[made++] ?? failed);
    await latest(); // the chatter check's read, which fails
    const deps = { store, log: () => undefined } as unknown as SlackDeps;
    const context = await threadContext(deps, KEY, latest, true);
    expect({ seq: seqOf(context?.previous), made }).toEqual({ seq: PENDING_SEQ, made: 2 });
  });

  it('a saved state with nothing pending is taken as it is, without reading the thread', async () => {
    const store = new MemoryStore();
    await store.set(KEY, { ...threadState(CONFIRMED_SEQ), answerTs: ts(10) });
    let reads = 0;
    const deps = { store, log: () => undefined } as unknown as SlackDeps;
    const context = await threadContext(deps, KEY, async () => ((reads += 1), failed), true);
    expect({ seq: seqOf(context?.previous), reads }).toEqual({ seq: CONFIRMED_SEQ, reads: 0 });
  });
});
