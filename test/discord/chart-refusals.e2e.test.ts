import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_FAILED, CHARTS_BUSY } from '../../src/adapters/discord/handling/answerButton.js';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { ChartsBusyError } from '../../src/adapters/compute/chart-pool.js';
import { respond } from '../../src/core/assistant.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';

/**
 * Issue 26: a refused Chart click (the chart pool at its cap, the renderer failing) answered the
 * deferred response with the whole answer again, without its chart, for the channel. A refusal
 * is an ephemeral reply to the clicker; only a drawn chart is public.
 */

const EPHEMERAL = 64;
const PNG = Buffer.from('\x89PNG stand-in');
let standin: DiscordStandIn;
let bot: { stop(): Promise<void> };
let chartMode: 'busy' | 'broken' | 'ok' = 'ok';

const isCallback = (id: string) => (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${id}/`);
const isOriginalEdit = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${token}/messages/@original`);
const customIds = (body: any): string[] => (body.components ?? []).flatMap((row: any) => row.components.map((c: any) => c.custom_id));

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  bot = await startDiscord(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl },
    {
      store: new MemoryStore(),
      respond,
      limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
      complete: null,
      chart: async () => {
        if (chartMode === 'busy') throw new ChartsBusyError(8);
        if (chartMode === 'broken') throw new Error('canvas exploded');
        return PNG;
      },
    },
  );
  await standin.waitForReadySocket();
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

async function clickChart(): Promise<{ callback: RecordedRequest; token: string }> {
  const command = standin.slashCommand('13b bf16 zero3 on 4xA100-80G');
  const edit = await standin.waitForRequest(isOriginalEdit(command.token));
  const message = standin.messages.get(standin.channelId)!.at(-1);
  const chartId = customIds(edit.body).find((id) => decodeCustomId(id)?.action.kind === 'chart')!;
  const click = standin.clickButton(message, chartId);
  return { callback: await standin.waitForRequest(isCallback(click.id)), token: click.token };
}

describe('Discord: a refused chart click is told to the clicker only', () => {
  for (const [mode, text] of [['busy', CHARTS_BUSY], ['broken', CHART_FAILED]] as const) {
    it(`chart ${mode}: an ephemeral reply, and the original response is never edited`, async () => {
      chartMode = mode;
      const { callback, token } = await clickChart();
      expect(callback.body).toMatchObject({ type: 4, data: { content: text, flags: EPHEMERAL } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(standin.requests.filter(isOriginalEdit(token))).toEqual([]);
    });
  }

  it('a drawn chart is still posted for everyone', async () => {
    chartMode = 'ok';
    const { callback, token } = await clickChart();
    expect(callback.body.type).toBe(5);
    const edit = await standin.waitForRequest(isOriginalEdit(token));
    expect(edit.files).toHaveLength(1);
  });
});
