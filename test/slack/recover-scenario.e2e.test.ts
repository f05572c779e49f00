import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { FRESH_NOTE } from '../../src/adapters/slack/conversation.js';
import { LOST_TRACK } from '../../src/adapters/slack/listeners/actions/answer-of-button.js';
import { ACTION_IDS } from '../../src/render/slack.js';
import { decodeAnswerScenario, type AnswerScenario } from '../../src/state/scenario-code.js';
import { SERVED } from '../hub/fixtures/repos.js';
import { startHubStandin, type HubStandin } from '../hub/standin.js';
import { startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, mentionText, type EventMessage } from './standin/payloads.js';
import type { ApiCall } from './standin/web-api.js';

/**
 * Every answer's scenario is recoverable from what the bot posted (issue 24, item 2): real Bolt
 * over Socket Mode, the real assistant, the Slack and Hub stand-ins. For an answer to a pasted
 * config.json, a pasted YAML training config, a Hub id and an attached config.json: every lever
 * button and a follow-up in the thread work — and again on the same answer after a restart
 * with an empty store, from the answer's own metadata.
 */

const GEMMA = SERVED.find((f) => f.repo === 'google/gemma-2-9b')!.config;
const YAML = ['base_model: NousResearch/Llama-2-7b-hf', 'adapter: qlora', 'lora_r: 32', 'lora_target_modules:', '  - q_proj', '  - v_proj', 'sequence_len: 4096', 'micro_batch_size: 2', 'gradient_checkpointing: false'].join('\n');

let hub: HubStandin;
beforeAll(async () => {
  hub = await startHubStandin(SERVED);
  process.env.HF_ENDPOINT = hub.url;
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
});
afterAll(async () => {
  await hub?.close();
  delete process.env.HF_ENDPOINT;
  delete process.env.HEADROOM_HUB_CACHE_DIR;
});

type Block = { type: string; elements?: { action_id: string; value: string }[] };
const payloadOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical: string; scenario?: string } } | undefined)?.event_payload;
const scenarioOf = (call: ApiCall): AnswerScenario | null => decodeAnswerScenario(payloadOf(call)?.scenario);
const leversOf = (call: ApiCall) => ((call.args.blocks as Block[]).find((b) => b.type === 'actions')?.elements ?? []).filter((e) => e.action_id.startsWith(ACTION_IDS.lever));

