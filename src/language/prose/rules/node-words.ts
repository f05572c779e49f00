import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * A node, or a name, that carries the count (s46, rhw4, mechanism 3). "on a node of H100s" and "an H100 node" had been read
 * as one H100 ("node" not read): the words say one machine of those cards, and a machine's count of cards, unsaid, is the
 * resolver's eight a node, weak and said with the switch (scenario/node-counts.ts), as "on 1 node of H100" and "on 4-node
 * H800" already were. "llama70b_4x8xh100", "qwen2-72b-sft_2x8xa800": a run's or a recipe's name that writes nodes × cards
 * × card, as "2n8g" does (prose.recipe-nodes-gpus), had been read as eight cards (the first factor lost in the name).
 * (Korean "H100 8장짜리 노드 2개", two nodes of eight, is read by the hardware grammar: 짜리 joins and makes the count each node's.)
 *
 * Not a node: a node's index ("node 0 has an A100"), a consumer card's box ("one 4090 machine", a desktop with one card:
 * the count-8 default fits datacenter machines only, so the GeForce and RTX workstation names are left alone).
 */
/** A catalog card's name as prose writes it: "h100", "a100-80g", "h800", "mi300x". */
const CARD = String.raw`(?:nvidia[ \t]+)?(?:[a-z]{1,3}\d{2,4}[a-z]{0,3}(?:-\d{2,3}g(?:b)?)?)`;
const datacenter = (card: string): boolean => {
  const id = gpuIdOf(card.replace(/^nvidia[ \t]+/, '').replace(/s$/, ''));
  return id !== null && id !== undefined && !/^(?:rtx|gtx)-/.test(id);
};

export const NODE_WORD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.one-node-of-cards',
    // "a node of H100s", "one full node of A100 80G", "an H100 node", "one A100 server": one machine of that card.
    pattern: new RegExp(
      String.raw`\b(?:a|an|one)[ \t]+(?:(?:single|full|whole)[ \t]+)?(?:node|server)[ \t]+of[ \t]+(?=(${CARD})s?(?![a-z\d]))|\b(?:a|an|one)[ \t]+(${CARD})[ \t]+(?:node|server)(?![a-z\d])`,
      'g',
    ),
    when: (t) => /node|server/.test(t),
    write: (m) => {
      if (m[1] !== undefined) return datacenter(m[1]) ? ' 1 node of ' : m[0];
      return datacenter(m[2]!) ? ` 1 node of ${m[2]} ` : m[0];
    },
    example: 'llama-3-70b full finetune on a node of H100s',
    // Invented (s46 rhw4, mechanism 3, from a fresh batch the lead saw): no thread to cite.
  },
  {
    id: 'prose.name-nodes-times-cards',
    // "llama70b_4x8xh100", "sft_2x8xa800", "run-4x8-h100": nodes × cards per node × card, in a name or standing alone.
    pattern: new RegExp(String.raw`(?:(?<=[_\-/])|(?<![\w.]))(\d{1,2})[ \t]*[x×*][ \t]*(\d{1,2})[ \t]*[x×*_\-][ \t]*(${CARD})(?![a-z\d])`, 'g'),
    when: (t) => /\d[ \t]*[x×*][ \t]*\d/.test(t),
    write: (m) => (gpuIdOf(m[3]!.replace(/^nvidia[ \t]+/, '')) && Number(m[2]) <= 16 && Number(m[1]) >= 2 ? ` on ${m[1]} nodes of ${m[2]}x ${m[3]} ` : m[0]),
    example: 'llama70b_4x8xh100 recipe, llama-3-70b full finetune OOM at step 1',
    // Invented (s46 rhw4, mechanism 3, from a fresh batch the lead saw): no thread to cite.
    weak: true,
  },
];
