import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { ACTION_IDS } from '../../src/render/slack.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { buttonClick, eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import { TEAM_ID } from './standin/web-api.js';

/**
 * Issue 24, item 9, on Slack: "Details" is the clicker's own (ephemeral) and comes once however
 * often it is pressed; a comparison of two cards is headlined by their names and memory. Real
 * Bolt over Socket Mode, the real assistant, the stand-in.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ mode: 'socket', respond });
});
afterAll(async () => {
  await h?.stop();
});

const posts = () => h.standin.callsOf('chat.postMessage');
const ephemerals = () => h.standin.callsOf('chat.postEphemeral');

describe('Slack: Details and comparison headlines', () => {
  it('"Details" goes to the clicker alone, in the answer\'s thread, and a second press posts nothing more; another person gets their own', async () => {
    const before = posts().length;
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('finetune 13b on 4xA100-80G', h.standin.responseUrl()) });
    const answer = await waitFor(() => posts()[before], 'the answer');
    const root = h.standin.messages.at(-1)!.ts;
    const details = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[]).find((b) => b.type === 'actions')!.elements!.find((e) => e.action_id === ACTION_IDS.math)!;
    const click = (user = 'U0PERSON') => {
      const payload = buttonClick({ ts: root, channel: 'C0GENERAL' }, details.action_id, details.value);
      return h.standin.sendEnvelope({ type: 'interactive', payload: { ...payload, user: { id: user, username: user, team_id: TEAM_ID } } });
    };

    await click();
    const shown = await waitFor(() => ephemerals()[0], 'the details');
    expect(shown.args).toMatchObject({ channel: 'C0GENERAL', user: 'U0PERSON', thread_ts: root });
    expect(JSON.stringify(shown.args.blocks)).toContain('AdamW states');
    await click();
    await settle(300);
    expect(ephemerals()).toHaveLength(1);

    await click('U0COLLEAGUE');
    const theirs = await waitFor(() => ephemerals()[1], 'the colleague\'s details');
    expect(theirs.args.user).toBe('U0COLLEAGUE');
    await settle();
    expect(ephemerals()).toHaveLength(2);
    // Nothing of it went into the channel: the answer is the thread's only post.
    expect(posts()).toHaveLength(before + 1);
  });

  it('a comparison of two cards is headlined (and notified) by their names with memory', async () => {
    const before = posts().length;
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('70b qlora: A6000 vs 4090?'));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const answer = await waitFor(() => posts()[before], 'the comparison');
    expect(answer.args.text).toMatch(/^RTX A6000 48GB vs RTX 4090 24GB: (neither fits|both fit|only the RTX A6000 48GB fits) — /);
  });
});
