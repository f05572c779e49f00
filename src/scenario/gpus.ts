import { DEFAULT_PER_NODE } from './hardware.js';
import type { Scenario } from './schema.js';

/**
 * How many GPUs a setup runs on: the named cards, else the count said without a card ("I have 8
 * GPUs", `--num_processes 64`), else one. Every per-GPU term (sharding, data-parallel ranks, NCCL)
 * reads the count here, so "8 GPUs, no card named" is estimated per GPU for 8 GPUs.
 */
export function gpuCountOf(s: Pick<Scenario, 'hardware' | 'unnamedGpus'>): number {
  return s.hardware?.count ?? s.unnamedGpus ?? 1;
}

/** Cards per node: the named layout, else the one said with the count, else the common 8-GPU node. */
export function gpusPerNodeOf(s: Pick<Scenario, 'hardware' | 'unnamedGpus' | 'unnamedPerNode'>): number {
  return s.hardware?.perNode ?? s.unnamedPerNode ?? Math.min(gpuCountOf(s), DEFAULT_PER_NODE);
}

/** "8 GPUs, no card named" for a count without a card; null when a card is named or only one GPU is. */
export function unnamedGpusWords(s: Pick<Scenario, 'hardware' | 'unnamedGpus'>): string | null {
  if (s.hardware || (s.unnamedGpus ?? 1) <= 1) return null;
  return `${s.unnamedGpus} GPUs, no card named`;
}

/** The setup on named cards: the count said without a card is now the cards' count. */
export function onCards<S extends Pick<Scenario, 'hardware' | 'unnamedGpus' | 'unnamedPerNode'>>(s: S, hardware: NonNullable<Scenario['hardware']>): S {
  const { unnamedGpus: _counted, unnamedPerNode: _perNode, ...rest } = s;
  return { ...rest, hardware } as S;
}
