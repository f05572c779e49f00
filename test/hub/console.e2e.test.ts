import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce, parseArgs } from '../../src/adapters/console/index.js';
import { ConsoleSession } from '../../src/adapters/console/session.js';
import { HubClient } from '../../src/hub/client.js';
import { READ_ONLY, SERVED } from './fixtures/repos.js';
import { startHubStandin, type HubStandin } from './standin.js';

let hub: HubStandin;
let client: HubClient;

beforeAll(async () => {
  hub = await startHubStandin(SERVED);
  client = new HubClient({ endpoint: hub.url, token: null, cacheDir: null, timeoutMs: 3000 });
});
afterAll(() => hub.close());

async function once(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await answerOnce(parseArgs(argv), (s) => (out += s), client);
  return { code, out };
}

describe('terminal assistant with a Hub id (stand-in Hub)', () => {
  it('answers "Qwen/Qwen2.5-7B-Instruct inference on 4090" with the Hub model and its Hub count', async () => {
    const { code, out } = await once(['Qwen/Qwen2.5-7B-Instruct', 'inference', 'on', '4090']);
    expect(code).toBe(0);
    expect(out).toMatch(/Read as: Qwen2\.5-7B-Instruct/);
    expect(out).toMatch(/7\.616 B parameters from the Hub's safetensors count/);
    expect(hub.requests.some((r) => r.path === '/Qwen/Qwen2.5-7B-Instruct/resolve/main/config.json')).toBe(true);
  });

  it('the JSON contract carries the Hub model and its architecture', async () => {
    const { code, out } = await once(['--json', 'https://huggingface.co/mistralai/Mixtral-8x7B-v0.1', 'inference']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.scenario.model).toMatchObject({ name: 'Mixtral-8x7B-v0.1', arch: { experts: 8, expertsPerToken: 2 } });
  });

  it('a gated repo exits 2 with the HF_TOKEN error', async () => {
    const { code, out } = await once(['meta-llama/Llama-3.1-8B-Instruct', 'lora']);
    expect(code).toBe(2);
    expect(out).toMatch(/HF_TOKEN/);
  });

  it('a missing repo exits 2 saying there is no such model on the Hub', async () => {
    const { code, out } = await once(['--json', 'nobody/no-such-model', 'lora']);
    expect(code).toBe(2);
    expect(JSON.parse(out).error.message).toMatch(/no such model on the Hub/);
  });

  it('a config.json pasted over several lines in the interactive session is read once its fence closes', async () => {
    const session = new ConsoleSession(undefined, client);
    const lines = ['```json', ...JSON.stringify(READ_ONLY.find((f) => f.repo === 'openai/gpt-oss-20b')!.config, null, 2).split('\n'), '``` inference on h100'];
    const outputs: string[] = [];
    for (const line of lines) outputs.push(await session.handle(line));
    expect(outputs.slice(0, -1).every((o) => o === '')).toBe(true);
    expect(outputs.at(-1)).toMatch(/Read as: gpt_oss from config\.json/);
    expect(outputs.at(-1)).toMatch(/MXFP4/);
  });
});
