import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { respond } from '../../src/core/assistant.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderSlack } from '../../src/render/slack.js';
import { PHONE_COLUMNS } from '../../src/render/first-screen.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from '../discord/standin/server.js';
import { startHarness, waitFor, type Harness } from '../slack/harness.js';
import { buttonClick, slashCommand } from '../slack/standin/payloads.js';
import { ACTION_IDS } from '../../src/render/slack.js';
import { codeLines, discordVisibleChars, slackVisibleChars } from './visible.js';

/** The flagship request of the README and DESIGN §3.8. */
const FLAGSHIP = '13b bf16 zero3 seq 4096 on 4xA100-80G';
/** Issue 13: at most this many visible characters before any click, on both platforms. */
const FIRST_SCREEN_BUDGET = 1200;

const REQUESTS = [
  FLAGSHIP,
  'llama-3-8b lora r16 all-linear on a 4090',
  'qlora 70b nf4 dq gc on 2x3090',
  'mixtral-8x7b zero3 offload optimizer on 8xa100-80g',
  'llama-2-70b infer bf16 ctx 4096',
  'llama-3-70b serve int4 ctx 8192 on 2xh100',
  'llama-3-8b lora max batch on h100',
  '13b how many h100',
  '7b which gpu',
  '13b on 4xa100-80g compare zero2 vs zero3',
];

function estimate(text: string) {
  const reply = respond(text, null).reply;
  if (reply.kind !== 'estimate') throw new Error(`${text} is not an estimate`);
  return reply;
}

describe('first screen = the answer (renderers, real assistant)', () => {
  it('no code-block line on the first screen is wider than a phone (property over requests)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS), fc.constantFrom('', ' gc', ' seq 8192', ' on h100', ' mbs 8'), (request, patch) => {
        const reply = respond(request + patch, null).reply;
        const slack = renderSlack(reply);
        const discord = renderDiscord(reply, { charts: true });
        const texts = [...slack.blocks.map((b) => (b.type === 'section' ? (b.text?.text ?? '') : '')), ...discord.embeds.map((e) => e.description ?? '')];
        for (const line of texts.flatMap(codeLines)) expect(line.length, line).toBeLessThanOrEqual(PHONE_COLUMNS);
      }),
      { numRuns: 40 },
    );
  });

  it('every answer in the README table fits the first-screen budget on both platforms', () => {
    for (const request of REQUESTS) {
      const reply = respond(request, null).reply;
      expect(slackVisibleChars(renderSlack(reply).blocks), request).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
      expect(discordVisibleChars(renderDiscord(reply, { charts: true })), request).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    }
  });

  it('a question is answered in the first sentence', () => {
    expect(estimate('7b lora max batch on h100').summary.verdict).toMatch(/^Max micro-batch on H100 80GB SXM: \d+ at seq 2,048$/);
    expect(estimate('finetune 70b how many h100').summary.verdict).toBe('Fewest H100 80GB SXM: 24, with ZeRO-3 and gc');
    expect(estimate('13b on 4xa100-80g compare zero2 vs zero3').summary.verdict).toMatch(/^ZeRO-3 fits \(\d+\.\d GiB\); ZeRO-2 does not \(\d+\.\d GiB\)$/);
    // The context is stated, the concurrency is not: the answer is how many fit at once (issue 23).
    expect(estimate('llama-3-70b serve int4 ctx 8192 on 2xh100').summary.verdict).toMatch(/^Serves up to \d+ sequences at once of 8,192 \(you did not say your concurrency\)$/);
    expect(estimate('llama-3-70b serve int4 ctx 8192 for 4 users on 2xh100').summary.verdict).toMatch(/^Serves [\d,]+ tokens of KV cache = \d+ sequences of 8,192$/);
  });

  it('the why line names the largest component and the margin', () => {
    const reply = estimate(FLAGSHIP);
    const short = (reply.estimate.deviceBytes - reply.estimate.capacityBytes!) / 2 ** 30;
    expect(reply.summary.why).toBe(`Largest: activations 34.1 GiB · short by ${short.toFixed(1)} GiB`);
  });

  it('serving answers show the KV capacity in tokens and concurrent sequences on both platforms', () => {
    const reply = estimate('llama-3-70b serve int4 ctx 8192 on 2xh100');
    const { kvCapacityTokens, concurrentSequences } = reply.estimate.serving!;
    const line = `KV cache for ${kvCapacityTokens.toLocaleString('en-US')} tokens = ${concurrentSequences} sequences of 8,192`;
    expect(JSON.stringify(renderSlack(reply).blocks)).toContain(line);
    expect(renderDiscord(reply).embeds[0]!.description).toContain(line);
  });

  it('says in words, before any click, the intent it assumed and the words it did not read (issue 11); only the rest are counted as defaults', () => {
    const slackWords = (r: ReturnType<typeof estimate>) =>
      renderSlack(r).blocks.flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : b.type === 'section' ? [b.text?.text ?? ''] : [])).join('\n');
    const discordWords = (r: ReturnType<typeof estimate>) => renderDiscord(r, { charts: true }).embeds[0]!.description ?? '';
    const assumed = estimate('llama 3 70b on my 4090');
    const unread = estimate('hey team, could we finetune 7b with lora on the shiny cluster of 8 H100 gpus with speculative drafts?');
    for (const words of [slackWords, discordWords]) {
      expect(words(assumed)).toMatch(/running the model \(no train or run word.*say "train" for a fine-tune\)/);
      // A word that could be a setting is listed; the plain words around it ("shiny", "drafts") are prose (issue 22, item 4).
      expect(words(unread)).toMatch(/not read: "speculative"/);
      expect(words(unread)).not.toMatch(/"shiny"|"drafts"/);
      const defaults = assumed.assumptions.length - assumed.notices.length;
      expect(words(assumed)).toContain(`${defaults} defaults`);
    }
  });
});

