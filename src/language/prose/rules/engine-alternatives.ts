import type { ProseRule } from '../types.js';

/**
 * A serving engine named as a point of comparison or as a change the user asks about, not as the
 * program that runs (issue 22, "an engine named in passing read as the engine run"). Every engine
 * word reads as the paged-KV server (vocabulary.ts `serve`), so "How it differs from vLLM"
 * beside an `mlc_llm chat` command (mlc-ai/mlc-llm#2955, c826) put a Llama-3.1-70B chat on vLLM's
 * preallocated pool, and "是不是必须要用vllm？" put a transformers run there. The engine word is set
 * aside and the reply says so, with the word to say if that engine is the run.
 *
 * Only the frames that say the engine is not (yet) the run:
 * - compared: "differs from vLLM", "different than sglang", "compared to/with vLLM", "more memory
 *   than vLLM", "和vllm相比", "跟vllm比", "与vllm的区别";
 * - a change asked about, with a modal: "should I use vLLM instead?", "would switching to vLLM help",
 *   "can we move to sglang", "是否需要改用vllm", "要不要换成vllm".
 * Not: "how can I run it with vLLM?" (c010), "deploy DeepSeek-V3 with vllm?" (c105): asking how to
 * run it with the engine asks about that run; nor "I switched to vllm" (the run now is vLLM).
 */

/**
 * Serving engines only: a training framework asked about ("will megatron help?", "can deepspeed fix it?") stays a
 * weak framework fact of its own evidence class, said with its switch (reconcile/framework-evidence.ts).
 */
const ENGINE_NAME = String.raw`vllm|sglang|lmdeploy|tgi|text[-_ ]generation[-_ ]inference|tensorrt[-_ ]?llm|trt[-_ ]?llm|aphrodite|lightllm`;
const ENGINE = String.raw`(?:${ENGINE_NAME})`;
const ENGINE_IN = new RegExp(ENGINE_NAME);

const COMPARED_BEFORE = String.raw`\b(?:differ(?:s|ed|ence|ences)?|different)\s+(?:from|than|to)\s+(?:the\s+|using\s+)?|\bcompared?\s+(?:to|with)\s+(?:the\s+|using\s+)?|\bin\s+comparison\s+(?:to|with)\s+|\bthan\s+(?:with\s+|using\s+|in\s+|on\s+)?`;
const COMPARED_ZH_BEFORE = String.raw`(?:和|与|跟|同)\s*`;
const COMPARED_ZH_AFTER = String.raw`\s*(?:相比|比较|比起来|对比|的?区别|的?差别|有什么不同|不同)`;
/** A modal before the change: the change is asked about or weighed, not made ("I switched to vllm" is the run). */
const MODAL = String.raw`\b(?:should|could|would|can|shall|might|must)\s+(?:(?:i|we|you|it)\s+)?(?:\w+\s+){0,2}?`;
const SWITCH = String.raw`(?:switch(?:ing)?\s+(?:over\s+)?to|mov(?:e|ing)\s+to|migrat(?:e|ing)\s+to)\s+(?:using\s+)?`;
const USE = String.raw`(?:use|using|try|trying)\s+`;
/** A modal, the engine, then what it would do: "would vllm help", "could sglang reduce the memory". */
const HELP_AFTER = String.raw`\s+(?:help|reduce|fix|solve|save|lower|cut|be\s+(?:better|enough|needed|required))\b`;
const CHANGE_ZH = String.raw`(?:是否|要不要|需不需要|需要|应该|必须|得|可以|能否|能不能)\s*(?:要|得)?\s*(?:改用|换用|换成|切换到|切换成|改成|迁移到)\s*`;

/** Each frame keeps its words in the match: the reply quotes them, and none is left as a word not read. */
const PATTERN = new RegExp(
  [
    String.raw`(?:${COMPARED_BEFORE})${ENGINE}\b`,
    String.raw`${COMPARED_ZH_BEFORE}${ENGINE}${COMPARED_ZH_AFTER}`,
    String.raw`${MODAL}${SWITCH}${ENGINE}\b`,
    String.raw`(?<=${MODAL})${USE}${ENGINE}\s+instead\b`,
    String.raw`${CHANGE_ZH}${ENGINE}`,
    String.raw`\b(?:will|would|could|can|might)\s+(?:\w+\s+){0,3}?${ENGINE}${HELP_AFTER}`,
  ].join('|'),
  'g',
);

export const ENGINE_ALTERNATIVE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.engine-compared',
    pattern: PATTERN,
    when: (t) => ENGINE_IN.test(t),
    write: (m, notes) => {
      const engine = ENGINE_IN.exec(m[0])?.[0] ?? m[0].trim();
      notes.push(`"${m[0].trim()}": ${engine} read as a program the message compares with or asks about, not the one that runs (say "${engine}" with the model if it is the run)`);
      return ' '.repeat(m[0].length);
    },
    example: 'How it differs from vLLM and other serving engines?',
    source: 'mlc-ai/mlc-llm#2955',
  },
];
