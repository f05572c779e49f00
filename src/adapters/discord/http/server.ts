import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sendJson } from './send.js';

/** The Interactions Endpoint URL path to enter in the Developer Portal: https://<host>/discord/interactions. */
export const INTERACTIONS_PATH = '/discord/interactions';

/** Discord sends a few KiB at once; a client still sending after this is not Discord. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Answers a request it owns (returns true) or leaves it alone: `createHealthHandler` from src/ops/health.ts. */
export type PathHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** `/healthz` and `/readyz` (`health`), `POST /discord/interactions` (`endpoint`), 404 / 405 otherwise. */
export function interactionsServer(endpoint: (req: IncomingMessage, res: ServerResponse) => void, health: PathHandler): Server {
  const server = createServer((req, res) => {
    if (health(req, res)) return;
    if ((req.url ?? '/').split('?')[0] !== INTERACTIONS_PATH) {
      req.resume();
      sendJson(res, 404, { error: 'not found' });
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      sendJson(res, 405, { error: 'method not allowed' }, { allow: 'POST' });
      return;
    }
    endpoint(req, res);
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  return server;
}
