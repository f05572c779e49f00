import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { startHarness, waitFor, type Harness } from '../slack/harness.js';
import { eventCallback, mentionText, type EventMessage } from '../slack/standin/payloads.js';
import { SERVED } from './fixtures/repos.js';
import { startHostileHost, type HostileHost } from './hostile-host.js';

/**
 * Slack (stand-in Web API and Socket Mode, the real assistant): a file share whose URL points
 * away from Slack's file hosts is never requested — so the bot token never leaves — and the
 * answer quotes nothing the file holds. The stand-in's origin is the configured Slack API base.
 */
const SECRET = 'payroll-export-do-not-share';
let h: Harness;
let foreign: HostileHost;

beforeAll(async () => {
  foreign = await startHostileHost();
  foreign.on('/files-pri/T1/F1/config.json', { kind: 'json', body: { ...SERVED.find((f) => f.repo === 'Qwen/Qwen2.5-7B-Instruct')!.config, note: SECRET } });
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
  h = await startHarness({ mode: 'socket', respond });
});
afterAll(async () => {
  await h?.stop();
  await foreign?.close();
  delete process.env.HEADROOM_HUB_CACHE_DIR;
});

describe('Slack file shares from another host', () => {
  it('a mention with a config.json on another host: that host sees no connection, and the answer names files.slack.com, not the file', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('inference on h100'));
    const files = [{ id: 'F1', name: 'config.json', size: 300, url_private: `${foreign.url}/files-pri/T1/F1/config.json`, url_private_download: `${foreign.url}/files-pri/T1/F1/config.json` }];
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts, files } as EventMessage) });
    const said = await waitFor(() => h.standin.calls.find((c) => c.method === 'chat.postMessage' || c.method === 'chat.postEphemeral'), 'the answer');
    const text = JSON.stringify(said.args);
    expect(foreign.connections).toBe(0);
    expect(text).toMatch(/files\.slack\.com/);
    expect(text).not.toContain(SECRET);
  });
});
