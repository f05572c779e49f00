import type { HubConfig } from '../config/hub.js';
import { fetchJson, type DownloadError, type JsonAnswer } from '../net/capped-fetch.js';
import { DiskRepoCache, MemoryRepoCache, type CachedRepo, type RepoCache } from './cache.js';
import { resolvedModel } from './model.js';
import { repoKey, type HubModelInfo, type ResolvedModel } from './types.js';

/**
 * Reads a repo's config.json and parameter count from the Hugging Face Hub, the way
 * huggingface_hub does: `{HF_ENDPOINT}/{repo}/resolve/main/config.json` and
 * `{HF_ENDPOINT}/api/models/{repo}` (its `safetensors.total` and `safetensors.parameters`),
 * with HF_TOKEN as a Bearer token when set. Answers are cached (src/hub/cache.ts).
 */

export type HubErrorKind = 'auth' | 'missing' | 'unreachable' | 'invalid';

/** A fetch that failed, with the message a user sees (it names the repo, never the token). */
export class HubError extends Error {
  override name = 'HubError';
  constructor(
    readonly kind: HubErrorKind,
    message: string,
    /** For a Hub that took the connection and gave no answer in time: how long it was given, in ms. */
    readonly silentForMs: number | null = null,
  ) {
    super(message);
  }
}

export type HubLog = (fields: Record<string, unknown>) => void;

export interface HubClientOptions extends HubConfig {
  /** A cached answer younger than this is used without asking the Hub (config.json rarely changes). */
  refreshAfterMs?: number;
  log?: HubLog;
  /** Injected in tests; the disk cache in cacheDir (or memory) otherwise. */
  cache?: RepoCache;
  now?: () => number;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;
const MB = 1024 * 1024;
/** The largest config.json on the Hub is a few tens of KB (vision-language configs with every sub-config inlined). */
export const MAX_CONFIG_BYTES = 1 * MB;
/**
 * /api/models/{repo} lists every file of the repo and the Spaces using it: a few hundred KB for
 * the most used repos. 2 MB leaves room; past it only the parameter count is lost (config.json
 * still answers), so the cap never costs a reply.
 */
export const MAX_MODEL_INFO_BYTES = 2 * MB;
/** The Hub redirects a renamed repo (307) and a resolved file to its resolve-cache (302), both on its own origin. */
const MAX_HUB_REDIRECTS = 3;
const EXAMPLE = 'meta-llama/Llama-3.1-8B-Instruct';

export class HubClient {
  private readonly cache: RepoCache;
  private readonly refreshAfterMs: number;
  private readonly log: HubLog;
  private readonly now: () => number;
  /** One fetch per repo at a time: concurrent requests for one id share it. */
  private readonly inFlight = new Map<string, Promise<CachedRepo>>();

  constructor(private readonly options: HubClientOptions) {
    this.cache = options.cache ?? (options.cacheDir ? new DiskRepoCache(options.cacheDir) : new MemoryRepoCache());
    this.refreshAfterMs = options.refreshAfterMs ?? WEEK_MS;
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
  }

  get endpoint(): string {
    return this.options.endpoint;
  }

  /** The model a repo id names; throws HubError with a user-facing message. */
  async resolve(repo: string): Promise<ResolvedModel> {
    const entry = await this.entry(repo);
    const read = resolvedModel(entry.repo, entry.config, entry.info);
    if (!read.ok) throw new HubError('invalid', read.message);
    return read.model;
  }

  private async entry(repo: string): Promise<CachedRepo> {
    const key = repoKey(repo);
    const cached = await this.cache.get(key);
    if (cached && this.now() - cached.fetchedAt < this.refreshAfterMs) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchRepo(repo).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    try {
      const fresh = await pending;
      await this.cache.set(key, fresh).catch((error: unknown) => this.log({ event: 'hub.cache_write_failed', repo, error: (error as Error).message }));
      return fresh;
    } catch (error) {
      // A stale copy beats no answer when the Hub is down; a 401 / 404 is the Hub's answer, not an outage.
      if (cached && error instanceof HubError && error.kind === 'unreachable') {
        this.log({ event: 'hub.stale_cache_used', repo });
        return cached;
      }
      throw error;
    }
  }

  private async fetchRepo(repo: string): Promise<CachedRepo> {
    const base = this.options.endpoint;
    const [config, info] = await Promise.all([
      this.get(`${base}/${repo}/resolve/main/config.json`, repo, 'config.json', MAX_CONFIG_BYTES),
      // Without the parameter count the model is still read (from config.json's shape).
      this.get(`${base}/api/models/${repo}`, repo, 'model info', MAX_MODEL_INFO_BYTES).catch(() => null),
    ]);
    if (!isObject(config)) throw new HubError('invalid', `${repo}: the Hub's config.json is not a JSON object.`);
    return { repo: canonicalRepo(info) ?? repo, config, info: modelInfo(info), fetchedAt: this.now() };
  }

