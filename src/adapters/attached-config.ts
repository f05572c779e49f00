import { UNREADABLE_ATTACHMENT } from '../hub/prefetch.js';
import type { LogFn } from './deps.js';

/**
 * A config.json attached to a chat message (a Slack file share, a Discord attachment) is
 * downloaded here and appended to the request text as a ``` block, so src/hub/prefetch.ts reads
 * it exactly like a pasted one. Only a file named config.json (or *config*.json) of at most
 * MAX_CONFIG_BYTES is read.
 */

export const MAX_CONFIG_BYTES = 256 * 1024;
const DOWNLOAD_TIMEOUT_MS = 3000;

export interface AttachedFile {
  name: string;
  url: string;
  size?: number;
}

export function isConfigFile(name: string | undefined | null): boolean {
  return !!name && /(^|[-_.])config\.json$/i.test(name);
}

/** The request text with the attached config.json appended as a ``` block (the text alone when there is none). */
export async function withAttachedConfig(
  text: string,
  files: readonly AttachedFile[],
  options: { token?: string; log?: LogFn; platform: string },
): Promise<string> {
  const file = files.find((f) => isConfigFile(f.name) && (f.size ?? 0) <= MAX_CONFIG_BYTES);
  if (!file) return text;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    const response = await fetch(file.url, { headers, signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    const body = response.ok ? await response.text() : '';
    // Slack answers a login page (HTML, 200) when the app lacks the files:read scope.
    if (!response.ok || body.length > MAX_CONFIG_BYTES || !body.trimStart().startsWith('{')) {
      options.log?.({ event: `${options.platform}.config_download_failed`, status: response.status, bytes: body.length });
      return unreadable(text, file.name);
    }
    return `${text}\n\`\`\`\n${body}\n\`\`\``;
  } catch (error) {
    options.log?.({ event: `${options.platform}.config_download_failed`, error: (error as Error).name });
    return unreadable(text, file.name);
  }
}

function unreadable(text: string, name: string): string {
  return `${text}\n\`\`\`\n${JSON.stringify({ [UNREADABLE_ATTACHMENT]: name })}\n\`\`\``;
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
