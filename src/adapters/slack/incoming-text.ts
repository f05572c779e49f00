/**
 * The request text of a Slack message or slash command. Slack writes mentions and links as
 * markup: `<@U123>`, `<!here>`, `<!channel>`, `<!subteam^S1|@team>`, `<#C1|general>`,
 * `<https://x|label>`, `<mailto:a@b>`. None of them is part of a GPU request, and every one of
 * them would ping or link if the bot ever echoed it, so all markup is dropped before reading;
 * the entities Slack escapes (&amp; &lt; &gt;) are read as the characters the person typed (and
 * escaped again by the renderer when shown).
 */
const MARKUP = /<(?:[@#!][^>]*|(?:https?|mailto|ftp|tel|slack):[^>]*)>/gi;

export function requestText(raw: string): string {
  return raw
    .replace(MARKUP, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Markup that calls people: a user other than `botUserId`, a user group, @here / @channel / @everyone. */
const PEOPLE = /<@([A-Z0-9]+)(?:\|[^>]*)?>|<!(?:subteam\^|here|channel|everyone)[^>]*>/gi;

/** True when the message calls on someone other than the bot: then it is for them, unless it also mentions the bot (issue 24). */
export function mentionsSomeoneElse(raw: string, botUserId: string | undefined): boolean {
  for (const match of raw.matchAll(PEOPLE)) if (match[1] === undefined || match[1] !== botUserId) return true;
  return false;
}
