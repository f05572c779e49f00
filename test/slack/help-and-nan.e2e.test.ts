import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { respond, RESET_TITLE } from '../../src/core/assistant.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import type { ApiCall } from './standin/web-api.js';

/**
 * help / reset / usage private and short, and NaN questions triaged first (issue 24, items 4 and
 * 8): real Bolt over Socket Mode, the real assistant, the stand-in.
 */

/** Lines a person sees: a header, each line of a section or context, one per row of buttons. */
function screenLines(blocks: { type: string; text?: { text: string }; elements?: unknown[] }[]): number {
  let n = 0;
  for (const block of blocks) {
    if (block.type === 'header' || block.type === 'actions') n += 1;
    else if (block.text) n += block.text.text.split('\n').length;
    else if (block.type === 'context') n += 1;
  }
  return n;
}

const sentence = /^[A-Z✓✗⚠].*[.!?)]$/;

describe('Slack: help is private and short; NaN questions get the triage first', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterEach(async () => {
    await h.stop();
  });

  const posts = () => h.standin.callsOf('chat.postMessage');
  const ephemerals = () => h.standin.callsOf('chat.postEphemeral');
  const blocksOf = (call: ApiCall | Record<string, unknown>) => ((('args' in call ? call.args : call) as { blocks: { type: string; text?: { text: string }; elements?: { action_id: string; value: string }[] }[] }).blocks);

  async function startThread(text: string): Promise<string> {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, h.standin.responseUrl()) });
    await waitFor(() => posts()[0], 'the answer that starts the thread');
    return h.standin.messages.at(-1)!.ts;
  }

  async function say(text: string, root: string): Promise<void> {
    const message = h.standin.addUserMessage('C0GENERAL', text, root);
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text, ts: message.ts, thread_ts: root }) });
  }

  it('/headroom help is ephemeral, at most ten lines with "More"; More shows the rest, also privately, each example once', async () => {
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('help', h.standin.responseUrl()) });
    const first = await waitFor(() => h.standin.responses[0], 'the help');
    expect(first.response_type).toBe('ephemeral');
    const blocks = blocksOf(first);
    expect(screenLines(blocks)).toBeLessThanOrEqual(10);
    const more = blocks.find((b) => b.type === 'actions')!.elements![0]!;
    expect(more.action_id).toBe('headroom_more');
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: '1700000000.000500', channel: 'C0GENERAL' }, 'headroom_more', more.value) });
    const rest = await waitFor(() => ephemerals()[0], 'the rest of the help');
    expect(rest.args.user).toBe('U0PERSON');
    expect(JSON.stringify(rest.args.blocks)).toContain('*hardware*');
    const examples = (text: string) => [...text.matchAll(/13b bf16 zero3 seq 4096 on 4x A100-80G/g)].length;
    expect(examples(JSON.stringify(blocks)) + examples(JSON.stringify(rest.args.blocks))).toBe(1);
    expect(posts()).toHaveLength(0);
  });

  it('an empty mention and "help" in a thread go to the person alone; reset is one public line', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText(''));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const usage = await waitFor(() => ephemerals()[0], 'the usage');
    expect(screenLines(blocksOf(usage))).toBeLessThanOrEqual(10);

    const root = await startThread('13b on 4x A100-80G');
    await say('help', root);
    const help = await waitFor(() => ephemerals()[1], 'help in the thread');
    expect(help.args).toMatchObject({ user: 'U0PERSON', thread_ts: root });
    expect(screenLines(blocksOf(help))).toBeLessThanOrEqual(10);
    await say('reset', root);
    const reset = await waitFor(() => posts()[1], 'the reset');
    expect(screenLines(blocksOf(reset))).toBe(1);
    expect(reset.args.text).toBe(RESET_TITLE);
  });

  it('"my loss goes NaN with fp16 on a V100" gets the NaN triage first, read on the V100 (no bf16), as a sentence', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('my loss goes NaN with fp16 on a V100'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const triage = await waitFor(() => posts()[0], 'the triage');
    expect(String(triage.args.text)).toMatch(/NaN under fp16/);
    expect(String(triage.args.text)).toMatch(sentence);
    expect(JSON.stringify(triage.args.blocks)).toMatch(/V100 [^"]*has no bf16/);
    expect(JSON.stringify(triage.args.blocks)).not.toMatch(/Does not fit|Fits:/);
  });

  it('a NaN question with a setup has its memory estimate one click away', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('13b lora bf16 on a 4090, loss diverges after 2k steps'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const triage = await waitFor(() => posts()[0], 'the triage');
    expect(String(triage.args.text)).toMatch(/bf16/);
    const button = blocksOf(triage).find((b) => b.type === 'actions')!.elements!.find((e) => e.action_id === 'headroom_estimate')!;
    const shown = h.standin.messages.at(-1)!;
    await h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: shown.ts, thread_ts: mention.ts, channel: 'C0GENERAL' }, 'headroom_estimate', button.value) });
    const estimate = await waitFor(() => posts()[1], 'the estimate');
    expect(estimate.args.thread_ts).toBe(mention.ts);
    expect((estimate.args.metadata as { event_payload: { canonical: string } }).event_payload.canonical).toMatch(/^13b lora .*on 1x rtx-4090$/);
  });

  it('`oom` and `nan` in a thread read its scenario: no "Tight fit" on a setup that does not fit, and the notification is a sentence', async () => {
    const root = await startThread('finetune 13b on 1x A100-80G');
    await say('oom', root);
    const oom = await waitFor(() => ephemerals()[0], 'the oom tips (private, like help)');
    const shown = JSON.stringify(oom.args.blocks);
    expect(shown).toContain('Does not fit');
    expect(shown).not.toContain('Tight fit');
    expect(String(oom.args.text)).toMatch(sentence);
    await say('nan', root);
    const nan = await waitFor(() => posts()[1], 'the NaN triage');
    expect(String(nan.args.text)).toMatch(sentence);
    // Read on the thread's setup (bf16 on an A100), and its estimate is one click away.
    expect(String(nan.args.text)).toMatch(/bf16/);
    expect(JSON.stringify(nan.args.blocks)).toContain('headroom_estimate');
    await settle();
  });
});
