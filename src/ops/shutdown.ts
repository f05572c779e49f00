/**
 * Graceful shutdown, dependency-free: stop taking work, let in-flight replies finish (bounded),
 * then close sockets and stores in reverse order of registration (last opened, first closed).
 *
 * Why bounded: orchestrators send SIGTERM and SIGKILL a grace period later (Kubernetes: 30 s by
 * default); a reply still running at SIGKILL is lost anyway, so we stop waiting before that
 * and close cleanly (flushing SQLite's WAL, sending Redis QUIT, closing gateway sockets).
 */

export class ShuttingDownError extends Error {
  constructor() {
    super('shutting down: not accepting new work');
    this.name = 'ShuttingDownError';
  }
}

export interface ShutdownReport {
  /** True when every tracked piece of work settled before the deadline. */
  drained: boolean;
  /** Work still running when the deadline passed. */
  abandoned: number;
  /** Errors thrown by close hooks (each hook still runs when an earlier one fails). */
  closeErrors: unknown[];
}

export interface Shutdown {
  /** False once `begin()` has been called: adapters answer "restarting, try again" instead. */
  accepting(): boolean;
  /** Registers in-flight work; throws ShuttingDownError after `begin()`. Returns the same promise. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Tracked work not yet settled (the load admission sheds above a bound). */
  inFlight(): number;
  /**
   * Work a shutdown waits for but admission does not count: saving a thread's state after its
   * answer is posted holds no request slot (issue 15). Runs even while draining.
   */
  background<T>(work: Promise<T>): Promise<T>;
  /** Registers a close hook (a socket, a store). Hooks run last-registered first. */
  onClose(close: () => unknown): void;
  /** Starts shutting down; idempotent: every call returns the same promise. */
  begin(): Promise<ShutdownReport>;
}

export interface ShutdownOptions {
  /** Longest wait for in-flight work; the close hooks then get the same budget, shared. */
  timeoutMs: number;
}

export function createShutdown(options: ShutdownOptions): Shutdown {
  const inFlight = new Set<Promise<unknown>>();
  const background = new Set<Promise<unknown>>();
  const closers: Array<() => unknown> = [];
  let finished: Promise<ShutdownReport> | null = null;

  const run = async (): Promise<ShutdownReport> => {
    // Work finishing during the drain may start background saves: wait for those too.
    const deadline0 = Date.now() + options.timeoutMs;
    let drained = await settleWithin([...inFlight], options.timeoutMs);
    if (drained) drained = await settleWithin([...background], Math.max(0, deadline0 - Date.now()));
    const abandoned = drained ? 0 : inFlight.size + background.size;
    const closeErrors: unknown[] = [];
    // All close hooks share one deadline, so N slow hooks cannot stretch shutdown N-fold.
    const deadline = Date.now() + options.timeoutMs;
    for (const close of [...closers].reverse()) {
      const left = Math.max(0, deadline - Date.now());
      const ok = await settleWithin([Promise.resolve().then(close)], left, closeErrors);
      if (!ok) closeErrors.push(new Error(`close hook did not finish within ${options.timeoutMs} ms of shutdown`));
    }
    return { drained, abandoned, closeErrors };
  };

  return {
    accepting: () => finished === null,
    track(work) {
      if (finished) throw new ShuttingDownError();
      inFlight.add(work);
      const forget = () => inFlight.delete(work);
      work.then(forget, forget);
      return work;
    },
    inFlight: () => inFlight.size,
    background(work) {
      background.add(work);
      const forget = () => background.delete(work);
      work.then(forget, forget);
      return work;
    },
    onClose(close) {
      closers.push(close);
    },
    begin() {
      finished ??= run();
      return finished;
    },
  };
}

/**
 * Resolves true when all promises settle within `ms`, false on timeout. Rejections count as
 * settled; when `errors` is given they are collected there.
 */
async function settleWithin(promises: Promise<unknown>[], ms: number, errors?: unknown[]): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const all = Promise.all(
    promises.map((p) =>
      p.then(
        () => undefined,
        (error: unknown) => {
          errors?.push(error);
        },
      ),
    ),
  ).then(() => true as const);
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The part of `process` the signal handlers use, injectable for tests. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

export interface SignalHandlerOptions {
  signals?: NodeJS.Signals[];
  /** process.exit by default; a test passes a recorder. */
  exit?: (code: number) => void;
  source?: SignalSource;
  /** Told when the drain begins (a logger's info), never required. */
  onSignal?: (signal: NodeJS.Signals) => void;
  /** Told what happened (a logger's info/error), never required. */
  onReport?: (signal: NodeJS.Signals, report: ShutdownReport) => void;
  /** A signal that arrived before these handlers were installed (holdSignals): handled at once. */
  pending?: NodeJS.Signals | null;
}

/**
 * SIGTERM / SIGINT → graceful shutdown → exit 0 (1 when work had to be abandoned or a close
 * hook failed, so the orchestrator's logs show an unclean stop). A second signal while
 * draining exits at once with 130 (the shell's convention for an interrupt): the operator
 * pressed Ctrl-C twice and means it. Returns a function that removes the handlers.
 */
export function installSignalHandlers(shutdown: Shutdown, options: SignalHandlerOptions = {}): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const source: SignalSource = options.source ?? process;
  let received = false;

  const handlers = signals.map((signal) => {
    const handler = () => {
      if (received) {
        exit(130);
        return;
      }
      received = true;
      options.onSignal?.(signal);
      shutdown.begin().then(
        (report) => {
          options.onReport?.(signal, report);
          exit(report.drained && report.closeErrors.length === 0 ? 0 : 1);
        },
        () => exit(1),
      );
    };
    source.on(signal, handler);
    return [signal, handler] as const;
  });
  const pending = handlers.find(([signal]) => signal === options.pending);
  if (pending) pending[1]();

  return () => {
    for (const [signal, handler] of handlers) source.off(signal, handler);
  };
}

/** Signals remembered while a process starts, before its real handlers exist (holdSignals). */
export interface SignalHold {
  /** The first signal received while held, or null. */
  received(): NodeJS.Signals | null;
  /** Removes the holding listeners: install the real handlers first, so no signal falls between. */
  release(): void;
}

/**
 * Catches SIGTERM / SIGINT from the first line of main.ts until installSignalHandlers takes
 * over (its `pending` option), so a signal during start — module loading, the worker pool, the
 * store — drains and exits 0 instead of killing the process with nothing closed (issue 26).
 */
export function holdSignals(source: SignalSource = process, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): SignalHold {
  let first: NodeJS.Signals | null = null;
  const listeners = signals.map((signal) => {
    const listener = () => {
      first ??= signal;
    };
    source.on(signal, listener);
    return [signal, listener] as const;
  });
  return {
    received: () => first,
    release: () => {
      for (const [signal, listener] of listeners) source.off(signal, listener);
    },
  };
}
