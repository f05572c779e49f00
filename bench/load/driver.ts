import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One level's outcome: every ack latency in ms, and the failures. */
export interface LevelResult {
  concurrency: number;
  latenciesMs: number[];
  errors: number;
  elapsedMs: number;
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

function post(agent: Agent, target: SlashTarget, body: string): Promise<number> {
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
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
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
 */
export async function runLevel(target: SlashTarget, concurrency: number, durationMs: number, maxRequests: number, firstId: number): Promise<LevelResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latenciesMs: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      const body = slashBody(target, firstId + sent++);
      const t0 = performance.now();
      try {
        const status = await post(agent, target, body);
        if (status === 200) latenciesMs.push(performance.now() - t0);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { concurrency, latenciesMs, errors, elapsedMs };
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
