import type { Message, ThreadChannel } from 'discord.js';

/** The one reaction an acknowledgement ("thanks", "ok", "👍") gets, instead of any message (issue 24). */
export const COURTESY_REACTION = '👍';

/** A message to headroom: it mentions the bot, or replies to one of its messages. */
export function addressesBot(message: Message, botId: string): boolean {
  return message.mentions.users.has(botId) || message.mentions.repliedUser?.id === botId;
}

/** It calls on someone other than the bot: a user, a role, @everyone / @here, or a reply to a person (issue 24). */
export function mentionsSomeoneElse(message: Message, botId: string): boolean {
  const { mentions } = message;
  if (mentions.everyone || mentions.roles.size > 0) return true;
  if ([...mentions.users.keys()].some((id) => id !== botId)) return true;
  return mentions.repliedUser !== null && mentions.repliedUser.id !== botId;
}

/**
 * Who asked in a thread headroom opened, read from the thread itself so a restart with an empty
 * store still knows: the thread starts on headroom's reply to the asker's message (a mention's
 * answer, a "Which model?"), or on the response to their slash command. Null for a thread someone
 * else opened (only the store knows its asker) or when Discord cannot be asked.
 */
export async function askerOfThread(thread: ThreadChannel, botId: string): Promise<string | null> {
  const starter = await thread.fetchStarterMessage().catch(() => null);
  if (!starter || starter.author.id !== botId) return null;
  if (starter.interactionMetadata?.user) return starter.interactionMetadata.user.id;
  if (!starter.reference?.messageId) return null;
  const asked = await starter.fetchReference().catch(() => null);
  return asked && !asked.author.bot ? asked.author.id : null;
}
