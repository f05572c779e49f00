import { Routes, type APIMessage, type RawFile, type REST } from 'discord.js';
import type { MessagePayload } from '../delivery.js';

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
