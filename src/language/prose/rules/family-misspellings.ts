import type { ProseRule } from '../types.js';

/**
 * A family's name misspelt the way strangers misspell it (rmodel3): each rule writes the family's own spelling,
 * so the name rules read the model the user means instead of a neighbour or a bare size.
 */
export const FAMILY_MISSPELLING_RULES: readonly ProseRule[] = [
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
