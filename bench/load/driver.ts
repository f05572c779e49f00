import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SlackStub } from './slack-stub.js';

/** One level's outcome, every latency in ms. */
export interface LevelResult {
  concurrency: number;
  /** Send to the posted answer (channel post or response_url), for each answered request. */
  answerMs: number[];
  /** Send to the HTTP ack, for each request acked with a promise to answer. */
  ackMs: number[];
  /** Acks that carried a refusal (busy, restarting, rate limit) instead of promising an answer. */
  refused: number;
  /** Acked with a promise, but no answer arrived within the answer timeout. */
  unanswered: number;
  /** Not acked with a 200 (status, connection error). */
  errors: number;
  elapsedMs: number;
  /** Requests sent in all (the next level's first id follows them). */
  sent: number;
}

export interface SlashTarget {
  port: number;
  secret: string;
  responseUrlBase: string;
  /** The n-th request's text (bench/load/corpus-texts.ts: distinct for every n). */
  text: (n: number) => string;
  stub: SlackStub;
}

/** Slack's request signature: `v0=` + HMAC-SHA256(secret, `v0:{ts}:{body}`) (api.slack.com, "Verifying requests"). */
function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/**
 * A slash-command body as Slack sends it. Users rotate over a pool like a real workspace; the
 * channel is the sending worker's own, so its one request in flight is the only one whose
 * answer can arrive there.
 */
function slashBody(target: SlashTarget, n: number, channel: string): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: 'T0TEAM',
    team_domain: 'bench',
    channel_id: channel,
    channel_name: 'bench',
    user_id: `U${String(n % 1000).padStart(5, '0')}`,
    user_name: 'bench',
    command: '/headroom',
    text: target.text(n),
    api_app_id: 'A0HEADROOM',
    response_url: `${target.responseUrlBase}/${n}`,
    trigger_id: `trigger-${n}`,
  }).toString();
}

/** Status and body of the ack: an empty 200 promises an answer, a 200 with text refuses. */
function post(agent: Agent, target: SlashTarget, body: string): Promise<{ status: number; refused: boolean }> {
  const timestamp = Math.floor(Date.now() / 1000);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: '/slack/events',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-slack-request-timestamp': String(timestamp),
          'x-slack-signature': sign(target.secret, timestamp, body),
        },
      },
      (res) => {
        let length = 0;
        res.on('data', (chunk: Buffer) => void (length += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, refused: length > 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Longer than any answer takes under load; an answer later than this counts as never posted. */
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Closed loop to the posted answer: `concurrency` workers each send a request, wait for its ack
 * and then for its answer (a refused request has none), and send the next, until `durationMs`
 * has passed or `maxRequests` were sent. Bounded in time and count. A worker whose answer timed
 * out moves to a fresh channel, so a late answer is never taken for the next request's.
 *
 * Each worker first opens its keep-alive connection with one untimed request (answered like the
 * rest), so a level measures the steady state, as behind Slack or a load balancer, and not a
 * burst of fresh connections.
 */
export async function runLevel(target: SlashTarget, concurrency: number, durationMs: number, maxRequests: number, firstId: number): Promise<LevelResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const result: LevelResult = { concurrency, answerMs: [], ackMs: [], refused: 0, unanswered: 0, errors: 0, elapsedMs: 0, sent: 0 };
  let deadline = Number.POSITIVE_INFINITY;
  let timed = false;
  let timedSent = 0;
  const one = async (channel: string): Promise<'answered' | 'refused' | 'unanswered' | 'error'> => {
    const n = firstId + result.sent++;
    if (timed) timedSent += 1;
    const answer = target.stub.expectAnswer({ channel, requestId: n }, ANSWER_TIMEOUT_MS);
    const t0 = performance.now();
    try {
      const ack = await post(agent, target, slashBody(target, n, channel));
      if (ack.status !== 200 || ack.refused) {
        answer.cancel();
        if (timed && ack.status === 200) result.refused += 1;
        else if (timed) result.errors += 1;
        return ack.status === 200 ? 'refused' : 'error';
      }
      if (timed) result.ackMs.push(performance.now() - t0);
    } catch {
      answer.cancel();
      if (timed) result.errors += 1;
      return 'error';
    }
    const at = await answer.arrival;
    if (at === null) {
      if (timed) result.unanswered += 1;
      return 'unanswered';
    }
    if (timed) result.answerMs.push(at - t0);
    return 'answered';
  };
  let generation = 0;
  const channels = Array.from({ length: concurrency }, (_, w) => `C${firstId}W${w}G${generation}`);
  await Promise.all(channels.map((channel) => one(channel)));
  timed = true;
  const started = performance.now();
  deadline = started + durationMs;
  const worker = async (w: number) => {
    while (performance.now() < deadline && timedSent < maxRequests) {
      if ((await one(channels[w]!)) === 'unanswered') channels[w] = `C${firstId}W${w}G${++generation}`;
    }
  };
  await Promise.all(channels.map((_, w) => worker(w)));
  result.elapsedMs = performance.now() - started;
  agent.destroy();
  return result;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
