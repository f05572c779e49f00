import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isFreshSlackRequest } from './request-freshness.js';

export const EVENTS_PATH = '/slack/events';

/** Answers a request it owns (returns true) or leaves it alone: `createHealthHandler` from src/ops/health.ts. */
export type PathHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The HTTP-mode listener: `/healthz` and `/readyz` for load balancers (`health`), then refuses
 * requests whose timestamp is stale or in the future (401), then hands the rest to Bolt's
 * HTTPReceiver, which verifies the `v0:{ts}:{body}` HMAC-SHA256 signature (401 when wrong) and
 * dispatches.
 */
export function slackHttpServer(boltListener: (req: IncomingMessage, res: ServerResponse) => void, health: PathHandler): Server {
  return createServer((req, res) => {
    if (health(req, res)) return;
    if (req.method === 'POST' && req.url?.split('?')[0] === EVENTS_PATH && !isFreshSlackRequest(req.headers)) {
      req.resume();
      res.writeHead(401, { 'content-type': 'text/plain' }).end('stale or future request timestamp');
      return;
    }
    boltListener(req, res);
  });
}

export function listen(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
