import { pinnedTo } from '../scenario/shape.js';
import type { WeightFormat } from '../scenario/schema.js';
import { readConfig, type ConfigReading } from './from-config.js';
import type { HubModelInfo, ResolvedModel } from './types.js';

/**
 * A config.json reading plus the Hub's parameter count → the model the core estimates with.
 * Pure, shared by the Hub client (fetched repos) and the pasted / attached config.json path.
 */

/** Formats whose checkpoint packs several weights into one stored element (int32 / uint8). */
const PACKED: readonly WeightFormat[] = ['awq', 'gptq', 'nf4', 'nf4-dq'];
/** safetensors dtypes that hold packed sub-byte weights. */
const PACKED_DTYPES = ['I32', 'U8', 'I8', 'U4', 'I4'];

const billions = (n: number) => `${Number((n / 1e9).toPrecision(4))} B`;

/**
 * Which total to use. The Hub's safetensors count is what the checkpoint really holds (MTP
 * layers, vision towers, extra norms we do not model), so it wins, except when the weights are
 * packed: then it counts int32 / uint8 storage elements, not parameters.
 */
function chooseTotal(reading: ConfigReading, info: HubModelInfo | null): { total: number; source: 'hub' | 'config'; note: string } {
  const ours = reading.counted;
  const hub = info?.total ?? null;
  if (hub === null || hub <= 0) {
    return { total: ours, source: 'config', note: `${billions(ours)} parameters counted from config.json (the Hub lists no safetensors count)` };
  }
  const packedDtype = Object.keys(info?.perDtype ?? {}).find((d) => PACKED_DTYPES.includes(d.toUpperCase()));
  if ((reading.weights && PACKED.includes(reading.weights)) || packedDtype) {
    return {
      total: ours,
      source: 'config',
      note: `${billions(ours)} parameters counted from config.json (the Hub's ${billions(hub)} counts packed ${packedDtype ?? 'quantised'} storage, not parameters)`,
    };
  }
  // Some checkpoints (Falcon) store lm_head.weight although the model ties it to the embedding:
  // the file holds one vocab × hidden copy more than the model has in memory.
  const head = reading.arch.tiedEmbeddings && !reading.arch.encoderOnly ? reading.arch.vocab * reading.arch.hidden : 0;
  if (head > 0 && Math.abs(hub - head - ours) < Math.abs(hub - ours) && Math.abs(hub - head - ours) / ours < 0.005) {
    return { total: hub - head, source: 'hub', note: `${billions(hub - head)} parameters from the Hub's safetensors count less the stored copy of the tied LM head (config.json gives ${billions(ours)})` };
  }
  return { total: hub, source: 'hub', note: `${billions(hub)} parameters from the Hub's safetensors count (config.json gives ${billions(ours)})` };
}

/** The model for a fetched repo, or why its config.json can't be used. */
export function resolvedModel(repo: string, config: unknown, info: HubModelInfo | null): { ok: true; model: ResolvedModel } | { ok: false; message: string } {
  const read = readConfig(config);
  if (!read.ok) return { ok: false, message: `${repo}: ${read.message}` };
  const name = repo.includes('/') ? repo.slice(repo.indexOf('/') + 1) : repo;
  return { ok: true, model: fromReading(repo, name, read.reading, info) };
}

/** The model for a config.json pasted in a message or attached to it (no Hub count). */
export function attachedModel(config: unknown): { ok: true; model: ResolvedModel } | { ok: false; message: string } {
  const read = readConfig(config);
  if (!read.ok) return read;
  const hint = read.reading.nameHint;
  const name = hint ? `${hint} (config.json)` : `${read.reading.modelType} from config.json`;
  return { ok: true, model: fromReading('config.json', name, read.reading, null) };
}

function fromReading(repo: string, name: string, reading: ConfigReading, info: HubModelInfo | null): ResolvedModel {
  const chosen = chooseTotal(reading, info);
  const arch = chosen.source === 'hub' ? pinnedTo(reading.arch, chosen.total) : reading.arch;
  return {
    repo,
    name,
    modelType: reading.modelType,
    arch,
    weights: reading.weights,
    params: { total: chosen.total, source: chosen.source, counted: reading.counted, hub: info?.total ?? null },
    notes: [chosen.note, ...reading.notes],
  };
}
