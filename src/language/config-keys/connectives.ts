/**
 * How prose joins a setting's name to its value, in the languages people write to us in (issue 22): "seq_length is
 * 2048", "cutoff_len设的2048", "max_model_len设成16384", "cutoff_len을 4096으로 설정", "stage设置为2". One table, read
 * by every reader of a key named in prose with its value: the config keys' (patterns.ts KEY_IS_VALUE, read.ts's bare
 * key) and DeepSpeed's stage (prose/rules/zero-stage-set.ts). Each had kept its own list, and a phrasing one list
 * held the others missed: "cutoff_len设的2048" was read by none ("两台服务器，每台4张3090 … Qwen2.5-14B LoRA,
 * cutoff_len设的2048, deepspeed zero2", the stranger's line of rcode1's brief), "stage设的3" by none either.
 *
 * A connective says one of two things, and the reader keeps the difference:
 * - `set`: a verb of setting ("set to", 设为 / 设的 / 改成 / 用的, Korean's "…로 설정"): the user's own run,
 *   as "set max_num_seqs to 64" is.
 * - `is`: a copula ("is", 是 / 为, Korean's 은 / 는): prose may name another run's key with it ("but TP_size is 8" of
 *   verl's rollout engine, corpus c295), so the value is weak, said with its words, as the English rule
 *   (config.key-is-value, rserve15) has always said it.
 * Korean puts its verb after the value ("cutoff_len을 4096으로 설정했는데"): `SET_AFTER`, which makes a particle's
 * reading a setting.
 *
 * Every entry is a source of plain alternatives with no quantifier over a quantifier, so the patterns built from
 * them cannot backtrack badly (test/language/reader-cost.test.ts).
 */

export interface Connective {
  /** Dotted and stable. */
  id: string;
  language: 'en' | 'zh' | 'ko' | 'ja';
  says: 'set' | 'is';
  /**
   * A regex source for the words between the key and its value, without the blanks around them (each pattern
   * built from the table puts its own: English needs them, Chinese and Korean write none); no capturing group.
   */
  words: string;
  example: string;
  /** The thread or corpus line it came from, where there is one. */
  source?: string;
}

/** Chinese verbs of setting, each with or without its complement: 设为 / 设成 / 设到 / 设在 / 设了 / 设的 / 设的是, 改成, 用的是 … */
const ZH_SET_VERB = String.raw`(?:设置|设定|配置|设|修改|改|调整|调|开|使用|用|限制|限定|指定)`;
const ZH_SET_END = String.raw`(?:为|成|到|在|了|的)?(?:是|为)?`;

export const CONNECTIVES: readonly Connective[] = [
  {
    // The key's kind may stand between: "the `OLLAMA_NUM_PARALLEL` parameter set to 3" (ollama/ollama#9054, c1790).
    id: 'connective.en-set',
    language: 'en',
    says: 'set',
    words: String.raw`(?:(?:parameter|param|variable|env(?:ironment)?[ \t]+var(?:iable)?|option|flag|setting|value)[ \t]+)?(?:(?:is|was|is now|were|being|has been|had been|have been|gets|got)[ \t]+)?(?:set|configured|limited|capped|fixed|increased|reduced|lowered|raised|changed)[ \t]+(?:to|at|as)`,
    example: 'num_ctx limited to 8192',
    source: 'akitaonrails/Tiny-Qwen-CLI#2',
  },
  {
    id: 'connective.en-is',
    language: 'en',
    says: 'is',
    words: String.raw`(?:is|was)`,
    example: 'gpu_memory_utilization is 0.7',
    source: 'vllm-project/vllm#9995',
  },
  {
    id: 'connective.zh-set',
    language: 'zh',
    says: 'set',
    words: `${ZH_SET_VERB}${ZH_SET_END}`,
    example: 'Qwen2.5-14B LoRA, cutoff_len设的2048, deepspeed zero2',
  },
  {
    // "batch_size为1", "max_seq_length 是 3072", "batch_size都为1" (c2413): a copula, as "is" is.
    id: 'connective.zh-is',
    language: 'zh',
    says: 'is',
    words: String.raw`(?:均为|均是|都为|都是|为|是)`,
    example: '机器配置：双卡 A800，batch_size 为 1',
    source: 'c621',
  },
  {
    // A particle, then the value: a setting where a verb follows the value (SET_AFTER), else a copula ("max_model_len은 16384").
    // "값을" (its value) may stand between: "cutoff_len 값을 4096으로".
    id: 'connective.ko-particle',
    language: 'ko',
    says: 'is',
    words: String.raw`(?:값[ \t]*)?(?:을|를|은|는|이|가|도)`,
    example: 'max_model_len은 16384',
  },
  {
    // Japanese: "cutoff_lenを2048に設定", "max_model_lenは8192".
    id: 'connective.ja-particle',
    language: 'ja',
    says: 'is',
    words: String.raw`(?:は|を|が)`,
    example: 'max_model_lenは8192',
  },
];

