import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondFn } from '../../src/adapters/slack/deps.js';
import { respond } from '../../src/core/assistant.js';
import { renderSlack } from '../../src/render/slack.js';
import { startHarness, waitFor, type Harness } from '../slack/harness.js';
import { blockKitViolations } from '../slack/limits-check.js';
import { eventCallback, mentionText, slashCommand } from '../slack/standin/payloads.js';
import { allFixtures, fixture } from './fixtures.js';

/** The real assistant behind the real Bolt app, against the loopback Slack stand-in. */
const realRespond: RespondFn = respond;

function blockText(blocks: unknown): string {
  return JSON.stringify(blocks);
}

describe('Slack: a pasted error gets a diagnosis', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'socket', respond: realRespond });
  });
  afterAll(async () => {
    await h?.stop();
  });
  const posts = () => h.standin.callsOf('chat.postMessage');

  it('every fixture renders inside Block Kit limits, the diagnosis first', () => {
    for (const f of allFixtures()) {
      const message = renderSlack(respond(f.text, null).reply);
      expect(blockKitViolations(message), f.name).toEqual([]);
      expect(message.text, f.name).toBe((respond(f.text, null).reply as { headline: string }).headline);
    }
  });

  it('an @mention with a PyTorch OOM in a code block is answered in its thread with the fragmentation diagnosis', async () => {
    const before = posts().length;
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText(`my run died:\n\`\`\`\n${fixture('torch2-fragmentation-a800').text}\n\`\`\``));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const post = await waitFor(() => posts()[before], 'the diagnosis');
    expect(post.args.thread_ts).toBe(mention.ts);
    expect(post.args.text).toMatch(/^Fragmentation: PyTorch held 4\.23 GiB reserved but unallocated/);
    expect(blockText(post.args.blocks)).toContain('PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True');
  });

  it('an OOM pasted into an answered thread is held against the estimate, and the next answer says how far off it was', async () => {
    const before = posts().length;
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('finetune 7b full bf16 seq 2048 mbs 4 on A100-80G', h.standin.responseUrl()) });
    await waitFor(() => posts()[before], 'the estimate');
    const root = h.standin.messages.at(-1)!.ts;

    const paste = h.standin.addUserMessage('C0GENERAL', fixture('torch2-fragmentation-a800').text, root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: paste.text, ts: paste.ts, thread_ts: root }) });
    const diagnosis = await waitFor(() => posts()[before + 1], 'the diagnosis in the thread');
    expect(diagnosis.args.thread_ts).toBe(root);
    expect(blockText(diagnosis.args.blocks)).toMatch(/Your run had 74\.53 GiB allocated when it failed.*I predicted a peak of [\d.]+ GiB allocated for this setup/);

    const followUp = h.standin.addUserMessage('C0GENERAL', 'gc', root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: followUp.text, ts: followUp.ts, thread_ts: root }) });
    const next = await waitFor(() => posts()[before + 2], 'the follow-up estimate');
    expect(blockText(next.args.blocks)).toContain('Measured in this thread');
    expect(blockText(next.args.blocks)).toMatch(/the run failed at 74\.70 GiB/);
  });

  it('an error it cannot read gets one line', async () => {
    const before = posts().length;
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText(fixture('unreadable-illegal-access').text));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const post = await waitFor(() => posts()[before], 'the one-line answer');
    expect(post.args.text).toMatch(/^I cannot read this error/);
    expect(post.args.blocks).toHaveLength(1);
  });
});
