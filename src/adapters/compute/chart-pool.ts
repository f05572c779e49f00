import { Worker } from 'node:worker_threads';
import type { ChartFn, ChartKind, LogFn } from '../deps.js';
import type { EstimateReply } from '../../reply/types.js';
import type { ChartResult, ChartTask } from './chart-worker.js';
import { readyWithin } from './ready-within.js';

/**
 * PNG charts rendered on their own thread with their own cap. Encoding a chart costs tens of
 * milliseconds of CPU; on the main thread a burst of Chart/Sweep clicks (200) delayed every
 * ack by 4.4 s, past Slack's 3 s (issue 15). Here the main thread only posts the task; at most
 * `maxPending` charts wait or render at once, and one past that fails at once (ChartsBusyError)
 * so a burst costs a polite refusal, not a queue without end. Separate from the respond pool
 * so charts never delay answers.
 */
export class ChartsBusyError extends Error {
  constructor(limit: number) {
    super(`${limit} charts are already being drawn`);
    this.name = 'ChartsBusyError';
  }
}

export interface ChartPoolOptions {
  /** The worker script; the compiled chart-worker.js next to this module by default. */
  workerUrl?: URL;
  /** Charts waiting or rendering before new ones are refused. */
  maxPending?: number;
  /** Per-chart bound; the worker is replaced when it passes. */
  taskTimeoutMs?: number;
  startTimeoutMs?: number;
  log?: LogFn;
}

export const DEFAULT_MAX_PENDING_CHARTS = 8;

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ChartPool {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  private readonly workerUrl: URL;
  private readonly maxPending: number;
  private readonly taskTimeoutMs: number;
  private readonly log: LogFn;

  private constructor(options: ChartPoolOptions) {
    this.workerUrl = options.workerUrl ?? new URL('./chart-worker.js', import.meta.url);
    this.maxPending = options.maxPending ?? DEFAULT_MAX_PENDING_CHARTS;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 10_000;
    this.log = options.log ?? (() => undefined);
  }

  /** Starts the chart thread; rejects when it cannot load the renderer (charts then stay unavailable). */
  static async start(options: ChartPoolOptions = {}): Promise<ChartPool> {
    const pool = new ChartPool(options);
    await readyWithin(pool.spawn(), options.startTimeoutMs ?? 15_000, 'chart pool:', () => pool.close());
    return pool;
  }

  /** How many charts are waiting or rendering. */
  get inFlight(): number {
    return this.pending.size;
  }

  render: ChartFn = (reply: EstimateReply, kind: ChartKind): Promise<Buffer> => {
    if (this.closing) return Promise.reject(new Error('chart pool is closed'));
    if (this.pending.size >= this.maxPending) return Promise.reject(new ChartsBusyError(this.maxPending));
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`chart pool: no chart within ${this.taskTimeoutMs} ms`));
        this.log({ event: 'compute.chart_timeout', timeoutMs: this.taskTimeoutMs });
        this.restart(new Error('chart pool: worker replaced after a chart timed out'));
      }, this.taskTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, reply, kind } satisfies ChartTask);
    });
  };

  async close(): Promise<void> {
    this.closing = true;
    this.failAll(new Error('chart pool is closed'));
    await this.worker?.terminate();
  }

  private spawn(): Promise<void> {
    const worker = new Worker(this.workerUrl, { resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 }, stdout: false, stderr: false });
    worker.unref();
    this.worker = worker;
    return new Promise<void>((resolveReady, rejectReady) => {
      worker.on('message', (message: ChartResult) => {
        if ('ready' in message) return resolveReady();
        const task = this.pending.get(message.id);
        if (!task) return;
        this.pending.delete(message.id);
        clearTimeout(task.timer);
        if ('png' in message) task.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
        else task.reject(new Error(`chart pool: ${message.error}`));
      });
      worker.on('error', (error) => {
        rejectReady(error);
        this.log({ event: 'compute.chart_worker_failed', error: `${error.name}: ${error.message}` });
        if (worker === this.worker) this.restart(error);
      });
      worker.on('exit', (code) => {
        rejectReady(new Error(`chart pool: worker exited with code ${code}`));
        if (this.closing || worker !== this.worker) return;
        this.restart(new Error(`chart pool: worker exited with code ${code}`));
      });
    });
  }

  private restart(error: Error): void {
    this.failAll(error);
    if (this.closing) return;
    const old = this.worker;
    this.spawn().catch(() => undefined);
    void old.terminate();
  }

  private failAll(error: Error): void {
    for (const task of this.pending.values()) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    this.pending.clear();
  }
}
