import type { APIEmbed } from 'discord.js';

/**
 * Characters a person sees before any click: Slack's header, section, context and button texts;
 * Discord's embed title, description, fields, footer and button labels. Markup characters count
 * (they are what a client without rich text shows); notification text does not (it is not on screen).
 */
export function slackVisibleChars(blocks: unknown[]): number {
  let n = 0;
  for (const block of blocks as { type: string; text?: { text: string }; elements?: { text: string | { text: string } }[]; fields?: { text: string }[] }[]) {
    if (block.text) n += block.text.text.length;
    for (const element of block.elements ?? []) n += typeof element.text === 'string' ? element.text.length : element.text.text.length;
    for (const field of block.fields ?? []) n += field.text.length;
  }
  return n;
}

export function discordVisibleChars(message: { embeds: APIEmbed[]; components?: { components: object[] }[] }): number {
  let n = 0;
  for (const e of message.embeds) {
    n += (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
    for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  }
  for (const row of message.components ?? []) for (const c of row.components) n += 'label' in c && typeof c.label === 'string' ? c.label.length : 0;
  return n;
}

/** Lines inside ``` fences of a text. */
export function codeLines(text: string): string[] {
  const parts = text.split('```');
  return parts.filter((_, i) => i % 2 === 1).flatMap((code) => code.split('\n'));
}
