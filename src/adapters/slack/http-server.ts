import type { IncomingMessage, ServerResponse } from 'node:http';
import { guardedServer, type ConnectionLimits, type GuardedServer } from '../../ops/connection-guard.js';
import { isHealthRequest } from '../../ops/health.js';
import { shortId } from '../../ops/ids.js';
import { MAX_BODY_BYTES, readRawBody } from '../../ops/raw-body.js';
import type { LogFn } from './deps.js';
import { checkSignatureHeaders, isSlackPayload, signatureMatches } from './signed-request.js';
import { SampledLog } from '../../ops/sampled-log.js';

export const EVENTS_PATH = '/slack/events';

/**
 * Slack sends a few KiB at once and expects the ack within 3 s. Timeouts, connection caps and
 * the health checks' reserved connections are the shared policy of src/ops/connection-guard.ts:
 * Node's defaults (300 s request, 60 s headers) let slow uploads pile up (300 of them took a bot
 * from 137 MB to 1.3 GB, issue 15), and refusing at a cap let idle sockets lock out Slack (issue 26).
 */
export { DEFAULT_MAX_CONNECTIONS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../ops/connection-guard.js';

/** Answers a request it owns (returns true) or leaves it alone: `createHealthHandler` from src/ops/health.ts. */
export type PathHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface SlackHttpOptions {
  signingSecret: string;
  log: LogFn;
  /** True the first time a signature is seen inside the replay window (the shared store's claim); all pass when absent. */
  firstDelivery?: (signature: string) => Promise<boolean>;
  maxBodyBytes?: number;
  /** Connection caps and timeouts (tests lower them); src/ops/connection-guard.ts's defaults when absent. */
  connections?: ConnectionLimits;
  now?: () => number;
}

/** A request Bolt's HTTPReceiver takes as already read: it skips buffering when `rawBody` is set. */
type BufferedRequest = IncomingMessage & { rawBody?: Buffer };

function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** The path of a request line, never throwing: `GET http://x/%%` and other odd targets are just paths that are not ours. */
function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

/**
 * The HTTP-mode listener, in front of Bolt's HTTPReceiver so a stray request never reaches it
 * (Bolt's listener throws for anything but `POST /slack/events`, and an uncaught throw there
 * ended the process):
 *   `/healthz`, `/readyz` (`health`) → other paths 404 → other methods 405 →
 *   signature headers missing, malformed or outside ±5 min: 401 before reading the body →
 *   declared or actual body over 64 KiB: 413 → HMAC wrong: 401 → a body that is not an object: 400 →
 *   an exact replay of a request already served (same signature): 200 and nothing done →
 *   Bolt, with the body already read (it verifies the signature again and dispatches).
 */
export function slackHttpServer(boltListener: (req: IncomingMessage, res: ServerResponse) => void, health: PathHandler, options: SlackHttpOptions): GuardedServer {
  const { signingSecret, log } = options;
  const maxBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const now = options.now ?? Date.now;

  // Refusals arrive in floods (a scanner, a misconfigured proxy): a few lines of each reason a minute, then a count.
  const rejections = new SampledLog(log);
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, reason: string, text: string, headers: Record<string, string> = {}) => {
    rejections.write(reason, { event: 'slack.http.rejected', status, reason, method: req.method, path: pathOf(req.url).slice(0, 100) });
    // Unread bodies are discarded as they arrive; refusals that skip reading also close the socket.
    req.resume();
    reply(res, status, text, headers);
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (health(req, res)) return;
    if (pathOf(req.url) !== EVENTS_PATH) return refuse(req, res, 404, 'unknown_path', 'not found');
    if (req.method !== 'POST') return refuse(req, res, 405, 'wrong_method', 'method not allowed', { allow: 'POST' });
    const headers = checkSignatureHeaders(req.headers, now());
    if (!headers.ok) return refuse(req, res, 401, headers.reason, 'missing, malformed or stale request signature', { connection: 'close' });
    const read = await readRawBody(req, maxBytes);
    if (!read.ok) {
      if (read.reason === 'aborted') return void res.destroy();
      return refuse(req, res, 413, 'too_large', `body over ${maxBytes} bytes`, { connection: 'close' });
    }
    if (!signatureMatches(signingSecret, headers.signature, headers.timestamp, read.body)) return refuse(req, res, 401, 'bad_signature', 'invalid request signature');
    if (!isSlackPayload(req.headers['content-type'], read.body)) return refuse(req, res, 400, 'not_an_object', 'the body is not a Slack payload (a JSON object or a form)');
    if (options.firstDelivery && !(await options.firstDelivery(headers.signature))) {
      log({ event: 'slack.http.replay', status: 200 });
      return reply(res, 200, '');
    }
    (req as BufferedRequest).rawBody = read.body;
    boltListener(req, res);
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      // Bolt's listener throws for requests it does not route; routing above should leave none.
      const errorId = shortId();
      log({ event: 'slack.http.error', errorId, error: error instanceof Error ? error.message : String(error) });
      reply(res, 500, `internal error (error id ${errorId})`);
    });
  };
  return guardedServer(listener, { ...options.connections, alwaysServed: isHealthRequest, log });
}
