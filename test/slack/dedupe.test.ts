import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SeenRecently } from '../../src/adapters/slack/dedupe.js';
import { isFreshSlackRequest, MAX_CLOCK_SKEW_SECONDS } from '../../src/adapters/slack/request-freshness.js';
import { stripMentions, slackThreadKey } from '../../src/adapters/slack/thread-key.js';

describe('SeenRecently (event dedupe)', () => {
  it('answers true exactly once per key within the TTL, and stays bounded (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (keys, bound) => {
        const seen = new SeenRecently(60_000, bound, () => 0);
        const firsts = new Map<string, number>();
        for (const key of keys) if (seen.first(key)) firsts.set(key, (firsts.get(key) ?? 0) + 1);
        expect(seen.size).toBeLessThanOrEqual(bound);
        // With room for every key, each is "first" exactly once.
        if (new Set(keys).size <= bound) for (const key of new Set(keys)) expect(firsts.get(key)).toBe(1);
      }),
    );
  });

  it('forgets a key after its TTL, so a much later event is answered again', () => {
    let now = 0;
    const seen = new SeenRecently(1000, 100, () => now);
    expect(seen.first('Ev1')).toBe(true);
    now = 999;
    expect(seen.first('Ev1')).toBe(false);
    now = 1000;
    expect(seen.first('Ev1')).toBe(true);
  });
});

describe('request freshness (both sides of the 5-minute window)', () => {
  it('accepts exactly the timestamps within ±5 minutes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.integer({ min: -3600, max: 3600 }), (now, offset) => {
        const fresh = isFreshSlackRequest({ 'x-slack-request-timestamp': String(now + offset) }, now * 1000);
        expect(fresh).toBe(Math.abs(offset) <= MAX_CLOCK_SKEW_SECONDS);
      }),
    );
  });

  it('refuses missing and non-numeric timestamps', () => {
    expect(isFreshSlackRequest({}, 0)).toBe(false);
    expect(isFreshSlackRequest({ 'x-slack-request-timestamp': '12e3' }, 12_000_000)).toBe(false);
  });
});

describe('thread keys and mentions', () => {
  it('keys a thread as slack:{team}:{channel}:{thread_ts}', () => {
    expect(slackThreadKey('T1', 'C2', '1700000000.000100')).toBe('slack:T1:C2:1700000000.000100');
  });

  it('strips user mentions and keeps the request', () => {
    expect(stripMentions('<@U0HEADROOM> 13b  bf16 <@U2|bob> on 4xA100')).toBe('13b bf16 on 4xA100');
  });
});
