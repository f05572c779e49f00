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
const VALUE_CUE = String.raw`[\s:=~]*(?:(?:is|was|are|were)\s+)?(?:(?:currently|now|only|just|still|already)\s+)?(?:of|is|was|to|at|around|about|(?:set|fixed|capped|limited)\s+(?:to|at)|defaults?\s+to)?[\s:=~]*\d`;
/**
 * A value after the noun makes it a setting ("max context length of 8192", "= 4096", "is 32k", and "is set to 16384",
 * "is currently 2048": c2624's "the longest sequence length is set to 16384" had become the "max seq" question).
 */
const NO_VALUE = String.raw`(?!${VALUE_CUE})`;

const LATIN = new RegExp(
  [
    String.raw`${AS_SETTING}\b${EXTENT}\s+${LENGTH_NOUN}\b${NO_VALUE}`,
    // "how long can my context be", "how long a sequence", "how big of a context window" (three words at most between)
    String.raw`\bhow\s+(?:long|big|large)(?:\s+[a-z']+){0,3}?\s+(?:context|sequence|prompt|input)(?:[\s_-]*(?:length|len|window|size))?\b${NO_VALUE}`,
    // "how many tokens per sample", "how many tokens of context", "how much context"
    String.raw`\bhow\s+many\s+tokens(?:\s+(?:per\s+(?:sample|sequence|example|request|prompt)|of\s+context))?\b|\bhow\s+much\s+context\b`,
    // "what ctx can i get", "what context length could we run" (branch rques2: the length asked with "what" and a verb of
    // the user's), and "… has 128k context, how much of it can I use" (the model's window named, the part that fits asked)
    String.raw`\bwhat\s+(?:ctx|context|seq|sequence)(?:[\s_-]*(?:length|len|window|size))?\s+(?:can|could|would|will)\s+(?:i|we)\b`,
    String.raw`(?<=\b(?:context|window|ctx)\b[^.?!\n]{0,40})\bhow\s+much\s+of\s+(?:it|that|this)\s+(?:can|could)\s+(?:i|we)\b`,
  ].join('|'),
  'g',
);

/**
 * 最大能支持多长的上下文, 最长上下文, 多长的序列, 최대 컨텍스트 길이, 最大コンテキスト長 — with no number after (the Korean and
 * Japanese length nouns arrive as " seq ", written by training.korean-setting-words and its Japanese twin). 多少 ("how
 * much / many") is no extent of its own: "在多少长度的length计算出来的" asks the length a published test ran at (c977),
 * "每秒能生成多少tokens" a speed (c1259).
 */
const CJK = new RegExp(
  [
    String.raw`(?:最大|最长|多长)(?:能|可以|可)?(?:支持|跑|用|设置|设)?(?:多长)?的?(?:上下文(?:长度)?|序列(?:长度)?|长度|token数?)(?!\s*[:：=]?\s*\d)`,
    String.raw`(?:최대|最大の?)\s*(?:컨텍스트|시퀀스|토큰|コンテキスト|シーケンス|トークン|seq\b)\s*(?:길이|长|長さ)?(?!\s*[:：=]?\s*\d)`,
    // Branch rques2: a capacity verb before the amount asked of a length noun — "能开到多少上下文", "能跑多长的context",
    // "最多能跑多少k上下文" (never 多少 alone: "在多少长度的length计算出来的" asks a published run's length, c977; "每秒能生成多少tokens" a
    // speed, c1259); the noun before the extent in Korean ("컨텍스트 최대 얼마까지") and the count of tokens in Japanese
    // ("最大何トークンまで", "コンテキストはどれくらい").
    String.raw`(?:能|可以|最多|最大|最长)[^\s，,。？?！!]{0,4}?(?:多少|多长)\s*k?\s*的?\s*(?:上下文(?:长度)?|context(?:\s*length)?|ctx|序列(?:长度)?|token\s*长度)`,
    String.raw`(?:컨텍스트|context|ctx|시퀀스)\s*(?:길이)?\s*(?:는|은|를|을|가|이)?\s*최대(?:한)?\s*(?:얼마|몇)`,
    String.raw`最大\s*(?:で)?\s*何\s*(?:トークン|k\b)|(?:コンテキスト|コンテキスト長)\s*(?:は|を)?\s*(?:最大)?\s*(?:どれくらい|どのくらい|何トークン)`,
  ].join('|'),
  'g',
);

/** Words that ask (a question mark, an interrogative, could / can, 吗 / 多少, 나요 / 까, か). */
const ASKING = /[?？]|\b(?:what|which|how|can|could|would|will|is\s+there|any)\b|吗|多少|多长|几|能否|可以|나요|까|ですか|ますか|か[?？。]?$/i;

function asked(text: string, at: number, end: number): boolean {
  const { sentence } = sentenceAround(text, at, end);
  return ASKING.test(sentence);
}

/** Software named as what holds the limit: "the package can support", "the library … out of the box", "this repo can scale to". */
const SOFTWARE = /\b(?:package|library|lib|framework|repo|repository|codebase|toolkit|out[ \t]+of[ \t]+the[ \t]+box)\b/i;
/** The user's own run in the sentence ("… I can use", "on my 4090"): the length asked is then theirs. */
const FIRST_PERSON = /\b(?:i|we|my|our|me|us)\b/i;

