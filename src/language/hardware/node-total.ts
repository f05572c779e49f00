import type { HardwareReading, Part } from './types.js';

/**
 * The GPUs in all said apart from a node count: "Add DeepSeek V3 256gpus BF16 recipe … on 32-node
 * H200 (A3Ultra)" (AI-Hypercomputer/gpu-recipes#195, c2750: read as 32 H200), "Llama 3 70B 64gpus …
 * on 8-node H200" (#198, c2749). A node count with no size of its own and a count of GPUs elsewhere
 * that it divides are one job: nodes × (total / nodes) per node. The total's words are read as the
 * same hardware again, so its number is part of the fact, not "not used". Without such a total the
 * resolver's eight a node stays, said among the defaults.
 */

/** A count of GPUs with its noun, glued or spaced: "256gpus", "64 GPUs", "32-GPU". */
const GPU_TOTAL = /(?<![\w.\-−])(?<n>\d{1,4})[ \t-]?(?:gpus?|cards?)(?![a-z])/g;
/** The most GPUs one machine holds (as engine.ts's MAX_PER_NODE). */
const MAX_PER_NODE = 16;

export interface NodeTotal {
  readings: HardwareReading[];
  notes: string[];
}

export function readNodeTotal(text: string, readings: HardwareReading[], quote: (at: number, end: number) => string): NodeTotal {
  const none = { readings, notes: [] };
  const open = readings.filter((r) => r.nodes !== null && r.nodes > 1 && r.perNode === null);
  if (open.length !== 1) return none;
  const machines = open[0]!;
  const nodes = machines.nodes!;
  const outside = (at: number, end: number) => readings.every((r) => end <= r.at || at >= r.end);
  const totals = [...text.matchAll(GPU_TOTAL)].filter((m) => {
    const n = Number(m.groups!.n);
    return outside(m.index, m.index + m[0].length) && n > nodes && n % nodes === 0 && n / nodes <= MAX_PER_NODE;
  });
  // One count, or the same count said more than once.
  if (totals.length === 0 || new Set(totals.map((m) => m.groups!.n)).size !== 1) return none;
  const count = Number(totals[0]!.groups!.n);
  const perNode = count / nodes;
  const canonical = machines.canonical.replace(/^(\d+) nodes of /, `$1 nodes of ${perNode}x `);
  const grouped: HardwareReading = { ...machines, perNode, count, canonical };
  const again = totals.map((m): HardwareReading => {
    const part: Part = { rule: 'hw.node-total', role: 'totalCards', at: m.index, end: m.index + m[0].length, value: count };
    return { at: part.at, end: part.end, nodes, perNode, count, gpuId: machines.gpuId, memoryGiB: machines.memoryGiB, parts: [part], notes: [], canonical };
  });
  const said = quote(totals[0]!.index, totals[0]!.index + totals[0]![0].length).trim();
  return {
    readings: [...readings.filter((r) => r !== machines), grouped, ...again].sort((a, b) => a.at - b.at),
    notes: [`"${quote(machines.at, machines.end).trim()}" with "${said}": ${nodes} nodes of ${perNode}, ${count} GPUs in all`],
  };
}
