import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The connection policy of headroom's HTTP ports (Slack events, Discord interactions): a flood
 * of idle or slow connections cannot starve real requests, nor the health checks.
 *
 * Slack and Discord open a connection and send a few KiB at once; the ack is due within 3 s.
 * Node's defaults suit neither side of that: `server.maxConnections` refuses the newcomer at the
 * cap, so 1,100 idle sockets on loopback locked out every later request and `/healthz` (issue
 * 26), and header and request timeouts are only checked every 30 s. Here, instead:
 *   - headers must arrive within HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS,
 *     and a keep-alive connection may sit idle KEEP_ALIVE_TIMEOUT_MS, checked every second;
 *   - at the cap (in all, or from one address) the oldest connection that has no request being
 *     handled — idle after a response, or still without complete headers after EVICTION_GRACE_MS —
 *     is closed to make room, instead of refusing the newcomer;
 *   - when every connection is busy, a few RESERVED_CONNECTIONS are still admitted, and serve only
 *     the health paths (anything else gets 503), so a probe always gets through.
 */

export const HEADERS_TIMEOUT_MS = 5_000;
/** Slack and Discord send a few KiB at once; a client still sending its body after this is neither. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node checks the two timeouts above (its default, 30 s, let a slow client stay 30 s past them). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Open connections in all. A connection without a body in progress costs a few KiB; a body is
 * capped at 64 KiB and REQUEST_TIMEOUT_MS. 4,096 is the kernel's usual `somaxconn`: a burst of
 * 2,000 events at once is served whole, where the old cap (1,024, refused at accept) reset half.
 */
export const DEFAULT_MAX_CONNECTIONS = 4096;
/**
 * Open connections from one address. Behind a load balancer every connection comes from its
 * address(es): keep this at or above the burst one balancer address must carry.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 2048;
/** Connections admitted past the cap when none can be evicted; they serve only the health paths. */
export const RESERVED_CONNECTIONS = 16;
/**
 * A connection younger than this is never evicted while it waits for its headers: in a burst
 * Node accepts many sockets before it reads any, and those are requests, not idlers.
 */
export const EVICTION_GRACE_MS = 500;

/** `listen`'s queue of connections the kernel completed and Node has not yet accepted (Node's default is 511). */
export const LISTEN_BACKLOG = 4096;

export interface ConnectionLimits {
  maxConnections?: number;
  maxConnectionsPerIp?: number;
  reserved?: number;
  evictionGraceMs?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  now?: () => number;
}

export interface GuardedServerOptions extends ConnectionLimits {
  /** Requests served even on a reserved connection: the health paths. */
  alwaysServed: (req: IncomingMessage) => boolean;
  /**
   * Told how many connections were closed to make room or refused: one line per
   * SHED_LOG_INTERVAL_MS at most, so a flood of 5,000 sockets is a line, not 5,000 (never required).
   */
  log?: (event: object) => void;
}

export const SHED_LOG_INTERVAL_MS = 10_000;

interface Tracked {
  socket: Socket;
  address: string;
  openedAt: number;
  /** Requests whose response has not finished (more than one when a client pipelines). */
  active: number;
  /** At least one response finished: from then on, no request in progress means idle keep-alive. */
  served: boolean;
  /** Admitted past the cap: health paths only. */
  reserved: boolean;
}

export interface ConnectionCounts {
  open: number;
  reserved: number;
  evicted: number;
  refused: number;
}

/** A server whose sockets follow the policy above; `connectionCounts()` reports it. */
export type GuardedServer = Server & { connectionCounts(): ConnectionCounts };

/**
 * An HTTP server for `handler` under the connection policy above. `alwaysServed` requests (health
 * probes) are answered on any connection; others on a reserved one get 503 and the connection closes.
 */
