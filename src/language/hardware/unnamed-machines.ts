import type { HardwareReading, Part } from './types.js';

/**
 * Machines of GPUs with no card named, said as a product or as nodes and GPUs per node: "we used
 * 32x8 GPUs for the actor and 8x8 GPUs for the critic" (NVIDIA/NeMo-Aligner#87, c2721: read as 32
 * GPUs, the 8 unread), "a 2-node, 8-GPU-per-node GRPO recipe" (NVIDIA-NeMo/RL#3678, c2743). The
 * engine reads a phrase only with a card or a memory; these say the whole count all the same, so
 * they are read as "N nodes of M gpus" (the item language's form for unnamed cards).
 */

/** The word for GPUs right after a product: "32x8 GPUs", "4 x 8 cards". */
const GPU_NOUN_AFTER = /^[ \t]*(?:gpus?|cards?)(?![a-z])/;

export function machinesOfUnnamedCards(parts: readonly Part[], product: Part | undefined, text: string): HardwareReading | null {
  const only = (...roles: Part['role'][]) => parts.every((p) => roles.includes(p.role));
  const nodesPart = parts.find((p) => p.role === 'nodes');
  const perNodePart = parts.find((p) => p.role === 'perNode');
  let nodes: number;
  let perNode: number;
  if (product && parts.length === 1 && GPU_NOUN_AFTER.test(text.slice(product.end))) [nodes, perNode] = [product.value, product.second!];
  else if (nodesPart && perNodePart && parts.length === 2 && only('nodes', 'perNode')) [nodes, perNode] = [nodesPart.value, perNodePart.value];
  else return null;
  if (nodes < 1 || perNode < 1) return null;
  const [at, end] = [parts[0]!.at, parts.at(-1)!.end];
  return { at, end, nodes, perNode, count: nodes * perNode, gpuId: null, memoryGiB: null, parts: [...parts], notes: [], canonical: `${nodes} nodes of ${perNode} gpus` };
}
