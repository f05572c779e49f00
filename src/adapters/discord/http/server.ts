import type { IncomingMessage, ServerResponse } from 'node:http';
import { guardedServer, type ConnectionLimits, type GuardedServer } from '../../../ops/connection-guard.js';
import { isHealthRequest } from '../../../ops/health.js';
import { sendJson } from './send.js';

/** The Interactions Endpoint URL path to enter in the Developer Portal: https://<host>/discord/interactions. */
export const INTERACTIONS_PATH = '/discord/interactions';

/** Answers a request it owns (returns true) or leaves it alone: `createHealthHandler` from src/ops/health.ts. */
export type PathHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * `/healthz` and `/readyz` (`health`), `POST /discord/interactions` (`endpoint`), 404 / 405
 * otherwise. Discord sends a few KiB at once: timeouts, connection caps and the health checks'
 * reserved connections are the shared policy of src/ops/connection-guard.ts.
 */
export function interactionsServer(
  endpoint: (req: IncomingMessage, res: ServerResponse) => void,
  health: PathHandler,
  options: { connections?: ConnectionLimits; log?: (event: object) => void } = {},
): GuardedServer {
  return guardedServer(
    (req, res) => {
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
    },
    { ...options.connections, alwaysServed: isHealthRequest, log: options.log },
  );
}
