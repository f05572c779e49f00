import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { LOST_TRACK } from '../../src/adapters/slack/listeners/actions/answer-of-button.js';
import { ACTION_IDS } from '../../src/render/slack.js';
import { decodeAnswerScenario, type AnswerScenario } from '../../src/state/scenario-code.js';
import { fixture } from '../diagnose/fixtures.js';
import { SERVED } from '../hub/fixtures/repos.js';
import { startHubStandin, type HubStandin } from '../hub/standin.js';
import { startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, mentionText } from './standin/payloads.js';
import type { ApiCall } from './standin/web-api.js';

/**
 * What item 2 of issue 24 left (real Bolt over Socket Mode, the real assistant, the Slack and
 * Hub stand-ins): "Memory estimate" under a NaN triage in a thread opened by a pasted config or
 * a Hub id answers for that thread's resolved setup, before and after a restart with an empty
 * store; the thread's OOM measurement survives the restart in the answer's code; Details of an
 * answer rebuilt from its code lists the same "Defaults used" as before the restart.
 */

const GEMMA = SERVED.find((f) => f.repo === 'google/gemma-2-9b')!.config;

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
const payloadOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical?: string; memory?: string; scenario?: string } } | undefined)?.event_payload;
const scenarioOf = (call: ApiCall): AnswerScenario | null => decodeAnswerScenario(payloadOf(call)?.scenario);
const buttonOf = (call: ApiCall, actionId: string) => (call.args.blocks as Block[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id === actionId);

describe('Slack: what answers carry for their buttons after a restart (issue 24, after item 2)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const ephemerals = () => h.standin.callsOf('chat.postEphemeral');
  const botMessages = () => h.standin.messages.filter((m) => m.bot_id !== undefined);

  /** A mention's answer (the thread's root is the mention), and the ts of the message it became. */
  async function mention(text: string): Promise<{ root: string; call: ApiCall; ts: string }> {
    const message = h.standin.addUserMessage('C0GENERAL', mentionText(text));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts }) });
    const call = await waitFor(() => posts()[0] ?? ephemerals()[0], 'the answer');
    expect(call.method).toBe('chat.postMessage');
    return { root: message.ts, call, ts: botMessages()[0]!.ts };
  }

  /** A message in the thread; the next message posted there, and the ts it became. */
  async function say(text: string, root: string): Promise<{ call: ApiCall; ts: string }> {
    const before = posts().length;
    const message = h.standin.addUserMessage('C0GENERAL', text, root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text, ts: message.ts, thread_ts: root }) });
    const call = await waitFor(() => posts()[before], `the answer to "${text}"`);
    return { call, ts: botMessages().at(-1)!.ts };
  }

  /** Clicks a button of the message at `ts`; the next post or private message it draws. */
  async function click(ts: string, root: string, button: { action_id: string; value: string }): Promise<ApiCall> {
    const [before, privately] = [posts().length, ephemerals().length];
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts, thread_ts: root, channel: 'C0GENERAL' }, button.action_id, button.value) });
    return waitFor(() => posts()[before] ?? ephemerals()[privately], `what ${button.action_id} draws`);
  }

  /** The NaN triage in the thread, and "Memory estimate" under it pressed: the estimate of the thread's setup, not "too old". */
  async function memoryEstimate(triage: { call: ApiCall; ts: string }, root: string, thread: AnswerScenario): Promise<ApiCall> {
    const button = buttonOf(triage.call, ACTION_IDS.estimate)!;
    expect(button).toBeDefined();
    const estimate = await click(triage.ts, root, button);
    expect(JSON.stringify(estimate.args)).not.toContain(LOST_TRACK);
    expect(estimate.method).toBe('chat.postMessage');
    expect(estimate.args.thread_ts).toBe(root);
    const answered = scenarioOf(estimate)!;
    expect(answered.scenario.model).toEqual(thread.scenario.model);
    expect(answered.scenario.compute).toBe('fp16');
    return estimate;
  }

  it('a thread opened by a pasted config.json: "Memory estimate" under a NaN triage answers for the config, before and after a restart', async () => {
    const { root, call } = await mention(`lora seq 2048 on a 4090\n\`\`\`json\n${JSON.stringify(GEMMA)}\n\`\`\``);
    const thread = scenarioOf(call)!;
    expect(thread.scenario.model.asWritten).toBe('config.json');
    const triage = await say('my loss goes nan with fp16', root);
    expect(triage.call.args.text).toMatch(/NaN under fp16/);
    // The triage is no answer a thread continues: it names no canonical request, only the setup's.
    expect(payloadOf(triage.call)!.canonical).toBeUndefined();
    expect(scenarioOf(triage.call)!.scenario.model).toEqual(thread.scenario.model);
    await memoryEstimate(triage, root, thread);
    await h.restart();
    await memoryEstimate(triage, root, thread);
  });

  it('a thread opened by a Hub id: "Memory estimate" after a restart answers for the Hub model and fetches nothing from the Hub', async () => {
    const { root, call } = await mention('Qwen/Qwen2.5-7B-Instruct lora seq 4096 on a 4090');
    const thread = scenarioOf(call)!;
    const triage = await say('nan with fp16', root);
    await memoryEstimate(triage, root, thread);
    await h.restart();
    const fetched = hub.requests.length;
    await memoryEstimate(triage, root, thread);
    expect(hub.requests.length).toBe(fetched);
  });

  it('the thread\'s OOM measurement rides in the answer\'s metadata: after a restart a lever still says how far off the estimate was', async () => {
    const { root } = await mention('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G');
    await say(fixture('torch2-other-processes').text, root);
    const answer = await say('seq 8192', root);
    const measured = (call: ApiCall) => /Measured in this thread[^"]*/.exec(JSON.stringify(call.args.blocks))?.[0];
    expect(measured(answer.call)).toMatch(/36\.60 GiB/);
    expect(scenarioOf(answer.call)!.measured).toBeDefined();
    await h.restart();
    const lever = (answer.call.args.blocks as Block[]).flatMap((b) => b.elements ?? []).find((e) => e.action_id?.startsWith(ACTION_IDS.lever))!;
    expect(measured(await click(answer.ts, root, lever))).toMatch(/36\.60 GiB/);
  });

  it('Details of an answer to a pasted config lists the same "Defaults used" after a restart as before it', async () => {
    const { root, call, ts } = await mention(`lora seq 2048 on a 4090\n\`\`\`json\n${JSON.stringify(GEMMA)}\n\`\`\``);
    const details = buttonOf(call, ACTION_IDS.math)!;
    const defaultsIn = (shown: ApiCall) => /\*Defaults used:\* ([^"]*)/.exec(JSON.stringify(shown.args.blocks))?.[1];
    const before = defaultsIn(await click(ts, root, details));
    expect(before).toContain('LoRA rank 8 (PEFT default)');
    expect(before).toContain('from config.json');
    await h.restart();
    expect(defaultsIn(await click(ts, root, details))).toBe(before);
  });
});
