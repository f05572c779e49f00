import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/admission.js';
import type { RespondFn } from '../../src/adapters/slack/deps.js';
import { loadConfig } from '../../src/config/index.js';
import { createLogger } from '../../src/ops/logger.js';
import { startServices, type Services } from '../../src/services.js';
import { SqliteStore } from '../../src/state/sqlite-store.js';
import { slackThreadKey } from '../../src/adapters/slack/thread-key.js';
import { respond as realRespond } from '../../src/core/assistant.js';
import { COMPILED_WORKER } from '../adapters/compiled-worker.js';
import { SIGNING_SECRET, waitFor } from '../slack/harness.js';
import { renderSlack } from '../../src/render/slack.js';
import { slashCommand } from '../slack/standin/payloads.js';
import { postSigned } from '../slack/standin/sign.js';
import { SlackStandIn, TEAM_ID } from '../slack/standin/web-api.js';

/**
 * SIGTERM end to end, in process: startServices runs Slack in HTTP mode against the loopback
 * stand-in with a real SQLite store; the signal comes from an injected source and exit() is
 * recorded instead of ending the test runner.
 */
describe('SIGTERM through startServices', () => {
  let standin: SlackStandIn;
  let dir: string;
  beforeAll(async () => {
    standin = new SlackStandIn();
    await standin.start();
    dir = mkdtempSync(join(tmpdir(), 'headroom-shutdown-'));
  });
  afterAll(async () => {
    await standin.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the reply in flight, refuses new work, closes the port and the store, then exits 0', async () => {
    const dbPath = join(dir, 'state.sqlite');
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-test-token', SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: standin.apiUrl, HEADROOM_DB_PATH: dbPath });
    const slack = { ...config.slack!, port: 0, webApiRetries: 0 };

    let entered = false;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const respond: RespondFn = async (text, previous) => {
      entered = true;
      await slow;
      return realRespond(text, previous);
    };
    const signals = new EventEmitter();
    const exits: Array<{ code: number; postsAtExit: number }> = [];
    const lines: string[] = [];
    const services: Services = await startServices(
      { ...config, slack },
      {
        env: {},
        logger: createLogger({ env: {}, sink: { write: (line: string) => lines.push(line) } }),
        signals,
        exit: (code) => exits.push({ code, postsAtExit: standin.callsOf('chat.postMessage').length }),
        shutdownTimeoutMs: 5_000,
        slack: { respond, host: '127.0.0.1' },
      },
    );
    const base = `http://127.0.0.1:${services.slackPort}`;
    const command = (text: string) =>
      postSigned({ url: `${base}/slack/events`, body: new URLSearchParams(slashCommand(text, standin.responseUrl()) as Record<string, string>).toString(), contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });

    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const slowAck = await command('13b on 4xA100-80G');
      expect(slowAck.status).toBe(200);
      await waitFor(() => entered, 'the slow request to reach the assistant');

      signals.emit('SIGTERM');
      const readyz = await fetch(`${base}/readyz`);
      expect(readyz.status).toBe(503);
      const late = await command('7b');
      expect(JSON.parse(late.text)).toEqual({ response_type: 'ephemeral', text: RESTARTING_TEXT });
      expect(exits).toEqual([]);

      release();
      const exit = await waitFor(() => exits[0], 'exit()', 6_000);
      expect(exit).toEqual({ code: 0, postsAtExit: 1 });
      const answer = standin.messages.find((m) => m.channel === 'C0GENERAL')!;
      expect(answer.metadata?.event_payload.canonical).toMatch(/13b/i);

      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      expect(await services.store.ready()).toBe(false);
      // The answered thread's state was written before the store closed (real assistant: SQLite validates the scenario).
      const reopened = new SqliteStore({ path: dbPath, ttlMs: 60_000 });
      expect(await reopened.get(slackThreadKey(TEAM_ID, 'C0GENERAL', answer.ts))).not.toBeNull();
      await reopened.close();
      expect(lines.join('')).toMatch(/"event":"shutdown".*"drained":true/);
    } finally {
      release();
      services.removeSignalHandlers();
      await services.shutdown.begin();
    }
  });

  it('answers on a compute thread with the real core (HEADROOM_COMPUTE_THREADS), the same message as in-thread, and stops it on SIGTERM', async () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-test-token', SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: standin.apiUrl, HEADROOM_DB_PATH: join(dir, 'pooled.sqlite'), HEADROOM_COMPUTE_THREADS: '1' });
    const lines: string[] = [];
    const exits: number[] = [];
    const signals = new EventEmitter();
    const services = await startServices(
      { ...config, slack: { ...config.slack!, port: 0, webApiRetries: 0 } },
      {
        env: {},
        logger: createLogger({ env: {}, sink: { write: (line: string) => lines.push(line) } }),
        signals,
        exit: (code) => exits.push(code),
        slack: { host: '127.0.0.1' },
        computeWorkerUrl: COMPILED_WORKER,
      },
    );
    try {
      expect(lines.join('')).toMatch(/"event":"ready".*"computeThreads":1/);
      const before = standin.callsOf('chat.postMessage').length;
      const text = 'llama3-8b lora r16 on a 4090';
      const body = new URLSearchParams(slashCommand(text, standin.responseUrl()) as Record<string, string>).toString();
      const ack = await postSigned({ url: `http://127.0.0.1:${services.slackPort}/slack/events`, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
      expect(ack.status).toBe(200);
      const posted = await waitFor(() => standin.callsOf('chat.postMessage')[before], 'the pooled answer');
      expect(posted.args.blocks).toEqual(renderSlack(realRespond(text, null).reply).blocks);
      signals.emit('SIGTERM');
      await waitFor(() => exits[0] !== undefined, 'exit()', 6_000);
      expect(exits).toEqual([0]);
    } finally {
      services.removeSignalHandlers();
      await services.shutdown.begin();
    }
  });
});
