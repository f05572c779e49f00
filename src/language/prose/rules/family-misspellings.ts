import { modelById } from '../../../catalog/index.js';
import { modelIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * A family's name misspelt the way strangers misspell it (rmodel3): each rule writes the family's own spelling,
 * so the name rules read the model the user means instead of a neighbour or a bare size.
 */
/**
 * Read before the config keys and training.underscore-version, so that "lama3_1_8b" is torchtune's notation of
 * Llama 3.1 once its family is spelt right.
 */
export const EARLY_FAMILY_MISSPELLING_RULES: readonly ProseRule[] = [
  {
    // "lama3_1_8b_instruct_q40" (b4rtaz/distributed-llama#248, c2392), "lama 2 7b", "Lama3-8B": Llama with an "l"
    // dropped, before a version. Weak: the reply says it read Llama from "lama".
    id: 'prose.llama-dropped-l',
    pattern: /(?<![a-z0-9_.])lama(?=[-_ ]?[1-4](?![0-9]{2}))/g,
    when: (t) => t.includes('lama'),
    write: () => 'llama',
    example: '| `lama3_1_8b_instruct_q40` | 13.46 | 15.96  | 17.91  |',
    source: 'b4rtaz/distributed-llama#248',
    weak: true,
  },
];

export const FAMILY_MISSPELLING_RULES: readonly ProseRule[] = [
  {
    // "baichaun2-13b int4量化后占显存15g" (baichuan-inc/Baichuan2#101, c2433): Baichuan with its "u" and "a"
    // swapped, before a version or a size. Weak: the reply says it read Baichuan from "baichaun".
    id: 'prose.baichuan-swapped',
    pattern: /(?<![a-z0-9])baichaun(?=[-_ ]?\d)/g,
    when: (t) => t.includes('baichaun'),
    write: () => 'baichuan',
    example: 'baichaun2-13b int4量化后占显存15g',
    source: 'baichuan-inc/Baichuan2#101',
    weak: true,
  },
  {
    // "interlm2-chat-20b" for InternLM2-Chat-20B: the first "n" of "intern" dropped, before a version, a size or a
    // variant word of InternLM's ("interlm-xcomposer2"). Read as a bare 20B shape before (InternLM/xtuner#424, c410).
    id: 'prose.internlm-dropped-n',
    pattern: /\binterlm(?=[-_ ]?(?:\d|chat|xcomposer|math|base)(?![a-z]))/g,
    when: (t) => t.includes('interlm'),
    write: () => 'internlm',
    example: '目前我使用的是zero3对interlm2-chat-20b进行全量微调，8*A100只能微调2k上文',
    source: 'InternLM/xtuner#424',
  },
  {
    // "Mixtral Large" for Mistral Large: Mixtral, Mistral AI's sparse mixture, was released as 8x7B and 8x22B only;
    // Large, Medium, Small and Nemo are Mistral's (docs.mistral.ai, "Models"). "we have Mixtral Large, quantised to
    // Q2_k … -m /home/tmp/Mistral-Large-Instruct-2407_q2_k.gguf" (ollama/ollama#5949, c1817) had read Mixtral-8x7B,
    // a neighbour the user never named. Weak: the reply says it read Mistral's model from "Mixtral Large".
    id: 'prose.mixtral-variant-of-mistral',
    pattern: /\bmixtral(?=[-_ ]?(?:large|medium|small|nemo)\b)/g,
    when: (t) => t.includes('mixtral'),
    write: () => 'mistral',
    example: 'At the moment we have Mixtral Large, quantised to Q2_k running on 2x Radeon 7900 XTX (2x24GB)',
    source: 'ollama/ollama#5949',
    weak: true,
  },
  {
    // "qwen3-1..7B GRPO 训练几个轮次后爆显存" (modelscope/ms-swift#4388, c2943, whose command names Qwen3-1.7B): a size
    // with its decimal point typed twice, after a name's separator. Read as Qwen2.5-7B's shape from "1..7b" before.
    // Weak: the reply says it read 1.7B from "1..7B".
    id: 'prose.size-point-doubled',
    pattern: /(?<=[a-z0-9][-_ ]\d{1,3})\.\.(?=\d{1,2}b(?![a-z0-9]))/g,
    when: (t) => t.includes('..'),
    write: () => '.',
    example: 'qwen3-1..7B GRPO 训练几个轮次后爆显存',
    source: 'modelscope/ms-swift#4388',
    weak: true,
  },
  {
    // "A quantitative version of Q4's deepseek-r1671b was used" (kvcache-ai/ktransformers#245, c2900, refused "Which
    // model?"): a release whose name ends in a digit with its size glued on. Split only where the name before is a
    // catalog model whose own size is the digits after ("deepseek-r1" is 671B), so the split is no guess.
    id: 'prose.release-glued-to-size',
    pattern: /(?<![a-z0-9._\-/])[a-z]+(?:-[a-z]+)*-?[a-z]?\d{2,6}b(?![a-z0-9])/g,
    needs: /[a-z]\d{2,6}b(?![a-z0-9])/,
    write: (m) => gluedSize(m[0]) ?? m[0],
    example: 'A quantitative version of Q4\'s deepseek-r1671b was used',
    source: 'kvcache-ai/ktransformers#245',
  },
  {
    // "[BAAI] Add mixstral8*7 B MoE Case" (flagos-ai/FlagPerf#541, c2915), "mixtral8*7B": experts × size glued to the
    // name, which the words rule took as one word ("mixstral8"); parted, the name and the MoE size read as written.
    id: 'prose.moe-size-glued',
    pattern: /(?<=[a-z]{3})\d{1,2}\s?[x*]\s?\d{1,3}\s?b(?![a-z0-9])/g,
    write: (m) => ` ${m[0]}`,
    example: '[BAAI] Add mixstral8*7 B MoE Case',
    source: 'flagos-ai/FlagPerf#541',
  },
  {
    // "glm2和glm分别需要多大的显存才能微调" (beyondguo/LLM-Tuning#32, c2954): "glm2", "GLM3" are ChatGLM2 and ChatGLM3,
    // the only open releases of those numbers (GLM-4 is named so itself). Read as GLM-130B and a stray "2" before.
    // Weak: the reply says it read ChatGLM2 from "glm2".
    id: 'prose.glm-without-chat',
    pattern: /(?<![a-z0-9_.\-/])glm(?=[-_ ]?[23](?![0-9.]))/g,
    when: (t) => t.includes('glm'),
    write: () => 'chatglm',
    example: 'glm2和glm分别需要多大的显存才能微调',
    source: 'beyondguo/LLM-Tuning#32',
    weak: true,
  },
];

/** "deepseek-r1671b" → "deepseek-r1 671b": the split whose name is a catalog model of the size after it, else null. */
function gluedSize(word: string): string | null {
  const digits = /\d+(?=b$)/.exec(word)!;
  for (let k = 1; k < digits[0].length; k++) {
    const name = word.slice(0, digits.index + k);
    const size = Number(digits[0].slice(k));
    const id = modelIdOf(name);
    if (id !== undefined && Math.round(modelById(id).publishedParams / 1e9) === size) return `${name} ${size}b`;
  }
  return null;
}
