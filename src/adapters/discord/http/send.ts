import type { ServerResponse } from 'node:http';

/** A JSON response with its length; extra headers (e.g. `connection: close`) win. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), 'cache-control': 'no-store', ...headers });
  res.end(json);
}
