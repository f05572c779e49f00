import { describe, expect, it } from 'vitest';
import { oneLookupPerMessage } from '../../src/adapters/slack/message-lookup.js';
import type { LookupOptions } from '../../src/adapters/slack/lookups.js';
import type { LatestAnswer } from '../../src/adapters/slack/recover.js';

const failed: LatestAnswer = { kind: 'failed' };
const found: LatestAnswer = { kind: 'answer', canonical: '13b zero3 seq 8192', scenario: null, ts: '1700000000.000012' };

/** A reader giving `answers` in turn (then failing), recording the options of each read. */
function reader(answers: LatestAnswer[]) {
  const reads: Array<LookupOptions | undefined> = [];
  return { reads, read: async (options?: LookupOptions) => (reads.push(options), answers[reads.length - 1] ?? failed) };
}

describe('the thread lookup one message shares', () => {
  it('a read that found the thread is shared by every later caller', async () => {
    const { reads, read } = reader([found]);
    const latest = oneLookupPerMessage(read);
    expect([await latest(), await latest({ waitMs: 1500 })]).toEqual([found, found]);
    expect(reads).toEqual([undefined]);
  });

  it('a failed read is not kept: the next caller reads again, with its own options', async () => {
    const { reads, read } = reader([failed, found]);
    const latest = oneLookupPerMessage(read);
    expect(await latest()).toEqual(failed);
    expect(await latest({ waitMs: 1500 })).toEqual(found);
    expect(reads).toEqual([undefined, { waitMs: 1500 }]);
  });

  it('lastRead gives what the last read gave without reading, and nothing before a read', async () => {
    const { reads, read } = reader([failed]);
    const latest = oneLookupPerMessage(read);
    expect(latest.lastRead()).toBeNull();
    await latest();
    expect(await latest.lastRead()!()).toEqual(failed);
    expect(reads).toHaveLength(1);
  });
});
