import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HubClient, HubError } from '../../src/hub/client.js';
import { SERVED } from './fixtures/repos.js';
import { STANDIN_TOKEN, startHubStandin, type HubStandin } from './standin.js';

let hub: HubStandin;
let cacheDir: string;
const logs: Record<string, unknown>[] = [];

function client(options: { token?: string | null; timeoutMs?: number; endpoint?: string; cacheDir?: string | null } = {}): HubClient {
  return new HubClient({
    endpoint: options.endpoint ?? hub.url,
    token: options.token ?? null,
    cacheDir: options.cacheDir === undefined ? cacheDir : options.cacheDir,
    timeoutMs: options.timeoutMs ?? 3000,
    log: (fields) => logs.push(fields),
  });
}

async function failure(promise: Promise<unknown>): Promise<HubError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HubError);
    return error as HubError;
  }
  throw new Error('expected a HubError');
}

beforeEach(async () => {
  hub = await startHubStandin(SERVED);
  cacheDir = await mkdtemp(join(tmpdir(), 'headroom-hub-'));
  logs.length = 0;
});

afterEach(async () => {
  await hub.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('Hub client against the stand-in', () => {
  it('reads config.json and the safetensors total: Qwen2.5-7B-Instruct is 7,615,616,512 parameters from the Hub', async () => {
    const model = await client().resolve('Qwen/Qwen2.5-7B-Instruct');
    expect(model).toMatchObject({ repo: 'Qwen/Qwen2.5-7B-Instruct', name: 'Qwen2.5-7B-Instruct', modelType: 'qwen2', weights: null });
    expect(model.params).toMatchObject({ total: 7_615_616_512, source: 'hub' });
    expect(hub.requests.map((r) => r.path).sort()).toEqual(['/Qwen/Qwen2.5-7B-Instruct/resolve/main/config.json', '/api/models/Qwen/Qwen2.5-7B-Instruct']);
  });

  it("takes the Hub's spelling of an id typed in another case", async () => {
    const model = await client().resolve('qwen/qwen2.5-7b-instruct');
    expect(model.repo).toBe('Qwen/Qwen2.5-7B-Instruct');
  });

  it('an AWQ repo is served as AWQ weights and keeps our count (the Hub counts packed int32)', async () => {
    const model = await client().resolve('Qwen/Qwen2.5-7B-Instruct-AWQ');
    expect(model.weights).toBe('awq');
    expect(model.params.source).toBe('config');
  });

  it('a gated repo without HF_TOKEN is a 401 error naming HF_TOKEN and the repo', async () => {
    const error = await failure(client().resolve('meta-llama/Llama-3.1-8B-Instruct'));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/HTTP 401/);
    expect(error.message).toMatch(/HF_TOKEN/);
    expect(error.message).toMatch(/meta-llama\/Llama-3\.1-8B-Instruct/);
  });

  it('HF_TOKEN is sent as a Bearer token, and opens the gated repo', async () => {
    const model = await client({ token: STANDIN_TOKEN }).resolve('meta-llama/Llama-3.1-8B-Instruct');
    expect(model.params.total).toBe(8_030_261_248);
    expect(hub.requests.every((r) => r.authorization === `Bearer ${STANDIN_TOKEN}`)).toBe(true);
  });

  it('a token without access is a 403 error that says the token has no access, and never shows the token', async () => {
    const token = 'hf_someOtherTokenWithoutAccess42';
    const error = await failure(client({ token }).resolve('meta-llama/Llama-3.1-8B-Instruct'));
    expect(error.message).toMatch(/HTTP 403/);
    expect(error.message).toMatch(/HF_TOKEN is set, but that token has no access/);
    expect(error.message).not.toContain(token);
    expect(JSON.stringify(logs)).not.toContain(token);
  });

  it('a missing repo is "no such model on the Hub" (404)', async () => {
    const error = await failure(client().resolve('nobody/no-such-model'));
    expect(error.kind).toBe('missing');
    expect(error.message).toMatch(/no such model on the Hub: "nobody\/no-such-model" \(HTTP 404/);
  });

  it('a Hub that does not answer times out after the configured time with an error naming the Hub', async () => {
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300 }).resolve('slow/model'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(new RegExp(`can't reach the Hugging Face Hub at ${hub.url.replace(/[.]/g, '\\.')} \\(no (complete )?answer within 0\\.3 s\\)`));
  });
});

describe('Hub cache', () => {
  it('an id fetched once still resolves after a restart with the Hub stopped', async () => {
    const before = await client().resolve('mistralai/Mixtral-8x7B-v0.1');
    expect(await readdir(cacheDir)).toContain('mistralai--mixtral-8x7b-v0.1.json');
    const endpoint = hub.url;
    await hub.close();
    const after = await client({ endpoint, timeoutMs: 300 }).resolve('mistralai/Mixtral-8x7B-v0.1');
    expect(after).toEqual(before);
    hub = await startHubStandin(SERVED); // for afterEach
  });

  it('a stale cached copy is used when the Hub is unreachable', async () => {
    const first = client();
    const before = await first.resolve('google/gemma-2-9b');
    const endpoint = hub.url;
    await hub.close();
    const stale = new HubClient({ endpoint, token: null, cacheDir, timeoutMs: 300, refreshAfterMs: 0 });
    expect(await stale.resolve('google/gemma-2-9b')).toEqual(before);
    hub = await startHubStandin(SERVED);
  });

  it('an id never fetched, with the Hub unreachable, is an error naming the Hub, never a guess', async () => {
    const endpoint = hub.url;
    await hub.close();
    const error = await failure(client({ endpoint, timeoutMs: 300 }).resolve('Qwen/Qwen2.5-7B-Instruct'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/can't reach the Hugging Face Hub at http:\/\/127\.0\.0\.1:\d+ .* no saved copy of "Qwen\/Qwen2\.5-7B-Instruct"/);
    hub = await startHubStandin(SERVED);
  });

  it('without a cache folder the answers are kept in memory only', async () => {
    const memoryOnly = client({ cacheDir: null });
    await memoryOnly.resolve('Qwen/Qwen2.5-7B-Instruct');
    await memoryOnly.resolve('Qwen/Qwen2.5-7B-Instruct');
    expect(hub.requests.filter((r) => r.path.endsWith('config.json'))).toHaveLength(1);
    expect(await readdir(cacheDir)).toEqual([]);
  });
});
