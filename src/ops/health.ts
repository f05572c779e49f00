import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** One readiness condition: the store answers, the process still accepts work, … */
export type ReadinessCheck = () => boolean | Promise<boolean>;

export interface HealthOptions {
  /** Named readiness checks, e.g. `{ store: () => store.ready(), accepting: () => shutdown.accepting() }`. */
  checks: Record<string, ReadinessCheck>;
  /** A check that has not answered by then counts as failed, so a probe never hangs. */
  checkTimeoutMs?: number;
  /** Extra fields for /healthz: how the conversation store is doing, for dashboards and alerts. */
  details?: () => object;
  now?: () => number;
}

/**
 * The readiness checks and /healthz details of a chat port: ready once the process has started
 * (`started`) and while it accepts work (`accepting`, false from SIGTERM on). The store is reported, not
 * required: while Redis is down every replica still answers (new requests fully, follow-ups
 * from the thread's own last answer), so taking them all out of the load balancer at once
 * would turn a degraded service into none (issue 15).
 */
export function chatPortHealth(
  store: { health?(): object; ready(): Promise<boolean> },
  accepting: () => boolean,
  started: () => boolean = () => true,
): Pick<HealthOptions, 'checks' | 'details'> {
  return {
    // `started`: every platform is up and every handler installed (services.ts); a port that
    // listens early answers /healthz but stays out of the load balancer until then.
    checks: { started, accepting },
    details: () => ({ store: store.health?.() ?? { state: 'unknown' } }),
  };
}

/** The paths createHealthHandler answers; the connection guard serves them even on a reserved connection. */
export const HEALTH_PATHS: readonly string[] = ['/healthz', '/readyz'];

export function isHealthRequest(req: IncomingMessage): boolean {
  return HEALTH_PATHS.includes((req.url ?? '/').split('?')[0] ?? '/');
}

/**
 * Handles `/healthz` (liveness: the event loop answers, so 200 always, with `details`) and
 * `/readyz` (readiness: 200 only when every check passes, else 503 so a load balancer stops
 * sending traffic — e.g. during shutdown). Returns false for any other
 * path so it can sit in front of another handler (Bolt's `customRoutes`, a plain server).
 */
export function createHealthHandler(options: HealthOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const timeoutMs = options.checkTimeoutMs ?? 1000;

  return (req, res) => {
    if (!isHealthRequest(req)) return false;
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, { error: 'method not allowed' }, { allow: 'GET, HEAD' });
      return true;
    }
    if (path === '/healthz') {
      send(req, res, 200, { status: 'ok', uptimeSeconds: Math.round((now() - startedAt) / 1000), ...(options.details?.() ?? {}) });
      return true;
    }
    void runChecks(options.checks, timeoutMs).then((checks) => {
      const ready = Object.values(checks).every(Boolean);
      send(req, res, ready ? 200 : 503, { ready, checks });
    });
    return true;
  };
}

/** A complete listener for a dedicated health port: health paths, 404 for everything else. */
export function healthRequestListener(options: HealthOptions): RequestListener {
  const handle = createHealthHandler(options);
  return (req, res) => {
    if (!handle(req, res)) send(req, res, 404, { error: 'not found' });
  };
}

async function runChecks(checks: Record<string, ReadinessCheck>, timeoutMs: number): Promise<Record<string, boolean>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, await passesWithin(check, timeoutMs)] as const),
  );
  return Object.fromEntries(entries);
}

async function passesWithin(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const result = Promise.resolve()
      .then(check)
      .then((ok) => ok === true, () => false);
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : json);
}
