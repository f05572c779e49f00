import { Routes } from 'discord.js';
import type { DiscordConfig } from '../../../config/discord.js';
import { chatPortHealth, createHealthHandler } from '../../../ops/health.js';
import { buildHandlerDeps, type DiscordDeps } from '../handler-deps.js';
import { dispatchInteraction } from './dispatch.js';
import { interactionsEndpoint } from './endpoint.js';
import { HttpReplies } from './replies.js';
import type { ConnectionLimits } from '../../../ops/connection-guard.js';
import { close, listen } from '../../../ops/http-listen.js';
import { interactionsServer } from './server.js';
import { publicKeyFromHex } from './verify.js';
import { botThreads, interactionWebhook, interactionWebhookRest } from './webhook.js';
import { storeClaims, type ClaimFn } from '../../../state/claims.js';
import { deferralJournal, interactionEntry, type DeferralJournal } from '../journal.js';
import type { MessagePayload } from '../delivery.js';
import { answerDiscordLeftOver } from '../left-over.js';
import type { WorkInteraction } from './dispatch.js';
import type { HandlerDeps } from '../deps.js';

export interface InteractionsHandle {
  /** The port actually bound (useful with port 0). */
  port: number;
  stop(): Promise<void>;
}

/**
 * HTTP interactions mode (DISCORD_PUBLIC_KEY): an HTTP server on `config.interactions.port`
 * serving `POST /discord/interactions` (Ed25519-verified; commands, buttons, autocomplete),
 * `/healthz` and `/readyz`. Answers go back as the HTTP response, then through the interaction's
 * webhook with discord.js's REST (pointed at DISCORD_API_URL when set). A deferred slash command
 * is in the request journal until answered; at start, those an earlier process left get their
 * deferred answer edited to say so (left-over.ts). Resolves once listening.
 */
export interface InteractionsDeps extends DiscordDeps {
  /** The interface to bind; all interfaces when absent (a container's port). */
  host?: string;
  claimOnce?: ClaimFn;
  /** Connection caps and timeouts; src/ops/connection-guard.ts's defaults when absent. */
  connections?: ConnectionLimits;
  /** `/readyz` is 503 until this is true (services.ts: every platform started); ready once listening when absent. */
  started?: () => boolean;
}

export async function startDiscordInteractions(config: DiscordConfig, deps: InteractionsDeps): Promise<InteractionsHandle> {
  if (!config.interactions) throw new Error('HTTP interactions need DISCORD_PUBLIC_KEY');
  const startedAt = Date.now();
  const key = publicKeyFromHex(config.interactions.publicKey);
  const handlerDeps = await buildHandlerDeps(deps);
  const rest = interactionWebhookRest(config.apiUrl);
  const threads = botThreads(config.apiUrl, config.token);
  const claim = deps.claimOnce ?? storeClaims(deps.store, handlerDeps.log);
  const endpoint = interactionsEndpoint({
    key,
    log: handlerDeps.log,
    firstDelivery: (id) => claim(`discord:interaction:${id}`),
    answer: async (interaction, res) => {
      const journal = commandJournal(interaction, handlerDeps);
      const webhook = interactionWebhook(rest, interaction.applicationId, interaction.token);
      const journaledWebhook = {
        async editOriginal(payload: MessagePayload) {
          await journal.editing();
          return webhook.editOriginal(payload);
        },
      };
      const replies = new HttpReplies(res, journaledWebhook, threads.open, journal.deferring);
      try {
        await dispatchInteraction(interaction, replies, handlerDeps);
      } finally {
        await journal.done();
      }
    },
  });
  const health = createHealthHandler(chatPortHealth(deps.store, () => handlerDeps.ops.shutdown.accepting(), deps.started));
  const server = interactionsServer(endpoint, health, { connections: deps.connections, log: handlerDeps.log });
  const port = await listen(server, config.interactions.port, deps.host, 'Discord HTTP interactions (DISCORD_HTTP_PORT)');
  handlerDeps.log({ event: 'discord.http.started', port });
  // Slash commands an earlier process deferred and never answered are told so, once this one
  // serves (the gateway, when it runs here too, tells the messages: src/adapters/discord/index.ts).
  if (deps.journal) {
    const notices = {
      postMessage: (channelId: string, body: Record<string, unknown>) => threads.rest.post(Routes.channelMessages(channelId), { body }),
      editOriginal: (applicationId: string, token: string, body: Record<string, unknown>) => rest.patch(Routes.webhookMessage(applicationId, token, '@original'), { body, auth: false }),
    };
    const telling = answerDiscordLeftOver(deps.journal, notices, handlerDeps.log, { startedAt, rows: 'interactions' });
    void (deps.shutdown ? deps.shutdown.background(telling) : telling);
  }
  return {
    port,
    async stop() {
      await close(server);
      for (const client of [rest, threads.rest]) {
        client.clearHashSweeper();
        client.clearHandlerSweeper();
      }
    },
  };
}

/** A slash command's journal steps; a button or autocomplete owes nothing after a restart (no-ops). */
function commandJournal(interaction: WorkInteraction, deps: HandlerDeps): DeferralJournal {
  if (interaction.kind !== 'command') return NOT_JOURNALED;
  const { id, applicationId, token, place } = interaction;
  return deferralJournal(deps, interactionEntry({ id, applicationId, token, channelId: place.channelId ?? '', user: { id: place.userId ?? '' } }));
}

const NOT_JOURNALED: DeferralJournal = { deferring: async () => undefined, editing: async () => undefined, done: async () => undefined };
