import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond as realRespond } from '../../src/core/assistant.js';
import { CHART_FAILED } from '../../src/adapters/slack/chart-upload.js';
import { FAKE_PNG, settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand } from './standin/payloads.js';

/**
 * Issue 24, item 6: words that ask for a picture ("chart", "sweep", "timeline") attach it on
 * Slack as on Discord: the answer, then the PNG uploaded with files.uploadV2 into its thread.
 * Real Bolt, the real assistant, the loopback Web API stand-in.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ mode: 'socket', respond: realRespond });
});
afterAll(async () => {
  await h?.stop();
});

const uploads = () => h.standin.callsOf('files.completeUploadExternal');
const posts = () => h.standin.callsOf('chat.postMessage');

async function mention(text: string): Promise<string> {
  const message = h.standin.addUserMessage('C0GENERAL', mentionText(text));
  await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts }) });
  return message.ts;
}

describe('a picture asked for in words is attached on Slack', () => {
  it('"7b lora on 4090 chart" as a mention: the answer, then the breakdown chart uploaded into its thread', async () => {
    const [postsBefore, uploadsBefore, chartsBefore] = [posts().length, uploads().length, h.charts.length];
    const root = await mention('7b lora on 4090 chart');
    const answer = await waitFor(() => posts()[postsBefore], 'the answer');
    expect(answer.args.thread_ts).toBe(root);
    const done = await waitFor(() => uploads()[uploadsBefore], 'the chart upload');
    expect(done.args).toMatchObject({ channel_id: 'C0GENERAL', thread_ts: root });
    expect(h.charts.slice(chartsBefore)).toEqual(['breakdown']);
    expect([...h.standin.uploads.values()].at(-1)!.includes(FAKE_PNG)).toBe(true);
  });

  it('"/headroom 7b max batch on H100 sweep": the sweep uploaded into the thread under the answer', async () => {
    const [postsBefore, uploadsBefore, chartsBefore] = [posts().length, uploads().length, h.charts.length];
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('7b max batch on H100 sweep', h.standin.responseUrl()) });
    await waitFor(() => posts()[postsBefore], 'the answer');
    const root = h.standin.messages.at(-1)!.ts;
    const done = await waitFor(() => uploads()[uploadsBefore], 'the sweep upload');
    expect(done.args).toMatchObject({ channel_id: 'C0GENERAL', thread_ts: root });
    expect(h.charts.slice(chartsBefore)).toEqual(['sweep-batch']);
  });

  it('a request that asks for no picture uploads none', async () => {
    const [postsBefore, uploadsBefore, chartsBefore] = [posts().length, uploads().length, h.charts.length];
    await mention('7b lora on 4090');
    await waitFor(() => posts()[postsBefore], 'the answer');
    await settle();
    expect(uploads().length).toBe(uploadsBefore);
    expect(h.charts.length).toBe(chartsBefore);
  });
});

describe('a picture that cannot be drawn', () => {
  it('the answer still goes out, and only the asker is told there is no chart', async () => {
    const broken = await startHarness({ mode: 'socket', respond: realRespond, chart: async () => { throw new Error('canvas exploded'); } });
    try {
      const message = broken.standin.addUserMessage('C0GENERAL', mentionText('7b lora on 4090 chart'));
      await broken.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: message.text, ts: message.ts }) });
      await waitFor(() => broken.standin.callsOf('chat.postMessage')[0], 'the answer');
      const notice = await waitFor(() => broken.standin.callsOf('chat.postEphemeral')[0], 'the notice');
      expect(notice.args).toMatchObject({ user: 'U0PERSON', thread_ts: message.ts, text: CHART_FAILED });
      await settle();
      expect(broken.standin.callsOf('files.completeUploadExternal')).toHaveLength(0);
      expect(broken.standin.callsOf('chat.postMessage')).toHaveLength(1);
    } finally {
      await broken.stop();
    }
  });
});
