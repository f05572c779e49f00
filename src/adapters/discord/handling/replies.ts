import type { APIEmbed } from 'discord.js';
import type { ButtonRow } from '../../../render/discord/buttons.js';
import type { Requester } from '../../admission.js';
import type { MessagePayload } from '../delivery.js';
import type { AnswerScenario } from '../../../state/scenario-code.js';

/**
 * How a slash command or a button is answered, whichever way it arrived: over the gateway
 * (discord.js's interaction methods, gatewayReplies.ts) or as an HTTP POST (the HTTP response,
 * then webhook edits, http/replies.ts). The handlers in this folder speak only to this.
 */
export interface InteractionReplies {
  /** Answers at once, shown only to the person who acted (request errors, Details, OOM tips). */
  ephemeral(message: { content?: string; embeds?: APIEmbed[]; components?: ButtonRow[] }): Promise<void>;
  /** "headroom is thinking…": the answer follows through editOriginal (Discord allows 15 minutes). */
  defer(): Promise<void>;
  /** Replaces the deferred response with the answer; resolves to the id of the message it became. */
  editOriginal(payload: MessagePayload): Promise<{ id: string }>;
  /** A notice or an apology: ephemeral when nothing was sent yet, else it replaces the response. */
  tell(content: string): Promise<void>;
  /**
   * Opens a public thread on one of the channel's messages (the answer); resolves to the thread's
   * id, rejects when Discord refuses.
   */
  startThread(channelId: string, messageId: string, name: string): Promise<string>;
}

/** Where the interaction happened: inside a thread, a command continues that thread's scenario. */
export interface InteractionPlace {
  channelId: string | null;
  inThread: boolean;
  /** A button's message: the request its embed footer carries, when its buttons name the scenario by hash. */
  messageRequest?: string | null;
  /** A button's message: its id (the store keeps each answer's scenario under it) and the resolved scenario its footer carries (issue 24). */
  messageId?: string | null;
  messageScenario?: AnswerScenario | null;
  /** Who typed the command or clicked: the asker of a thread the command starts (issue 24). */
  userId?: string;
  /** A direct message (no server): the DM channel is the conversation, and there are no threads. */
  dm?: boolean;
  /** The app may open a public thread and talk in it here (the interaction's app_permissions). */
  canOpenThreads?: boolean;
}

/** Create Public Threads and Send Messages in Threads (developer docs, Permissions): what a thread on an answer needs. */
const THREAD_PERMISSIONS = (1n << 35n) | (1n << 38n);

/** Whether the app's permissions where the interaction happened (app_permissions, a decimal bit set) allow a thread on the answer. */
export function permitsThreads(appPermissions: bigint | string | null | undefined): boolean {
  if (appPermissions === null || appPermissions === undefined) return false;
  const bits = typeof appPermissions === 'bigint' ? appPermissions : /^\d+$/.test(appPermissions) ? BigInt(appPermissions) : 0n;
  return (bits & THREAD_PERMISSIONS) === THREAD_PERMISSIONS;
}

/** Rate-limit keys of an interaction: who clicked or typed, and in which channel (DMs share one key). */
export function interactionRequester(userId: string, channelId: string | null): Requester {
  return { user: `discord:${userId}`, channel: `discord:${channelId ?? 'dm'}` };
}