describe('first screen through the real SDKs and the stand-ins', () => {
  let slack: Harness;
  let discord: DiscordStandIn;
  let bot: { stop(): Promise<void> };
  beforeAll(async () => {
    slack = await startHarness({ mode: 'socket', respond });
    discord = await new DiscordStandIn().start();
    bot = await startDiscord(
      { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: discord.appId, apiUrl: discord.apiUrl },
      {
        store: new MemoryStore(),
        respond,
        limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
        complete: null,
        chart: async () => Buffer.from('png'),
      },
    );
    await discord.waitForReadySocket();
  });
  afterAll(async () => {
    await bot?.stop();
    await discord?.stop();
    await slack?.stop();
  });

  it(`the flagship request shows at most ${FIRST_SCREEN_BUDGET} characters before any click; the notification is the answer sentence`, async () => {
    await slack.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(FLAGSHIP, slack.standin.responseUrl()) });
    const post = await waitFor(() => slack.standin.callsOf('chat.postMessage')[0], 'the Slack answer');
    const blocks = post.args.blocks as { type: string; text?: { text: string } }[];
    const sentence = estimate(FLAGSHIP).summary.verdict;
    expect(post.args.text).toBe(sentence);
    expect(blocks[0]!.text!.text).toBe(sentence);
    const slackChars = slackVisibleChars(blocks);

    const interaction = discord.slashCommand(FLAGSHIP);
    const edit = await discord.waitForRequest((r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${discord.appId}/${interaction.token}/messages/@original`));
    expect(edit.body.embeds[0].title).toBe(sentence);
    const discordChars = discordVisibleChars(edit.body);

    expect(slackChars).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    expect(discordChars).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    // Buttons: the top levers, then Details, Chart and (it does not fit) OOM tips.
    const labels = (edit.body.components as { components: { label: string }[] }[]).flatMap((row) => row.components.map((c) => c.label));
    expect(labels.slice(3)).toEqual(['Details', 'Chart', 'OOM tips']);
    for (const label of labels.slice(0, 3)) expect(label).toMatch(/^[a-z0-9 ]+ → \d+\.\d GiB ✓$/);
    expect(labels[0]).toMatch(/^gc → /);
    console.info(`first screen of "${FLAGSHIP}": Slack ${slackChars} characters, Discord ${discordChars}`);
  });

  it('OOM tips are one click away on both platforms, and only the clicker sees them (issue 24: on Slack too)', async () => {
    const before = slack.standin.callsOf('chat.postMessage').length;
    await slack.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(FLAGSHIP, slack.standin.responseUrl()) });
    const answer = await waitFor(() => slack.standin.callsOf('chat.postMessage')[before], 'the Slack answer');
    const root = slack.standin.messages.at(-1)!.ts;
    const tips = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[]).find((b) => b.type === 'actions')!.elements!.find((e) => e.action_id === ACTION_IDS.tips)!;
    await slack.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, tips.action_id, tips.value) });
    const posted = await waitFor(() => slack.standin.callsOf('chat.postEphemeral').find((c) => c.args.thread_ts === root), 'the tips');
    expect(posted.args.user).toBe('U0PERSON');
    expect(slack.standin.callsOf('chat.postMessage')).toHaveLength(before + 1);
    expect(JSON.stringify(posted.args.blocks)).toContain('expandable_segments');

    const interaction = discord.slashCommand(FLAGSHIP);
    const edit = await discord.waitForRequest((r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${discord.appId}/${interaction.token}/messages/@original`));
    const id = (edit.body.components as { components: { custom_id: string; label: string }[] }[]).flatMap((row) => row.components).find((c) => c.label === 'OOM tips')!.custom_id;
    const click = discord.clickButton(discord.messages.get(discord.channelId)!.at(-1), id);
    const callback = await discord.waitForRequest((r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${click.id}/`));
    expect(callback.body.data.flags & 64).toBe(64);
    expect(JSON.stringify(callback.body.data.embeds)).toContain('expandable_segments');
  });
});
