import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createShutdown, holdSignals, installSignalHandlers, ShuttingDownError, type SignalSource } from '../../src/ops/shutdown.js';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createShutdown', () => {
  it('waits for in-flight work before closing, then closes last-registered first', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const order: string[] = [];
    const work = deferred<string>();
    shutdown.track(work.promise).then(() => order.push('work done'));
    shutdown.onClose(() => order.push('close store'));
    shutdown.onClose(async () => order.push('close socket'));

    const done = shutdown.begin();
    await tick();
    expect(order).toEqual([]); // still waiting for the reply in flight
    work.resolve('reply sent');
    const report = await done;
    expect(order).toEqual(['work done', 'close socket', 'close store']);
    expect(report).toEqual({ drained: true, abandoned: 0, closeErrors: [] });
  });

  it('stops taking new work once begun', async () => {
    const shutdown = createShutdown({ timeoutMs: 100 });
    expect(shutdown.accepting()).toBe(true);
    void shutdown.begin();
    expect(shutdown.accepting()).toBe(false);
    expect(() => shutdown.track(Promise.resolve())).toThrow(ShuttingDownError);
  });

  it('gives up on work that outlives the timeout, and still closes', async () => {
    vi.useFakeTimers();
    try {
      const shutdown = createShutdown({ timeoutMs: 5000 });
      const closed = vi.fn();
      shutdown.track(new Promise(() => undefined)); // never settles
      shutdown.onClose(closed);
      const done = shutdown.begin();
      await vi.advanceTimersByTimeAsync(4999);
      expect(closed).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const report = await done;
      expect(report.drained).toBe(false);
      expect(report.abandoned).toBe(1);
      expect(closed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed request does not count as stuck work, and finished work is forgotten', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const failing = shutdown.track(Promise.reject(new Error('handler failed')));
    await expect(failing).rejects.toThrow('handler failed');
    shutdown.track(Promise.resolve(1));
    expect(await shutdown.begin()).toMatchObject({ drained: true, abandoned: 0 });
  });

  it('runs every close hook even when one throws, and reports the error', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const first = vi.fn();
    shutdown.onClose(first);
    shutdown.onClose(() => {
      throw new Error('socket already closed');
    });
    const report = await shutdown.begin();
    expect(first).toHaveBeenCalled();
    expect(report.closeErrors).toHaveLength(1);
    expect(String(report.closeErrors[0])).toContain('socket already closed');
  });

  it('is idempotent: begin twice closes once', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const close = vi.fn();
    shutdown.onClose(close);
    const [a, b] = [shutdown.begin(), shutdown.begin()];
    expect(a).toBe(b);
    await a;
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('installSignalHandlers', () => {
  it('SIGTERM on the real process drains, closes and exits 0', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const work = deferred();
    shutdown.track(work.promise);
    const closed = vi.fn();
    shutdown.onClose(closed);
    const exit = vi.fn();
    const exited = new Promise<number>((resolve) => exit.mockImplementation(resolve));
    const listenersBefore = process.listenerCount('SIGTERM');
    const uninstall = installSignalHandlers(shutdown, { exit });
    try {
      process.emit('SIGTERM');
      await tick();
      expect(shutdown.accepting()).toBe(false);
      expect(exit).not.toHaveBeenCalled();
      work.resolve();
      expect(await exited).toBe(0);
      expect(closed).toHaveBeenCalledTimes(1);
    } finally {
      uninstall();
    }
    expect(process.listenerCount('SIGTERM')).toBe(listenersBefore);
  });

  it('SIGINT works the same, and a second signal while draining exits at once with 130', async () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const shutdown = createShutdown({ timeoutMs: 60_000 });
    shutdown.track(new Promise(() => undefined));
    const exit = vi.fn();
    installSignalHandlers(shutdown, { exit, source });
    source.emit('SIGINT');
    await tick();
    expect(exit).not.toHaveBeenCalled();
    source.emit('SIGINT');
    expect(exit).toHaveBeenCalledWith(130);
  });

  it('exits 1 when a close hook failed, and reports what happened', async () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const shutdown = createShutdown({ timeoutMs: 1000 });
    shutdown.onClose(() => Promise.reject(new Error('redis quit failed')));
    const onReport = vi.fn();
    const exited = new Promise<number>((resolve) => installSignalHandlers(shutdown, { exit: resolve, source, onReport }));
    source.emit('SIGTERM');
    expect(await exited).toBe(1);
    expect(onReport).toHaveBeenCalledWith('SIGTERM', expect.objectContaining({ drained: true }));
  });

  it('removes its listeners when uninstalled', () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const uninstall = installSignalHandlers(createShutdown({ timeoutMs: 10 }), { exit: vi.fn(), source });
    expect(source.listenerCount('SIGTERM') + source.listenerCount('SIGINT')).toBe(2);
    uninstall();
    expect(source.listenerCount('SIGTERM') + source.listenerCount('SIGINT')).toBe(0);
  });
});

describe('holdSignals (main.ts, before the services exist)', () => {
  it('remembers the first signal, and the handlers installed later drain for it at once', async () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const held = holdSignals(source);
    source.emit('SIGTERM');
    source.emit('SIGINT');
    expect(held.received()).toBe('SIGTERM');
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const closed = vi.fn();
    shutdown.onClose(closed);
    const exited = new Promise<number>((resolve) => installSignalHandlers(shutdown, { exit: resolve, source, pending: held.received() }));
    held.release();
    expect(shutdown.accepting()).toBe(false);
    expect(await exited).toBe(0);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('holds nothing after release: its listeners are gone, and with none received nothing drains', () => {
    const source = new EventEmitter() as EventEmitter & SignalSource;
    const held = holdSignals(source);
    expect(source.listenerCount('SIGTERM')).toBe(1);
    held.release();
    expect(source.listenerCount('SIGTERM')).toBe(0);
    expect(held.received()).toBeNull();
    const shutdown = createShutdown({ timeoutMs: 10 });
    installSignalHandlers(shutdown, { exit: vi.fn(), source, pending: held.received() });
    expect(shutdown.accepting()).toBe(true);
  });
});
