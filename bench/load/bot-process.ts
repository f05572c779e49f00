import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The bot as production runs it (`node dist/src/main.js`), in its own process, measured from outside. */
export interface BotProcess {
  child: ChildProcess;
  port: number;
  /** Spawn to the `ready` log line: node start, module loading, store open, HTTP listening. */
  coldStartMs: number;
  /** Current and peak resident memory of the bot process in MB (Linux /proc), null elsewhere. */
  memory(): { rssMb: number; peakMb: number } | null;
  /** SIGTERM, then the exit code and how long the drain took. */
  stop(timeoutMs: number): Promise<{ code: number | null; ms: number }>;
}

/** A free loopback port: bind port 0, read it, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function readMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** `node [nodeArgs] mainJs` with only `env` (plus PORT, HOST=127.0.0.1, NODE_ENV=production), stdout and stderr piped. */
export function spawnBotProcess(mainJs: string, env: Record<string, string>, port: number, nodeArgs: string[] = []): ChildProcess {
  // Only what the bot needs: no inherited tokens, no PATH-dependent behaviour beyond node itself.
  return spawn(process.execPath, [...nodeArgs, mainJs], { env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `onSpawn` sees the child before it is ready, so a caller can end it even if it never gets ready. */
export async function startBot(mainJs: string, env: Record<string, string>, readyTimeoutMs: number, nodeArgs: string[] = [], onSpawn?: (child: ChildProcess) => void): Promise<BotProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnBotProcess(mainJs, env, port, nodeArgs);
  onSpawn?.(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const coldStartMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // a bot that never got ready must not outlive the caller
      reject(new Error(`bot not ready within ${readyTimeoutMs} ms: ${stderr}`));
    }, readyTimeoutMs);
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('"event":"ready"')) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
      buffer = buffer.slice(-2000);
    });
    child.once('exit', (code) => reject(new Error(`bot exited with ${code} before ready: ${stderr}`)));
  });
  child.stdout!.resume();
  return {
    child,
    port,
    coldStartMs,
    memory: () => (child.pid ? readMemory(child.pid) : null),
    stop: (timeoutMs) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve({ code, ms: performance.now() - t0 });
        });
        child.kill('SIGTERM');
      }),
  };
}
