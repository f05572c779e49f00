import type { ProseRule } from '../types.js';

/**
 * The length slot's unit (docs/reading.md "The length slot", rlen2): a length fills `seq` only in tokens. Two ways
 * the unit goes wrong in strangers' words, each a rule over every length noun rather than a line:
 * - the noun misspelt ("Output lenght = 100", vllm-project/vllm#1508, c3372; "context lenght issue", c550): the
 *   spelling is put right in prose, so every length rule after it reads the words as it reads "length". A key keeps
 *   its spelling (`--model_max_lenght`, c1034: the program reads its own flag, or rejects it);
 * - the length written in characters, words or pages ("max length of 5000 characters", "上下文长度3000字",
 *   "prompts of 2000 words"): not tokens, and no fixed ratio turns one into the other (a tokenizer's own, and the
 *   language's), so the number is set aside, said, and the length stays the engine's default, said as one.
 */

/** "lenght", "legnth", "lentgh", "lengh", "lenth": the letters of "length" swapped or one dropped, as a word of prose. */
const MISSPELT_LENGTH = /(?<![\w-])(?:lenght|legnth|lentgh|lengh|lenth)(s?)(?![\w-])/g;

/** A length's number: "5000", "3,000", "8k", "3.5k", "3万". */
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([km万千]?)`;

/**
 * Units of text that are not tokens: characters, words, pages; 字 / 字符 / 汉字 / 个字 (not 字节, bytes), 词, 页;
 * Korean 글자 / 자 (not 자리, digits) / 단어 / 페이지; Japanese 文字 / 単語 / ページ.
 */
const UNIT = String.raw`(?:(?:characters?|chars?|words?|pages?)\b|个?(?:字符串?|汉字|中文字|字(?!节)|单?词|页)|글자|단어|페이지|자(?![가-힣])|文字|単語|ページ)`;

/**
 * What the number measures: a length noun ("max length", "sequence length", "context", 上下文长度, 输入长度, 컨텍스트 길이) or
 * the text it measures ("prompts", "inputs", "outputs", "documents", "samples", 输入, 输出, 文本, 样本), with the
 * words that join a noun to its value ("of", "is", "about", "=", 为, 大概).
 */
const MEASURED = String.raw`(?:\b(?:max(?:imum)?[\s_-]*)?(?:seq(?:uence)?|context|ctx|input|prompt|output|response|answer|completion|generation)s?(?:[\s_-]*(?:len(?:gth)?|window|size))?\b|\bmax(?:imum)?[\s_-]*len(?:gth)?\b|\b(?:documents?|samples?|texts?|articles?|passages?|examples?)\b|最大长度|序列长度|上下文长度|上下文|输入长度|输出长度|输入|输出|文本长度|文本|样本长度|样本|컨텍스트(?:\s*길이)?|입력(?:\s*길이)?|출력(?:\s*길이)?|길이)`;
/** One blank run, then joining words each with the blanks after it (a single \\s* between words: no run of blanks is split two ways). */
const JOIN = String.raw`\s*(?:(?:[=:]|\b(?:is|are|was|were|of|at|to|about|around|roughly|approximately|up\s+to|at\s+most)\b|~|为|是|有|大概|大约|约|左右|都是|在)\s*)*`;

/** Said once per match: what was set aside and what the reply needs to read a length. */
function unitNote(words: string): string {
  return `"${words.trim().replace(/\s+/g, ' ')}" set aside: a length in characters, words or pages is not tokens (the ratio is the tokenizer's and the language's); say "seq N" in tokens for yours`;
}

export const LENGTH_UNIT_RULES: readonly ProseRule[] = [
  {
    // "Input length = 640, Output lenght = 100, GPU = 1 A100" (vllm-project/vllm#1508, c3372): the output's length
    // went unread behind its misspelt noun, so the sequence was the prompt's 640 alone. Written right, the prompt
    // and its answer are read together (prose.input-output): 740.
    id: 'prose.length-misspelt',
    pattern: MISSPELT_LENGTH,
    when: (t) => /leng|legn|lent/.test(t),
    write: (m) => `length${m[1]}`,
    example: 'Input length = 640, Output lenght = 100, GPU = 1 A100, vllm = 0.2.1, model = Llama-13B',
    source: 'vllm-project/vllm#1508',
  },
  {
    // "max length of 5000 characters", "seq len 3000 chars", "上下文长度3000字", "输入长度大概3000个汉字", "prompts of 2000
    // words", "8k words of context": a length in another unit of text. Read as tokens it was a length the user never
    // said (a silent misreading); set aside and said. Before the length rules, which would take the number.
    id: 'prose.length-in-other-units',
    pattern: new RegExp(String.raw`(?:${MEASURED})${JOIN}(?<![\w.])${AMOUNT}\s*${UNIT}|(?<![\w.])${AMOUNT}\s*${UNIT}\s*(?:of\s+|的\s*)(?:context|ctx|input|prompt|text|上下文|输入|文本)`, 'gi'),
    when: (t) => /char|word|page|字|词|页|글자|자|단어|페이지|単語|ページ/.test(t),
    write: (m, notes) => {
      notes.push(unitNote(m[0]));
      return ' '.repeat(m[0].length);
    },
    example: 'qwen2.5-7b lora on 1x a100, max length of 5000 characters',
  },
];
