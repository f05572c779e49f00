import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, fetchJson, type CappedFetchOptions } from '../../src/net/capped-fetch.js';
import { startHostileHost, type HostileHost } from './hostile-host.js';

/**
 * The shared download bounds (src/net/capped-fetch.ts) against hosts that misbehave. Traffic
 * goes only to loopback: a "foreign" host is a second loopback server that must see no
 * connection, and addresses such as 169.254.169.254 are only ever handed to a fetch that counts
 * calls and must not be called.
 */

/** One read of a response body: undici hands over at most this much at a time. */
const ONE_CHUNK = 64 * 1024;
const CAP = 64 * 1024;

let home: HostileHost;
let other: HostileHost;

beforeAll(async () => {
  home = await startHostileHost();
  other = await startHostileHost();
});
afterAll(async () => {
  await home.close();
  await other.close();
});

const options = (extra: Partial<CappedFetchOptions> = {}): CappedFetchOptions => ({ origins: [home.url], maxBytes: CAP, timeoutMs: 2000, ...extra });

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

/** A fetch that counts its calls and never touches the network. */
function countingFetch(): { fetch: typeof fetch; calls: () => number } {
  let calls = 0;
  return {
    fetch: (async () => {
      calls++;
      throw new Error('this fetch must not be called');
    }) as unknown as typeof fetch,
    calls: () => calls,
  };
}

describe('a body is read up to the cap, whatever it declares', () => {
  it('a body that never ends stops at the cap: at most one chunk past it is read, and the connection is closed', async () => {
    home.on('/endless', { kind: 'endless' });
    const closedBefore = home.endlessClosed;
    const error = await failure(fetchJson(`${home.url}/endless`, options()));
    expect(error.kind).toBe('too_large');
    expect(error.bytes).toBeGreaterThan(CAP);
    expect(error.bytes).toBeLessThanOrEqual(CAP + ONE_CHUNK);
    await expect.poll(() => home.endlessClosed).toBe(closedBefore + 1);
  });

  it('a Content-Length under the cap does not lift it: an endless body declared as 300 bytes still stops at the cap', async () => {
    // Chunked framing cannot carry a lying length; the lie that matters is the one a file object tells (size: 300), see attachment-hosts.test.ts.
    home.on('/small-declared', { kind: 'endless', chunk: 4096 });
    const error = await failure(fetchJson(`${home.url}/small-declared`, options()));
    expect(error.kind).toBe('too_large');
    expect(error.bytes).toBeLessThanOrEqual(CAP + ONE_CHUNK);
  });

  it('a Content-Length over the cap is refused before a byte of the body is read', async () => {
    home.on('/declares-2gb', { kind: 'declares', declared: 2 * 1024 ** 3 });
    const error = await failure(fetchJson(`${home.url}/declares-2gb`, options()));
    expect(error.kind).toBe('too_large');
    expect(error.bytes).toBe(0);
  });

  it('every cap holds: the bytes read never pass cap + one chunk (property over caps and chunk sizes)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 256 * 1024 }), fc.integer({ min: 512, max: 32 * 1024 }), async (cap, chunk) => {
        home.on(`/endless-${chunk}`, { kind: 'endless', chunk });
        const error = await failure(fetchJson(`${home.url}/endless-${chunk}`, options({ maxBytes: cap })));
        expect(error.kind).toBe('too_large');
        expect(error.bytes).toBeGreaterThan(cap);
        expect(error.bytes).toBeLessThanOrEqual(cap + ONE_CHUNK);
      }),
      { numRuns: 15 },
    );
  });
});

describe('JSON only', () => {
  it('an HTML page (a sign-in page) is refused by its media type', async () => {
    home.on('/login', { kind: 'text', body: '<!DOCTYPE html><html>Sign in</html>', type: 'text/html; charset=utf-8' });
    expect((await failure(fetchJson(`${home.url}/login`, options()))).kind).toBe('type');
  });

  it('an image is refused by its media type', async () => {
    home.on('/loss.png', { kind: 'text', body: '\x89PNG', type: 'image/png' });
    expect((await failure(fetchJson(`${home.url}/loss.png`, options()))).kind).toBe('type');
  });

  it('a raw file served as text/plain is read when it parses as JSON (raw files on the Hub), and refused when it does not', async () => {
    home.on('/raw.json', { kind: 'text', body: '{"model_type": "llama"}', type: 'text/plain; charset=utf-8' });
    expect(await fetchJson(`${home.url}/raw.json`, options())).toMatchObject({ ok: true, json: { model_type: 'llama' } });
    home.on('/prose.json', { kind: 'text', body: 'words, not JSON', type: 'text/plain' });
    expect((await failure(fetchJson(`${home.url}/prose.json`, options()))).kind).toBe('not_json');
  });
});

