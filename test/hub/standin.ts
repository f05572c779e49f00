import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RepoFixture } from './fixtures/repos.js';

/**
 * A loopback stand-in of the Hugging Face Hub: the two endpoints headroom reads, for the
 * fixture repos, answering the way huggingface.co does —
 *   GET /{org}/{name}/resolve/main/config.json   the file
 *   GET /api/models/{org}/{name}                 { id, safetensors: { parameters, total }, … }
 * Repo ids match case-insensitively; a missing repo is 404; a gated repo is 401 without a
 * token and 403 with a token other than `token`. `slow/` repos never answer (timeouts).
 */

export interface HubStandin {
  url: string;
  /** Every request: path and whether an Authorization header came with it (and its value, for the token tests). */
  requests: { path: string; authorization: string | null }[];
  close(): Promise<void>;
}

export const STANDIN_TOKEN = 'hf_standinTokenWithAccess0123456789';

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startHubStandin(fixtures: readonly RepoFixture[], token = STANDIN_TOKEN): Promise<HubStandin> {
  const byKey = new Map(fixtures.map((f) => [f.repo.toLowerCase(), f]));
  const requests: HubStandin['requests'] = [];
  const held = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const authorization = req.headers.authorization ?? null;
    requests.push({ path, authorization });
    const config = /^\/([^/]+\/[^/]+)\/resolve\/main\/config\.json$/.exec(path);
    const api = /^\/api\/models\/([^/]+\/[^/]+)$/.exec(path);
    const repo = config?.[1] ?? api?.[1];
    if (!repo) return send(res, 404, { error: 'Not found' });
    if (repo.toLowerCase().startsWith('slow/')) {
      held.add(res); // Never answered: the client's timeout must fire.
      return;
    }
    const fixture = byKey.get(repo.toLowerCase());
    if (!fixture) return send(res, 404, { error: 'Repository not found' });
    if (fixture.gated && config) {
      if (!authorization) return send(res, 401, { error: `Access to model ${fixture.repo} is restricted. You must have access to it and be authenticated to access it. Please log in.` });
      if (authorization !== `Bearer ${token}`) return send(res, 403, { error: `Access to model ${fixture.repo} is restricted and you are not in the authorized list.` });
    }
    if (config) return send(res, 200, fixture.config);
    return send(res, 200, { id: fixture.repo, modelId: fixture.repo, gated: fixture.gated ? 'manual' : false, ...(fixture.safetensors ? { safetensors: fixture.safetensors } : {}) });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
