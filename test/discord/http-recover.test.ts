import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { answerInFooter } from '../../src/adapters/discord/scenario-marker.js';
import { respond } from '../../src/core/assistant.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { SERVED } from '../hub/fixtures/repos.js';
import { InteractionSigner, postInteraction } from './standin/signer.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';

/**
 * The HTTP interactions endpoint (signed POSTs over loopback, the real assistant): a button on an
 * answer to a pasted config.json is taken up from the scenario in the clicked message's footer,
 * which Discord sends with the interaction, with the store emptied in between (issue 24, item 2).
 */

const GEMMA = JSON.stringify(SERVED.find((f) => f.repo === 'google/gemma-2-9b')!.config);
const signer = new InteractionSigner();
let standin: DiscordStandIn;
let store: MemoryStore;
let server: InteractionsHandle;

const post = (payload: unknown) => postInteraction(`http://127.0.0.1:${server.port}/discord/interactions`, payload, signer);
const originalEditOf = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path === `/api/v10/webhooks/${standin.appId}/${token}/messages/@original`;

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  server = await startDiscordInteractions(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
    { store, log: () => {}, respond, limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }), complete: null, chart: null, host: '127.0.0.1' },
  );
});
afterAll(async () => {
  await server?.stop();
  await standin?.stop();
});

describe('Discord HTTP interactions: a button after the store is emptied', () => {
  it('every lever on an answer to a pasted config.json is re-estimated from the scenario its message carries', async () => {
    const source = standin.slashCommandPayload(`lora seq 2048 on a 4090\n\`\`\`json\n${GEMMA}\n\`\`\``);
    await post(source);
    const edit = await standin.waitForRequest(originalEditOf(source.token));
    const answered = answerInFooter(edit.body.embeds[0].footer?.text).scenario!;
    expect(answered.scenario.model.asWritten).toBe('config.json');
    const message = standin.messages.get(standin.channelId)!.find((m) => m.embeds?.[0]?.footer?.text === edit.body.embeds[0].footer.text)!;
    const levers = (message.components as any[]).flatMap((row) => row.components.map((c: any) => c.custom_id)).filter((id: string) => decodeCustomId(id)?.action.kind === 'lever');
    expect(levers.length).toBeGreaterThan(0);
    await store.close(); // a restart, another replica, or expiry: nothing stored

    for (const id of levers) {
      const click = standin.buttonPayload(message, id);
      expect(await post(click)).toEqual({ status: 200, json: { type: 5 } });
      const applied = answerInFooter((await standin.waitForRequest(originalEditOf(click.token))).body.embeds[0].footer?.text).scenario!;
      expect(applied.scenario.model).toEqual(answered.scenario.model);
      expect(applied.scenario).not.toEqual(answered.scenario);
    }
  });
});
