import type { Message, PartialMessage } from 'discord.js';
import { threadKey } from '../conversation.js';
import type { HandlerDeps } from '../deps.js';

/** Told when a request headroom answered is edited. */
export const EDIT_NOTE = 'I do not follow edits: my answer is to what you first wrote. Send the corrected request as a new message (in the thread, a follow-up such as `seq 8192` is enough).';

/**
 * An edited message (MESSAGE_UPDATE). headroom answers a message once, so an edit to a request it
 * answered (a DM, a mention, a message in one of its threads) gets a short note that edits are
 * not followed. Only messages still in the cache are compared (an embed unfurl keeps the text,
 * and an uncached message gives nothing to compare with); other messages get nothing.
 */
export async function handleEdit(before: Message | PartialMessage, after: Message | PartialMessage, botId: string, deps: HandlerDeps): Promise<string | void> {
  if (before.partial || after.partial || after.author.bot) return;
  if (before.content === after.content) return;
  const channel = after.channel;
  const ours =
    channel.isDMBased() ||
    after.mentions.users.has(botId) ||
    (channel.isThread() && (await deps.store.get(threadKey(channel.id))) !== null);
  if (!ours) return;
  await after.reply({ content: EDIT_NOTE });
  return 'edit_note';
}
