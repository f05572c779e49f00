import type { ServerResponse } from 'node:http';
import { InteractionResponseType, MessageFlags, type APIEmbed, type APIInteractionResponse } from 'discord.js';
import { textOnly, type MessagePayload } from '../delivery.js';
import type { InteractionReplies } from '../handling/replies.js';
import { sendJson } from './send.js';
import type { InteractionWebhook, ThreadOpener } from './webhook.js';

/**
 * InteractionReplies for an interaction that arrived as an HTTP POST. The first answer is the
 * HTTP response itself (Discord waits 3 s for it): a message (type 4), a deferral (type 5) or
 * autocomplete choices (type 8). Everything after that edits the original response through the
 * interaction's webhook.
 */
export class HttpReplies implements InteractionReplies {
  private state: 'open' | 'deferred' | 'answered' = 'open';

  constructor(
    private readonly res: ServerResponse,
    private readonly webhook: InteractionWebhook,
    /** Opens a thread on an answer with the bot's token (webhook.ts: botThreads). */
    private readonly threads: ThreadOpener,
    /** Runs before the deferral is sent (the request journal: index.ts). */
    private readonly beforeDefer: () => Promise<void> = async () => undefined,
  ) {}

  /** False until the HTTP response has been sent. */
  get answered(): boolean {
    return this.state !== 'open';
  }

  /** Sends the one HTTP response; a second call is a bug in the caller and throws. */
  respond(response: APIInteractionResponse): void {
    if (this.state !== 'open') throw new Error('this interaction has already been answered');
    sendJson(this.res, 200, response);
    this.state = response.type === InteractionResponseType.DeferredChannelMessageWithSource ? 'deferred' : 'answered';
  }

  async ephemeral(message: { content?: string; embeds?: APIEmbed[] }): Promise<void> {
    this.respond({ type: InteractionResponseType.ChannelMessageWithSource, data: { ...message, flags: MessageFlags.Ephemeral } });
  }

  async defer(): Promise<void> {
    if (this.state !== 'open') throw new Error('this interaction has already been answered');
    await this.beforeDefer();
    this.respond({ type: InteractionResponseType.DeferredChannelMessageWithSource });
  }

  editOriginal(payload: MessagePayload): Promise<{ id: string }> {
    return this.webhook.editOriginal(payload);
  }

  startThread(channelId: string, messageId: string, name: string): Promise<string> {
    return this.threads(channelId, messageId, name);
  }

  async tell(content: string): Promise<void> {
    if (this.state === 'open') await this.ephemeral({ content });
    else await this.webhook.editOriginal(textOnly(content));
  }
}
