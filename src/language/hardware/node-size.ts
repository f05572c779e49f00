import type { HardwareReading, Part } from './types.js';

/**
 * A machine's size said in a sentence of its own, apart from the cards in all:
 * "Tried to train the model on 192 A100 40GB GPU … Each node contains 4 × NVIDIA A100 Tensor Core
 * GPU with 40 GB" (facebookresearch/metaseq#210, c716: JUWELS Booster). The phrase grammar reads each
 * sentence alone — 192 cards, and 4 cards that contradicted them and were set aside — so the nodes
 * were never read. A node's size that divides a count said elsewhere makes that count nodes × cards
 * per node (48 nodes of 4); the node's sentence is read as the same hardware again, so its number
 * is part of the fact, not "not used".
 */

/** Words that name a machine, as the node's sentence says it. */
const MACHINE = String.raw`(?:compute\s+)?(?:node|server|machine|host|box|pod)`;
/** "each node contains 4", "every server has 8", "per node: 4", "4 GPUs per node", "8 cards/node". */
const NODE_SIZE = new RegExp(
  [
    String.raw`\b(?:each|every|per|one)\s+${MACHINE}\s*(?:(?:contains|has|have|holds|includes|consists\s+of|is\s+equipped\s+with|comes\s+with|with)\s+|[:=]\s*)(?<n>\d{1,2})(?!\d|\.\d|\s*(?:gb?|gib|tb|cpus?|cores?)\b)`,
    String.raw`(?<![\w.])(?<n2>\d{1,2})\s*(?:x\s*)?(?:gpus?|cards?)\s*(?:per|\/|each|in\s+each|on\s+each)\s*${MACHINE}\b`,
    // "每个节点4张卡", "每台机器有8块GPU".
    String.raw`每(?:个|一个|台)?\s*(?:结点|节点|机器|服务器|台)\s*(?:有|装有|配有|配|是)?\s*(?<n3>\d{1,2})\s*(?:张|块|个)?\s*(?:显卡|卡|gpus?)`,
  ].join('|'),
  'g',
);

const family = (gpuId: string | null) => gpuId?.replace(/-\d+g$/, '') ?? null;

export interface NodeSize {
  /** The readings to use: a count said elsewhere now nodes × per node, the node's sentence its restatement. */
  readings: HardwareReading[];
  /** Readings this rule wrote (their generic "N per node" note is replaced by its own). */
  written: Set<HardwareReading>;
  notes: string[];
}

export function readNodeSize(text: string, readings: HardwareReading[], quote: (at: number, end: number) => string): NodeSize {
  const none = { readings, written: new Set<HardwareReading>(), notes: [] };
  if (!/node|server|machine|host|box|每/.test(text)) return none;
  // A message whose phrases already say their machines ("10个结点，每个结点8张卡") is read by the phrase grammar.
  if (readings.some((r) => r.nodes !== null || r.perNode !== null)) return none;
  for (const m of text.matchAll(NODE_SIZE)) {
    const perNode = Number(m.groups!.n ?? m.groups!.n2 ?? m.groups!.n3);
    if (perNode < 1) continue;
    let [at, end] = [m.index, m.index + m[0].length];
    // "Each node contains 4 × NVIDIA A100": the node's cards, read by the grammar as a phrase of their own.
    const own = readings.find((r) => r.at < end + 2 && at <= r.end && r.nodes === null && r.count === perNode);
    if (own) [at, end] = [Math.min(at, own.at), Math.max(end, own.end)];
    const others = readings.filter((r) => r !== own && (r.end <= at || r.at >= end));
    const totals = others.filter(
      (r) => r.nodes === null && r.perNode === null && r.count !== null && r.count > perNode && r.count % perNode === 0 &&
        (!own?.gpuId || !r.gpuId || family(own.gpuId) === family(r.gpuId)),
    );
    // One count to divide.
    if (totals.length !== 1) continue;
    const total = totals[0]!;
    const nodes = total.count! / perNode;
    const canonical = total.canonical.replace(/^\d+x /, `${nodes} nodes of ${perNode}x `);
    const grouped: HardwareReading = { ...total, nodes, perNode, canonical };
    const part: Part = { rule: 'hw.node-size', role: 'perNode', at, end, value: perNode };
    const again: HardwareReading = { at, end, nodes, perNode, count: total.count, gpuId: total.gpuId, memoryGiB: total.memoryGiB, parts: [part], notes: [], canonical };
    const kept = readings.filter((r) => r !== own && r !== total);
    return {
      readings: [...kept, grouped, again].sort((a, b) => a.at - b.at),
      written: new Set([grouped, again]),
      notes: [`"${quote(total.at, total.end).trim()}" with "${quote(at, end).trim()}": ${nodes} nodes of ${perNode}, ${total.count} GPUs in all`],
    };
  }
  return none;
}
