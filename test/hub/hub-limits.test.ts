import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HubClient, HubError, MAX_CONFIG_BYTES } from '../../src/hub/client.js';
import { SERVED } from './fixtures/repos.js';
import { startHostileHost, type HostileHost } from './hostile-host.js';

/**
 * The Hub client against a Hub that misbehaves (a loopback stand-in): a config.json that never
 * ends, a Content-Length that lies, HTML, a body that stalls, redirects. Each answer is bounded
 * and says what happened; HF_TOKEN goes to HF_ENDPOINT's origin only.
 */

const ONE_CHUNK = 64 * 1024;
const TOKEN = 'hf_limitsTestToken0123456789';
const qwen = SERVED.find((f) => f.repo === 'Qwen/Qwen2.5-7B-Instruct')!;

let hub: HostileHost;
let other: HostileHost;
const logs: Record<string, unknown>[] = [];

const client = (timeoutMs = 2000) => new HubClient({ endpoint: hub.url, token: TOKEN, cacheDir: null, timeoutMs, log: (f) => logs.push(f) });

async function failure(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

beforeAll(async () => {
  hub = await startHostileHost();
  other = await startHostileHost();
});
afterAll(async () => {
  await hub.close();
  await other.close();
});
beforeEach(() => {
  logs.length = 0;
});

describe('a Hub answer is bounded', () => {
  it('a config.json that never ends: the read stops at 1 MB (plus at most one chunk) and the answer says the file is too large', async () => {
    hub.on('/org/endless/resolve/main/config.json', { kind: 'endless' });
    hub.on('/api/models/org/endless', { kind: 'json', body: { id: 'org/endless' } });
    const error = await failure(client().resolve('org/endless'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/org\/endless: the Hub's config\.json is larger than 1 MB/);
    const read = logs.find((l) => l.event === 'hub.fetch_failed' && String(l.url).endsWith('config.json'));
    expect(read).toMatchObject({ reason: 'too_large' });
    expect(read!.bytes as number).toBeGreaterThan(MAX_CONFIG_BYTES);
    expect(read!.bytes as number).toBeLessThanOrEqual(MAX_CONFIG_BYTES + ONE_CHUNK);
  });

  it('a Content-Length of 2 GB is refused without reading the body', async () => {
    hub.on('/org/declares/resolve/main/config.json', { kind: 'declares', declared: 2 * 1024 ** 3 });
    const error = await failure(client().resolve('org/declares'));
    expect(error.message).toMatch(/larger than 1 MB/);
    expect(logs.find((l) => l.event === 'hub.fetch_failed')).toMatchObject({ reason: 'too_large', bytes: 0 });
  });

  it('an HTML answer is "not JSON", whatever it says', async () => {
    hub.on('/org/html/resolve/main/config.json', { kind: 'text', body: '<html>Welcome to our mirror</html>', type: 'text/html' });
    const error = await failure(client().resolve('org/html'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/not JSON/);
    expect(error.message).not.toMatch(/Welcome/);
  });

  it('a config.json that stalls halfway is cut off by the timeout: the Hub is reported unreachable', async () => {
    hub.on('/org/stall/resolve/main/config.json', { kind: 'stall', body: JSON.stringify(qwen.config) });
    const error = await failure(client(300).resolve('org/stall'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/no complete answer within 0\.3 s/);
  });

  it('an /api/models answer that never ends costs only the parameter count: the model is read from config.json', async () => {
    hub.on('/org/big-info/resolve/main/config.json', { kind: 'json', body: qwen.config, type: 'text/plain; charset=utf-8' });
    hub.on('/api/models/org/big-info', { kind: 'endless' });
    const model = await client().resolve('org/big-info');
    expect(model.params.source).toBe('config');
    expect(model.modelType).toBe('qwen2');
  });
});

describe('HF_TOKEN goes to HF_ENDPOINT only', () => {
  it("the Hub's own redirects (renamed repo, resolve-cache) are followed with the token", async () => {
    hub.on('/org/old-name/resolve/main/config.json', { kind: 'redirect', to: '/org/new-name/resolve/main/config.json', status: 307 });
    hub.on('/org/new-name/resolve/main/config.json', { kind: 'redirect', to: '/api/resolve-cache/models/org/new-name/abc/config.json?etag=1' });
    hub.on('/api/resolve-cache/models/org/new-name/abc/config.json', { kind: 'json', body: qwen.config });
    hub.requests.length = 0;
    const model = await client().resolve('org/old-name');
    expect(model.modelType).toBe('qwen2');
    const configHops = hub.requests.filter((r) => !r.path.startsWith('/api/models/'));
    expect(configHops.map((r) => r.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('a redirect to another host is not followed: that host sees no connection and never the token', async () => {
    other.on('/steal/config.json', { kind: 'json', body: qwen.config });
    hub.on('/org/moved/resolve/main/config.json', { kind: 'redirect', to: `${other.url}/steal/config.json` });
    const before = other.connections;
    const error = await failure(client().resolve('org/moved'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/redirected me to another host/);
    expect(other.connections).toBe(before);
    expect(error.message).not.toContain(TOKEN);
  });
});
