import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RespondFn } from '../../src/adapters/slack/deps.js';
import { ACTION_IDS, renderSlack } from '../../src/render/slack.js';
import { blockKitViolations } from './limits-check.js';
import { chartPng } from '../../src/render/chart/index.js';
import { decodePng } from '../chart/png-decode.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from('IEND');
import { startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, slashCommand } from './standin/payloads.js';

import { respond as realRespond } from '../../src/core/assistant.js';

// The real assistant (src/core/assistant.ts) behind the real Bolt app.
const respond: RespondFn = realRespond;

const REQUESTS = [
  '13b bf16 zero3 seq 4096 on 4xA100-80G',
  'llama3-8b lora r16 on a 4090',
  'qlora 70b on 2x3090',
  '70b infer on 2xH100',
  '7b max batch on H100',
  'oom',
  '13b zer3',
];

describe('Slack with the real assistant', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'socket', respond: respond });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('every reply to a range of requests stays inside Block Kit limits', () => {
    for (const text of REQUESTS) expect(blockKitViolations(renderSlack(realRespond(text, null).reply)), text).toEqual([]);
  });

  it('every reply to generated follow-up sequences stays inside Block Kit limits (property)', () => {
    const patch = fc.constantFrom('now zero2', 'seq 8192', 'gc', 'on H100', 'bs 8', 'lora instead', 'undo', 'max batch', 'and fp16?', 'offload optimizer');
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS.slice(0, 5)), fc.array(patch, { maxLength: 4 }), (start, patches) => {
        let turn = (respond(start, null) as Awaited<ReturnType<RespondFn>>);
        for (const p of patches) turn = respond(p, turn.state) as Awaited<ReturnType<RespondFn>>;
        expect(blockKitViolations(renderSlack(turn.reply))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('slash command → answer → thread follow-up → lever button, end to end', async () => {
    const posts = () => h.standin.callsOf('chat.postMessage');
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(REQUESTS[0]!, h.standin.responseUrl()) });
    const answer = await waitFor(() => posts()[0], 'the answer');
    const root = h.standin.messages.at(-1)!.ts;
    const canonical = (answer.args.metadata as { event_payload: { canonical: string } }).event_payload.canonical;
    expect(canonical.length).toBeGreaterThan(0);

    const followUp = h.standin.addUserMessage('C0GENERAL', 'now zero2', root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: followUp.text, ts: followUp.ts, thread_ts: root }) });
    const updated = await waitFor(() => posts()[1], 'the follow-up');
    expect(updated.args.thread_ts).toBe(root);
    expect((updated.args.metadata as { event_payload: { canonical: string } }).event_payload.canonical).not.toBe(canonical);

    const lever = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[])
      .find((b) => b.type === 'actions')
      ?.elements?.find((e) => e.action_id.startsWith(ACTION_IDS.lever));
    if (lever) {
      await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, lever.action_id, lever.value) });
      const applied = await waitFor(() => posts()[2], 'the lever answer');
      expect(applied.args.metadata).toBeDefined();
    }
  });

  it('"Chart" uploads a real, decodable PNG of the breakdown into the thread', async () => {
    const charted = await startHarness({ mode: 'socket', respond, chart: chartPng });
    try {
      await charted.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(REQUESTS[0]!, charted.standin.responseUrl()) });
      const answer = await waitFor(() => charted.standin.callsOf('chat.postMessage')[0], 'the answer');
      const root = charted.standin.messages.at(-1)!.ts;
      const button = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[])
        .find((b) => b.type === 'actions')!
        .elements!.find((e) => e.action_id === ACTION_IDS.chart)!;
      await charted.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, button.action_id, button.value) });
      await waitFor(() => charted.standin.callsOf('files.completeUploadExternal')[0], 'the upload completion');
      const uploaded = [...charted.standin.uploads.values()][0]!;
      const start = uploaded.indexOf(PNG_SIGNATURE);
      expect(start).toBeGreaterThanOrEqual(0);
      const png = decodePng(uploaded.subarray(start, uploaded.lastIndexOf(IEND) + IEND.length + 4));
      expect(png.width).toBeGreaterThan(400);
      expect(png.height).toBeGreaterThan(200);
    } finally {
      await charted.stop();
    }
  });
});
