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
