import { afterEach, describe, expect, it } from 'vitest';
import { ChartsBusyError } from '../../src/adapters/compute/chart-pool.js';
import { CHART_FAILED, CHARTS_BUSY } from '../../src/adapters/slack/listeners/actions/chart.js';
import type { ChartFn } from '../../src/adapters/slack/deps.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { ACTION_IDS } from '../../src/render/slack.js';
import { settle, startHarness, waitFor, type Harness, type HarnessOptions } from './harness.js';
import { buttonClick, slashCommand } from './standin/payloads.js';

/**
 * Issue 26: a Chart / Sweep click that is refused (charts busy, rate limit, renderer failing)
 * told the whole channel. A refusal is for the clicker only (chat.postEphemeral, to that user,
 * in the answer's thread); only a chart itself is posted for everyone.
 */

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.stop();
});

async function answerWithChartButton(options: Partial<HarnessOptions>) {
  const h = await startHarness({ mode: 'socket', ...options });
  harnesses.push(h);
  await h.standin.sendEnvelope({ type: 'slash_commands', payload: slashCommand('13b', h.standin.responseUrl()) });
  const answer = await waitFor(() => h.standin.callsOf('chat.postMessage')[0], 'the answer');
  const root = h.standin.messages.at(-1)!.ts;
  const button = (answer.args.blocks as { type: string; elements?: { action_id: string; value: string }[] }[])
    .find((b) => b.type === 'actions')!
    .elements!.find((e) => e.action_id === ACTION_IDS.chart)!;
  const click = () => h.standin.sendEnvelope({ type: 'interactive', payload: buttonClick({ ts: root, channel: 'C0GENERAL' }, button.action_id, button.value) });
  return { h, root, click };
}

/** What the channel saw after the answer, and what only the clicker saw. */
function seen(h: Harness) {
  return {
    publicPosts: h.standin.callsOf('chat.postMessage').length - 1,
    uploads: h.standin.callsOf('files.completeUploadExternal').length,
    ephemeral: h.standin.callsOf('chat.postEphemeral').map((c) => c.args),
  };
}

describe('a refused chart click is told to the clicker only', () => {
  it('charts busy (the renderer pool is at its cap)', async () => {
    const busy: ChartFn = async () => {
      throw new ChartsBusyError(8);
    };
    const { h, root, click } = await answerWithChartButton({ chart: busy });
    await click();
    await waitFor(() => h.standin.callsOf('chat.postEphemeral')[0], 'the notice');
    await settle();
    expect(seen(h)).toEqual({ publicPosts: 0, uploads: 0, ephemeral: [expect.objectContaining({ user: 'U0PERSON', thread_ts: root, text: CHARTS_BUSY })] });
  });

  it('the renderer failing', async () => {
    const broken: ChartFn = async () => {
      throw new Error('canvas exploded');
    };
    const { h, click } = await answerWithChartButton({ chart: broken });
    await click();
    await waitFor(() => h.standin.callsOf('chat.postEphemeral')[0], 'the notice');
    await settle();
    expect(seen(h)).toEqual({ publicPosts: 0, uploads: 0, ephemeral: [expect.objectContaining({ user: 'U0PERSON', text: CHART_FAILED })] });
  });

  it('the clicker over their rate limit, clicking again and again', async () => {
    // One request a person: the command takes it, every click after is refused.
    const limiter = createRateLimiter({ user: { burst: 1, perMinute: 0.001 }, channel: { burst: 100, perMinute: 100 } });
    const { h, click } = await answerWithChartButton({ limiter });
    for (let i = 0; i < 4; i++) await click();
    await waitFor(() => h.standin.callsOf('chat.postEphemeral').length === 4 || undefined, 'four notices');
    await settle();
    const after = seen(h);
    expect(after.publicPosts).toBe(0);
    expect(after.uploads).toBe(0);
    expect(after.ephemeral.every((args) => args.user === 'U0PERSON')).toBe(true);
  });

  it('with chat.postEphemeral itself rate-limited, refusals are dropped and answers are not held behind them', async () => {
    const limiter = createRateLimiter({ user: { burst: 1, perMinute: 0.001 }, channel: { burst: 100, perMinute: 100 } });
    const { h, click } = await answerWithChartButton({ limiter });
    h.standin.rateLimitAlways('chat.postEphemeral', 30);
    for (let i = 0; i < 3; i++) await click();
    await waitFor(() => h.standin.callsOf('chat.postEphemeral').length === 3 || undefined, 'three refused notices');
    // Another person's command: answered, not held for the notices' Retry-After.
    const other = { ...slashCommand('70b', h.standin.responseUrl()), user_id: 'U0OTHER' };
    await h.standin.sendEnvelope({ type: 'slash_commands', payload: other });
    await waitFor(() => h.standin.callsOf('chat.postMessage')[1], 'the other answer');
    // One request per notice: no retries.
    await settle();
    expect(h.standin.callsOf('chat.postEphemeral')).toHaveLength(3);
  });

  it('an accepted click still posts the chart for everyone', async () => {
    const { h, click } = await answerWithChartButton({});
    await click();
    await waitFor(() => h.standin.callsOf('files.completeUploadExternal')[0], 'the upload');
    expect(seen(h).ephemeral).toEqual([]);
  });
});
