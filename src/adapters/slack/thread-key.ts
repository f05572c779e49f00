/** Conversation key of a Slack thread (DESIGN §5): `slack:{team}:{channel}:{thread_ts}`. */
export function slackThreadKey(team: string, channel: string, threadTs: string): string {
  return `slack:${team}:${channel}:${threadTs}`;
}

/** Removes `<@U123>` / `<@U123|name>` mentions, leaving the request text. */
export function stripMentions(text: string): string {
  return text.replace(/<@[A-Z0-9]+(?:\|[^>]*)?>/gi, ' ').replace(/\s+/g, ' ').trim();
}

/** A DM's own conversation: top-level messages in a DM continue it (threads inside a DM keep their own key). */
export function slackDmKey(team: string, channel: string): string {
  return `slack:${team}:${channel}:dm`;
}

/** Slack's DM channel ids start with D. */
export function isSlackDm(channel: string): boolean {
  return channel.startsWith('D');
}
