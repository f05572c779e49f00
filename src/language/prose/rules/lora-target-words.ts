import type { ProseRule } from '../types.js';

/**
 * LoRA's targets said in words rather than as module names: "LoRA on all linear layers", "applied to every
 * projection layer", "LoRA r=8, 7 modules" (jsboige/CoursIA#10361, c1407: the seven linear projections of a
 * Llama-style block, q, k, v, o, gate, up, down), "all attention and MLP projections"; and the attention
 * alone, "all attention projections" (q, k, v, o). The item language says these "all-linear" and "q,k,v,o";
 * "layers" alone had read as the model's layer count and refused the message ("I expected a number"), "7
 * modules" was not read and the PEFT default (q, v) taken silently. Only where the message speaks of LoRA
 * (an adapter's targets), and not after a quantisation word ("quantize all linear layers" names the
 * weights). A count of modules other than 7 names no set the item language has and is left as written.
 */
const PREPOSITION = String.raw`(?:\b(?:on|to|for|in|across|targeting|targets?|applied\s+to|over)\s+)?`;
const EVERY = String.raw`(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?`;
const LINEAR = String.raw`(?:linear|projection|proj|dense)`;
const UNIT = String.raw`(?:layers?|modules?|projections?|matri(?:x|ces)|weights)`;
const ATTENTION_AND_MLP = String.raw`attention\s+(?:and|&|\+|\/)\s+(?:mlp|ffn|feed[-\s]?forward)(?:\s+${LINEAR})?\s+${UNIT}`;
const QUANTISED_BEFORE = /(?:quanti[sz]\w*|int[48]|[48][-\s]?bit|nf4|gptq|awq)\s+(?:\w+\s+){0,2}$/;

export const LORA_TARGET_WORD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.lora-targets-in-words',
    pattern: new RegExp(
      String.raw`${PREPOSITION}(?:${EVERY}(?:(?:7|seven)\s+)?(?:${LINEAR}\s+${UNIT}|${ATTENTION_AND_MLP})|(?:${EVERY})?(?:7|seven)\s+(?:(?:target|${LINEAR})\s+)?(?:modules|layers|projections)|${EVERY}attention\s+(?:${LINEAR}\s+)?(?:layers|modules|projections))(?![\w-])`,
      'g',
    ),
    when: (t) => /lora|adapter|peft/.test(t),
    write: (m) => {
      if (QUANTISED_BEFORE.test(m.input.slice(Math.max(0, m.index - 40), m.index))) return m[0];
      const attentionOnly = /attention/.test(m[0]) && !/mlp|ffn|feed/.test(m[0]);
      return ` ${attentionOnly ? 'q,k,v,o' : 'all-linear'} `;
    },
    example: 'LoRA r=8, 7 modules : 3,19 M params entraînables',
    source: 'jsboige/CoursIA#10361',
  },
];

/**
 * The same in Chinese and Korean: "全部线性层" / "所有线性层" (every linear layer), "所有注意力层" (the attention
 * projections), "모든 선형 레이어". Invented variations of c1407's phenomenon (s31); only where LoRA is spoken of.
 */
export const LORA_TARGET_CJK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.lora-targets-in-words-cjk',
    pattern: /(?:全部|所有|全)(?:的)?\s*(?:线性|linear|注意力|attention)\s*(?:层|模块|投影)|모든\s*(?:선형|linear|어텐션|attention)\s*(?:레이어|층|계층|모듈)/g,
    when: (t) => /lora|adapter|peft/.test(t),
    write: (m) => {
      if (QUANTISED_BEFORE.test(m.input.slice(Math.max(0, m.index - 40), m.index))) return m[0];
      return ` ${/注意力|attention|어텐션/.test(m[0]) ? 'q,k,v,o' : 'all-linear'} `;
    },
    example: 'chatglm2-6b lora 秩 16，target 用全部线性层',
  },
];
