import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMemory, spawnBotProcess, startBot, type BotProcess } from '../load/bot-process.js';
import { startScriptNodeArgs } from '../load/start-command.js';

/**
 * What every fault case shares: where the compiled bot and CLI are, a scratch folder, and a list
 * of clean-ups that the runner calls whether the case finished, threw or ran out of time (so no
 * bot, server or socket outlives its case).
 */

export const MAIN_JS = fileURLToPath(new URL('../../src/main.js', import.meta.url));
export const CLI_JS = fileURLToPath(new URL('../../cli/headroom.js', import.meta.url));
export const ASSISTANT_JS = fileURLToPath(new URL('../../src/core/assistant.js', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));

/** `npm start`'s node flags: the bot runs as production runs it. */
export const NODE_ARGS = startScriptNodeArgs(PACKAGE_JSON);

export const SIGNING_SECRET = 'fa17bec0ffee0123456789abcdef0123';
export const BOT_TOKEN = 'xoxb-faultbench-token';
const READY_TIMEOUT_MS = 15_000;

export interface Outcome {
  figure: string;
  held: boolean;
}

export interface FaultCase {
  id: string;
  round: 1 | 2;
  /** What is done to the bot, in a few words. */
  fault: string;
  /** What "held" means, printed in the table. */
  threshold: string;
  /** Upper bound of the case's wall time; the runner stops it there and reports it broke. */
  timeoutMs?: number;
  run(ctx: CaseContext): Promise<Outcome>;
}

/** Every child a case started and that has not exited: a case still running when the bench exits must not leave them behind. */
const LIVE = new Set<ChildProcess>();
process.once('exit', () => LIVE.forEach((child) => child.kill('SIGKILL')));

/** Thrown by a case whose prerequisite is missing (redis-server): reported as "not run", neither held nor broke. */
export class NotRun extends Error {}

export class CaseContext {
  readonly dir: string;
  private readonly cleanups: (() => unknown)[] = [];

  constructor(id: string) {
    this.dir = mkdtempSync(join(tmpdir(), `headroom-fault-${id}-`));
  }

  private closed = false;

  /**
   * Runs `cleanup` when the case ends, last registered first. A case that ran out of time may go
   * on starting things after its clean-up: those are cleaned up at once.
   */
  defer(cleanup: () => unknown): void {
    if (this.closed) void Promise.resolve().then(cleanup).catch(() => undefined);
    else this.cleanups.push(cleanup);
  }

  /** The Slack or Discord bot (`node dist/src/main.js`), stopped at the end of the case. */
  async bot(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): Promise<BotProcess> {
    return startBot(MAIN_JS, { ...quietDefaults(this.dir), ...env }, options.readyTimeoutMs ?? READY_TIMEOUT_MS, NODE_ARGS, (child) => this.own(child));
  }

  /** The bot spawned on `port` without waiting for it (lifecycle cases watch its start themselves). */
  spawnBot(env: Record<string, string>, port: number): ChildProcess {
    return this.own(spawnBotProcess(MAIN_JS, { ...quietDefaults(this.dir), ...env }, port, NODE_ARGS));
  }

  /** A child process killed at the end of the case, or when the bench exits, whichever comes first. */
  own(child: ChildProcess): ChildProcess {
    LIVE.add(child);
    child.once('exit', () => LIVE.delete(child));
    this.defer(() => killHard(child));
    return child;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const cleanup of this.cleanups.reverse()) {
      try {
        await withTimeout(Promise.resolve().then(cleanup), 5_000, 'clean-up');
      } catch {
        // a clean-up that fails or hangs must not stop the others
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Settings every bot gets unless a case overrides them: its own SQLite file, the Hub pointed at
 * a closed loopback port (nothing may leave the machine), the Hub cache in memory.
 */
function quietDefaults(dir: string): Record<string, string> {
  return {
    HEADROOM_DB_PATH: join(dir, 'state.sqlite'),
    HF_ENDPOINT: 'http://127.0.0.1:9',
    HEADROOM_HUB_CACHE_DIR: 'off',
    LOG_LEVEL: 'info',
  };
}

/** SIGKILL unless it already exited; resolves when it has. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Exit code (or signal name) of `child`, or null if it is still running after `timeoutMs`. */
export function exitWithin(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: string | null; ms: number } | null> {
  const t0 = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - t0 });
    });
  });
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} ran past ${Math.round(ms / 1000)} s`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 25 ms until it holds or `timeoutMs` passes; whether it held. */
export async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * A process past this RSS has broken any memory threshold here; it is killed so that a runaway
 * download cannot take the shared machine's memory.
 */
const GUARD_MB = 900;

function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Samples a process's RSS every 50 ms until stopped: `growthMb` is the highest sample minus the
 * RSS when sampling started; `hwmMb` the kernel's high-water mark (VmHWM) at the last sample,
 * which includes peaks between samples (and, for a bot, its start). Past GUARD_MB the process
 * is killed.
 */
export function sampleMemory(pid: number, guard: { aboveMb: number; then: () => void } = { aboveMb: GUARD_MB, then: () => killPid(pid) }): { stop(): { baseMb: number; peakMb: number; growthMb: number; hwmMb: number } } {
  const baseMb = readMemory(pid)?.rssMb ?? Number.NaN;
  let peakMb = Number.isFinite(baseMb) ? baseMb : 0;
  let hwmMb = Number.NaN;
  const sample = () => {
    const now = readMemory(pid);
    // Gone, or a zombie whose status has no memory lines any more.
    if (!now || !Number.isFinite(now.rssMb)) return;
    peakMb = Math.max(peakMb, now.rssMb);
    hwmMb = now.peakMb;
    if (now.rssMb > guard.aboveMb) guard.then();
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { baseMb, peakMb, growthMb: peakMb - baseMb, hwmMb };
    },
  };
}

/** p-quantile of numbers (sorted here), NaN when empty. */
export function quantileOf(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const mb = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} MB` : 'n/a');
