import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createLogger } from '../../src/ops/logger.js';
import { startServices } from '../../src/services.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from '../slack/fixtures.js';
import { SIGNING_SECRET, waitFor } from '../slack/harness.js';

/**
 * Start and stop as an orchestrator sees them (issue 26): a failed start exits non-zero with
 * one line naming the port, a SIGTERM during start drains and exits 0, and /readyz says 200
 * only once start has finished. The first two spawn the built bot (dist/src/main.js).
 */

const MAIN_JS = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'headroom-lifecycle-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function freeServer(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

/** The bot in Slack HTTP mode on `port`, talking to nothing (a Web API address where nothing listens). */
function spawnBot(port: number, name: string): { child: ChildProcess; output: () => { stdout: string; stderr: string }; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [MAIN_JS], {
    env: {
      SLACK_BOT_TOKEN: 'xoxb-lifecycle-token',
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      PORT: String(port),
      HOST: '127.0.0.1',
      HEADROOM_DB_PATH: join(dir, `${name}.sqlite`),
      HEADROOM_COMPUTE_THREADS: '1',
      PATH: process.env.PATH ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Resolves with the exit, or null when the process is still alive after `ms` (then killed). */
async function exitWithin(bot: ReturnType<typeof spawnBot>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  const result = await Promise.race([bot.exited, timeout]);
  clearTimeout(timer);
  if (result === null) bot.child.kill('SIGKILL');
  return result;
}

describe('the bot process', () => {
  it('exits non-zero, with one line naming the platform and the port, when its port is taken', async () => {
    const taken = await freeServer();
    try {
      const bot = spawnBot(taken.port, 'taken');
      // Generous: only to catch a process that stays alive (the fault: it logged and kept running).
      const exit = await exitWithin(bot, 30_000);
      expect(exit).not.toBeNull();
      expect(exit!.code).not.toBe(0);
      const lines = bot.output().stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`port ${taken.port}`);
      expect(lines[0]).toMatch(/Slack/);
      expect(lines[0]).toMatch(/in use/);
    } finally {
      taken.server.close();
    }
  }, 40_000);

  it('drains and exits 0 on a SIGTERM sent as soon as start begins, before the store, the worker pool and the port', async () => {
    const { server, port } = await freeServer();
    server.close();
    const bot = spawnBot(port, 'early-sigterm');
    await waitFor(() => bot.output().stdout.includes('"event":"starting"'), 'the starting line', 15_000);
    expect(bot.output().stdout).not.toContain('"event":"ready"');
    bot.child.kill('SIGTERM');
    const exit = await exitWithin(bot, 30_000);
    expect(exit).toEqual({ code: 0, signal: null });
    const shutdownLine = bot.output().stdout.split('\n').find((line) => line.includes('"event":"shutdown"'));
    expect(shutdownLine).toBeDefined();
    expect(JSON.parse(shutdownLine!)).toMatchObject({ signal: 'SIGTERM', during: 'starting', drained: true });
  }, 40_000);
});

describe('readiness during start (in process, start held by an injected step)', () => {
  async function heldStart() {
    const { server, port } = await freeServer();
    await new Promise((resolve) => server.close(resolve));
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-test-token', SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: 'http://127.0.0.1:9/api/', HEADROOM_COMPUTE_THREADS: '0' });
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const signals = new EventEmitter();
    const exits: number[] = [];
    const lines: string[] = [];
    const started = startServices(
      { ...config, slack: { ...config.slack!, port } },
      {
        env: {},
        store: new MemoryStore(),
        logger: createLogger({ env: {}, sink: { write: (line: string) => lines.push(line) } }),
        signals,
        exit: (code) => exits.push(code),
        shutdownTimeoutMs: 5_000,
        slack: { respond: fakeRespond, host: '127.0.0.1' },
        beforeReady: () => hold,
      },
    );
    const base = `http://127.0.0.1:${port}`;
    const status = async (path: string) => (await fetch(`${base}${path}`)).status;
    // The port listens before start has finished: wait for it.
    for (let i = 0; i < 200; i++) {
      try {
        await status('/healthz');
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return { started, release, signals, exits, lines, status };
  }

  it('answers /healthz 200 but /readyz 503 until every platform is up, then /readyz 200', async () => {
    const run = await heldStart();
    expect(await run.status('/healthz')).toBe(200);
    expect(await run.status('/readyz')).toBe(503);
    run.release();
    const services = await run.started;
    try {
      expect(await run.status('/readyz')).toBe(200);
    } finally {
      await services.shutdown.begin();
      services.removeSignalHandlers();
    }
  });

  it('on a SIGTERM during start, never turns ready, closes what it opened and exits 0', async () => {
    const run = await heldStart();
    run.signals.emit('SIGTERM');
    expect(await run.status('/readyz')).toBe(503);
    run.release();
    const services = await run.started;
    try {
      await waitFor(() => run.exits.length > 0, 'the exit');
      expect(run.exits).toEqual([0]);
      await expect(run.status('/healthz')).rejects.toThrow();
      const events = run.lines.map((line) => JSON.parse(line) as { event?: string });
      expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['shutdown.draining', 'start_aborted', 'shutdown']));
      expect(events.map((e) => e.event)).not.toContain('ready');
    } finally {
      services.removeSignalHandlers();
    }
  });
});
