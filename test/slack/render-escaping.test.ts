import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { requestText } from '../../src/adapters/slack/incoming-text.js';
import { renderSlack } from '../../src/render/slack.js';
import { settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import type { ApiCall } from './standin/web-api.js';

/** Every string of a posted Slack message that Slack reads as mrkdwn or shows as text. */
function postedText(call: ApiCall): string {
  return JSON.stringify({ text: call.args.text, blocks: call.args.blocks });
}

const HOSTILE = '<!channel> <!here> <!subteam^S0TEAM|@oncall> 13b zer3 <https://evil.example|click me> ``` & <#C0GENERAL|general>';

describe('nothing a Slack user wrote is re-posted unescaped', () => {
  it('drops mentions, channel references and links from the request text, and reads escaped entities as typed', () => {
    expect(requestText(HOSTILE)).toBe('13b zer3 ``` &');
    expect(requestText('<@U0HEADROOM> 13b &lt;x&gt; &amp; on 4xA100')).toBe('13b <x> & on 4xA100');
  });

  it('no displayed text of a rendered reply carries a raw <, whatever was typed (property, real assistant)', () => {
    const word = fc.constantFrom('13b', 'zero3', 'on', 'h100', '<!channel>', '<x>', '&', '```', 'a<b', 'seq', '4096', 'lora', '>', 'max', 'batch', 'zer3', '*bold*');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        const message = renderSlack(respond(words.join(' '), null).reply);
        expect(message.text).not.toMatch(/</);
        // A button's value is never shown: Slack hands it back to us as typed, so only what is displayed is checked.
        expect(JSON.stringify(message.blocks, (key, value) => (key === 'value' ? undefined : value))).not.toMatch(/</);
      }),
      { numRuns: 60 },
    );
  });
});

describe('Slack end to end: hostile text through real Bolt and the stand-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'socket', respond });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a mention full of special mentions and links: the reply (and its notification text) echoes none of them', async () => {
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText(HOSTILE));
    await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts }) });
    const posted = await waitFor(() => [...h.standin.callsOf('chat.postMessage'), ...h.standin.callsOf('chat.postEphemeral')][0], 'the reply');
    const text = postedText(posted);
    expect(text).toMatch(/zer3/);
    for (const forbidden of ['<!channel>', '<!here>', '<!subteam', '<https://', 'evil.example', '<#C0GENERAL']) expect(text).not.toContain(forbidden);
    expect(String(posted.args.text)).not.toMatch(/</);
  });

  it('a slash command with ``` in it cannot close the code block of the error', async () => {
    // A value out of range stays an error however tolerant the reading (a pasted block reads a
    // second saying of a setting as another setup, so "zero3 zero2" is no longer one).
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('13b ``` on 0x a100', h.standin.responseUrl()) });
    const response = await waitFor(() => h.standin.responses.at(-1), 'the ephemeral error');
    const code = (response.blocks as { text?: { text: string } }[]).map((b) => b.text?.text ?? '').find((t) => t.startsWith('```'))!;
    expect(code.match(/```/g)).toHaveLength(2);
    await settle();
  });
});
