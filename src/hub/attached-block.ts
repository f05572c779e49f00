/**
 * How a chat adapter hands a downloaded config.json to the reader inside the request text
 * (src/adapters/attached-config.ts writes, src/hub/prefetch.ts reads): a ``` block holding one
 * JSON object under a key of its own. The block carries the parsed JSON re-serialised, never the
 * file's text, so whatever the file held (prose, a login page, another JSON document) cannot
 * reach the reply: the reader answers with the settings it reads, or with a fixed message.
 */

/** `{"attached_config": <the file's JSON>}`: a downloaded file. */
export const ATTACHED_KEY = 'attached_config';
/** `{"attached_config_unreadable": "<file name>", "reason": …, "platform": …}`: a file that was not downloaded. */
export const UNREADABLE_ATTACHMENT = 'attached_config_unreadable';

export type UnreadableReason = 'foreign_host' | 'too_large' | 'not_a_file' | 'not_json' | 'refused' | 'unreachable';
export type AttachmentPlatform = 'slack' | 'discord';

export function attachedBlock(json: unknown): string {
  return fence({ [ATTACHED_KEY]: json });
}

export function unreadableBlock(name: string, reason: UnreadableReason, platform: AttachmentPlatform): string {
  return fence({ [UNREADABLE_ATTACHMENT]: name, reason, platform });
}

function fence(value: unknown): string {
  return `\`\`\`\n${JSON.stringify(value)}\n\`\`\``;
}

/**
 * The block an adapter appended, split from the request text. It is always the text's last line
 * but two, and JSON.stringify writes it on one line, so an unclosed fence in the person's words
 * cannot swallow it or leave its JSON among the words the reader sees.
 */
const ADAPTER_BLOCK = new RegExp(`\\n\`\`\`\\n(\\{"(?:${ATTACHED_KEY}|${UNREADABLE_ATTACHMENT})":[^\\n]*\\})\\n\`\`\`$`);

export function splitAdapterBlock(text: string): { text: string; block: string | null } {
  const match = ADAPTER_BLOCK.exec(text);
  return match ? { text: text.slice(0, match.index), block: match[1]! } : { text, block: null };
}

export type BlockReading = { kind: 'attached'; config: unknown } | { kind: 'unreadable'; message: string } | { kind: 'pasted' };

/** What a parsed ``` block is: an attached file's JSON, a failed download's message, or a pasted config.json. */
export function readBlock(parsed: unknown): BlockReading {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { kind: 'pasted' };
  const block = parsed as Record<string, unknown>;
  if (Object.hasOwn(block, ATTACHED_KEY)) return { kind: 'attached', config: block[ATTACHED_KEY] };
  if (typeof block[UNREADABLE_ATTACHMENT] !== 'string') return { kind: 'pasted' };
  return { kind: 'unreadable', message: unreadableMessage(block[UNREADABLE_ATTACHMENT], block.reason, block.platform) };
}

/** A file name as people write them; anything else is called "config.json" rather than echoed. */
const PLAIN_NAME = /^[\w][\w .()-]{0,79}$/;

const SLACK_SCOPE = 'a Slack app needs the files:read scope for that';
const HOSTS: Record<AttachmentPlatform, string> = { slack: "Slack's file host (files.slack.com)", discord: "Discord's CDN (cdn.discordapp.com)" };

/** Why an attachment was not read, in the words of the platform it came from. */
function unreadableMessage(written: string, reason: unknown, platform: unknown): string {
  const name = PLAIN_NAME.test(written) ? written : 'config.json';
  const on: AttachmentPlatform = platform === 'discord' ? 'discord' : 'slack';
  const why = reasonText(reason, on, name);
  return `${why} Paste the file in a \`\`\` block instead.`;
}

function reasonText(reason: unknown, on: AttachmentPlatform, name: string): string {
  switch (reason) {
    case 'foreign_host':
      return `I didn't download the attached ${name}: its link does not point to ${HOSTS[on]}.`;
    case 'too_large':
      return `I didn't read the attached ${name}: it is larger than 1 MB, far more than any model's config.json.`;
    case 'not_json':
      return `I couldn't read the attached ${name}: it is not a JSON file.`;
    case 'unreachable':
      return `I couldn't download the attached ${name}: ${HOSTS[on]} did not answer in time.`;
    case 'not_a_file':
    case 'refused':
    default:
      // Slack answers a sign-in page (or 403) without files:read; Discord's links are signed and expire.
      return on === 'slack'
        ? `I couldn't download the attached ${name} (${SLACK_SCOPE}).`
        : `I couldn't download the attached ${name}: Discord's CDN did not give me the file (the message may have been deleted, or its link expired).`;
  }
}

/**
 * Where JSON.parse stopped, without the text it quotes (V8 writes a snippet of the input into
 * its message): " (at line L, column C)" when it names a position, " (unexpected "x")" when it
 * names a single printable character, "" otherwise.
 */
export function jsonErrorWhere(text: string, error: unknown): string {
  const message = (error as Error)?.message ?? '';
  const at = /position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1]));
    return ` (at line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')})`;
  }
  const token = /^Unexpected token '([!-~])'/.exec(message);
  return token ? ` (unexpected "${token[1]}")` : '';
}
