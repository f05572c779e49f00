import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { respond } from '../../src/core/assistant.js';
import { renderDiscord } from '../../src/render/discord.js';
import { EMBED_LIMITS, embedLength } from '../../src/render/discord/limits.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn } from '../discord/standin/server.js';
import { allFixtures, fixture } from './fixtures.js';

/** The real discord.js client and the real core against the loopback Discord stand-in. */
const realRespond: RespondFn = respond;

describe('Discord: a pasted error gets a diagnosis', () => {
  let standin: DiscordStandIn;
  let bot: { stop(): Promise<void> };

  beforeAll(async () => {
    standin = await new DiscordStandIn().start();
    bot = await startDiscord({ token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl }, { store: new MemoryStore(), respond: realRespond });
    await standin.waitForReadySocket();
  });
  afterAll(async () => {
    await bot?.stop();
    await standin?.stop();
  });

  it('every fixture renders inside embed limits, the diagnosis as the title', () => {
    for (const f of allFixtures()) {
      const reply = respond(f.text, null).reply;
      const embed = renderDiscord(reply).embeds[0]!;
      expect(embedLength(embed), f.name).toBeLessThanOrEqual(EMBED_LIMITS.total);
      const headline = (reply as { headline: string }).headline;
      expect(embed.title, f.name).toBe(headline.length <= 256 ? headline : `${headline.slice(0, 255)}…`);
    }
  });

  it('a mention with a vLLM KV-cache error is answered with the largest max_model_len and the knobs', async () => {
    standin.userMessage(standin.channelId, `\`\`\`\n${fixture('vllm-kv-tokens-profile').text}\n\`\`\``, { mentionBot: true });
    const reply = await standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages` && /vLLM/.test(r.body.embeds?.[0]?.title ?? ''));
    const embed = reply.body.embeds[0];
    expect(embed.title).toMatch(/largest max_model_len that fits is 23,648/);
    const todo = embed.fields.find((f: { name: string }) => f.name === 'What to do').value;
    expect(todo).toContain('--max-model-len 23648');
    expect(todo).toContain('--gpu-memory-utilization 0.93');
  });

  it('an OOM pasted in a headroom thread is compared with the estimate; the next answer carries the measurement', async () => {
    standin.userMessage(standin.channelId, 'finetune 7b full bf16 seq 2048 mbs 4 on A100-80G', { mentionBot: true });
    const threadCall = await standin.waitForRequest((r) => r.method === 'POST' && r.path.endsWith('/threads') && r.body.name.startsWith('7b full · 1× A100 80GB'));
    const threadId = threadCall.path.split('/')[6]!;

    standin.userMessage(threadId, fixture('torch2-other-processes').text);
    const diagnosis = await standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${threadId}/messages` && /Another process/.test(r.body.embeds?.[0]?.title ?? ''));
    const fields = diagnosis.body.embeds[0].fields as { name: string; value: string }[];
    expect(fields.find((f) => f.name === 'Against my estimate')!.value).toMatch(/Your run had 36\.04 GiB allocated when it failed/);
    expect(fields.find((f) => f.name === 'What to do')!.value).toContain('torch.cuda.set\\_device(local\\_rank)');

    standin.userMessage(threadId, 'gc');
    // The first screen keeps the thread's measurement next to the why line.
    const next = await standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${threadId}/messages` && String(r.body.embeds?.[0]?.description ?? '').includes('Measured in this thread'));
    const line = String(next.body.embeds[0].description).split('\n').find((l) => l.includes('Measured in this thread'))!;
    expect(line).toMatch(/36\.60 GiB/);
  });
});
