import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on `port` (0 = any free one) and resolves with the port bound, or rejects (port taken). */
export function listen(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
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