  /**
   * One JSON answer of the Hub, bounded (src/net/capped-fetch.ts): the token goes to the
   * HF_ENDPOINT origin only, redirects are followed only within it (the Hub's resolve-cache and
   * renamed-repo redirects are relative), the body stops at `maxBytes` and the timeout covers it.
   */
  private async get(url: string, repo: string, what: string, maxBytes: number): Promise<unknown> {
    const started = this.now();
    let answer: JsonAnswer;
    try {
      answer = await fetchJson(url, {
        origins: [this.options.endpoint],
        authorization: this.options.token ? `Bearer ${this.options.token}` : null,
        headers: { accept: 'application/json', 'user-agent': 'headroom (config reader)' },
        maxBytes,
        timeoutMs: this.options.timeoutMs,
        maxRedirects: MAX_HUB_REDIRECTS,
      });
    } catch (error) {
      const e = error as DownloadError;
      this.log({ event: 'hub.fetch_failed', repo, url: url.replace(/\?.*$/, ''), reason: e.kind, bytes: e.bytes, ms: this.now() - started });
      if (e.kind === 'too_large') throw new HubError('invalid', `${repo}: the Hub's ${what} is larger than ${maxBytes / MB} MB, far more than any model's; I stopped reading it.`);
      if (e.kind === 'type' || e.kind === 'not_json') throw new HubError('invalid', `${repo}: the Hub answered with something that is not JSON.`);
      if (e.kind === 'redirect') throw this.unreachable(repo, new Error('it redirected me to another host'));
      throw this.unreachable(repo, e);
    }
    this.log({ event: 'hub.fetch', repo, url: url.replace(/\?.*$/, ''), status: answer.status, bytes: answer.ok ? answer.bytes : 0, ms: this.now() - started });
    if (answer.status === 401 || answer.status === 403) throw this.refused(repo, answer.status);
    if (answer.status === 404) {
      throw new HubError('missing', `There is no such model on the Hub: "${repo}" (HTTP 404 from ${this.options.endpoint}). Check the id as the model page writes it, e.g. ${EXAMPLE}.`);
    }
    if (!answer.ok) throw this.unreachable(repo, new Error(`HTTP ${answer.status}`));
    return answer.json;
  }

  private refused(repo: string, status: number): HubError {
    const how = this.options.token
      ? 'HF_TOKEN is set, but that token has no access to it: accept the model\'s terms on its Hub page with that account, or use a token that has access'
      : 'set HF_TOKEN to a Hugging Face token that has access (huggingface.co/settings/tokens) and restart';
    return new HubError('auth', `The Hub refused access to "${repo}" (HTTP ${status}): it is gated or private; ${how}. Or paste its config.json in a \`\`\` block.`);
  }

  private unreachable(repo: string, error: unknown): HubError {
    const e = error as Error & { kind?: string };
    const abandoned = e?.name === 'TimeoutError' || e?.name === 'AbortError';
    const reason = abandoned ? `no answer within ${this.options.timeoutMs / 1000} s` : (e?.message ?? String(error));
    // A DownloadError 'timeout': the deadline passed with the connection open and the answer incomplete.
    const silent = abandoned || e?.kind === 'timeout';
    this.log({ event: 'hub.unreachable', repo, reason });
    return new HubError(
      'unreachable',
      `I can't reach the Hugging Face Hub at ${this.options.endpoint} (${reason}) and have no saved copy of "${repo}". Try again later, or paste its config.json in a \`\`\` block.`,
      silent ? this.options.timeoutMs : null,
    );
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `safetensors.total` and `safetensors.parameters` of an /api/models answer. */
export function modelInfo(answer: unknown): HubModelInfo | null {
  if (!isObject(answer)) return null;
  const st = isObject(answer.safetensors) ? answer.safetensors : null;
  const perDtype: Record<string, number> = {};
  if (st && isObject(st.parameters)) {
    for (const [dtype, n] of Object.entries(st.parameters)) if (typeof n === 'number' && n >= 0) perDtype[dtype] = n;
  }
  const total = st && typeof st.total === 'number' && st.total > 0 ? st.total : null;
  return { total, perDtype };
}

/** The Hub's own spelling of the id (`id` in /api/models), e.g. after a case-insensitive match. */
function canonicalRepo(answer: unknown): string | null {
  return isObject(answer) && typeof answer.id === 'string' && answer.id.includes('/') ? answer.id : null;
}