/** A rate in the sentence ("tokens per second", "tok/s", 每秒, 초당): a speed asked, not a length (branch rques2). */
const RATE = /\bper\s+(?:second|sec|minute|min)\b|\/\s*s(?:ec)?\b|\btps\b|\bthroughput\b|每秒|초당|毎秒/;

function maxSeqAsked(m: RegExpExecArray, notes: string[]): string {
  const end = m.index + m[0].length;
  if (!asked(m.input, m.index, end)) return m[0];
  if (RATE.test(sentenceAround(m.input, m.index, end).sentence)) return m[0];
  const after = m.input.slice(end);
  if (LIMIT_OF_ANOTHER.test(after)) return m[0];
  // The software's own limit, asked of no run of the user's: "is there a limit on the largest PPO model size and max
  // context length the package can support to scale out of box?" (NVIDIA/NeMo-Aligner's opening post, c2721, which then
  // states its run at 4k on 32x8 GPUs) asks what the code allows, not the longest length that fits in memory.
  const { sentence } = sentenceAround(m.input, m.index, end);
  if (SOFTWARE.test(sentence) && !FIRST_PERSON.test(sentence)) {
    notes.push(`"${m[0].trim()}" asks about the software's own limit ("${sentence.slice(0, 80)}"), not the longest length your setup fits (say "max seq" to ask that)`);
    // Blanked: the item language reads "max sequence length" as the question by itself.
    return ' '.repeat(m[0].length);
  }
  return ' max seq ';
}

/** The extent bound to a length noun as the item language and titles spell it: "Max Sequence Length", "max seq", "longest context". */
// Words apart by spaces only: a key (`max_seq_len=4096`, `--max-seq-length`) is read by config-keys, never here.
const EXTENT_NAMED = new RegExp(String.raw`(?<![\w-])(${EXTENT})(\s+(?:${LENGTH_NOUN}))(?![\w-])`, 'g');
/** A sentence of the body that asks about a length it gives: "increase max_length to 40960, will that cause OOM?", "can I go to 16k?". */
const VALUE_ASKED = /(?:^|[.!?\n。？！])[^.!?\n。？！]*\b\d+(?:[.,]\d+)?\s*[kK]\b[^.!?\n。？！]*[?？]|(?:^|[.!?\n。？！])[^.!?\n。？！]*\b\d{4,6}\b[^.!?\n。？！]*[?？]/;

/**
 * The extent named, not asked (huggingface/gpt-oss-recipes#17, c2624, "SFT Max Sequence Length & GRPO" over "If we want to increase max_length to,
 * for example, 40960, will that cause OOM?": read as the "max seq" question, silent). A question about a length the
 * user gives is a fit question at that length; the bound is searched only when the user asks for it and gives no
 * value. Two ways a named extent asks nothing: a title line that asks nothing over a body that asks about a length it
 * states (the title is blanked, and said), and the extent said with its value ("the max seq length is set to 4096",
 * "the longest sequence is currently 2048": the extent word alone is blanked, so the words read as the setting they
 * state).
 */
function extentNamed(m: RegExpExecArray, notes: string[]): string {
  const text = m.input;
  const end = m.index + m[0].length;
  // Asked or not ("can I set the max seq length to 8192?" asks about 8192): the value is the length to estimate at.
  // A model's own window ("the model's max context is 128k", "its native max sequence length of 32k") is another's limit, left whole for lengths.ts.
  const owned = /(?:['’]s|\b(?:its|their|has\s+an?|native|model|supports?|supported|official))\s+$/.test(text.slice(Math.max(0, m.index - 40), m.index));
  if (!owned && new RegExp(`^${VALUE_CUE}`).test(text.slice(end))) {
    notes.push(`"${m[0].trim()}" said with its value is your setting, not a question (say "max seq" to ask the longest that fits)`);
    return ' '.repeat(m[1]!.length) + m[2];
  }
  const lineEnd = text.indexOf('\n', end);
  const firstLine = text.lastIndexOf('\n', m.index) < 0;
  if (!firstLine || lineEnd < 0 || ASKING.test(text.slice(0, lineEnd))) return m[0];
  if (!VALUE_ASKED.test(text.slice(lineEnd))) return m[0];
  notes.push(`"${m[0].trim()}" in the title names the topic; the length you ask about is read from your question (say "max seq" to ask the longest that fits)`);
  return ' '.repeat(m[0].length);
}

export const LENGTH_QUESTION_RULES: readonly ProseRule[] = [
  {
    id: 'question.extent-named-not-asked',
    pattern: EXTENT_NAMED,
    needs: /\b(?:max|maximum|maximal|longest|largest|biggest|highest|most)\b/,
    write: extentNamed,
    example: 'SFT Max Sequence Length & GRPO\n\nIf we want to increase max_length to, for example, 40960, will that cause OOM?',
    source: 'huggingface/gpt-oss-recipes#17',
  },
  {
    id: 'question.longest-length-asked',
    pattern: LATIN,
    needs: /\b(?:max|maximum|maximal|longest|largest|biggest|highest|most|how|what)\b/,
    write: maxSeqAsked,
    example: 'full fine-tune gemma 3 12b on 1x a100, what is the maximum token length per sample?',
    source: 'unslothai/unsloth#2819',
  },
  {
    id: 'question.longest-length-asked-cjk',
    pattern: CJK,
    needs: /最大|最长|多长|多少|최대|何|コンテキスト/,
    write: maxSeqAsked,
    example: '最大能支持多长的上下文？qwen2.5-7b vllm 4090',
  },
];
