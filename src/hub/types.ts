import type { Architecture, WeightFormat } from '../scenario/schema.js';

/**
 * A model read from a config.json (fetched from the Hub or pasted), ready for the core.
 * Plain data, so it crosses to the compute workers by structured clone and into the disk cache
 * as JSON.
 */
export interface ResolvedModel {
  /** The Hub repo as the Hub spells it ("meta-llama/Llama-3.1-8B-Instruct"), or "config.json" when pasted. */
  repo: string;
  /** Display name, e.g. "Llama-3.1-8B-Instruct". */
  name: string;
  /** config.json's model_type, e.g. "llama" ("unknown" when absent). */
  modelType: string;
  /** Architecture from config.json; `extraParams` pins the total to `params.total` when the Hub's count is used. */
  arch: Architecture;
  /** Weight format from quantization_config, or null for a float checkpoint. */
  weights: WeightFormat | null;
  params: {
    /** The total the estimate uses. */
    total: number;
    /** Where it came from: the Hub's safetensors count, or our count of config.json's shape. */
    source: 'hub' | 'config';
    /** Our count from config.json, for the reading. */
    counted: number;
    /** The Hub's safetensors total, when the repo has one. */
    hub: number | null;
  };
  /** Human notes for the assumptions list (fallbacks, what is not counted, which total). */
  notes: string[];
}

/** The parts of `GET /api/models/{repo}` that headroom reads. */
export interface HubModelInfo {
  /** `safetensors.total`: elements in the repo's safetensors files (a parameter count for float checkpoints). */
  total: number | null;
  /** `safetensors.parameters`: elements per dtype, e.g. { BF16: 8030261248 }. */
  perDtype: Record<string, number>;
}

/**
 * What an adapter fetched for one request: models by lower-case repo id, and failures by repo.
 * A pasted or attached config.json is the model under "config.json" (src/hub/ids.ts ATTACHED_CONFIG).
 */
export interface HubContext {
  models?: ReadonlyMap<string, ResolvedModel>;
  /** Why a repo named in the text could not be fetched (the client's message: 401, 404, unreachable). */
  failures?: ReadonlyMap<string, string>;
  /** Repos whose lookup failed because the Hub could not be reached (no answer either way). */
  unreachable?: ReadonlySet<string>;
  /** Of those, repos whose Hub took the connection and never answered: how long it was given, in ms. */
  silentForMs?: ReadonlyMap<string, number>;
}

/** The key a repo id is looked up by: the Hub treats repo ids case-insensitively in URLs. */
export function repoKey(repo: string): string {
  return repo.toLowerCase();
}
