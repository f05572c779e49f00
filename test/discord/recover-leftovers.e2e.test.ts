import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED } from '../../src/adapters/discord/handling/answerButton.js';
import { answerInFooter } from '../../src/adapters/discord/scenario-marker.js';
import { respond, scenarioThread } from '../../src/core/assistant.js';
import { MEASURED_TIP_TITLE } from '../../src/diagnose/measurement.js';
import { decodeCustomId, hashStoreKey } from '../../src/render/discord.js';
import type { AnswerScenario } from '../../src/state/scenario-code.js';
import { MemoryStore } from '../../src/state/store.js';
import { fixture } from '../diagnose/fixtures.js';
import { SERVED } from '../hub/fixtures/repos.js';
import { startHubStandin, type HubStandin } from '../hub/standin.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { startBotOn } from './start-bot.js';

/**
 * What item 2 of issue 24 left (the real discord.js client and assistant, the Discord and Hub
 * stand-ins): "Memory estimate" under a NaN triage in a thread opened by a pasted config or a
 * Hub id; the thread's OOM measurement in an answer's footer; "Defaults used" in Details of an
 * answer rebuilt from its footer; and hash-named buttons of two configs read alike keep apart.
 * Each also after a restart with an empty store, where it applies.
 */

const GEMMA = SERVED.find((f) => f.repo === 'google/gemma-2-9b')!.config as Record<string, unknown>;

let hub: HubStandin;
let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> } | null = null;

async function start(): Promise<void> {
  store = new MemoryStore();
  bot = await startBotOn(standin, store, respond);
}

/** A restart: the process goes, a new one comes up with an empty store, on the same Discord. */
async function restart(): Promise<void> {
  await bot!.stop();
  await start();
}

beforeAll(async () => {
  hub = await startHubStandin(SERVED);
  process.env.HF_ENDPOINT = hub.url;
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
  standin = await new DiscordStandIn().start();
  await start();
});
afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
  await hub?.close();
  delete process.env.HF_ENDPOINT;
  delete process.env.HEADROOM_HUB_CACHE_DIR;
});

const after = (index: number) => (r: RecordedRequest) => standin.requests.indexOf(r) >= index;
const postIn = (channelId: string) => (r: RecordedRequest) => r.method === 'POST' && r.path === `/api/v10/channels/${channelId}/messages`;
const scenarioIn = (body: any): AnswerScenario | null => answerInFooter(body.embeds?.[0]?.footer?.text).scenario;
const idsOf = (msg: any): string[] => (msg.components ?? []).flatMap((row: any) => row.components.map((c: any) => c.custom_id));
const idOf = (msg: any, kind: string) => idsOf(msg).find((id) => decodeCustomId(id)?.action.kind === kind)!;
const withConfig = (request: string, config: object) => `${request}\n\`\`\`json\n${JSON.stringify(config)}\n\`\`\``;

/** A mention's answer in the channel: the message it became and the thread opened on it. */
async function mention(content: string): Promise<{ msg: any; thread: string }> {
  const before = standin.requests.length;
  standin.userMessage(standin.channelId, content, { mentionBot: true });
  const created = await standin.waitForRequest((r) => after(before)(r) && r.method === 'POST' && r.path.endsWith('/threads'));
  const thread = created.path.split('/')[6]!;
  return { msg: standin.messages.get(standin.channelId)!.find((m) => m.id === thread)!, thread };
}

/** A message in a thread; the message headroom posts there next. */
async function say(thread: string, content: string): Promise<any> {
  const before = standin.requests.length;
  standin.userMessage(thread, content);
  await standin.waitForRequest((r) => after(before)(r) && postIn(thread)(r));
  return standin.messages.get(thread)!.at(-1);
}

/** A button pressed: the callback, and (when deferred) the edit that answers it. */
async function click(msg: any, customId: string): Promise<{ callback: RecordedRequest; edit: RecordedRequest | null }> {
  const interaction = standin.clickButton(msg, customId);
  const callback = await standin.waitForRequest((r) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${interaction.id}/`));
  if (callback.body.type !== 5) return { callback, edit: null };
  const edit = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${interaction.token}/messages/@original`));
  return { callback, edit };
}

/** "Memory estimate" under the triage: taken up (not "too old"), the estimate of the thread's model at the question's precision. */
async function memoryEstimate(triage: any, model: unknown): Promise<void> {
  const { callback, edit } = await click(triage, idOf(triage, 'estimate'));
  expect(callback.body.data?.content ?? '').not.toBe(EXPIRED);
  const estimate = scenarioIn(edit!.body)!;
  expect(estimate.scenario.model).toEqual(model);
  expect(estimate.scenario.compute).toBe('fp16');
}

