/**
 * Log lines for events that arrive in floods (a request refused for its rate limit, a busy
 * process, a bad signature): the first few of each kind in a window are written as they come,
 * the rest only counted, and one summary line per kind says how many were left out when the
 * window closes. A flood of refusals then costs a bounded number of lines a minute instead of
 * one each (issue 26: every rejected request logged one unsampled line).
 *
 * Clock-injected; the summary is written by a timer that does not keep the process alive, or by
 * the next line of that kind, or by flush() (at shutdown), whichever comes first.
 */

export type LogFn = (event: object) => void;

export interface SampledLogOptions {
  /** Lines written per kind in each window before the rest are only counted. */
  perWindow?: number;
  windowMs?: number;
  /** Kinds tracked at once; past it the oldest window is closed (its summary written). */
  maxKinds?: number;
  now?: () => number;
  /** Calls `fn` after `ms` without keeping the process alive (tests pass a manual one). */
  later?: (fn: () => void, ms: number) => void;
}

interface Window {
  startedAt: number;
  written: number;
  leftOut: number;
  /** The `event` name of the lines left out, for the summary. */
  name: unknown;
  timer: boolean;
}

export const DEFAULT_SAMPLE = { perWindow: 10, windowMs: 60_000, maxKinds: 1000 };

const unrefLater = (fn: () => void, ms: number) => void setTimeout(fn, ms).unref();

export class SampledLog {
  private readonly windows = new Map<string, Window>();
  private readonly perWindow: number;
  private readonly windowMs: number;
  private readonly maxKinds: number;
  private readonly now: () => number;
  private readonly later: (fn: () => void, ms: number) => void;

  constructor(
    private readonly log: LogFn,
    options: SampledLogOptions = {},
  ) {
    this.perWindow = options.perWindow ?? DEFAULT_SAMPLE.perWindow;
    this.windowMs = options.windowMs ?? DEFAULT_SAMPLE.windowMs;
    this.maxKinds = options.maxKinds ?? DEFAULT_SAMPLE.maxKinds;
    this.now = options.now ?? Date.now;
    this.later = options.later ?? unrefLater;
  }

  /** Writes `event` unless `kind` has had its lines this window; then counts it for the summary. */
  write(kind: string, event: object): void {
    const now = this.now();
    let window = this.windows.get(kind);
    if (window && now - window.startedAt >= this.windowMs) {
      this.close(kind);
      window = undefined;
    }
    if (!window) {
      window = { startedAt: now, written: 0, leftOut: 0, name: undefined, timer: false };
      this.windows.set(kind, window);
      this.bound();
    }
    if (window.written < this.perWindow) {
      window.written++;
      this.log(event);
      return;
    }
    window.leftOut++;
    window.name = (event as { event?: unknown }).event;
    if (!window.timer) {
      window.timer = true;
      const opened = window;
      this.later(() => {
        if (this.windows.get(kind) === opened) this.close(kind);
      }, Math.max(0, opened.startedAt + this.windowMs - now));
    }
  }

  /** Closes every window, writing the summaries of what was left out (at shutdown). */
  flush(): void {
    for (const kind of [...this.windows.keys()]) this.close(kind);
  }

  private close(kind: string): void {
    const window = this.windows.get(kind);
    if (!window) return;
    this.windows.delete(kind);
    if (window.leftOut === 0) return;
    this.log({ event: 'log.sampled', of: window.name, kind, written: window.written, leftOut: window.leftOut, windowMs: this.windowMs });
  }

  private bound(): void {
    while (this.windows.size > this.maxKinds) this.close(this.windows.keys().next().value as string);
  }
}
