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
/** A count that is its own GPU noun ("8 GPUs", "8 cards", "8x GPUs", "8张卡"): a count of cards with no card named. */
const GPU_COUNT = /^\d+\s*(?:x\s*)?(?:gpus?|cards?|devices?|(?:张|块)\s*(?:显?卡|gpu))$/;

/**
 * Machines and a count of GPUs said as each one's ("2 servers with 8 GPUs each", "on 2 pods with 8 GPUs each",
 * "4 machines, 8 GPUs per machine"; kubernetes-sigs/lws#185, c2654: "2 pods … 8 GPUs per pod" was 8 GPUs, refused
 * under tp 8 × pp 2): the engine's `countScope` says whether the count is per machine; one it reads as the cards
 * in all ("2 nodes, 16 GPUs") stays the lexer's.
 */
export type CountScope = (count: Part, nodes: Part) => 'perNode' | 'total';

export function machinesOfUnnamedCards(parts: readonly Part[], product: Part | undefined, text: string, scope: CountScope): HardwareReading | null {
  const only = (...roles: Part['role'][]) => parts.every((p) => roles.includes(p.role));
  const nodesPart = parts.find((p) => p.role === 'nodes');
  const perNodePart = parts.find((p) => p.role === 'perNode');
  let nodes: number;
  let perNode: number;
  if (product && parts.length === 1 && GPU_NOUN_AFTER.test(text.slice(product.end))) [nodes, perNode] = [product.value, product.second!];
  else if (nodesPart && perNodePart && parts.length === 2 && only('nodes', 'perNode')) [nodes, perNode] = [nodesPart.value, perNodePart.value];
  else if (nodesPart && parts.length === 2 && only('nodes', 'count') && eachMachines(parts, nodesPart, text, scope)) [nodes, perNode] = [nodesPart.value, parts.find((p) => p.role === 'count')!.value];
  else return null;
  if (nodes < 1 || perNode < 1) return null;
  const [at, end] = [parts[0]!.at, parts.at(-1)!.end];
  return { at, end, nodes, perNode, count: nodes * perNode, gpuId: null, memoryGiB: null, parts: [...parts], notes: [], canonical: `${nodes} nodes of ${perNode} gpus` };
}

/**
 * More than a board holds is the GPUs in all: "we used 4 machines with 32 Gpus" (allenai/open-instruct#588, c1958) is
 * 32 GPUs over 4 machines, never 4 × 32.
 */
const MOST_ON_ONE_MACHINE = 16;

function eachMachines(parts: readonly Part[], nodesPart: Part, text: string, scope: CountScope): boolean {
  const count = parts.find((p) => p.role === 'count')!;
  if (count.value > MOST_ON_ONE_MACHINE || (count.value > 8 && count.value % nodesPart.value === 0)) return false;
  return count.at > nodesPart.at && GPU_COUNT.test(text.slice(count.at, count.end).trim()) && scope(count, nodesPart) === 'perNode';
}
