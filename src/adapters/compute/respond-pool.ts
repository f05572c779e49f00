import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ThreadState, Turn } from '../../core/assistant.js';
import type { HubContext } from '../../hub/types.js';
import { currentCpuAccount, type CpuAccount } from '../../ops/cpu-charge.js';
import type { LogFn } from '../deps.js';
import type { RespondTask, WorkerMessage } from './protocol.js';
import { readyWithin } from './ready-within.js';
import { withLazyCompact } from '../../reply/lazy-compact.js';
import type { CoreRespond, LooksForHubIds } from '../hub-respond.js';

/**
 * respond() on worker threads, so a chat process's main thread only parses, acknowledges and
 * posts. An estimate costs 0.4–1 ms of CPU (bench:speed); on the main thread every queued one
 * delays the acks of requests behind it, and the process uses one core while the machine has
 * more. Measured with bench:load (README, "Load").
 *
 * Each task goes to the worker with the fewest tasks in flight, and the compute its worker reports
 * is charged to the requester (src/ops/cpu-charge.ts). A worker that dies (crash, out
 * of memory under its resource limits) fails its in-flight tasks, which then get the handler's
 * apology, and is replaced; a task that outlives `taskTimeoutMs` fails and its worker is
 * replaced too, because a thread stuck in a loop would hold every task queued behind it.
 */

export interface RespondPoolOptions {
  threads: number;
  /** The worker script; the compiled respond-worker.js next to this module by default. */
  workerUrl?: URL;
  /** Per-task bound: far above any real estimate (milliseconds), short of Slack's patience. */
  taskTimeoutMs?: number;
  /** V8 heap bounds per worker, so a pool cannot grow the process without limit. */
  resourceLimits?: ResourceLimits;
  /** How long start() waits for every worker to load the core. */
  startTimeoutMs?: number;
  log?: LogFn;
}

/**
 * The heap a worker gets. Its live data is the catalogs, the grammar and one request at a time
 * (a few MB); the young generation bounds how much garbage piles up between scavenges.
 */
export const WORKER_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 12 };

const DEFAULT_WORKER_URL = new URL('./respond-worker.js', import.meta.url);

/** What a task gives back: the answer, or the Hub ids its text names (a task that looked for them: protocol.ts). */
type TaskResult = Turn | { hubIds: string[] };

interface Pending {
  resolve: (result: TaskResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** The requester's compute account, read when the task was posted (the reply arrives outside its context). */
  account: CpuAccount | undefined;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  ready: Promise<void>;
  /** Loaded the core at least once: a worker that never did is not replaced (it would fail again, in a loop). */
  started: boolean;
}

export class RespondPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;
  private readonly workerUrl: URL;
  private readonly taskTimeoutMs: number;
  private readonly resourceLimits: ResourceLimits;
  private readonly log: LogFn;

  private constructor(options: RespondPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError(`a respond pool needs at least 1 thread (got ${options.threads})`);
    this.workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 10_000;
    this.resourceLimits = options.resourceLimits ?? WORKER_RESOURCE_LIMITS;
    this.log = options.log ?? (() => undefined);
  }

  /** Starts `threads` workers and resolves once every one has loaded the core (or rejects). */
  static async start(options: RespondPoolOptions): Promise<RespondPool> {
    const pool = new RespondPool(options);
    for (let i = 0; i < options.threads; i++) pool.slots.push(pool.spawn());
    const ready = Promise.all(pool.slots.map((slot) => slot.ready));
    await readyWithin(ready, options.startTimeoutMs ?? 15_000, 'respond pool: workers', () => pool.close());
    return pool;
  }

  get threads(): number {
    return this.slots.length;
  }

  /**
   * respond() on a worker; with `lookForHubIds`, a plain text's answer unless it names Hub ids, which
   * then come back to be fetched (the worker reads the text once for both: hub-respond.ts).
   */
  respond: CoreRespond & LooksForHubIds = Object.assign(
    (text: string, previous: ThreadState | null, hub?: HubContext) => this.run({ text, previous, hub }) as Promise<Turn>,
    { lookForHubIds: (text: string, previous: ThreadState | null) => this.run({ text, previous, lookForHubIds: true }) },
  );

  private run(task: Omit<RespondTask, 'id'>): Promise<TaskResult> {
    if (this.closing) return Promise.reject(new Error('respond pool is closed'));
    if (this.slots.length === 0) return Promise.reject(new Error('respond pool has no workers left (see the compute.* log lines)'));
    const slot = this.slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
    const id = this.nextId++;
    return new Promise<TaskResult>((resolve, reject) => {
      const account = currentCpuAccount();
      const timer = setTimeout(() => {
        slot.pending.delete(id);
        // The worker was held the whole time: the requester pays for it.
        account?.charge(this.taskTimeoutMs);
        reject(new Error(`respond pool: no answer within ${this.taskTimeoutMs} ms`));
        this.log({ event: 'compute.task_timeout', timeoutMs: this.taskTimeoutMs });
        this.replace(slot, new Error('respond pool: worker replaced after a task timed out'));
      }, this.taskTimeoutMs);
      slot.pending.set(id, { resolve, reject, timer, account });
      slot.worker.postMessage({ id, ...task } satisfies RespondTask);
    });
  }

  /** Fails whatever is in flight, stops every worker. */
  async close(): Promise<void> {
    this.closing = true;
    const slots = this.slots.splice(0);
    for (const slot of slots) this.failAll(slot, new Error('respond pool is closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl, { resourceLimits: this.resourceLimits, stdout: false, stderr: false });
    // The pool must not keep a process alive that has nothing else to do (tests, the terminal).
    worker.unref();
    const pending = new Map<number, Pending>();
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined); // A replacement's start failure surfaces through its tasks.
    const slot: Slot = { worker, pending, ready, started: false };
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        slot.started = true;
        return markReady();
      }
      const task = pending.get(message.id);
      if (!task) return; // Timed out already.
      pending.delete(message.id);
      clearTimeout(task.timer);
      task.account?.charge(message.cpuMs);
      if ('turn' in message) {
        // The clone left the reply's lazy short request behind (reply/lazy-compact.ts).
        if (message.turn.reply.kind === 'estimate') withLazyCompact(message.turn.reply);
        task.resolve(message.turn);
      } else if ('hubIds' in message) task.resolve({ hubIds: message.hubIds });
      else task.reject(new Error(`respond pool: ${message.error}`));
    });
    worker.on('error', (error) => {
      failStart(error);
      this.log({ event: 'compute.worker_failed', error: `${error.name}: ${error.message}` });
      this.replace(slot, error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`respond pool: worker exited with code ${code}`);
      failStart(error);
      if (this.closing || !this.slots.includes(slot)) return;
      this.log({ event: 'compute.worker_exited', code });
      this.replace(slot, error);
    });
    return slot;
  }

  /** Takes `slot` out of service: its tasks fail with `error`, a fresh worker takes its place. */
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    this.failAll(slot, error);
    if (index < 0) return;
    if (this.closing || !slot.started) {
      this.slots.splice(index, 1);
      if (!this.closing) this.log({ event: 'compute.worker_not_replaced', reason: 'it failed before loading the core', left: this.slots.length });
    } else {
      this.slots[index] = this.spawn();
    }
    void slot.worker.terminate();
  }

  private failAll(slot: Slot, error: Error): void {
    for (const task of slot.pending.values()) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    slot.pending.clear();
  }
}