/** The words of the connectives of one kind and languages, as one alternation (no capturing group, no blanks around). */
export const connectiveWords = (says: Connective['says'], languages: readonly Connective['language'][]): string =>
  `(?:${CONNECTIVES.filter((c) => c.says === says && languages.includes(c.language))
    .map((c) => c.words)
    .join('|')})`;

/** English verbs of setting: "set to", "is set at", "limited to", "the … parameter set to". */
export const EN_SET_WORDS = connectiveWords('set', ['en']);
/** English copulas: "is", "was". */
export const EN_IS_WORDS = connectiveWords('is', ['en']);
/** Chinese verbs of setting: "设的", "设置为", "改成", "用的是". */
export const ZH_SET_WORDS = connectiveWords('set', ['zh']);
/** Chinese copulas: "为", "是", "都为". */
export const ZH_IS_WORDS = connectiveWords('is', ['zh']);
/** Korean and Japanese particles before a value: "은", "을", "값을", "は". */
export const PARTICLE_WORDS = connectiveWords('is', ['ko', 'ja']);

/**
 * A verb after the value that makes it a setting: Korean "…(으)로 설정 / 변경 / 지정 / 바꾸 / 줄이 / 늘리 / 올리 / 낮추 / 맞추",
 * Japanese "…に設定 / 変更". Read right after the value, its blanks included; no capturing group.
 */
export const SET_AFTER = String.raw`[ \t]*(?:으로|로|에|に)[ \t]*(?:설정|세팅|지정|변경|바꾸|바꿨|바꿔|줄이|줄였|줄여|늘리|늘렸|늘려|올리|올렸|올려|낮추|낮췄|낮춰|맞추|맞췄|맞춰|設定|设定|変更|变更|する|し)`;

/**
 * Words that give a value as an example or a guess, between a key's verb of setting and its value: "If we want to
 * increase max_length to, for example, 40960, will that cause OOM?" (huggingface/gpt-oss-recipes#17, corpus c2624,
 * b76: the 40960 went unread and the recipe's 16384 stood, in silence), "set max_model_len to e.g. 16384", "to, say,
 * 8192", "to maybe 65536", "设为比如8192", "을 예를 들어 8192로". The value is the length slot's weak cue (docs/reading.md,
 * "The length slot"): read, and said with its words (config.key-example-value, prose.key-set-to-example; example words also by
 * scenario/example-values.ts). Plain alternatives, blanks only at its edges: no backtracking over a blank run.
 */
export const VALUE_HEDGE = String.raw`(?:,?[ \t]*(?:for[ \t]+example|for[ \t]+instance|e\.g\.?|say|maybe|perhaps|something[ \t]+like|比如说?|例如|譬如|예를[ \t]*들어|例えば)[ \t]*,?[ \t]*)`;
