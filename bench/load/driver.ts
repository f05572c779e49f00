import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One level's outcome: every ack latency in ms, and the failures. */
export interface LevelResult {
  concurrency: number;
  latenciesMs: number[];
  errors: number;
  elapsedMs: number;
  /** Untimed requests that opened the connections (acked and answered like the rest). */
  warmUps: number;
  /** Acks that carried a refusal (busy, restarting) instead of promising an answer. */
  refused: number;
}

export interface SlashTarget {
  port: number;
  secret: string;
  responseUrlBase: string;
  texts: string[];
}

/** Slack's request signature: `v0=` + HMAC-SHA256(secret, `v0:{ts}:{body}`) (api.slack.com, "Verifying requests"). */
function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** A slash-command body as Slack sends it; users and channels rotate over small pools, like a real workspace. */
function slashBody(target: SlashTarget, n: number): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: 'T0TEAM',
    team_domain: 'bench',
    channel_id: `C${String(n % 50).padStart(4, '0')}`,
    channel_name: 'bench',
    user_id: `U${String(n % 1000).padStart(5, '0')}`,
    user_name: 'bench',
    command: '/headroom',
    text: target.texts[n % target.texts.length]!,
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

/**
 * Closed loop: `concurrency` workers each send a request, wait for the ack, send the next,
 * until `durationMs` has passed or `maxRequests` were sent. Bounded in time and count.
 *
 * Each worker first opens its keep-alive connection with one untimed request, so a level
 * measures the steady state, as behind Slack or a load balancer, and not a burst of fresh
 * connections (at 128 connections opened at once, the last ones' first requests waited
 * 0.5–3 s, which dominated p99).
 */
export async function runLevel(target: SlashTarget, concurrency: number, durationMs: number, maxRequests: number, firstId: number): Promise<LevelResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latenciesMs: number[] = [];
  let errors = 0;
  let refused = 0;
  let sent = 0;
  await Promise.all(Array.from({ length: concurrency }, () => post(agent, target, slashBody(target, firstId + sent++)).catch(() => null)));
  const warmUps = sent;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline && sent - warmUps < maxRequests) {
      const body = slashBody(target, firstId + sent++);
      const t0 = performance.now();
      try {
        const ack = await post(agent, target, body);
        if (ack.status !== 200) errors += 1;
        else {
          latenciesMs.push(performance.now() - t0);
          if (ack.refused) refused += 1;
        }
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { concurrency, latenciesMs, errors, elapsedMs, warmUps, refused };
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