describe('one deadline for the whole body', () => {
  it('a body that stalls halfway is cut off by the timeout, not waited for', async () => {
    home.on('/stall', { kind: 'stall', body: JSON.stringify({ model_type: 'llama', hidden_size: 4096, padding: 'x'.repeat(4000) }) });
    const error = await failure(fetchJson(`${home.url}/stall`, options({ timeoutMs: 300 })));
    expect(error.kind).toBe('timeout');
  });
});

describe('only the allowed origins are contacted', () => {
  it('a URL on another loopback port is refused and that host sees no connection', async () => {
    other.on('/config.json', { kind: 'json', body: { model_type: 'llama' } });
    const before = other.connections;
    expect((await failure(fetchJson(`${other.url}/config.json`, options({ authorization: 'Bearer xoxb-secret' })))).kind).toBe('refused');
    expect(other.connections).toBe(before);
  });

  it('metadata, private, loopback and look-alike hosts are refused before fetch is called (property)', async () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const forbidden = fc.oneof(
      fc.constant('http://169.254.169.254/latest/meta-data/iam/security-credentials/'),
      fc.tuple(octet, octet).map(([a, b]) => `http://169.254.${a}.${b}/config.json`),
      fc.tuple(octet, octet, octet).map(([a, b, c]) => `https://10.${a}.${b}.${c}/config.json`),
      fc.tuple(octet, octet).map(([a, b]) => `http://192.168.${a}.${b}:8080/config.json`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet).map(([a, b]) => `http://172.${a}.${b}.1/config.json`),
      fc.tuple(octet, fc.integer({ min: 1, max: 65535 })).map(([a, port]) => `http://127.0.0.${a}:${port}/config.json`),
      fc.constantFrom('http://[::1]/config.json', 'http://[fe80::1]/config.json', 'http://localhost/config.json', 'http://0.0.0.0/config.json'),
      fc.constantFrom(
        'https://files.slack.com.evil.example/config.json',
        'https://files.slack.com@evil.example/config.json',
        'https://evil.example/files.slack.com/config.json',
        'http://files.slack.com/config.json',
        'https://files.slack.com:8443/config.json',
        'file:///etc/passwd',
        'ftp://files.slack.com/config.json',
        'not a url',
        'javascript:alert(1)',
      ),
    );
    await fc.assert(
      fc.asyncProperty(forbidden, async (url) => {
        const spy = countingFetch();
        const error = await failure(fetchJson(url, { origins: ['https://files.slack.com', home.url], maxBytes: CAP, timeoutMs: 1000, authorization: 'Bearer xoxb-secret', fetch: spy.fetch }));
        expect(error.kind).toBe('refused');
        expect(spy.calls()).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('redirects', () => {
  it('a redirect to another port is not followed: that host sees no connection and never the token', async () => {
    home.on('/to-other', { kind: 'redirect', to: `${other.url}/config.json` });
    const before = other.connections;
    const error = await failure(fetchJson(`${home.url}/to-other`, options({ authorization: 'Bearer xoxb-secret' })));
    expect(error.kind).toBe('redirect');
    expect(other.connections).toBe(before);
  });

  it('a redirect within the origin is followed with the token (the Hub resolve-cache redirect)', async () => {
    home.on('/resolve/main/config.json', { kind: 'redirect', to: '/api/resolve-cache/config.json?etag=1', status: 307 });
    home.on('/api/resolve-cache/config.json', { kind: 'json', body: { model_type: 'llama' } });
    home.requests.length = 0;
    expect(await fetchJson(`${home.url}/resolve/main/config.json`, options({ authorization: 'Bearer hf_token' }))).toMatchObject({ ok: true, json: { model_type: 'llama' } });
    expect(home.requests.map((r) => r.authorization)).toEqual(['Bearer hf_token', 'Bearer hf_token']);
  });

  it('a redirect to a second allowed origin is followed without the token', async () => {
    home.on('/to-allowed-other', { kind: 'redirect', to: `${other.url}/shared.json` });
    other.on('/shared.json', { kind: 'json', body: { model_type: 'llama' } });
    other.requests.length = 0;
    const answer = await fetchJson(`${home.url}/to-allowed-other`, options({ origins: [home.url, other.url], authorization: 'Bearer xoxb-secret' }));
    expect(answer.ok).toBe(true);
    expect(other.requests).toEqual([{ path: '/shared.json', authorization: null }]);
  });

  it('a redirect loop stops after the allowed number of hops', async () => {
    home.on('/loop', { kind: 'redirect', to: '/loop' });
    home.requests.length = 0;
    expect((await failure(fetchJson(`${home.url}/loop`, options({ maxRedirects: 2 })))).kind).toBe('redirect');
    expect(home.requests.length).toBe(3);
  });
});
