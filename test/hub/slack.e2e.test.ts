import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { startHarness, waitFor, type Harness } from '../slack/harness.js';
import { eventCallback, mentionText, slashCommand } from '../slack/standin/payloads.js';
import { SERVED } from './fixtures/repos.js';
import { startHubStandin, type HubStandin } from './standin.js';

/**
 * Slack (stand-in Web API and Socket Mode) with the real assistant and the stand-in Hub: the
 * adapter finds the Hub id in the message, fetches it after the ack, and the core answers with it.
 * The process's Hub client reads HF_ENDPOINT on first use, so it is set before any request.
 */
let hub: HubStandin;
let h: Harness;

beforeAll(async () => {
  hub = await startHubStandin(SERVED);
  process.env.HF_ENDPOINT = hub.url;
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
  h = await startHarness({ mode: 'socket', respond });
});
afterAll(async () => {
  await h?.stop();
  await hub?.close();
  delete process.env.HF_ENDPOINT;
  delete process.env.HEADROOM_HUB_CACHE_DIR;
});

describe('Slack with a Hub id', () => {
  const posts = () => h.standin.callsOf('chat.postMessage');

  it('@mention with a Hub id: answered in the thread with the Hub model; a follow-up keeps it', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('Qwen/Qwen2.5-7B-Instruct inference on 4090'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const post = await waitFor(() => posts()[0], 'the answer');
    expect(JSON.stringify(post.args.blocks)).toContain('Read as');
    expect(JSON.stringify(post.args.blocks)).toContain('Qwen2.5-7B-Instruct');
    expect(hub.requests.some((r) => r.path === '/api/models/Qwen/Qwen2.5-7B-Instruct')).toBe(true);

    const followUp = h.standin.addUserMessage('C0GENERAL', 'seq 8192', mention.ts);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: followUp.text, ts: followUp.ts, thread_ts: mention.ts }) });
    const next = await waitFor(() => posts()[1], 'the follow-up');
    expect(JSON.stringify(next.args.blocks)).toMatch(/Qwen2\.5-7B-Instruct.*seq 8192|seq 8192.*Qwen2\.5-7B-Instruct/);
  });

  it('/headroom with a gated repo: the ephemeral error names HF_TOKEN and the repo', async () => {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('meta-llama/Llama-3.1-8B-Instruct lora', h.standin.responseUrl()) });
    const response = await waitFor(() => h.standin.responses[0], 'the ephemeral response');
    expect(response.response_type).toBe('ephemeral');
    expect(JSON.stringify(response)).toMatch(/HF_TOKEN/);
    expect(JSON.stringify(response)).toContain('meta-llama/Llama-3.1-8B-Instruct');
  });
});
