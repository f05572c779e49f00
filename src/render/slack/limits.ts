/**
 * Block Kit limits (docs.slack.dev/reference/block-kit/blocks, …/block-elements/button-element,
 * …/composition-objects/text-object; DESIGN §5). `messageChars` is the undocumented total a
 * message's blocks may carry before chat.postMessage answers `msg_too_long`: reported near
 * 13,000 characters; we keep the serialized blocks at 12,000 to stay clear of it.
 */
export const SLACK_LIMITS = {
  blocks: 50,
  sectionText: 3000,
  fields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  contextText: 3000,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  actionsElements: 25,
  /** The `text` fallback is shown in notifications; Slack truncates past 40,000; we keep it short. */
  fallbackText: 3000,
  messageChars: 12_000,
} as const;

/** Escapes the three characters mrkdwn treats as control characters (docs: "Escaping text"). */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Keeps user text from closing a code block early. */
export function codeSafe(text: string): string {
  return escapeMrkdwn(text).replace(/```/g, 'ʼʼʼ');
}

/**
 * Cuts text to at most `max` characters (code points are not split), marking the cut with "…".
 * A cut never leaves half an HTML entity (`&am`) behind.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return text.slice(0, Math.max(0, max));
  let cut = text.slice(0, max - 1);
  cut = cut.replace(/&[a-z]{0,4}$/, '');
  // Do not leave a lone high surrogate (half an emoji) at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Bytes shown to users: GiB with one decimal, the one formatter every surface uses. */
export { gib } from '../../memory/format.js';
