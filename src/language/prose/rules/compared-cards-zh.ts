import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * Two cards compared in Chinese, the comparison word after both: "H100 和 A100 对比", "H20与H800的性能对比", "4090跟3090比较"
 * (as "H200 vs B300" in c2578's title, awslabs/awsome-distributed-ai#1138): written "h100 vs a100", the comparison the
 * English words make, so a card the message names again is the setup's and neither alone is read as the user's
 * (reconcile/compared-cards.ts). Only two catalog cards: "qwen 和 llama 对比" is the models' comparison, read elsewhere.
 */
const CARD = String.raw`(?:rtx[\s-]?)?[a-z]{0,3}\d{2,4}[a-z]{0,2}(?:[\s-]?ti)?`;

export const COMPARED_CARDS_ZH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.cards-compared-zh',
    pattern: new RegExp(String.raw`(?<![a-z0-9.\-])(?<a>${CARD})\s*(?:和|与|跟|同|及)\s*(?<b>${CARD})(?![a-z0-9.\-])\s*(?:的\s*)?(?:(?:性能|速度|显存|吞吐|推理|训练)\s*){0,2}(?:对比|比较|相比)`, 'g'),
    when: (t) => /对比|比较|相比/.test(t),
    write: (m) => {
      const { a, b } = m.groups!;
      const [ga, gb] = [gpuIdOf(a!), gpuIdOf(b!)];
      if (!ga || !gb || ga === gb) return m[0];
      // Each card keeps its own words, so the comparison's sides quote the user's cards, not the whole phrase.
      const bAt = m[0].indexOf(b!, a!.length);
      const bEnd = bAt + b!.length;
      return [
        { text: a!, from: 0, to: a!.length },
        { text: ' vs ', from: a!.length, to: bAt },
        { text: b!, from: bAt, to: bEnd },
        { text: ' '.repeat(m[0].length - bEnd), from: bEnd, to: m[0].length },
      ];
    },
    example: 'Benchmark qwen2-7b inference: H100 和 A100 对比',
  },
];
