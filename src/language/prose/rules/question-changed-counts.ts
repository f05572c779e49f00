import type { ProseRule } from '../types.js';

/**
 * "increasing number of nodes to two (8 GPUs in total) fixes the problem" (vllm-project/vllm#16197, corpus c1727),
 * "after reducing the number of GPUs to 2 it ran", "doubling the number of cards": a count of cards the user
 * changed is narrated, not asked. "number of" is the vocabulary's how-many keyword (vocabulary.ts), so the
 * words read as "how many GPUs?" beside a stated setup; blanked here, the count said after it (if any) is read
 * as the prose reads any count, and the run the message describes keeps its own cards.
 */
export const CHANGED_COUNT_QUESTION_RULES: readonly ProseRule[] = [
  {
    id: 'question.count-changed',
    pattern:
      /\b(?:increas|decreas|reduc|rais|lower|doubl|halv|chang|bump|scal|cut|cutt|drop|dropp)(?:e|es|ed|ing)?(?:\s+(?:up|down))?\s+(?:the\s+|my\s+|our\s+)?(?:total\s+)?(number\s+of)(?=\s+(?:gpus?|cards?|devices?|nodes?|machines?|instances?|workers?)\b)/g,
    when: (t) => t.includes('number of'),
    write: (m) => m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length),
    example: 'Have a strong feeling that the memory is not sufficient, because increasing number of nodes to two (8 GPUs in total) fixes the problem and the model runs just fine.',
    source: 'vllm-project/vllm#16197',
  },
];
