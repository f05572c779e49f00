import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that answers each path the way a broken or hostile host would: a body that
 * never ends, one that stalls halfway, a Content-Length that lies, HTML instead of JSON, a
 * redirect. It counts connections (a host that must never be contacted shows 0) and records
 * every request with its Authorization header.
 */

export type Behaviour =
  | { kind: 'json'; body: unknown; type?: string }
  | { kind: 'text'; body: string; type: string }
  /** Writes `chunk`-byte pieces of a JSON-looking string until the client goes away. */
  | { kind: 'endless'; chunk?: number; declared?: number }
  /** Writes the first half of `body`, then holds the connection open without a byte more. */
  | { kind: 'stall'; body: string }
  /** Declares `declared` bytes in Content-Length and sends a small body. */
  | { kind: 'declares'; declared: number }
  | { kind: 'redirect'; to: string; status?: number };

export interface HostileHost {
  url: string;
  connections: number;
  requests: { path: string; authorization: string | null }[];
  /** Bytes the endless routes handed to the socket before the client went away. */
  endlessBytesWritten: number;
  /** Endless responses whose connection the client closed. */
  endlessClosed: number;
  on(path: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startHostileHost(): Promise<HostileHost> {
  const routes = new Map<string, Behaviour>();
  const held = new Set<ServerResponse>();
  const host: HostileHost = {
    url: '',
    connections: 0,
    requests: [],
    endlessBytesWritten: 0,
    endlessClosed: 0,
    on: (path, behaviour) => void routes.set(path, behaviour),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const endless = (res: ServerResponse, chunkBytes: number, declared?: number) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(declared !== undefined ? { 'content-length': String(declared) } : {}) });
    const chunk = Buffer.from(`{"model_type": "llama", "padding": "${'x'.repeat(Math.max(0, chunkBytes - 40))}`.slice(0, chunkBytes));
    let open = true;
    res.on('close', () => {
      open = false;
      host.endlessClosed++;
    });
    const pump = () => {
      while (open) {
        host.endlessBytesWritten += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    host.requests.push({ path, authorization: req.headers.authorization ?? null });
    const behaviour = routes.get(path);
    if (!behaviour) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":"not found"}');
    }
    switch (behaviour.kind) {
      case 'json':
        res.writeHead(200, { 'content-type': behaviour.type ?? 'application/json' });
        return res.end(JSON.stringify(behaviour.body));
      case 'text':
        res.writeHead(200, { 'content-type': behaviour.type });
        return res.end(behaviour.body);
      case 'endless':
        return endless(res, behaviour.chunk ?? 16 * 1024, behaviour.declared);
      case 'stall':
        held.add(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.write(behaviour.body.slice(0, behaviour.body.length >> 1));
      case 'declares':
        // The header says `declared` bytes; the socket is closed after a few.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(behaviour.declared) });
        res.write('{"model_type": "llama"');
        held.add(res);
        return;
      case 'redirect':
        res.writeHead(behaviour.status ?? 302, { location: behaviour.to });
        return res.end();
    }
  };

  const server: Server = createServer(handle);
  server.on('connection', () => host.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}
