import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
