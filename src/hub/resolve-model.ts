import type { ScenarioModel, WeightFormat } from '../scenario/schema.js';
import { ATTACHED_CONFIG } from './ids.js';
import { repoKey, type HubContext } from './types.js';

/**
 * A `hub` item (a Hub repo id, or "config.json" for a pasted one) → the scenario's model, from
 * what the adapter already fetched. Pure: the core never fetches; a repo that was not fetched is
 * an error that says so, never a guess.
 */

export type HubModelOutcome =
  | { ok: true; model: ScenarioModel; weights: WeightFormat | null; notes: string[] }
  | { ok: false; message: string };

/** Whether the adapter asked the Hub for `repo`: it holds the model or the reason it has none. */
export function wasLookedUp(repo: string, context: HubContext): boolean {
  const key = repoKey(repo);
  return Boolean(context.models?.has(key) || context.failures?.has(key));
}

/**
 * Why a repo's name is its best reading, when the Hub gave no answer about it: nobody asked
 * (no adapter in front: a benchmark, a library call), or the Hub could not be reached. A 404 or
 * a 401 is an answer, and stays the reply. A Hub that took the connection and never answered is
 * named as such, with the time it was given.
 */
export function hubSilence(repo: string, context: HubContext): string | null {
  if (!wasLookedUp(repo, context)) return 'the Hub was not asked here';
  const silentForMs = context.silentForMs?.get(repoKey(repo));
  if (silentForMs !== undefined) return `the Hub did not answer within ${silentForMs / 1000} s`;
  return context.unreachable?.has(repoKey(repo)) ? 'the Hub could not be reached' : null;
}

const EXAMPLE_ID = 'meta-llama/Llama-3.1-8B-Instruct';

export function hubScenarioModel(repo: string, written: string, context: HubContext): HubModelOutcome {
  const key = repoKey(repo);
  const found = context.models?.get(key);
  if (!found) {
    const failure = context.failures?.get(key);
    if (failure) return { ok: false, message: failure };
    if (key === ATTACHED_CONFIG) {
      return {
        ok: false,
        message: `"${written}" names a config.json pasted in a \`\`\` block or attached to this message, and I found none. Paste the config.json in a \`\`\` block, or name its Hub id (e.g. ${EXAMPLE_ID}).`,
      };
    }
    return {
      ok: false,
      message: `I have not fetched "${written}" from the Hugging Face Hub, so I can't read its config.json here. Ask again in a new message, or name a catalog model (e.g. llama-3.1-8b).`,
    };
  }
  const source = found.repo === ATTACHED_CONFIG ? 'config.json in the message' : `Hub repo ${found.repo}`;
  const model: ScenarioModel = {
    id: null,
    name: found.name,
    asWritten: key,
    requestedParams: null,
    arch: structuredClone(found.arch),
    overrides: [],
  };
  return { ok: true, model, weights: found.weights, notes: [`${found.name}: ${found.modelType} architecture from the ${source}`, ...found.notes] };
}
