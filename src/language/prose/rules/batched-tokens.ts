import type { ProseRule } from '../types.js';

/**
 * A serving engine's prefill budget said in words, its number before or after the noun: "4,096 maximum batched
 * tokens" (cloudrift-ai/emmy#822, c2821), "max num batched tokens 16384", "max-num-batched-tokens of 4096",
 * "最大批处理 token 数 8192". It is the item language's `batched tokens N` (vLLM --max-num-batched-tokens, TGI
 * --max-batch-prefill-tokens, SGLang --chunked-prefill-size: the tokens of one prefill step, which size the profile
 * run). Left to the length rules, "4,096 maximum …" was read as the context, over the 262,144 the same sentence gave;
 * left to prose.token-budget, "max num batched tokens 16384" lost its number.
 */

/** The noun: vLLM's flag in words, TGI's prefill budget, SGLang's chunk, and the Chinese "batch-processing token count". */
const NOUN = String.raw`(?:(?:max(?:imum)?[-_ ]+)?(?:num(?:ber)?[-_ ]+(?:of[-_ ]+)?)?batched[-_ ]tokens?|max[-_ ]batch[-_ ]prefill[-_ ]tokens|chunked[-_ ]prefill[-_ ]size|(?:最大)?批处理[ \t]*tokens?[ \t]*数)(?![a-z])`;
/** A count of tokens: "4096", "4,096", "16k". */
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?(?![\w.%])`;
/** Between the noun and its number: a sign, a linking word, or only space. */
const JOIN = String.raw`(?:[ \t]*[=:][ \t]*|[ \t]+(?:of|to|is|at|set[ \t]+to)[ \t]+|[ \t]*(?:设为|设置为|为)[ \t]*|[ \t]*)`;

const written = (digits: string, k: string | undefined) => `batched tokens ${digits.replace(/,/g, '')}${k ?? ''}`;

export const BATCHED_TOKEN_RULES: readonly ProseRule[] = [
  {
    id: 'prose.batched-tokens-before',
    // Not where a number follows the noun: that number is its value ("seq 4096 batched tokens 8192", the item language's own order).
    pattern: new RegExp(String.raw`(?<![\w.,])${COUNT}[ \t]+${NOUN}(?![ \t]*[=:]?[ \t]*\d)`, 'g'),
    needs: /batch|批处理/,
    write: (m) => written(m[1]!, m[2]).padEnd(m[0].length),
    example: 'native 262,144-token context, 4,096 maximum batched tokens, and the hermes tool parser.',
    source: 'cloudrift-ai/emmy#822',
  },
  {
    id: 'prose.batched-tokens-after',
    pattern: new RegExp(String.raw`${NOUN}${JOIN}${COUNT}`, 'g'),
    needs: /batch|批处理/,
    write: (m) => written(m[1]!, m[2]).padEnd(m[0].length),
    example: 'vllm llama-3.1-8b on an l40s with max num batched tokens 16384',
  },
];
