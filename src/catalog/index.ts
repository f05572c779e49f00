import { GPUS } from './gpus.js';
import { MODELS } from './models.js';
import type { GpuSpec, ModelSpec } from './types.js';

export { GPUS, MODELS };
export type { GpuSpec, ModelSpec };

/** Lower-case and drop the separators people vary: "Llama 3.1 70B" → "llama3.170b". */
export function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[\s_\-×]+/g, '');
}

const modelIndex = new Map<string, ModelSpec>();
for (const m of MODELS) for (const n of [m.id, m.name, ...m.aliases]) modelIndex.set(normalizeName(n), m);
const gpuIndex = new Map<string, GpuSpec>();
for (const g of GPUS) for (const n of [g.id, g.name, ...g.aliases]) gpuIndex.set(normalizeName(n), g);

export function findModel(text: string): ModelSpec | undefined {
  return modelIndex.get(normalizeName(text));
}

export function findGpu(text: string): GpuSpec | undefined {
  return gpuIndex.get(normalizeName(text));
}

/** Catalog entries by id, first of an id first (as a search from the front found them): every reply looks cards up by id. */
const modelsById = new Map<string, ModelSpec>();
for (const m of MODELS) if (!modelsById.has(m.id)) modelsById.set(m.id, m);
const gpusById = new Map<string, GpuSpec>();
for (const g of GPUS) if (!gpusById.has(g.id)) gpusById.set(g.id, g);

export function modelById(id: string): ModelSpec {
  const m = modelsById.get(id);
  if (!m) throw new Error(`unknown model id ${id}`);
  return m;
}

export function gpuById(id: string): GpuSpec {
  const g = gpusById.get(id);
  if (!g) throw new Error(`unknown GPU id ${id}`);
  return g;
}
