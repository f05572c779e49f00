import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal Slack Web API for the load benchmark: every method answers `ok` at once and only
 * counts calls (test/slack/standin records every call and message, which would grow memory and
 * cost time under load). Loopback only.
 */
export class SlackStub {
  /** Calls per Web API method, e.g. `chat.postMessage`. */
  readonly counts = new Map<string, number>();
  private readonly server: Server;
  private nextTs = 1_700_000_000_000_000;

  constructor() {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const method = path.startsWith('/api/') ? path.slice('/api/'.length) : path.startsWith('/response/') ? 'response_url' : 'other';
        this.counts.set(method, (this.counts.get(method) ?? 0) + 1);
        const ts = this.nextTs++;
        const body =
          method === 'auth.test'
            ? { ok: true, user_id: 'U0HEADROOM', bot_id: 'B0HEADROOM', team_id: 'T0TEAM', user: 'headroom' }
            : { ok: true, channel: 'C0BENCH', ts: `${Math.floor(ts / 1e6)}.${String(ts % 1e6).padStart(6, '0')}` };
        const json = JSON.stringify(body);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
      });
    });
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
