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

export interface InteractionsHandle {
  /** The port actually bound (useful with port 0). */
  port: number;
  stop(): Promise<void>;
}

/**
 * HTTP interactions mode (DISCORD_PUBLIC_KEY): an HTTP server on `config.interactions.port`
 * serving `POST /discord/interactions` (Ed25519-verified; commands, buttons, autocomplete),
 * `/healthz` and `/readyz`. Answers go back as the HTTP response, then through the interaction's
 * webhook with discord.js's REST (pointed at DISCORD_API_URL when set). Resolves once listening.
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
  const key = publicKeyFromHex(config.interactions.publicKey);
  const handlerDeps = await buildHandlerDeps(deps);
  const rest = interactionWebhookRest(config.apiUrl);
  const threads = botThreads(config.apiUrl, config.token);
  const claim = deps.claimOnce ?? storeClaims(deps.store, handlerDeps.log);
  const endpoint = interactionsEndpoint({
    key,
    log: handlerDeps.log,
    firstDelivery: (id) => claim(`discord:interaction:${id}`),
    answer: (interaction, res) => {
      const replies = new HttpReplies(res, interactionWebhook(rest, interaction.applicationId, interaction.token), threads.open);
      return dispatchInteraction(interaction, replies, handlerDeps);
    },
  });
  const health = createHealthHandler(chatPortHealth(deps.store, () => handlerDeps.ops.shutdown.accepting(), deps.started));
  const server = interactionsServer(endpoint, health, { connections: deps.connections, log: handlerDeps.log });
  const port = await listen(server, config.interactions.port, deps.host, 'Discord HTTP interactions (DISCORD_HTTP_PORT)');
  handlerDeps.log({ event: 'discord.http.started', port });
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
