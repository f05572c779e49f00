import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeyObject } from 'node:crypto';
import { InteractionResponseType } from 'discord.js';
import type { LogFn } from '../deps.js';
import { MAX_BODY_BYTES, readRawBody } from './body.js';
import type { WorkInteraction } from './dispatch.js';
import { parseInteraction } from './payload.js';
import { sendJson } from './send.js';
import { SIGNATURE_HEADER, singleHeader, TIMESTAMP_HEADER, verifyInteraction } from './verify.js';
import { SampledLog } from '../../../ops/sampled-log.js';

export interface EndpointOptions {
  /** The application's Ed25519 public key (verify.ts, publicKeyFromHex). */
  key: KeyObject;
  log: LogFn;
  /** Answers a verified command, button or autocomplete; owns the response from then on. */
  answer: (interaction: WorkInteraction, res: ServerResponse) => Promise<void>;
  /** True the first time an interaction id is claimed (the shared store, src/state/claims.ts); all pass when absent. */
  firstDelivery?: (interactionId: string) => Promise<boolean>;
  maxBodyBytes?: number;
  now?: () => number;
}

/**
 * `POST /discord/interactions`: raw body (413 past the cap) → Ed25519 signature and timestamp
 * window (401) → JSON (400) → PING answered with PONG, unknown types and malformed payloads
 * refused (400), a replayed interaction id refused (409), the rest handed to `answer`. Nothing is parsed before the signature passes.
 */
export function interactionsEndpoint(options: EndpointOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { key, log, answer } = options;
  // Refusals arrive in floods: a few lines of each reason a minute, then a count (src/ops/sampled-log.ts).
  const rejections = new SampledLog(log);
  const rejected = (event: { reason: unknown } & Record<string, unknown>) => rejections.write(String(event.reason), { event: 'discord.http.rejected', ...event });
  const maxBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const now = options.now ?? Date.now;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const read = await readRawBody(req, maxBytes);
    if (!read.ok) {
      rejected({ status: 413, reason: read.reason });
      if (read.reason === 'too_large') sendJson(res, 413, { error: `body over ${maxBytes} bytes` }, { connection: 'close' });
      else res.destroy();
      return;
    }
    const verdict = verifyInteraction(key, { signature: singleHeader(req.headers[SIGNATURE_HEADER]), timestamp: singleHeader(req.headers[TIMESTAMP_HEADER]), body: read.body }, now());
    if (!verdict.ok) {
      rejected({ status: 401, reason: verdict.reason });
      sendJson(res, 401, { error: 'invalid request signature' });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(read.body.toString('utf8'));
    } catch {
      rejected({ status: 400, reason: 'invalid_json' });
      sendJson(res, 400, { error: 'body is not JSON' });
      return;
    }
    const interaction = parseInteraction(json);
    switch (interaction.kind) {
      case 'ping':
        sendJson(res, 200, { type: InteractionResponseType.Pong });
        return;
      case 'unknown':
        rejected({ status: 400, reason: 'unknown_type', type: interaction.type });
        sendJson(res, 400, { error: `interaction type ${interaction.type} is not handled` });
        return;
      case 'malformed':
        rejected({ status: 400, reason: 'malformed', detail: interaction.reason });
        sendJson(res, 400, { error: `malformed interaction: ${interaction.reason}` });
        return;
      default:
        // A replay of a signed interaction inside the timestamp window (here, after a restart or
        // on another replica) is refused: Discord itself never sends one interaction twice.
        if (options.firstDelivery && !(await options.firstDelivery(interaction.id))) {
          rejected({ status: 409, reason: 'replayed' });
          sendJson(res, 409, { error: 'this interaction was already answered' });
          return;
        }
        await answer(interaction, res);
    }
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // dispatch runs inside the error boundary; this is the endpoint's own last resort.
      log({ event: 'discord.http.error', error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
    });
  };
}
