import { LIMIT_OF_ANOTHER } from '../../config-keys/patterns.js';
import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';

/**
 * The longest length asked, read by its structure (issue 22): an extent word — max / maximum / longest /
 * largest / biggest, "how long", "how many tokens", "how much context", 最大 / 最长 / 多长, 최대, 最大の — bound
 * to a length noun — token length, sequence (length), context (length / window), prompt or input length,
 * tokens per sample, 上下文 / 长度 / 序列, 컨텍스트 / 길이 / 시퀀스, コンテキスト / 長さ — in a sentence that asks
 * (a question mark or an asking word) is the question "max seq". Before it, only the phrasings
 * prose.max-seq-question knew ("what max-model-len can I use") were read; "what is the maximum token length
 * per sample?" (unslothai/unsloth#2819, c1659), "what's the longest sequence I can train with?", "how long can my context
 * be?", "how many tokens per sample can I fit?" and "最大能支持多长的上下文？" answered a run at the default
 * length in silence.
 *
 * Guards: a length given its value ("max context length of 8192", "最大长度 8192") is a setting, read by
 * lengths.ts; a model's or any card's own limit ("the maximum context length the model supports") is
 * another's, set aside by question.limit-of-another before this runs and skipped here too; a statement
 * (ends in a full stop with no asking word) asks nothing.
 */

const EXTENT = String.raw`(?:max(?:imum|imal)?|longest|largest|biggest|highest|most)`;
/**
 * The extent as a setting, not asked: "serve kimi-k2 with max context length?" (c1017) runs at the model's full
 * window; "at the longest sequence", "using the maximum context" likewise.
 */
const AS_SETTING = String.raw`(?<!\b(?:with|at|using|use|to|in|on)\s+(?:the\s+|its\s+|their\s+)?)`;
const LENGTH_NOUN = String.raw`(?:(?:token|sequence|seq|context|ctx|prompt|input)[\s_-]*(?:length|len|window|size)|context|sequence|seq|tokens?\s+per\s+(?:sample|sequence|example|request|prompt|input))`;
/** A value after the noun makes it a setting ("max context length of 8192", "= 4096", "is 32k"). */
const NO_VALUE = String.raw`(?![\s:=~]*(?:of|is|was|to|at|around|about|set\s+to)?[\s:=~]*\d)`;

const LATIN = new RegExp(
  [
    String.raw`${AS_SETTING}\b${EXTENT}\s+${LENGTH_NOUN}\b${NO_VALUE}`,
    // "how long can my context be", "how long a sequence", "how big of a context window" (three words at most between)
    String.raw`\bhow\s+(?:long|big|large)(?:\s+[a-z']+){0,3}?\s+(?:context|sequence|prompt|input)(?:[\s_-]*(?:length|len|window|size))?\b${NO_VALUE}`,
    // "how many tokens per sample", "how many tokens of context", "how much context"
    String.raw`\bhow\s+many\s+tokens(?:\s+(?:per\s+(?:sample|sequence|example|request|prompt)|of\s+context))?\b|\bhow\s+much\s+context\b`,
  ].join('|'),
  'g',
);

/**
 * 最大能支持多长的上下文, 最长上下文, 多长的序列, 최대 컨텍스트 길이, 最大コンテキスト長 — with no number after (the Korean and
 * Japanese length nouns arrive as " seq ", written by training.korean-setting-words and its Japanese twin). 多少 ("how
 * much / many") is no extent of its own: "在多少长度的length计算出来的" asks the length a published test ran at (c977),
 * "每秒能生成多少tokens" a speed (c1259).
 */
const CJK = /(?:最大|最长|多长)(?:能|可以|可)?(?:支持|跑|用|设置|设)?(?:多长)?的?(?:上下文(?:长度)?|序列(?:长度)?|长度|token数?)(?!\s*[:：=]?\s*\d)|(?:최대|最大の?)\s*(?:컨텍스트|시퀀스|토큰|コンテキスト|シーケンス|トークン|seq\b)\s*(?:길이|长|長さ)?(?!\s*[:：=]?\s*\d)/g;

/** Words that ask (a question mark, an interrogative, could / can, 吗 / 多少, 나요 / 까, か). */
const ASKING = /[?？]|\b(?:what|which|how|can|could|would|will|is\s+there|any)\b|吗|多少|多长|几|能否|可以|나요|까|ですか|ますか|か[?？。]?$/i;

function asked(text: string, at: number, end: number): boolean {
  const { sentence } = sentenceAround(text, at, end);
  return ASKING.test(sentence);
}

function maxSeqAsked(m: RegExpExecArray): string {
  const end = m.index + m[0].length;
  if (!asked(m.input, m.index, end)) return m[0];
  const after = m.input.slice(end);
  if (LIMIT_OF_ANOTHER.test(after)) return m[0];
  return ' max seq ';
}

export const LENGTH_QUESTION_RULES: readonly ProseRule[] = [
  {
    id: 'question.longest-length-asked',
    pattern: LATIN,
    needs: /\b(?:max|maximum|maximal|longest|largest|biggest|highest|most|how)\b/,
    write: maxSeqAsked,
    example: 'full fine-tune gemma 3 12b on 1x a100, what is the maximum token length per sample?',
    source: 'unslothai/unsloth#2819',
  },
  {
    id: 'question.longest-length-asked-cjk',
    pattern: CJK,
    needs: /最大|最长|多长|최대/,
    write: maxSeqAsked,
    example: '最大能支持多长的上下文？qwen2.5-7b vllm 4090',
  },
];
