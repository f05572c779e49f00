import type { Item } from '../items.js';

/**
 * A multi-node launch (`--nnodes 3 --nproc_per_node 8`, `nnodes=2 … NPROC_PER_NODE=$nproc_per_node`) is read
 * by its key as "N nodes of M gpus", weak (config-keys/parallelism.ts). The cards said in prose decide
 * which run it is:
 * - a count that is the launch's total ("3 groups with 8*A100 … (total of 24 A100-40G)", jianzhnie/LLamaTuner#91,
 *   c306) is the same job: its card, the launch's nodes × per node; the prose count of one node said beside
 *   it is that node again, not a second setup;
 * - a count that is one node's and none the total ("我的服务器是8*A6000(48G)" under a command for `--nnodes 2
 *   --nproc-per-node 8`, deepseek-ai/DeepSeek-V3#855, c107) is the one machine the user has: the command was
 *   copied for more nodes than it runs on. The machine is read, the launch as one node of it, and its nodes said.
 * With no card counted in prose the launch stands, said as weak by its key.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const isHardware = (i: Item): i is Hardware => i.kind === 'hardware';

/** A launcher key that starts processes on each node: torchrun's, and the DeepSpeed launcher's `--num_gpus` (not a role's `actor_num_gpus…`). */
const PER_NODE_KEY = /nproc[_-]per[_-]node|(?<![a-z]_)num[_-]gpus(?![\w-])/i;

export function multiNodeLaunch(items: Item[], notes: string[]): Item[] {
  const launch = items.find((i): i is Hardware => isHardware(i) && i.nodes !== null && i.nodes > 1 && i.count !== null && i.gpuId === null && i.capacityGiB === null && PER_NODE_KEY.test(i.text));
  if (!launch) return items;
  const nodes = launch.nodes!;
  const perNode = launch.count!;
  // The same launch said twice (`nproc_per_node=8` set, then `NPROC_PER_NODE=$nproc_per_node` passed on): one launch.
  const launches = new Set<Item>(items.filter((i) => isHardware(i) && i.nodes === nodes && i.count === perNode && i.gpuId === null && i.capacityGiB === null && PER_NODE_KEY.test(i.text)));
  const said = items.filter((i): i is Hardware => isHardware(i) && !launches.has(i) && i.nodes === null && i.count !== null && (i.gpuId !== null || i.capacityGiB !== null));
  const inAll = nodes * perNode;
  // The total may be said as a total ("(total of 24 A100-40G graphics cards)"), which the phrase keeps in its words, not its count.
  const saysTotal = new RegExp(String.raw`\btotal\b[^\d]{0,12}(?<![\d.])${inAll}(?![\d.])|(?<![\d.])${inAll}(?![\d.])[^\d]{0,30}\b(?:in\s+)?total\b`, 'i');
  const hardware = items.filter((i): i is Hardware => isHardware(i) && !launches.has(i) && i.nodes === null && (i.gpuId !== null || i.capacityGiB !== null));
  const total = hardware.filter((h) => h.count === inAll || (h.count === null && saysTotal.test(h.text)));
  const oneNode = said.filter((h) => h.count === perNode);
  if (total.length > 0) {
    const run = total[0]!;
    notes.push(`"${run.text.trim()}" read as ${nodes} nodes of ${perNode} ("${launch.text.trim()}" on each node)`);
    const merged: Hardware = { ...run, count: perNode, nodes };
    const restated = new Set<Item>([...launches, ...oneNode, ...total.slice(1)]);
    return items.filter((i) => !restated.has(i)).map((i) => (i === run ? merged : i));
  }
  if (oneNode.length > 0) {
    notes.push(`"${oneNode[0]!.text.trim()}" is one node: the launch ("${launch.text.trim()}") is written for ${nodes} nodes, read as the machine you state — say "${nodes} nodes of ${perNode}x" for the whole job`);
    // The launch is then the processes of that one node, as a one-node launch is read (the cards said again; the
    // processes one per GPU, so an inference script's are its tensor split: scenario/resolve-sharding.ts).
    return items.filter((i) => i === launch || !launches.has(i)).map((i) => (i === launch ? { ...launch, nodes: null } : i));
  }
  notes.push(`${nodes} nodes of ${perNode} GPUs, ${inAll} in all ("${launch.text.trim()}" on each of the launch's ${nodes} nodes) — say "on ${perNode} gpus" if it runs on one node`);
  return items;
}
