import { afterEach, describe, expect, it } from 'vitest';
import { FRESH_NOTE } from '../../src/adapters/slack/conversation.js';
import { startSlack } from '../../src/adapters/slack/index.js';
import { LOOKUP_LIMITS } from '../../src/adapters/slack/lookups.js';
import type { SlackConfig } from '../../src/config/slack.js';
import { ResilientStore } from '../../src/state/resilient-store.js';
import { UnreachableStore } from '../state/fixtures.js';
import { fakeRespond } from './fixtures.js';
import { settle, startHarness, unlimited, waitFor } from './harness.js';
import { eventCallback, slashCommand } from './standin/payloads.js';
import { BOT_ID, BOT_USER_ID, SlackStandIn, type ApiCall } from './standin/web-api.js';

/**
 * Issue 26: one rate-limited Slack lookup must not stall answers. conversations.replies answers
 * 429 with a long Retry-After here, as Slack does under its Tier 3 limit; no test asserts a
 * time, only that answers arrive (waitFor's bound is a hang guard: the SDK's own handling held
 * every answer for the whole Retry-After) and how many lookups reached Slack.
 */

const RETRY_AFTER_S = 30;
const canonicalOf = (call: ApiCall) => (call.args.metadata as { event_payload: { canonical?: string } } | undefined)?.event_payload.canonical;
const textOf = (call: ApiCall) => String(call.args.text ?? '');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startBot(store: ResilientStore) {
  const standin = new SlackStandIn();
  await standin.start();
  const logs: Record<string, unknown>[] = [];
  const config: SlackConfig = { mode: 'socket', botToken: 'xoxb-test-token', appToken: 'xapp-test-token', signingSecret: null, port: 0, apiUrl: standin.apiUrl, webApiRetries: 0 };
  const handle = await startSlack(config, { store, log: (e) => logs.push(e as Record<string, unknown>), respond: fakeRespond, loadChart: async () => null, limiter: unlimited() });
  cleanups.push(async () => {
    await handle.stop();
    await store.close();
    await standin.stop();
  });
  const posts = () => standin.callsOf('chat.postMessage');
  return {
    standin,
    logs,
    posts,
    /** A /headroom answered in the channel; resolves to its message ts (the thread root). */
    async command(text: string): Promise<string> {
      const before = posts().length;
      await standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, standin.responseUrl()) });
      await waitFor(() => posts()[before], `the answer to /headroom ${text}`);
      return standin.messages.filter((m) => m.bot_id === BOT_ID && !m.thread_ts).at(-1)!.ts;
    },
    /** A person's message in a thread under one of our answers (Slack sends parent_user_id). */
    async followUp(root: string, text: string): Promise<void> {
      const message = standin.addUserMessage('C0GENERAL', text, root);
      await standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text, ts: message.ts, thread_ts: root, parent_user_id: BOT_USER_ID }) });
    },
  };
}

describe('Slack lookups under 429 (conversations.replies always rate-limited)', () => {
  it('a slash command and thread follow-ups are answered; Slack is asked once, then left alone for its Retry-After', async () => {
    const h = await startHarness({ mode: 'socket' });
    cleanups.push(() => h.stop());
    const posts = () => h.standin.callsOf('chat.postMessage');
    const command = async (text: string) => {
      const before = posts().length;
      await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand(text, h.standin.responseUrl()) });
      await waitFor(() => posts()[before], `the answer to /headroom ${text}`);
      return h.standin.messages.filter((m) => m.bot_id === BOT_ID && !m.thread_ts).at(-1)!.ts;
    };
    const roots = [await command('13b'), await command('70b')];
    // A slash command needs no lookup.
    expect(h.standin.callsOf('conversations.replies')).toHaveLength(0);

    h.standin.rateLimitAlways('conversations.replies', RETRY_AFTER_S);
    await h.restart(); // the store has lost both threads: their follow-ups would need a lookup
    for (const [i, root] of roots.entries()) {
      const before = posts().length;
      const message = h.standin.addUserMessage('C0GENERAL', `seq ${4096 * (i + 1)}`, root);
      await h.standin.sendEnvelope({ type: 'events_api', payload: eventCallback({ type: 'message', text: message.text, ts: message.ts, thread_ts: root, parent_user_id: BOT_USER_ID }) });
      const answer = await waitFor(() => posts()[before], `the follow-up in thread ${i}`);
      // Nothing to continue from (store empty, Slack refusing): read afresh, and said so.
      expect(answer.args.thread_ts).toBe(root);
      expect(canonicalOf(answer)).toBe(message.text);
      expect(JSON.stringify(answer.args.blocks)).toContain(FRESH_NOTE.slice(0, 40));
    }
    // Another command while the lookup is held is answered as if nothing happened.
    await command('7b');
    expect(h.standin.callsOf('conversations.replies')).toHaveLength(1);
    expect(h.logs.filter((e) => e.event === 'slack.lookup_rate_limited')).toHaveLength(1);
  });
});

