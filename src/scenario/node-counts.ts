import { withDoubt } from './doubt-chain.js';
import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * Nodes named with no count of cards on each (issue 22, item 5: a guess is said): "Adding pretraining
 * recipe for DeepSeek V3 on 32-node H200" (AI-Hypercomputer/gpu-recipes#195, c2750: 32 nodes of eight,
 * its run id says 256gpus), "OOM occurs when running the PPO of qwen25-32b model on 4-node H800"
 * (verl-project/verl#388, c651: four nodes of eight). "N-node" had been read as N cards, "N nodes" as
 * N nodes of eight (the resolver's default), each in silence: the words give the nodes, never the cards
 * on each. The count stands, weak, said with the node words and the other reading as the switch
 * (session 36, rdoubt1). "台" (a machine or a device) is the hardware engine's own note (engine.ts).
 */
export const NODE_COUNT_RULE = {
  id: 'doubt.node-count',
  example: 'Adding pretraining recipe for DeepSeek V3 on 32-node H200 (A3Ultra) using BF16.',
  source: 'AI-Hypercomputer/gpu-recipes#195; verl-project/verl#388',
} as const;

/** A count of machines: "32-node", "4 nodes", "2 servers", "4节点", "2机"; group 1 the count. */
const NODE_COUNT = /(?<![a-z\d.])(\d{1,4})\s*-?\s*(?:nodes?\b|servers?\b|machines?\b|hosts?\b|boxes\b|节点|个节点|机(?!器|卡)|台机器|台服务器)/i;
/** Machine words right after the phrase, plural: "on 2 H100 nodes" ("on 8 H100 machine" is one machine of eight). */
const NODE_WORD_AFTER = /^\s*(?:\([^()\n]{0,12}\)\s*)?(?:nodes|servers|machines|hosts|boxes)\b/i;
/** The count such a phrase opens with, a number standing alone before the card's name ("2 H100", "96 A100"): not a card's or a memory's digits. */
const LEADING_COUNT = /^(?:(?:on|with|using|across|over)\s+)?(\d{1,4})\s+(?=[a-z])/i;
/** A count of cards on each node in the same words: "8x", "x 8", "of 8", "8 GPUs", "8张", "16卡", "each", "per node", 每. */
const CARDS_EACH = /\d\s*[x×*]|[x×*]\s*\d|\bof\s+\d|\d\s*(?:gpus?|cards?|devices?|张|卡|块|枚|개|장)|\beach\b|per[- ]node|每/i;

/**
 * The one fact of a hardware phrase that says the nodes (its card, else its count), weak where the
 * phrase counts machines and no cards on each; the switch is the other reading of the count.
 * `defaulted` is the resolver's word that it assumed the cards on each node (resolve-hardware.ts): the
 * fact that says the nodes is weak then whatever its words ("on 3 nodes" with no card, "4 servers of
 * A100"), and this is the one place the default is said.
 */
export function withNodeCount(facts: FactTrace[], s: Scenario, text: string, defaulted: { nodes: number; perNode: number } | null = null): FactTrace[] {
  const hw = s.hardware;
  if (!hw) return defaulted ? withAssumedPerNode(facts, s, text, defaulted) : facts;
  let nodeCount = 0;
  const guessed = facts.find((f) => {
    if (!['card', 'gpus', 'nodes'].includes(f.fact) || f.at === null || f.end === null || f.weak) return false;
    const words = text.slice(f.at, f.end);
    const after = text.slice(f.end, f.end + 16);
    const inWords = NODE_COUNT.exec(words);
    const nodes = inWords ?? (NODE_WORD_AFTER.test(after) ? LEADING_COUNT.exec(words.trim()) : null);
    // The node count's own words set aside ("32-node"), a count of cards on each must be missing from the rest.
    const rest = inWords ? words.replace(inWords[0], ' ') : words;
    if (nodes === null || CARDS_EACH.test(rest) || CARDS_EACH.test(after.split(/[,.;。，；\n]/)[0]!)) return false;
    nodeCount = Number(nodes[1]);
    return true;
  });
  if (!guessed) return defaulted ? withAssumedPerNode(facts, s, text, defaulted) : facts;
  const card = hw.gpuId ?? `${Math.round(hw.capacityBytes / 2 ** 30)}gb`;
  // Read as cards ("32-node" → 32 GPUs): the switch makes them machines of eight; read as machines, the switch asks for the cards on each.
  const instead = hw.count === nodeCount
    ? `say "on ${nodeCount} nodes of 8x ${card}" if each node holds several`
    : `${hw.count / nodeCount} GPUs on each node assumed: say "on ${nodeCount} nodes of Nx ${card}" if each holds another count`;
  // The card says the phrase once; its count and nodes from the same words are not said again.
  const target = facts.find((f) => f.fact === 'card' && f.at === guessed.at && f.end === guessed.end) ?? guessed;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: text.slice(f.at!, f.end!).trim(), nodeSwitch: instead, rules: withDoubt(f.rules, NODE_COUNT_RULE.id) } : f));
}

/**
 * The resolver assumed the cards on each node where the words gave the nodes only: the fact that says
 * the nodes (its card's where the same words name one, else the nodes' own) is weak, with the default and
 * its switch. "13b zero3 seq 4096 on 3 nodes" (no card): "on 3 nodes"? 8 GPUs on each node assumed.
 */
function withAssumedPerNode(facts: FactTrace[], s: Scenario, text: string, defaulted: { nodes: number; perNode: number }): FactTrace[] {
  const nodes = facts.find((f) => f.fact === 'nodes' && f.at !== null && f.end !== null);
  if (!nodes) return facts;
  const hw = s.hardware;
  const card = hw ? ` ${hw.gpuId ?? `${Math.round(hw.capacityBytes / 2 ** 30)}gb`}` : ' gpus';
  const cards = hw ? `x${card}` : card;
  const instead = `${defaulted.perNode} GPUs on each node assumed: say "on ${defaulted.nodes} nodes of N${cards}" if each holds another count`;
  const sameWords = (f: FactTrace) => f.at !== null && f.end !== null && f.at < nodes.end! && nodes.at! < f.end;
  const target = facts.find((f) => f.fact === 'card' && sameWords(f)) ?? facts.find((f) => f.fact === 'gpus' && sameWords(f)) ?? nodes;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: text.slice(f.at!, f.end!).trim(), nodeSwitch: instead, rules: withDoubt(f.rules, NODE_COUNT_RULE.id) } : f));
}
