import { hubTokensIn } from '../language/parse.js';
import { jsonErrorWhere, readBlock, splitAdapterBlock } from './attached-block.js';
import { ATTACHED_CONFIG, repoOf } from './ids.js';
import { repoKey, type HubContext, type ResolvedModel } from './types.js';

/**
 * What an adapter does before it calls respond(): find the Hub ids a message names and fetch
 * them, and read a config.json pasted in a ``` block or attached to the message. The core then
 * resolves `hub` items from this context without any I/O.
 */

export interface HubResolver {
  resolve(repo: string): Promise<ResolvedModel>;
}

export interface PreparedRequest {
  /** The text for respond(): a pasted config.json block replaced by the word "config.json". */
  text: string;
  context: HubContext;
}

/** At most this many repos are fetched for one message (a request names one model, a compare two). */
export const MAX_REPOS_PER_MESSAGE = 3;

const FENCE = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/g;

/** A JSON object that reads as a model config (not some other pasted JSON). */
function looksLikeConfig(text: string): boolean {
  return /"(model_type|hidden_size|n_embd|num_hidden_layers|text_config)"\s*:/.test(text);
}

/** Hub repo ids in request text, read as respond() reads them, as written (case kept), without duplicates. */
export function hubIdsIn(text: string): string[] {
  // Every Hub id has a slash: most messages skip the lexer here (it runs again in respond()).
  if (!text.includes('/')) return [];
  const seen = new Map<string, string>();
  for (const t of hubTokensIn(text)) {
    if (t.value === ATTACHED_CONFIG) continue;
    const repo = repoOf(t.written);
    if (!seen.has(repoKey(repo))) seen.set(repoKey(repo), repo);
  }
  return [...seen.values()];
}

/**
 * A text with nothing to read before its Hub ids: no adapter attachment block, no config.json
 * pasted in a ``` block. prepareRequest then looks up exactly hubIdsIn(text), so whoever reads
 * the text may find the ids (the respond pool's worker, as it answers: hub-respond.ts).
 */
export function isPlainRequest(text: string): boolean {
  return splitAdapterBlock(text).block === null && pastedConfig(text) === null;
}

/** The Hub context prepareRequest gives a text that names no Hub id and has no config.json. */
export function noHubModels(): HubContext {
  return { models: new Map(), failures: new Map(), unreachable: new Set(), silentForMs: new Map() };
}

/** The first ``` block holding a config.json, and the text with that block replaced by "config.json". */
export function pastedConfig(text: string): { text: string; json: string } | null {
  for (const match of text.matchAll(FENCE)) {
    const body = match[1] ?? '';
    if (!looksLikeConfig(body)) continue;
    const at = match.index ?? 0;
    const before = text.slice(0, at).trimEnd();
    const after = text.slice(at + match[0].length).trimStart();
    return { text: [before, ATTACHED_CONFIG, after].filter(Boolean).join(' '), json: body };
  }
  return null;
}

/**
 * Reads pasted / attached config.json text and fetches the Hub ids in `text`. An adapter's
 * attachment block at the end of `text` (src/hub/attached-block.ts) is read as the attached
 * file. `attachments`: the contents of files named config.json attached to the message, for
 * callers that hold them apart. `hub`: null where Hub look-ups are off (a failure says so).
 * A config.json pasted in the words wins over an attached one.
 */
export async function prepareRequest(text: string, hub: HubResolver | null, attachments: readonly string[] = [], found?: readonly string[]): Promise<PreparedRequest> {
  const models = new Map<string, ResolvedModel>();
  const failures = new Map<string, string>();
  const unreachable = new Set<string>();
  const silentForMs = new Map<string, number>();
  const written = splitAdapterBlock(text);
  let request = written.block !== null ? written.text.trimEnd() : text;
  const pasted = pastedConfig(request);
  const attached = written.block ?? attachments[0] ?? null;
  let configText: string | null = null;
  if (pasted) {
    request = pasted.text;
    configText = pasted.json;
  } else if (attached !== null) {
    configText = attached;
    // An attached file stands for the model unless the text already names config.json.
    if (!hubTokensIn(request).some((t) => t.value === ATTACHED_CONFIG)) request = written.block !== null ? `${request} ${ATTACHED_CONFIG}`.trim() : `${ATTACHED_CONFIG} ${request}`.trim();
  }
  if (configText !== null) {
    const read = await readAttached(configText);
    if (read.ok) models.set(ATTACHED_CONFIG, read.model);
    else failures.set(ATTACHED_CONFIG, read.message);
  }
  // `found`: hubIdsIn(text) worked out already, for a plain request (isPlainRequest), where request is text.
  const repos = (found ?? hubIdsIn(request)).slice(0, MAX_REPOS_PER_MESSAGE);
  await Promise.all(
    repos.map(async (repo) => {
      if (!hub) {
        failures.set(repoKey(repo), `Hub ids are not looked up here, so I can't read "${repo}". Paste its config.json in a \`\`\` block instead.`);
        return;
      }
      try {
        models.set(repoKey(repo), await hub.resolve(repo));
      } catch (error) {
        failures.set(repoKey(repo), (error as Error).message);
        // HubError kind (src/hub/client.ts), read without loading the client on the terminal path.
        const failed = error as { kind?: string; silentForMs?: number | null };
        if (failed.kind === 'unreachable') unreachable.add(repoKey(repo));
        if (failed.kind === 'unreachable' && typeof failed.silentForMs === 'number') silentForMs.set(repoKey(repo), failed.silentForMs);
      }
    }),
  );
  return { text: request, context: { models, failures, unreachable, silentForMs } };
}

async function readAttached(text: string): Promise<{ ok: true; model: ResolvedModel } | { ok: false; message: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The config.json in this message is not valid JSON${jsonErrorWhere(text, e)}. Paste the file as it is, inside a \`\`\` block.` };
  }
  const block = readBlock(parsed);
  if (block.kind === 'unreadable') return { ok: false, message: block.message };
  // Loaded with the first config.json: the config reader validates with zod, which a message
  // without one does not load (issue 11, cold start of the terminal).
  const { attachedModel } = await import('./model.js');
  const read = attachedModel(block.kind === 'attached' ? block.config : parsed);
  return read.ok ? read : { ok: false, message: `The config.json in this message: ${read.message}` };
}
