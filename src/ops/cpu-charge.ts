import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who pays for the compute an answer costs. serveRequest (src/adapters/admission.ts) opens an
 * account for each request; the gate names the user once it admits them; whatever computes the
 * answer (the respond pool's worker, or the core on the main thread) charges what it measured.
 * The account travels with the request's async context, so no handler has to pass it along.
 */
export interface CpuAccount {
  /** The user charged, once admitted (null before: a refused request costs nothing here). */
  user: string | null;
  charge(ms: number): void;
}

const current = new AsyncLocalStorage<CpuAccount>();

/** Runs `work` with `account` as the request's account. */
export function withCpuAccount<T>(account: CpuAccount, work: () => T): T {
  return current.run(account, work);
}

/**
 * The account of the request running now, if any. Read it when the work starts: a callback
 * from a worker thread's message runs outside the request's context.
 */
export function currentCpuAccount(): CpuAccount | undefined {
  return current.getStore();
}

/**
 * Runs `compute` and charges the current account what it cost when it answered synchronously
 * (the core on this thread). A promise is work done elsewhere — the respond pool charges what its
 * worker measured — so it is passed on uncharged.
 */
export function chargeIfSync<T>(compute: () => T): T {
  const account = currentCpuAccount();
  const started = threadClock();
  const value = compute();
  if (account && !isThenable(value)) account.charge(threadClock() - started);
  return value;
}

const isThenable = (value: unknown): boolean => typeof (value as { then?: unknown } | null)?.then === 'function';

/** Milliseconds of this thread's CPU, or of wall time when Node cannot tell a thread's CPU apart. */
export function threadClock(): number {
  const perThread = (process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (perThread) {
    const used = perThread.call(process);
    return (used.user + used.system) / 1000;
  }
  return performance.now();
}