describe('Slack: buttons and follow-ups start from the answer\'s resolved scenario, also after a restart', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const ephemerals = () => h.standin.callsOf('chat.postEphemeral');

  /** One answer: the chat.postMessage call and the message it became (its ts: the buttons sit on it). */
  interface Answer {
    call: ApiCall;
    ts: string;
  }
  const botMessages = () => h.standin.messages.filter((m) => m.bot_id !== undefined);

  async function mention(text: string, files?: unknown[]): Promise<{ root: string; answer: Answer }> {
    const message = h.standin.addUserMessage('C0GENERAL', mentionText(text));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts, ...(files ? { files } : {}) } as EventMessage) });
    const call = await waitFor(() => posts()[0] ?? ephemerals()[0], 'the answer');
    expect(call.method).toBe('chat.postMessage');
    return { root: message.ts, answer: { call, ts: botMessages()[0]!.ts } };
  }

  /** The next answer posted after `before` posts, with no private "too old" or error on the way. */
  async function nextAnswer(before: number, what: string): Promise<ApiCall> {
    const answer = await waitFor(() => posts()[before] ?? ephemerals()[0], what);
    expect(ephemerals().map((e) => JSON.stringify(e.args))).toEqual([]);
    return answer;
  }

  /** Every lever on the first answer is pressed; each answers in the thread for the same model, changed. */
  async function pressEveryLever(first: Answer, root: string): Promise<void> {
    const original = scenarioOf(first.call)!;
    const levers = leversOf(first.call);
    expect(levers.length).toBeGreaterThan(0);
    for (const lever of levers) {
      const before = posts().length;
      await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: first.ts, thread_ts: root, channel: 'C0GENERAL' }, lever.action_id, lever.value) });
      const applied = await nextAnswer(before, `the answer to ${lever.value}`);
      expect(applied.args.thread_ts).toBe(root);
      expect(JSON.stringify(applied.args.blocks)).not.toContain(LOST_TRACK);
      const after = scenarioOf(applied)!;
      expect(after.scenario.model).toEqual(original.scenario.model);
      expect(after.scenario).not.toEqual(original.scenario);
    }
  }

  /** "seq 8192" in the thread: answered for the same model at that length, not read afresh. */
  async function followUp(first: Answer, root: string): Promise<void> {
    const before = posts().length;
    const message = h.standin.addUserMessage('C0GENERAL', 'seq 8192', root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: message.text, ts: message.ts, thread_ts: root }) });
    const next = await nextAnswer(before, 'the follow-up');
    expect(JSON.stringify(next.args.blocks)).not.toContain(FRESH_NOTE);
    const after = scenarioOf(next)!;
    expect(after.scenario.model).toEqual(scenarioOf(first.call)!.scenario.model);
    expect(after.scenario.seq).toBe(8192);
  }

  async function everythingTwice(first: Answer, root: string): Promise<void> {
    expect(scenarioOf(first.call)).not.toBeNull();
    await pressEveryLever(first, root);
    await followUp(first, root);
    await h.restart();
    await pressEveryLever(first, root);
    await followUp(first, root);
  }

  it('a pasted config.json: its request ("config.json …") cannot be read again, yet every lever and a follow-up work, before and after a restart', async () => {
    const { root, answer } = await mention(`lora seq 2048 on a 4090\n\`\`\`json\n${JSON.stringify(GEMMA)}\n\`\`\``);
    expect(payloadOf(answer.call)!.canonical).toMatch(/^config\.json /);
    await everythingTwice(answer, root);
  });

  it('a pasted YAML training config: every lever and a follow-up work, before and after a restart', async () => {
    const { root, answer } = await mention(`will this fit on a 4090\n\`\`\`\n${YAML}\n\`\`\``);
    expect(scenarioOf(answer.call)!.scenario.mode).toBe('qlora');
    await everythingTwice(answer, root);
  });

  it('a Hub id: after the restart, levers and the follow-up start from the stored scenario and fetch nothing from the Hub', async () => {
    const { root, answer } = await mention('Qwen/Qwen2.5-7B-Instruct lora seq 4096 on a 4090');
    expect(scenarioOf(answer.call)!.scenario.model.name).toMatch(/Qwen2\.5-7B-Instruct/);
    await pressEveryLever(answer, root);
    await followUp(answer, root);
    await h.restart();
    const fetched = hub.requests.length;
    await pressEveryLever(answer, root);
    await followUp(answer, root);
    expect(hub.requests.length).toBe(fetched);
  });

  it('an attached config.json: every lever and a follow-up work, before and after a restart', async () => {
    const url = h.standin.hostFile('config.json', JSON.stringify(GEMMA));
    const files = [{ id: 'F1', name: 'config.json', size: JSON.stringify(GEMMA).length, url_private: url, url_private_download: url }];
    const { root, answer } = await mention('lora seq 2048 on a 4090', files);
    expect(scenarioOf(answer.call)!.scenario.model.asWritten).toBe('config.json');
    await everythingTwice(answer, root);
  });

  it('an answer that carries no scenario and whose request cannot be read again says plainly that it is too old', async () => {
    const { root, answer } = await mention(`lora on a 4090\n\`\`\`json\n${JSON.stringify(GEMMA)}\n\`\`\``);
    const stored = botMessages()[0]!;
    // As an answer from a release before issue 24 carried it: the canonical request alone.
    delete (stored.metadata!.event_payload as { scenario?: string }).scenario;
    await h.restart();
    const lever = leversOf(answer.call)[0]!;
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: stored.ts, thread_ts: root, channel: 'C0GENERAL' }, lever.action_id, lever.value) });
    const told = await waitFor(() => ephemerals()[0], 'the notice to the clicker');
    expect(JSON.stringify(told.args)).toContain('too old');
    expect(JSON.stringify(told.args)).not.toMatch(/could not find the scenario/);
  });
});
