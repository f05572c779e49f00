/**
 * One bounded JSON download, shared by the Hub client (src/hub/client.ts) and the chat
 * attachments (src/adapters/attached-config.ts). What a remote answer can cost is fixed before
 * the first byte arrives:
 * - only origins on the caller's list are contacted; anything else is refused before a
 *   connection is opened, and so is a redirect that leaves the list;
 * - the Authorization header goes only to the origin it was meant for (the first URL's) and is
 *   dropped on a redirect elsewhere; redirects are followed by hand (`redirect: 'manual'`), at
 *   most `maxRedirects`, so this holds whatever fetch's own redirect rules are;
 * - the body is read as a stream and cancelled once it passes `maxBytes`, whatever
 *   Content-Length declared (a declared size over the cap is refused without reading);
 * - one deadline covers the whole exchange: connecting, every redirect, the headers and the
 *   last byte of the body (a body that stalls halfway is cut off too);
 * - a body whose media type cannot hold JSON (an HTML login page, an image) is refused unread,
 *   and the rest must parse as JSON.
 */

export type DownloadFailure = 'refused' | 'redirect' | 'too_large' | 'type' | 'not_json' | 'timeout' | 'network';

/** Why a download gave no JSON. `bytes`: body bytes read before it stopped (never more than maxBytes + one chunk). */
export class DownloadError extends Error {
  override name = 'DownloadError';
  constructor(
    readonly kind: DownloadFailure,
    message: string,
    readonly bytes = 0,
  ) {
    super(message);
  }
}

export interface CappedFetchOptions {
  /** Origins (`URL.origin`: scheme://host[:port]) that may be contacted, the first URL's included. */
  origins: readonly string[];
  /** The whole Authorization value ("Bearer …"); sent only while the request stays on the first URL's origin. */
  authorization?: string | null;
  headers?: Readonly<Record<string, string>>;
  /** Body bytes kept at most; one more and the body is cancelled. */
  maxBytes: number;
  /** Deadline for the whole exchange, body included. */
  timeoutMs: number;
  /** Redirects followed within `origins` (default 2). */
  maxRedirects?: number;
  /** Injected in tests that count calls; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** A JSON body (2xx), or the status alone for any other answer (its body is not read). */
export type JsonAnswer = { ok: true; status: number; json: unknown; bytes: number } | { ok: false; status: number };

/**
 * Media types a JSON file is served with: application/json and +json, text/plain (raw files on
 * some hosts), application/octet-stream (a generic upload), or none at all. JSON.parse decides.
 */
const JSON_CARRIERS = [/^application\/(?:[\w.+-]+\+)?json$/, /^text\/(?:plain|json)$/, /^application\/octet-stream$/];

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 2;

/** `URL.origin` of an http(s) URL, or null for anything else (a bad URL, file:, data:). */
export function httpOrigin(url: string | URL): string | null {
  try {
    const parsed = typeof url === 'string' ? new URL(url) : url;
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** True when `url` may be contacted under `origins`: the same scheme, host and port as one of them. */
export function isAllowed(url: string | URL, origins: readonly string[]): boolean {
  const origin = httpOrigin(url);
  return origin !== null && origins.some((allowed) => httpOrigin(allowed) === origin);
}

export async function fetchJson(url: string, options: CappedFetchOptions): Promise<JsonAnswer> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  try {
    return await exchange(url, options, deadline);
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    if (deadline.aborted) throw new DownloadError('timeout', `no complete answer within ${options.timeoutMs / 1000} s`);
    throw new DownloadError('network', (error as Error)?.message ?? String(error));
  }
}

async function exchange(first: string, options: CappedFetchOptions, signal: AbortSignal): Promise<JsonAnswer> {
  const doFetch = options.fetch ?? fetch;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  if (!isAllowed(first, options.origins)) throw new DownloadError('refused', `${httpOrigin(first) ?? 'that address'} is not a host I download from`);
  let url = new URL(first);
  const home = url.origin;
  for (let hop = 0; ; hop++) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.authorization && url.origin === home) headers.authorization = options.authorization;
    const response = await doFetch(url, { headers, redirect: 'manual', signal });
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) throw new DownloadError('redirect', `more than ${maxRedirects} redirects`);
      url = redirectTarget(response, url, options.origins);
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, status: response.status };
    }
    return { ok: true, status: response.status, ...(await jsonBody(response, options.maxBytes)) };
  }
}

/** Where a redirect points, when that is an allowed origin; refused (never requested) otherwise. */
function redirectTarget(response: Response, from: URL, origins: readonly string[]): URL {
  const location = response.headers.get('location');
  let target: URL;
  try {
    target = new URL(location ?? '', from);
  } catch {
    throw new DownloadError('redirect', `HTTP ${response.status} with an unusable Location`);
  }
  if (!location || !isAllowed(target, origins)) throw new DownloadError('redirect', `redirected to ${httpOrigin(target) ?? 'an address'} that is not a host I download from`);
  return target;
}

async function jsonBody(response: Response, maxBytes: number): Promise<{ json: unknown; bytes: number }> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && !JSON_CARRIERS.some((carrier) => carrier.test(type))) {
    await response.body?.cancel().catch(() => undefined);
    throw new DownloadError('type', `the answer is ${type}, not JSON`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new DownloadError('too_large', `the answer declares ${declared} bytes, over the ${maxBytes}-byte limit`);
  }
  const bytes = await readCapped(response, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DownloadError('not_json', 'the answer is not UTF-8 text', bytes.length);
  }
  try {
    return { json: JSON.parse(text), bytes: bytes.length };
  } catch {
    throw new DownloadError('not_json', 'the answer is not valid JSON', bytes.length);
  }
}

/** The body's bytes, cancelled as soon as they pass maxBytes (the stream is never read further). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new DownloadError('too_large', `the answer passed the ${maxBytes}-byte limit`, total);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
