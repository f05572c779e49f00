import type { ProseRule } from '../types.js';
import { kMultiple } from '../../numbers.js';

/**
 * A cap on the answer is the generation, never the context (s47, rlen3; docs/reading.md "A speed, a generation cap, a
 * range, a context key spelt another way"): "responses capped at 800 tokens", "the answer is limited to 300 tokens",
 * "each request generates at most 600 tokens", "max output tokens 1500", "生成最大token数是1000", "输出上限 512 个 token",
 * "출력 최대 1024토큰", "応答の最大トークン数は512". The count's unit or its token noun says it counts tokens; the answer's
 * noun (output, response, answer, reply, completion, generation; 生成 / 输出 / 回答 / 回复; 출력 / 응답 / 답변 / 생성;
 * 出力 / 応答 / 回答 / 生成) with a cap (capped, limited, at most, up to, max; 最大 / 最多 / 上限; 최대; 最大 / 上限) or a
 * verb of generating says it is the answer's: strong, written as the item language's `gen N`, and the context stays
 * what the user stated or the engine's default. Without the cap or the verb ("an output of 101 tokens", c2092) a count
 * is a measurement, left to the length rules, which say it as weak. A training message's answer tokens belong to its
 * samples (an RL run's completion length is its own item): there the words are left as they are.
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?`;
const UNIT = String.raw`\s*(?:个\s*|개의?\s*)?(?:tokens?|toks?|토큰|トークン|词元)\b`;
const OUTPUT_EN = String.raw`(?:outputs?|responses?|answers?|replies|reply|completions?|generations?)`;
const CAPPED = String.raw`(?:(?:capped|limited|truncated|cut\s+off|restricted|clipped)\s+(?:at|to)|(?:of\s+)?(?:at\s+most|up\s+to|no\s+more\s+than|a\s+max(?:imum)?\s+of|max(?:imum)?(?:\s+of)?))`;
const OUTPUT_CJK = String.raw`(?:生成|输出|回答|回复|출력|응답|답변|생성|出力|応答|回答)`;
const CAP_CJK = String.raw`(?:最大|最多|上限|최대|최고)`;
const TOKEN_NOUN_CJK = String.raw`(?:\s*(?:tokens?|토큰|トークン|词元))?\s*(?:数量|数|수|长度|長さ?|길이)?`;
const COPULA_CJK = String.raw`\s*(?:是|为|为了|设为|设置为|设成|设的|=|:|：|は|은|는|이|가|을|를)?\s*(?:约|大约|大概|约为|약)?\s*`;
const TRAINS = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|dpo|grpo|ppo|pretrain\w*)\b|微调|训练|학습|学習/i;

function count(digits: string, k: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  return Math.round(k ? n * kMultiple(n) : n);
}

export const GENERATION_CAP_RULES: readonly ProseRule[] = [
  {
    id: 'prose.generation-cap',
    pattern: new RegExp(
      [
        // the answer's noun, then its cap, then the count and its unit: "responses capped at 800 tokens"
        String.raw`\b${OUTPUT_EN}(?:\s+(?:are|is|were|was|gets?|got|will\s+be|to\s+be|be))?\s+${CAPPED}\s+(?:about\s+|around\s+|~\s*)?${NUMBER}(?:\s*new)?${UNIT}`,
        // a verb of generating, capped: "each request generates at most 600 tokens", "produce up to 2k tokens"
        String.raw`\b(?:generates?|generating|produces?|producing|returns?|emits?)\s+${CAPPED}\s+${NUMBER}(?:\s*new)?${UNIT}`,
        // the cap before the answer's token noun: "max output tokens 1500", "maximum response tokens: 800"
        String.raw`\bmax(?:imum)?\s+(?:output|response|completion|answer|reply|generation|generated)\s+tokens?\s*(?:of|to|is|=|:|at)?\s*${NUMBER}`,
        // the answer's noun, then its cap (CJK): "生成最大token数是1000", "출력 최대 1024토큰", "応答の最大トークン数は512"
        String.raw`${OUTPUT_CJK}\s*(?:的|の|)\s*${CAP_CJK}${TOKEN_NOUN_CJK}${COPULA_CJK}${NUMBER}(?:${UNIT})?`,
        // the cap, then the answer's noun (CJK): "最大输出token数 1000", "최대 출력 512 토큰"
        String.raw`${CAP_CJK}\s*${OUTPUT_CJK}${TOKEN_NOUN_CJK}${COPULA_CJK}${NUMBER}(?:${UNIT})?`,
      ].join('|'),
      'gi',
    ),
    when: (t) => /output|respons|answer|repl|completion|generat|produc|return|emit|生成|输出|回答|回复|출력|응답|답변|생성|出力|応答/.test(t),
    write: (m) => {
      if (TRAINS.test(m.input)) return m[0];
      const at = [1, 3, 5, 7, 9].find((i) => m[i] !== undefined)!;
      return ` gen ${count(m[at]!, m[at + 1])} `;
    },
    example: 'responses capped at 800 tokens, mistral-7b-instruct on 1x l4 with vllm',
  },
];
