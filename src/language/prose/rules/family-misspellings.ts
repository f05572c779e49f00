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
];
