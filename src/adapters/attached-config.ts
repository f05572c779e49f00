import { attachedBlock, unreadableBlock, type UnreadableReason } from '../hub/attached-block.js';
import { fetchJson, httpOrigin, isAllowed, type DownloadError } from '../net/capped-fetch.js';
import type { LogFn } from './deps.js';

/**
 * A config.json attached to a chat message (a Slack file share, a Discord attachment) is
 * downloaded here and appended to the request text as a marked ``` block, so src/hub/prefetch.ts
 * reads it like a pasted one. Only a file named config.json (or *config*.json) is read, only from
 * the platform's own file hosts (a URL elsewhere is refused before any connection, so the bot
 * token never leaves Slack), and at most MAX_CONFIG_BYTES of it whatever size the file object
 * declares (src/net/capped-fetch.ts). The block carries the parsed JSON, never the file's text,
 * and the reader answers only with the settings it reads from it.
 */

/** The same limit as a config.json from the Hub (src/hub/client.ts). */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** For the whole download, body included. */
const DOWNLOAD_TIMEOUT_MS = 3000;

/** Slack serves url_private(_download) from here; the Web API base in use is added (slackFileOrigins). */
export const SLACK_FILE_HOSTS = ['https://files.slack.com'] as const;
/** Discord's attachment URLs: the CDN and its media proxy (proxy_url). */
export const DISCORD_ATTACHMENT_HOSTS = ['https://cdn.discordapp.com', 'https://media.discordapp.net'] as const;

export interface AttachedFile {
  name: string;
  url: string;
  size?: number;
}

/** Where a platform's files may come from, and the token they need. */
export interface AttachmentSource {
  platform: 'slack' | 'discord';
  /** Origins a file is downloaded from; every other URL is refused unrequested. */
  origins: readonly string[];
  /** Slack's bot token, sent only to the file's own origin (never after a redirect elsewhere). */
  token?: string;
  log?: LogFn;
}

/**
 * Slack's file hosts: files.slack.com and the origin of the Web API base in use (SLACK_API_URL,
 * https://slack.com/api/ by default; a loopback stand-in in tests, configured explicitly).
 */
export function slackFileOrigins(apiUrl: string | undefined): string[] {
  return withOrigin(SLACK_FILE_HOSTS, apiUrl);
}

/** Discord's CDN hosts, and the origin of DISCORD_API_URL when one is configured (a stand-in). */
export function discordAttachmentOrigins(apiUrl?: string | null): string[] {
  return withOrigin(DISCORD_ATTACHMENT_HOSTS, apiUrl);
}

function withOrigin(hosts: readonly string[], apiUrl: string | null | undefined): string[] {
  const configured = apiUrl ? httpOrigin(apiUrl) : null;
  return configured && !hosts.includes(configured) ? [...hosts, configured] : [...hosts];
}

export function isConfigFile(name: string | undefined | null): boolean {
  return !!name && /(^|[-_.])config\.json$/i.test(name);
}

/** The request text with the attached config.json appended as a block (the text alone when there is none). */
export async function withAttachedConfig(text: string, files: readonly AttachedFile[], source: AttachmentSource): Promise<string> {
  const file = files.find((f) => isConfigFile(f.name));
  if (!file) return text;
  const failed = (reason: UnreadableReason, fields: Record<string, unknown>) => {
    source.log?.({ event: `${source.platform}.config_download_failed`, reason, ...fields });
    return `${text}\n${unreadableBlock(file.name, reason, source.platform)}`;
  };
  // The declared size is the sender's word: a larger one is refused early, a smaller one is not trusted.
  if ((file.size ?? 0) > MAX_CONFIG_BYTES) return failed('too_large', { declared: file.size });
  // Checked here too (fetchJson refuses it as well) so the log names the refusal without the URL's query (signatures).
  if (!isAllowed(file.url, source.origins)) return failed('foreign_host', { host: httpOrigin(file.url) });
  try {
    const answer = await fetchJson(file.url, {
      origins: source.origins,
      authorization: source.token ? `Bearer ${source.token}` : null,
      maxBytes: MAX_CONFIG_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    });
    if (!answer.ok) return failed('refused', { status: answer.status });
    return `${text}\n${attachedBlock(answer.json)}`;
  } catch (error) {
    const e = error as DownloadError;
    // Slack answers a login page (HTML, 200) when the app lacks the files:read scope.
    const reason: UnreadableReason = e.kind === 'too_large' ? 'too_large' : e.kind === 'type' ? 'not_a_file' : e.kind === 'not_json' ? 'not_json' : e.kind === 'redirect' || e.kind === 'refused' ? 'foreign_host' : 'unreachable';
    return failed(reason, { error: e.kind ?? (error as Error).name, bytes: e.bytes });
  }
}

/** Slack `files` of a message event (file_share): url_private_download needs the bot token. */
export function slackFiles(files: readonly { name?: string; url_private_download?: string; url_private?: string; size?: number }[] | undefined): AttachedFile[] {
  return (files ?? []).flatMap((f) => {
    const url = f.url_private_download ?? f.url_private;
    return f.name && url ? [{ name: f.name, url, size: f.size }] : [];
  });
}

/** discord.js `message.attachments` (a Collection): CDN URLs, signed, no token needed. */
export function discordFiles(attachments: { values(): Iterable<{ name: string | null; url: string; size: number }> } | undefined): AttachedFile[] {
  return [...(attachments?.values() ?? [])].flatMap((a) => (a.name ? [{ name: a.name, url: a.url, size: a.size }] : []));
}
