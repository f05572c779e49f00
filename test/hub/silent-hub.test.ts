import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce, parseArgs } from '../../src/adapters/console/index.js';
import { NAME_WAIT_MS, nameFirstHub } from '../../src/adapters/console/lazy-hub.js';
import { HubClient, HubError } from '../../src/hub/client.js';
import type { HubResolver } from '../../src/hub/prefetch.js';

/** A Hub endpoint that takes every connection and never answers (loopback). */
let silent: Server;
let endpoint: string;
let connections = 0;
const held: Socket[] = [];

beforeAll(async () => {
  silent = createServer((socket) => {
    connections += 1;
    socket.on('error', () => undefined);
    held.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const client = (timeoutMs: number) => new HubClient({ endpoint, token: null, cacheDir: null, timeoutMs });

/** A resolver that counts the repos it was asked about. */
function counted(hub: HubResolver): HubResolver & { asked: string[] } {
  const asked: string[] = [];
  return { asked, resolve: (repo) => (asked.push(repo), hub.resolve(repo)) };
}

describe('a Hub that takes the connection and never answers', () => {
  it('is given up after the configured timeout, as unreachable and silent', async () => {
    const before = connections;
    const error = await client(300).resolve('acme/mystery-13b').catch((e: unknown) => e);
    expect(connections).toBeGreaterThan(before);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).kind).toBe('unreachable');
    expect((error as HubError).silentForMs).toBe(300);
    expect((error as HubError).message).toMatch(/no complete answer within 0\.3 s/);
  });

  it('the terminal answers a repo whose name reads as a model from its name, and says the Hub did not answer', async () => {
    const [full, brief] = [counted(client(600)), counted(client(200))];
    let out = '';
    const code = await answerOnce(parseArgs(['acme/mystery-13b', 'lora', 'on', 'a', '4090']), (s) => (out += s), nameFirstHub(async () => full, async () => brief));
    expect(code).toBe(0);
    expect([brief.asked, full.asked]).toEqual([['acme/mystery-13b'], []]);
    expect(out).toMatch(/read by its name as a 13B model/);
    expect(out.replace(/\s+/g, ' ')).toMatch(/the Hub did not answer within 0\.2 s/);
  });

  it('a repo whose name reads as nothing waits the full timeout and says the Hub did not answer', async () => {
    const [full, brief] = [counted(client(400)), counted(client(200))];
    let out = '';
    const code = await answerOnce(parseArgs(['TheBloke/Some-Unknown-Thing-GPTQ', 'lora', 'on', 'a', '4090']), (s) => (out += s), nameFirstHub(async () => full, async () => brief));
    expect(code).toBe(2);
    expect([brief.asked, full.asked]).toEqual([[], ['TheBloke/Some-Unknown-Thing-GPTQ']]);
    expect(out.replace(/\s+/g, ' ')).toMatch(/can't reach the Hugging Face Hub .* \(no complete answer within 0\.4 s\)/);
  });

  const bin = fileURLToPath(new URL('../../dist/cli/headroom.js', import.meta.url));
  it.skipIf(!existsSync(bin))('the headroom bin answers from the name and exits, the Hub still silent', async () => {
    const child = spawn(process.execPath, [bin, 'unsloth/qwen2.5-7b-instruct-bnb-4bit qlora on a 4090'], {
      env: { PATH: process.env.PATH ?? '', HF_ENDPOINT: endpoint, HEADROOM_HUB_CACHE_DIR: 'off', SLACK_BOT_TOKEN: '', DISCORD_TOKEN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    // A hang guard only: the bin gives up on the Hub after NAME_WAIT_MS and must then exit.
    const code = await new Promise<number | null>((resolve) => {
      const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.on('exit', (c) => (clearTimeout(guard), resolve(c)));
    });
    expect(code).toBe(0);
    expect(out.replace(/\s+/g, ' ')).toMatch(new RegExp(`read as the catalog's Qwen2\\.5-7B .*the Hub did not answer within ${NAME_WAIT_MS / 1000} s`));
  });
});