describe('Slack threads through a store outage while Slack rate-limits lookups', () => {
  it('follow-ups are answered from what this process wrote, or read afresh; lookups stay within the budget and stop with the requests', async () => {
    const inner = new UnreachableStore();
    const bot = await startBot(new ResilientStore(inner, { openMs: 200 }));
    const roots: string[] = [];
    const expected = new Map<string, string>();
    for (const model of ['7b', '13b', '34b']) {
      const root = await bot.command(model);
      roots.push(root);
      expected.set(root, model);
    }
    const followUp = async (root: string, text: string) => {
      const before = bot.posts().length;
      await bot.followUp(root, text);
      const answer = await waitFor(() => bot.posts().slice(before).find((p) => p.args.thread_ts === root), `the answer to "${text}"`);
      return canonicalOf(answer);
    };
    for (const root of roots) {
      const canonical = `${expected.get(root)} seq 1024`;
      expect(await followUp(root, 'seq 1024')).toBe(canonical);
      expected.set(root, canonical);
    }
    await settle(50); // saved after posting
    expect(bot.standin.callsOf('conversations.replies')).toHaveLength(0);

    inner.down = true;
    bot.standin.rateLimitAlways('conversations.replies', RETRY_AFTER_S);
    // Every thread continues from the state this process last wrote, through the outage.
    const lookupsOf = () => bot.standin.callsOf('conversations.replies').length;
    let firstWave = 0;
    for (const step of ['mbs 2', 'gc', 'zero3']) {
      if (step === 'gc') firstWave = lookupsOf();
      await Promise.all(
        roots.map(async (root) => {
          const canonical = `${expected.get(root)} ${step}`;
          expect(await followUp(root, step)).toBe(canonical);
          expected.set(root, canonical);
        }),
      );
    }
    // A thread another replica answered before the outage: nothing here to continue from.
    bot.standin.messages.push({ channel: 'C0GENERAL', ts: '1700000001.000001', text: 'answer', bot_id: BOT_ID, metadata: { event_type: 'headroom_answer', event_payload: { canonical: '70b' } } });
    expect(await followUp('1700000001.000001', '70b seq 2048')).toBe('70b seq 2048');

    // Lookups sent at once before Slack's first 429 came back, at most the cap in flight; none
    // after it, inside its Retry-After.
    expect(firstWave).toBeGreaterThan(0);
    expect(firstWave).toBeLessThanOrEqual(LOOKUP_LIMITS['conversations.replies'].maxInFlight);
    expect(lookupsOf()).toBe(firstWave);
    const callsWhenAnswered = bot.standin.calls.length;
    await settle(1500);
    // Nothing keeps asking Slack once the requests are answered (no retries in the background).
    expect(bot.standin.calls.length).toBe(callsWhenAnswered);
  });

  it('a burst of follow-ups during an outage asks Slack no more than the lookup budget allows, and all are answered', async () => {
    const inner = new UnreachableStore();
    const bot = await startBot(new ResilientStore(inner, { openMs: 200 }));
    inner.down = true;
    // Threads answered by another replica: every follow-up here would need a lookup.
    const roots = Array.from({ length: 12 }, (_, i) => {
      const ts = `1700000002.${String(i + 1).padStart(6, '0')}`;
      bot.standin.messages.push({ channel: 'C0GENERAL', ts, text: 'answer', bot_id: BOT_ID, metadata: { event_type: 'headroom_answer', event_payload: { canonical: `${i + 1}b` } } });
      return ts;
    });
    await Promise.all(roots.map((root) => bot.followUp(root, 'seq 2048')));
    await waitFor(() => bot.posts().length >= roots.length || undefined, 'every follow-up answered');
    const answers = bot.posts().map(canonicalOf);
    const lookups = bot.standin.callsOf('conversations.replies').length;
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThanOrEqual(LOOKUP_LIMITS['conversations.replies'].burst);
    // Each thread Slack was asked about continues its answer; the others are read afresh.
    const continued = answers.filter((c) => /^\d+b seq 2048$/.test(c ?? ''));
    const fresh = answers.filter((c) => c === 'seq 2048');
    expect(continued).toHaveLength(lookups);
    expect(fresh).toHaveLength(roots.length - lookups);
    expect(bot.posts().map(textOf).every((t) => t !== '')).toBe(true);
  });
});
