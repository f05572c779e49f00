import type { ProseRule } from '../types.js';
import { kMultiple } from '../../numbers.js';
import { servedLengthNote } from './served-length.js';

/**
 * A prompt and its answer said apart in sentences, where prose.input-output (lengths.ts) reads them as labels
 * beside values: "With a prompt that is 441 tokens long, and an output of 101 tokens" (unslothai/unsloth#1095,
 * c2092, had read a 101-token sequence), "the prompt is 1500 tokens long and the response is 300 tokens", "a
 * 3k-token prompt and a 1k-token answer", "input ~3k tokens, max 512 new tokens", and Korean's 입력 / 출력 ("입력
 * 2048 토큰, 출력 512 토큰"). The sequence the model holds is both (the corpus README: the item language counts the
 * prompt and the generated tokens); served, the answer is generated. A training message's answer tokens are
 * part of its samples, so there only the sum is written.
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*(k))?`;
const ABOUT = String.raw`(?:(?:about|around|roughly|approximately|approx\.?|only|up\s+to|at\s+most|max(?:imum)?|~)\s*)?`;
/** "that is", "is", "of", ":" between a label and its count. Each optional word takes the blanks after it, so a run of
 * blanks is matched one way only (several \s* with optional words between tried every split: "prompt 441", 500 blanks). */
const LINK = String.raw`(?:\s+(?:that|which)\s+(?:is|was|are|were))?\s*(?:(?::|=|\b(?:is|are|was|were|of|has|had)\b)\s*)?`;
const TOKENS = String.raw`(?:\s*(?:-\s*)?(?:tokens?|토큰))?(?:\s*개)?(?:\s+long)?`;
const SEP = String.raw`\s*(?:[,;，]\s*)?(?:(?:\b(?:and|with|plus)\b|[+&/])\s*)?(?:\b(?:an?|the|its|each|my)\s+)?`;
// "input prompt: 2048 tokens" is one label. ("prompt length", "response length" are prose.input-output's, lengths.ts.)
const INPUT = String.raw`(?:input\s+prompts?|inputs?|prompts?)`;
const OUTPUT = String.raw`(?:outputs?|responses?|answers?|completions?|generations?)`;
/** The answer's count after a prompt's count: "1k-token answer", "1024 output tokens". */
const COUNTED_OUTPUT = String.raw`${NUMBER}\s*(?:-\s*)?(?:tokens?\s+${OUTPUT}\b|${OUTPUT}\s+tokens?\b)`;
const TRAINS = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|dpo|grpo|ppo|pretrain\w*)\b|微调|训练|학습|파인튜닝/i;

function count(digits: string, k: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  return Math.round(k ? n * kMultiple(n) : n);
}

export const PROMPT_AND_ANSWER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.prompt-and-answer',
    pattern: new RegExp(
      // Labels first: "a prompt that is 441 tokens long, and an output of 101 tokens", "input ~3k tokens, max 512 new tokens".
      String.raw`\b${INPUT}${LINK}${ABOUT}${NUMBER}${TOKENS}${SEP}(?:${OUTPUT}${LINK}${ABOUT}${NUMBER}${TOKENS}|${ABOUT}${NUMBER}\s*(?:new|generated|output)\s+tokens?\b)` +
        // Counts first: "a 3k-token prompt and a 1k-token answer", "2048-token input, 1024 output tokens"; or the answer
        // by its label after the prompt's count: "2048 token input on a T4, output 512 tokens" (intel/ipex-llm#9590, c2905).
        String.raw`|(?<![\w.])${NUMBER}\s*(?:-\s*)?tokens?\s+${INPUT}\b${SEP}(?:${COUNTED_OUTPUT}|${OUTPUT}${LINK}${ABOUT}${NUMBER}${TOKENS})` +
        // Korean: "입력 2048 토큰, 출력 512 토큰", "입력 토큰 1000개, 출력 토큰 200개", "프롬프트 길이는 1000".
        String.raw`|(?:입력|프롬프트)(?:\s?(?:길이|토큰))?(?:은|는|이|가)?\s*${ABOUT}${NUMBER}${TOKENS}${SEP}(?:출력|생성|응답)(?:\s?(?:길이|토큰))?(?:은|는|이|가)?\s*${ABOUT}${NUMBER}${TOKENS}`,
      'gi',
    ),
    when: (t) => /input|prompt|입력|프롬프트/.test(t) && /output|respon|answer|complet|generat|new\s+tokens?|출력|생성|응답/.test(t),
    write: (m, notes) => {
      // The two counts in the order written, each with its "k" if it has one: whichever alternative matched, the
      // prompt's count comes first and the answer's second.
      const counts: number[] = [];
      const g = m.slice(1);
      g.forEach((digits, i) => {
        if (digits !== undefined && /^\d/.test(digits)) counts.push(count(digits, g[i + 1]));
      });
      const [input, output] = counts as [number, number];
      if (TRAINS.test(m.input)) return ` seq ${input + output} `;
      // Served, the sum is said with the words it came from (served-length.ts).
      notes.push(servedLengthNote(input + output, output, m[0]));
      return ` seq ${input + output} gen ${output} `;
    },
    example: 'With a prompt that is 441 tokens long, and an output of 101 tokens, the model takes 6.8 seconds',
    source: 'unslothai/unsloth#1095',
  },
];