describe('Discord: what answers carry for their buttons after a restart (issue 24, after item 2)', () => {
  it('a thread opened by a pasted config.json: "Memory estimate" under a NaN triage answers for the config, before and after a restart', async () => {
    const { msg, thread } = await mention(withConfig('lora seq 2048 on a 4090', GEMMA));
    const model = scenarioIn(msg)!.scenario.model;
    expect(model.asWritten).toBe('config.json');
    const triage = await say(thread, 'my loss goes nan with fp16');
    expect(triage.embeds[0].title).toMatch(/NaN under fp16/);
    await memoryEstimate(triage, model);
    await restart();
    await memoryEstimate(triage, model);
  });

  it('after a restart a thread continues from its last answer, not from the setup a NaN triage after it was read against', async () => {
    const { msg, thread } = await mention(withConfig('lora seq 2048 on a 4090', GEMMA));
    const model = scenarioIn(msg)!.scenario.model;
    const triage = await say(thread, 'my loss goes nan with fp16');
    expect(scenarioIn(triage)!.scenario.compute).toBe('fp16');
    await restart();
    const next = await say(thread, 'seq 1024');
    expect(scenarioIn(next)!.scenario).toMatchObject({ model, compute: 'bf16', seq: 1024 });
  });

  it('a thread opened by a Hub id: "Memory estimate" after a restart answers for the Hub model and fetches nothing from the Hub', async () => {
    const { msg, thread } = await mention('Qwen/Qwen2.5-7B-Instruct lora seq 4096 on a 4090');
    const model = scenarioIn(msg)!.scenario.model;
    const triage = await say(thread, 'nan with fp16');
    await memoryEstimate(triage, model);
    await restart();
    const fetched = hub.requests.length;
    await memoryEstimate(triage, model);
    expect(hub.requests.length).toBe(fetched);
  });

  it('the thread\'s OOM measurement rides in the answer\'s footer: after a restart a lever and a follow-up still say how far off the estimate was', async () => {
    const { thread } = await mention('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G');
    await say(thread, fixture('torch2-other-processes').text);
    const measuredLine = (body: any) => String(body.embeds[0].description).split('\n').find((l) => l.includes(MEASURED_TIP_TITLE));
    const answer = await say(thread, 'seq 8192');
    const line = measuredLine(answer);
    expect(line).toMatch(/36\.60 GiB/);
    expect(scenarioIn(answer)!.measured).toBeDefined();
    expect(answer.embeds[0].footer.text.length).toBeLessThanOrEqual(2048);
    await restart();
    const { callback, edit } = await click(answer, idOf(answer, 'lever'));
    expect(edit, JSON.stringify(callback.body)).not.toBeNull();
    expect(measuredLine(edit!.body)).toMatch(/36\.60 GiB/);
    const followUp = await say(thread, 'seq 1024');
    expect(measuredLine(followUp)).toMatch(/36\.60 GiB/);
  });

  it('Details of an answer to a pasted config lists the same "Defaults used" after a restart as before it', async () => {
    const { msg } = await mention(withConfig('lora seq 2048 on a 4090', GEMMA));
    const defaultsIn = async () => {
      const { callback } = await click(msg, idOf(msg, 'math'));
      expect(callback.body.data.flags & 64).toBe(64);
      return /\*\*Defaults used:\*\* ([^\n]*)/.exec(callback.body.data.embeds[0].description)?.[1];
    };
    const before = await defaultsIn();
    expect(before).toContain('LoRA rank 8 (PEFT default)');
    expect(before).toContain('from config.json');
    await restart();
    expect(await defaultsIn()).toBe(before);
  });

  it('two configs read as the same request get different hash-named buttons, each stored with its own scenario', async () => {
    const request = 'lora seq 2048 on a 4090';
    const first = await mention(withConfig(request, GEMMA));
    const second = await mention(withConfig(request, { ...GEMMA, num_hidden_layers: 21 }));
    const [a, b] = [first.msg, second.msg].map((msg) => decodeCustomId(idsOf(msg)[0]!)!.ref);
    expect(a!.kind).toBe('hash');
    expect(b!.kind).toBe('hash');
    expect(first.msg.embeds[0].footer.text).toContain(second.msg.embeds[0].footer.text.split('\n')[0]);
    expect(a).not.toEqual(b);
    const layers = async (ref: typeof a) => scenarioThread(await store.get(hashStoreKey((ref as { hash: string }).hash)))?.scenario.model.arch.layers;
    await expect.poll(() => layers(a)).toBe(42);
    await expect.poll(() => layers(b)).toBe(21);
  });
});
