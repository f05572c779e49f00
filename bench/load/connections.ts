import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBot } from './bot-process.js';
import { quantile } from './driver.js';
import type { SlackStub } from './slack-stub.js';

/**
 * `npm run bench:load -- --connections`: the Slack HTTP port's connections at the real numbers
 * (issue 26), against the bot as production runs it (`node dist/src/main.js`) on loopback.
 *
 *   - floods: 1,100 and 5,000 idle connections opened and held, then a signed slash command and
 *     GET /healthz on fresh connections: each must be answered (before: both failed at 1,100, the
 *     1,024-connection cap refused every newcomer);
 *   - bursts: 1,000 and 2,000 signed events, each on its own connection, all started in the same
 *     tick (connect, then send at once): ack latency from the connect, p50 / p99 / max, and
 *     connections reset or closed without an ack (before: acks up to 7 s at 1,000, past Node's
 *     511-deep listen backlog; resets at 2,000, past the cap).
 *
 * Bounded: two floods, two bursts, each request given at most 30 s.
 */

/** The fault's 1,100, and one past both the per-address cap (2,048) and the cap (4,096). */
const FLOODS = [1_100, 5_000];
const BURSTS = [1_000, 2_000];
const REQUEST_LIMIT_MS = 30_000;

function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

function rawPost(secret: string, body: string, contentType: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  return (
    `POST /slack/events HTTP/1.1\r\nHost: bench\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Slack-Request-Timestamp: ${timestamp}\r\nX-Slack-Signature: ${sign(secret, timestamp, body)}\r\n\r\n${body}`
  );
}

/** A mention in a channel, as the Events API sends it: acked at once, answered with a post afterwards. */
function mention(n: number): string {
  return JSON.stringify({
    token: 'legacy',
    team_id: 'T0TEAM',
    api_app_id: 'A0HEADROOM',
    type: 'event_callback',
    event_id: `EvBURST${n}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'app_mention', user: `U${String(n % 1000).padStart(5, '0')}`, text: '<@U0HEADROOM> 7b on a 4090', channel: `C${String(n % 50).padStart(4, '0')}`, ts: `1700000000.${String(n).padStart(6, '0')}`, event_ts: `1700000000.${String(n).padStart(6, '0')}` },
  });
}

type Outcome = { status: number; ms: number } | { failed: string; ms: number };

/** Connects and sends `bytes` as soon as connected; the status line's arrival, from the connect. */
function exchange(port: number, bytes: string | (() => string)): Promise<Outcome> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let done = false;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ failed: 'timeout', ms: performance.now() - t0 }), REQUEST_LIMIT_MS);
    socket.once('connect', () => socket.write(typeof bytes === 'string' ? bytes : bytes()));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) finish({ status: Number(status[1]), ms: performance.now() - t0 });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish({ failed: error.code ?? 'error', ms: performance.now() - t0 }));
    socket.on('close', () => finish({ failed: 'closed', ms: performance.now() - t0 }));
  });
}

function describeOutcome(outcome: Outcome): string {
  return 'status' in outcome ? `${outcome.status} in ${outcome.ms.toFixed(0)} ms` : `${outcome.failed} after ${outcome.ms.toFixed(0)} ms`;
}

export async function runConnections(mainJs: string, dir: string, secret: string, stub: SlackStub, stubPort: number, nodeArgs: string[]): Promise<void> {
  const bot = await startBot(
    mainJs,
    {
      SLACK_BOT_TOKEN: 'xoxb-bench-token',
      SLACK_SIGNING_SECRET: secret,
      SLACK_API_URL: `http://127.0.0.1:${stubPort}/api/`,
      HEADROOM_DB_PATH: join(dir, 'state.sqlite'),
      LOG_LEVEL: 'info',
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MIN: '1000000',
      RATE_LIMIT_CHANNEL_BURST: '1000000',
      RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
    },
    15_000,
    nodeArgs,
  );
  console.log(`connections on the Slack HTTP port (127.0.0.1:${bot.port}; bot: ${mainJs})`);
  try {
    // Floods: idle sockets that never send a byte, held open while Slack and a probe try to get in.
    for (const flood of FLOODS) {
      const idle: Socket[] = [];
      for (let i = 0; i < flood; i++) {
        const socket = connect(bot.port, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.resume(); // reads the server's FIN, so a closed one is counted as closed
        idle.push(socket);
      }
      // Past the 1 s and 2 s SYN retries, so a 511-deep backlog has let them all in too.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const slash = new URLSearchParams({ team_id: 'T0TEAM', channel_id: 'C0001', user_id: 'U00001', command: '/headroom', text: '13b on 4xA100-80G', response_url: `http://127.0.0.1:${stubPort}/response/flood`, trigger_id: `t${flood}` }).toString();
      const command = await exchange(bot.port, () => rawPost(secret, slash, 'application/x-www-form-urlencoded'));
      const health = await exchange(bot.port, 'GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n');
      const stillOpen = idle.filter((s) => !s.destroyed && s.readyState === 'open').length;
      for (const socket of idle) socket.destroy();
      console.log(`flood of ${flood} idle connections: slash command ${describeOutcome(command)}; GET /healthz ${describeOutcome(health)}; ${stillOpen} idle connections still open`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    console.log(['burst', 'acked', 'p50 ms', 'p99 ms', 'max ms', 'not 200', 'reset', 'closed', 'timeout'].map((c, i) => (i === 0 ? c.padEnd(8) : c.padStart(9))).join(' '));
    let n = 0;
    for (const size of BURSTS) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const bodies = Array.from({ length: size }, () => mention(n++));
      const outcomes = await Promise.all(bodies.map((body) => exchange(bot.port, () => rawPost(secret, body, 'application/json'))));
      const acked = outcomes.filter((o): o is { status: number; ms: number } => 'status' in o && o.status === 200).map((o) => o.ms).sort((a, b) => a - b);
      const failed = (what: string) => outcomes.filter((o) => 'failed' in o && o.failed === what).length;
      const cells = [size, acked.length, quantile(acked, 0.5).toFixed(0), quantile(acked, 0.99).toFixed(0), (acked.at(-1) ?? Number.NaN).toFixed(0), outcomes.filter((o) => 'status' in o && o.status !== 200).length, failed('ECONNRESET'), failed('closed') + failed('EPIPE'), failed('timeout')];
      console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(8) : String(c).padStart(9))).join(' '));
    }
    console.log(`Web API calls seen by the stub: ${JSON.stringify(Object.fromEntries(stub.counts))}`);
  } finally {
    await bot.stop(15_000);
  }
}
