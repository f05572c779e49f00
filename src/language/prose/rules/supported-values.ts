import type { ProseRule } from '../types.js';

/**
 * The values a program accepts, listed ("the `--quantize` flag only supports following values `bitsandbytes` and
 * `gptq`", huggingface/text-generation-inference#828, corpus c1781): the program's options, not the run's setting. The
 * list had set the run's weights to GPTQ, and the run's own "with `--quantize bitsandbytes`" was set aside as a
 * second format. A list of two or more values after "supports/accepts (only) (the following) values/options/choices",
 * or after "only supports/accepts", is blanked whole; one value named alone ("it supports gptq") is left to the
 * readers, as is a card's capability said without a list noun ("the A100 supports bf16 and tf32").
 */

const ITEM = String.raw`[\x60'"]?[a-z0-9][\w.-]*[\x60'"]?`;
const LIST = String.raw`${ITEM}(?:\s*,\s*(?:and\s+|or\s+)?${ITEM}|\s+(?:and|or)\s+${ITEM}){1,6}`;

export const SUPPORTED_VALUE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.supported-values',
    pattern: new RegExp(
      String.raw`\b(only\s+)?(?:supports?|accepts?)\s+(only\s+)?(?:the\s+)?(?:following\s+)?(values?|options?|choices?|formats?|types?)?(?:\s+(?:are|is))?\s*[:：]?\s*${LIST}`,
      'g',
    ),
    when: (t) => /\b(?:support|accept)/.test(t),
    write: (m) => (m[1] || m[2] || m[3] ? ' '.repeat(m[0].length) : m[0]),
    example: 'But, the latest docker image, the `--quantize` flag only supports following values `bitsandbytes` and `gptq`.',
    source: 'huggingface/text-generation-inference#828',
  },
];
