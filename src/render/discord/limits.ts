import type { APIEmbed } from 'discord.js';

/** Discord's documented message limits (discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Sum of title, description, field names and values, footer text and author name. */
  total: 6000,
} as const;

/** Components: 5 action rows of 5 buttons, labels ≤ 80, custom_id ≤ 100. */
export const COMPONENT_LIMITS = { rows: 5, buttonsPerRow: 5, label: 80, customId: 100 } as const;

/** Autocomplete: at most 25 choices, name and value ≤ 100 characters each. */
export const AUTOCOMPLETE_LIMITS = { choices: 25, name: 100, value: 100 } as const;

/** Shortens text to `max` characters (code points stay whole), marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  // Do not leave half of a surrogate pair at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Discord counts these characters against the 6000 total. */
export function embedLength(embed: APIEmbed): number {
  const fields = (embed.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
  return (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + fields + (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
}

/**
 * Brings an embed within every limit: each part is clipped to its own cap, then, if the total is
 * still over 6000, the least important parts go first (trailing fields, then footer, then description).
 */
export function fitEmbed(embed: APIEmbed): APIEmbed {
  const fitted: APIEmbed = { ...embed };
  if (fitted.title !== undefined) fitted.title = clip(fitted.title, EMBED_LIMITS.title);
  if (fitted.description !== undefined) fitted.description = clip(fitted.description, EMBED_LIMITS.description);
  if (fitted.footer) fitted.footer = { ...fitted.footer, text: clip(fitted.footer.text, EMBED_LIMITS.footer) };
  if (fitted.fields) {
    fitted.fields = fitted.fields.slice(0, EMBED_LIMITS.fields).map((f) => ({
      ...f,
      name: clip(f.name, EMBED_LIMITS.fieldName) || '\u200b',
      value: clip(f.value, EMBED_LIMITS.fieldValue) || '\u200b',
    }));
  }
  while (embedLength(fitted) > EMBED_LIMITS.total && fitted.fields && fitted.fields.length > 0) {
    fitted.fields = fitted.fields.slice(0, -1);
  }
  const over = () => embedLength(fitted) - EMBED_LIMITS.total;
  if (over() > 0 && fitted.footer) {
    fitted.footer = { ...fitted.footer, text: clip(fitted.footer.text, Math.max(1, fitted.footer.text.length - over())) };
  }
  if (over() > 0 && fitted.description) {
    fitted.description = clip(fitted.description, Math.max(1, fitted.description.length - over()));
  }
  return fitted;
}
