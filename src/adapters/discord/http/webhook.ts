import { REST, Routes, ThreadAutoArchiveDuration, type APIChannel, type APIMessage, type RawFile } from 'discord.js';
import type { MessagePayload } from '../delivery.js';
import { discordRestOptions } from '../rest-options.js';

/**
 * Where a deferred interaction's answer goes: its webhook, `/webhooks/{application_id}/{token}`,
 * valid 15 minutes. The interaction token is the credential, so these calls carry no bot token
 * (`auth: false`) and work in a process that never logs in.
 */
export interface InteractionWebhook {
  /** PATCH …/messages/@original: replaces the deferred response; resolves to the message's id. */
  editOriginal(payload: MessagePayload): Promise<{ id: string }>;
}

/**
 * A message as the REST API takes it: JSON fields, and files as multipart parts `files[n]` with
 * matching `attachments` entries (an edit's `attachments` lists every file the message keeps, so
 * an empty list also clears any earlier one, as discord.js does).
 */
export function messageRequest(payload: MessagePayload): { body: object; files: RawFile[] } {
  const { files, ...fields } = payload;
  return {
    body: { ...fields, attachments: files.map((file, index) => ({ id: index, filename: file.name })) },
    files: files.map((file, index) => ({ key: `files[${index}]`, name: file.name, data: file.attachment })),
  };
}

export function interactionWebhook(rest: REST, applicationId: string, token: string): InteractionWebhook {
  return {
    async editOriginal(payload) {
      const message = (await rest.patch(Routes.webhookMessage(applicationId, token, '@original'), { auth: false, ...messageRequest(payload) })) as APIMessage;
      return { id: message.id };
    },
  };
}

/**
 * The REST client for interaction webhooks, and nothing else. Discord exempts them from the
 * bot's global rate limit ("Interaction endpoints are not bound to the bot's Global Rate
 * Limit", developer docs, Rate Limits), but discord.js applies its client-side global limit
 * (50 requests/s) to every request: each deferred answer queued behind it while holding its
 * request slot (HEADROOM_MAX_IN_FLIGHT), so the endpoint delivered ~50 answers/s and told the
 * rest "busy" (issue 26). Per-route limits from Discord's headers still apply. Every token is
 * its own route, so idle per-route handlers are swept every 10 s rather than hourly.
 */
export function interactionWebhookRest(apiUrl: string | null | undefined): REST {
  return new REST({ ...discordRestOptions(apiUrl), globalRequestsPerSecond: Number.POSITIVE_INFINITY, handlerSweepInterval: 10_000 });
}

/** Opens a public thread on a channel message; resolves to its id. */
export type ThreadOpener = (channelId: string, messageId: string, name: string) => Promise<string>;

/**
 * Threads on slash answers (issue 24): unlike the webhook edits, opening a thread is a bot
 * action, so it goes with the bot token (a REST client of its own, pointed at DISCORD_API_URL).
 */
export function botThreads(apiUrl: string | null | undefined, token: string): { open: ThreadOpener; rest: REST } {
  const rest = new REST(discordRestOptions(apiUrl)).setToken(token);
  const open: ThreadOpener = async (channelId, messageId, name) => {
    const body = { name, auto_archive_duration: ThreadAutoArchiveDuration.OneDay };
    const thread = (await rest.post(Routes.threads(channelId, messageId), { body })) as APIChannel;
    return thread.id;
  };
  return { open, rest };
}
