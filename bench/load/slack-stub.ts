import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** Where an answer to one slash command arrives: a channel post (top level), or its response_url. */
export interface AnswerSlot {
  channel: string;
  requestId: number;
}

/**
 * A minimal Slack Web API for the load benchmark: every method answers `ok` at once and counts
 * calls (test/slack/standin records every call and message, which would grow memory and cost
 * time under load). It also tells the driver when an answer arrives: a top-level
 * chat.postMessage in a channel (a slash command's answer starts a thread there), or a POST to
 * a command's response_url (request errors and help, ephemeral), so each request is timed to
 * its posted answer. Hub paths (`/hub/…`, HF_ENDPOINT) answer 404 at once: a Hub id in the
 * corpus is looked up on loopback and read from its name. Loopback only.
 */
export class SlackStub {
  /** Calls per Web API method, e.g. `chat.postMessage`. */
  readonly counts = new Map<string, number>();
  private readonly server: Server;
  private nextTs = 1_700_000_000_000_000;
  /** Waiting drivers by `channel:C…` and `response:n`; one request registers both keys. */
  private readonly waiters = new Map<string, (atMs: number) => void>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (path.startsWith('/hub/')) {
          this.counts.set('hub', (this.counts.get('hub') ?? 0) + 1);
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Repository not found"}');
          return;
        }
        const method = path.startsWith('/api/') ? path.slice('/api/'.length) : path.startsWith('/response/') ? 'response_url' : 'other';
        this.counts.set(method, (this.counts.get(method) ?? 0) + 1);
        if (method === 'response_url') this.arrived(`response:${path.slice('/response/'.length)}`);
        else if (method === 'chat.postMessage') {
          const body = Buffer.concat(chunks).toString('utf8');
          // Only a top-level post answers a command; a chart or notice in its thread carries thread_ts.
          const channel = /(?:^|&)channel=([^&]*)/.exec(body)?.[1];
          if (channel && !/(?:^|&)thread_ts=/.test(body)) this.arrived(`channel:${decodeURIComponent(channel)}`);
        }
        const ts = this.nextTs++;
        const reply =
          method === 'auth.test'
            ? { ok: true, user_id: 'U0HEADROOM', bot_id: 'B0HEADROOM', team_id: 'T0TEAM', user: 'headroom' }
            : { ok: true, channel: 'C0BENCH', ts: `${Math.floor(ts / 1e6)}.${String(ts % 1e6).padStart(6, '0')}` };
        const json = JSON.stringify(reply);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
      });
    });
  }

  private arrived(key: string): void {
    const wake = this.waiters.get(key);
    if (wake) wake(performance.now());
  }

  /**
   * Resolves with the arrival time (performance.now) of the slot's answer, or null after
   * `timeoutMs`; `cancel` stops waiting (a refused request is never answered). Register before
   * sending: the answer can reach this process before the ack does.
   */
  expectAnswer(slot: AnswerSlot, timeoutMs: number): { arrival: Promise<number | null>; cancel: () => void } {
    const keys = [`channel:${slot.channel}`, `response:${slot.requestId}`];
    let finish: (at: number | null) => void = () => undefined;
    const arrival = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => finish(null), timeoutMs);
      finish = (at) => {
        clearTimeout(timer);
        for (const key of keys) this.waiters.delete(key);
        resolve(at);
      };
      for (const key of keys) this.waiters.set(key, finish);
    });
    return { arrival, cancel: () => finish(null) };
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  count(method: string): number {
    return this.counts.get(method) ?? 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
