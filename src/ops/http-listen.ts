import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LISTEN_BACKLOG } from './connection-guard.js';

/** Why a port could not be bound, in one line naming what was being started (main.ts prints it and exits 1). */
export class ListenError extends Error {
  constructor(what: string, port: number, host: string | undefined, cause: NodeJS.ErrnoException) {
    const where = `${host ?? 'all interfaces'} port ${port}`;
    const why = cause.code === 'EADDRINUSE' ? 'is already in use' : cause.code === 'EACCES' ? 'needs privileges' : `failed (${cause.code ?? cause.message})`;
    super(`${what}: ${where} ${why}`);
    this.name = 'ListenError';
  }
}

/**
 * Listens on `port` (0 = any free one) with a LISTEN_BACKLOG-deep accept queue, and resolves with
 * the port bound, or rejects with a ListenError naming `what` (e.g. "Slack HTTP (PORT)").
 */
export function listen(server: Server, port: number, host?: string, what = 'HTTP server'): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(new ListenError(what, port, host, error));
    server.once('error', fail);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', fail);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting and drops idle keep-alive connections; resolves once the server is closed. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
