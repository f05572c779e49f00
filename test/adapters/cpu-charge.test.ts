import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { requestOps, serveRequest, type Gate } from '../../src/adapters/admission.js';
import { RespondPool } from '../../src/adapters/compute/respond-pool.js';
import { ThreadQueue } from '../../src/adapters/thread-queue.js';
import { chargeIfSync, currentCpuAccount, withCpuAccount, type CpuAccount } from '../../src/ops/cpu-charge.js';
import { createRateLimiter, rateLimitMessage } from '../../src/ops/rate-limit.js';
import { COMPILED_WORKER } from './compiled-worker.js';

/**
 * Issue 26: six 6 KB messages from one user stalled everyone's answers. Each answer's compute is
 * charged to the user who asked (src/ops/cpu-charge.ts); past their budget they get the usual
 * rate-limited answer while others are answered.
 */

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const LOOSE = { burst: 1000, perMinute: 1000 };

function ledger(): CpuAccount & { charged: number[] } {
  const charged: number[] = [];
  return { user: 'u', charged, charge: (ms) => void charged.push(ms) };
}

let pool: RespondPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the compute an answer costs is charged to whoever asked', () => {
  it('the account follows the request through awaits and a thread queue', async () => {
    const account = ledger();
    const queue = new ThreadQueue();
    await withCpuAccount(account, async () => {
      await new Promise((r) => setTimeout(r, 1));
      await queue.run('thread', async () => currentCpuAccount()?.charge(5));
    });
    // Another request's work queued behind it is charged to that request, not this one.
    const other = ledger();
    await withCpuAccount(other, () => queue.run('thread', async () => currentCpuAccount()?.charge(7)));
    expect([account.charged, other.charged]).toEqual([[5], [7]]);
  });

  it('a core answer on this thread is charged what it took; a promise (the pool) is not charged twice', async () => {
    const account = ledger();
    withCpuAccount(account, () => chargeIfSync(() => 'answer'));
    expect(account.charged).toHaveLength(1);
    expect(account.charged[0]).toBeGreaterThanOrEqual(0);
    await withCpuAccount(account, () => chargeIfSync(() => Promise.resolve('answer')));
    expect(account.charged).toHaveLength(1);
  });

  it('the respond pool charges what its worker reports', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: fixture('scripted-worker.mjs') });
    const account = ledger();
    await withCpuAccount(account, () => pool!.respond('costly', null));
    await withCpuAccount(account, () => pool!.respond('cheap', null));
    expect(account.charged).toEqual([750, 1]);
  });

  it('the real worker reports a positive cost for a long message', async () => {
    pool = await RespondPool.start({ threads: 1, workerUrl: COMPILED_WORKER });
    const account = ledger();
    await withCpuAccount(account, () => pool!.respond(`7b lora ${'r8 '.repeat(1900)}`, null));
    expect(account.charged).toHaveLength(1);
    expect(account.charged[0]).toBeGreaterThan(0);
  });
});

describe('a user past their compute budget is refused; others are not (issue 26)', () => {
  /** One chat request: the gate, then an answer that costs `ms` of compute. */
  async function ask(ops: ReturnType<typeof requestOps>, user: string, ms: number): Promise<string> {
    let told = '';
    await serveRequest(
      ops,
      { platform: 'slack', kind: 'message' },
      async (gate: Gate) => {
        if (!(await gate({ user, channel: `c-${user}` }, async (text) => (told = text), { alwaysTell: true }))) return;
        currentCpuAccount()?.charge(ms);
        told = 'answered';
      },
      async () => undefined,
    );
    return told;
  }

  it('six expensive messages from one user: the budget stops them, another user is answered throughout', async () => {
    let t = 0;
    const limiter = createRateLimiter({ user: LOOSE, channel: LOOSE, cpu: { burstMs: 2000, perMinuteMs: 1000 } }, () => t);
    const log: object[] = [];
    const ops = requestOps((e) => log.push(e), 'slack', { limiter });
    const heavy: string[] = [];
    for (let i = 0; i < 6; i++) {
      heavy.push(await ask(ops, 'heavy', 900));
      expect(await ask(ops, 'light', 1)).toBe('answered');
      t += 100;
    }
    // 900 ms each: the third puts the user in debt (2,700 > 2,000 + regained), the rest are refused.
    expect(heavy.slice(0, 3)).toEqual(['answered', 'answered', 'answered']);
    expect(heavy.slice(3)).toEqual(Array(3).fill(heavy[3]));
    expect(heavy[3]).toMatch(/You're sending requests faster than I can answer — please try again in \d+ s\./);
    expect(log).toContainEqual(expect.objectContaining({ event: 'request.refused', reason: 'rate_limited_cpu' }));
    // Out of debt once the minute has regained it: answered again.
    t += 60_000;
    expect(await ask(ops, 'heavy', 1)).toBe('answered');
  });

  it('a refused request is not charged', async () => {
    let t = 0;
    const limiter = createRateLimiter({ user: { burst: 1, perMinute: 1 }, channel: LOOSE, cpu: { burstMs: 10, perMinuteMs: 60 } }, () => t);
    const ops = requestOps(() => undefined, 'slack', { limiter });
    expect(await ask(ops, 'u', 5)).toBe('answered');
    expect(await ask(ops, 'u', 1000)).not.toBe('answered'); // refused by the request bucket: costs nothing
    t += 60_000;
    expect(await ask(ops, 'u', 5)).toBe('answered');
  });
});

describe('the CPU budget (properties)', () => {
  it('a user whose answers cost no more than the budget regains is never refused for compute', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 60 }), (steps) => {
        let t = 0;
        const cpu = { burstMs: 500, perMinuteMs: 600 };
        const limiter = createRateLimiter({ user: LOOSE, channel: LOOSE, cpu }, () => t);
        for (const [gap, share] of steps) {
          t += gap;
          const decision = limiter.check('u', 'c');
          expect(decision.allowed || decision.scope !== 'cpu').toBe(true);
          // Spend at most what the gap regained (and never the burst itself).
          limiter.chargeCpu('u', share * Math.min(cpu.burstMs, (gap * cpu.perMinuteMs) / 60_000));
        }
      }),
    );
  });

  it('a user in debt is refused until exactly the debt is regained, and never charges another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 5000 }), (spent, burstMs) => {
        let t = 0;
        const limiter = createRateLimiter({ user: LOOSE, channel: LOOSE, cpu: { burstMs, perMinuteMs: 6000 } }, () => t);
        limiter.chargeCpu('u', spent);
        const debt = spent - burstMs;
        const decision = limiter.check('u', 'c');
        expect(limiter.check('other', 'c').allowed).toBe(true);
        if (debt <= 0) return void expect(decision.allowed).toBe(true);
        expect(decision).toEqual({ allowed: false, scope: 'cpu', retryAfterMs: Math.ceil(debt / 0.1) });
        expect(rateLimitMessage(decision as Extract<typeof decision, { allowed: false }>)).toContain("You're sending requests faster");
        t += Math.ceil(debt / 0.1);
        expect(limiter.check('u', 'c').allowed).toBe(true);
      }),
    );
  });
});