export function guardedServer(handler: RequestListener, options: GuardedServerOptions): GuardedServer {
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const maxPerIp = Math.min(options.maxConnectionsPerIp ?? DEFAULT_MAX_CONNECTIONS_PER_IP, maxConnections);
  const reservedSlots = options.reserved ?? RESERVED_CONNECTIONS;
  const graceMs = options.evictionGraceMs ?? EVICTION_GRACE_MS;
  const now = options.now ?? Date.now;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;

  // Insertion order is connection age: the first evictable entry is the oldest.
  const open = new Map<Socket, Tracked>();
  const perIp = new Map<string, number>();
  const counts = { evicted: 0, refused: 0, reserved: 0 };

  /** No request being handled, and either idle after a response or still without headers past the grace. */
  const evictable = (c: Tracked, t: number) => c.active === 0 && (c.served || t - c.openedAt >= graceMs);
  const oldestEvictable = (address?: string): Tracked | undefined => {
    const t = now();
    for (const c of open.values()) if ((address === undefined || c.address === address) && evictable(c, t)) return c;
    return undefined;
  };

  const forget = (c: Tracked) => {
    if (!open.delete(c.socket)) return;
    const left = (perIp.get(c.address) ?? 1) - 1;
    if (left > 0) perIp.set(c.address, left);
    else perIp.delete(c.address);
    if (c.reserved) counts.reserved -= 1;
  };
  // Shedding is summed and logged once per interval: the first one at once, the rest with the next line.
  const unlogged = { evictedAtCap: 0, evictedAtPerIpCap: 0, refused: 0 };
  let logTimer: ReturnType<typeof setTimeout> | null = null;
  const flushShedLog = () => {
    logTimer = null;
    if (unlogged.evictedAtCap + unlogged.evictedAtPerIpCap + unlogged.refused === 0) return;
    options.log?.({ event: 'http.connections_shed', ...unlogged, open: open.size });
    Object.assign(unlogged, { evictedAtCap: 0, evictedAtPerIpCap: 0, refused: 0 });
    logTimer = setTimeout(flushShedLog, SHED_LOG_INTERVAL_MS);
    logTimer.unref();
  };
  const noteShed = (what: keyof typeof unlogged) => {
    unlogged[what] += 1;
    if (logTimer === null) flushShedLog();
  };
  const evict = (c: Tracked, reason: 'cap' | 'per_ip_cap') => {
    counts.evicted += 1;
    forget(c);
    c.socket.destroy();
    noteShed(reason === 'cap' ? 'evictedAtCap' : 'evictedAtPerIpCap');
  };

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      requestTimeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    (req, res) => {
      const c = open.get(req.socket);
      if (c) {
        c.active += 1;
        res.once('close', () => {
          c.active -= 1;
          c.served = true;
        });
      }
      if (c?.reserved && !options.alwaysServed(req)) return void refuseOnReserved(req, res);
      handler(req, res);
    },
  ) as GuardedServer;

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    let reserved = false;
    if ((perIp.get(address) ?? 0) >= maxPerIp) {
      const victim = oldestEvictable(address);
      if (victim) evict(victim, 'per_ip_cap');
      else reserved = true;
    }
    if (!reserved && open.size - counts.reserved >= maxConnections) {
      const victim = oldestEvictable();
      if (victim) evict(victim, 'cap');
      else reserved = true;
    }
    if (reserved && counts.reserved >= reservedSlots) {
      counts.refused += 1;
      socket.destroy();
      noteShed('refused');
      return;
    }
    const c: Tracked = { socket, address, openedAt: now(), active: 0, served: false, reserved };
    if (reserved) counts.reserved += 1;
    open.set(socket, c);
    perIp.set(address, (perIp.get(address) ?? 0) + 1);
    socket.once('close', () => forget(c));
  });

  server.once('close', () => {
    if (logTimer) clearTimeout(logTimer);
  });
  server.connectionCounts = () => ({ open: open.size, reserved: counts.reserved, evicted: counts.evicted, refused: counts.refused });
  return server;
}

function refuseOnReserved(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const text = 'every connection is busy: try again shortly';
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'retry-after': '1', connection: 'close' });
  res.end(text);
}
