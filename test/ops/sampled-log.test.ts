import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestOps, serveRequest } from '../../src/adapters/admission.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { SampledLog } from '../../src/ops/sampled-log.js';

/** A clock and a timer list the test advances by hand. */
function manualTime() {
  let t = 0;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => t,
    later: (fn: () => void, ms: number) => void timers.push({ at: t + ms, fn }),
    advance(ms: number) {
      t += ms;
      for (const timer of timers.filter((x) => x.at <= t)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    },
  };
}

type Line = { event: string; kind?: string; leftOut?: number; written?: number; of?: string; n?: number };

describe('sampled log lines (issue 26: rejected requests logged sampled)', () => {
  it('writes the first N of a kind a window, then one summary with the count left out', () => {
    const time = manualTime();
    const lines: Line[] = [];
    const log = new SampledLog((e) => lines.push(e as Line), { perWindow: 3, windowMs: 60_000, now: time.now, later: time.later });
    for (let n = 0; n < 1000; n++) log.write('busy', { event: 'request.refused', n });
    expect(lines.map((l) => l.n)).toEqual([0, 1, 2]);
    time.advance(60_000);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toEqual({ event: 'log.sampled', of: 'request.refused', kind: 'busy', written: 3, leftOut: 997, windowMs: 60_000 });
    // A new window writes again.
    log.write('busy', { event: 'request.refused', n: 1000 });
    expect(lines.at(-1)).toMatchObject({ n: 1000 });
  });

  it('every event is written or counted exactly once, and lines per kind per window are bounded', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 30_000 })), { maxLength: 300 }), (events) => {
        const time = manualTime();
        const lines: (Line & { at: number })[] = [];
        const log = new SampledLog((e) => lines.push({ ...(e as Line), at: time.now() }), { perWindow: 5, windowMs: 60_000, now: time.now, later: time.later });
        for (const [kind, gap] of events) {
          time.advance(gap);
          log.write(kind, { event: 'x', kind });
        }
        log.flush();
        const written = lines.filter((l) => l.event === 'x').length;
        const leftOut = lines.filter((l) => l.event === 'log.sampled').reduce((n, l) => n + l.leftOut!, 0);
        expect(written + leftOut).toBe(events.length);
        // In any minute, a kind gets at most 5 lines of its own per window it touches (two windows at most).
        for (const kind of ['a', 'b', 'c']) {
          const at = lines.filter((l) => l.event === 'x' && l.kind === kind).map((l) => l.at);
          for (const start of at) expect(at.filter((x) => x >= start && x < start + 60_000).length).toBeLessThanOrEqual(10);
        }
      }),
    );
  });

  it('a flood of rate-limited requests logs a bounded number of refusal lines', async () => {
    const lines: Line[] = [];
    const limiter = createRateLimiter({ user: { burst: 1, perMinute: 1 }, channel: { burst: 1000, perMinute: 1000 } }, () => 0);
    const ops = requestOps((e) => lines.push(e as Line), 'slack', { limiter, now: () => 0 });
    for (let i = 0; i < 500; i++) {
      await serveRequest(ops, { platform: 'slack', kind: 'message' }, async (gate) => void (await gate({ user: 'u', channel: 'c' }, async () => undefined)), async () => undefined);
    }
    expect(lines.filter((l) => l.event === 'request.refused')).toHaveLength(10);
    // Shutting down writes what the flood left out.
    await ops.shutdown.begin();
    expect(lines).toContainEqual(expect.objectContaining({ event: 'log.sampled', kind: 'rate_limited_user', leftOut: 489 }));
  });
});
