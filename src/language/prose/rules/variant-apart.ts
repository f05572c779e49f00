import { FAMILIES } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/** A family's name, its version and a size right before the variant word ("Qwen-2.5-72B", "qwen2.5 72b"). */
const NAME_BEFORE = new RegExp(String.raw`(?:^|[^a-z0-9])(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')})[\w.\s-]{0,12}?\d+(?:\.\d+)?b$`);

/**
 * A vision variant written apart after the size (rmodel3): "the Qwen-2.5-72B Vision-Language model" (vllm-project/vllm#20745,
 * corpus c1874: Qwen2.5-VL-72B served on 8x H200), "Qwen3-8B VL", "Llama 3.2 11B Vision". Joined to the size
 * ("qwen2.5-72b-vl"), the name rules read it as the catalog spells it (read-tokens/model-names.ts variantAfterSize:
 * Qwen2.5-VL-72B); apart, the word was dropped and the text model of that size read, a neighbour of another shape
 * (no vision tower, another context), silently.
 */
export const VARIANT_APART_RULES: readonly ProseRule[] = [
  {
    id: 'prose.vision-variant-apart',
    pattern: /(?<=\d(?:\.\d+)?b)[ \t]+(vl|vision[- ]language|vision)(?![a-z0-9]|-[a-z0-9]|[ \t]+(?:tower|encoder|module|backbone|part|branch|adapter)\b)/g,
    when: (t) => /\d(?:\.\d+)?b[ \t]+(?:vl|vision)/.test(t),
    write: (m) => (NAME_BEFORE.test(m.input.slice(Math.max(0, m.index - 40), m.index)) ? (m[1] === 'vision' ? '-vision' : '-vl') : m[0]),
    example: "I'm trying to serve the Qwen-2.5-72B Vision-Language model using vLLM on a single node with 8× H200 GPUs.",
    source: 'vllm-project/vllm#20745',
  },
];
