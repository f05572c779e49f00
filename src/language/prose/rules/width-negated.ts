import type { ProseRule, Write } from '../types.js';

/**
 * A quantised width said as not used is no weight format (s47, rmeth; docs/reading.md "The method slot: its evidence").
 * "non-4bit finetune", "turned off 4-bit loading", "8bit/4bit both off", "not in 8-bit", "非4bit", "不用4bit",
 * "4bitなし", "4bit 없이", "양자화 없이", "量子化なし": the base is 16-bit, so the method stays LoRA (or full), never
 * QLoRA. Before, the width alone was read ("非4bit" as NF4, so LoRA became QLoRA in silence). The negation and its width
 * are blanked, with a note; the vocabulary's own "without X" and the Chinese 不量化 / 非量化 (phrasing.ts) are left as
 * they read. What breaks it: a width said as used ("in 4-bit, not 8-bit": only the 8-bit is negated), the KV cache's
 * width (the kv-cache rules), a width of another run.
 */
const WIDTH = String.raw`(?:[48][\s-]?bits?|int[48]|nf4|bnb|bitsandbytes|4비트|8비트|양자화|量子化)`;
const WIDTHS = String.raw`${WIDTH}(?:\s*(?:/|,|、|\band\b|\bor\b|和|与)\s*${WIDTH})*`;
/** The negation before the width: "non-", "without", "w/o", "no", "not (in)", "turned off", 非, 不用, 没用, 无. */
const BEFORE = String.raw`(?:\bnon[\s-]?|\bwithout\s+(?:any\s+)?|\bw\/o\s+|\bno\s+|\bnot\s+(?:in\s+|using\s+|with\s+)?|\b(?:turn(?:ed|ing)?|switch(?:ed|ing)?)\s+off\s+(?:the\s+)?|\bdisabl(?:e|ed|ing)\s+(?:the\s+)?|非\s*|不用\s*|不加\s*|没用\s*|没有用\s*|无\s*)`;
/** The loader's noun after a width ("4-bit loading", "8bit quantization"), part of what is negated. */
const NOUN = String.raw`(?:\s*(?:loading|load|quantization|quantisation|quant|量化))?`;
/** The negation after the width: "off", "disabled", "false", "(both) off", なし, 없이, 안 하고, 关闭. */
const AFTER = String.raw`(?:\s+(?:(?:is|was|are|were|both|all)\s+)*(?:off|disabled|false)\b|\s*(?:なし|無し|せず|しない|없이|안\s?하고|하지\s?않|关闭|关掉|不开))`;

const NEGATED_BEFORE = new RegExp(`${BEFORE}${WIDTHS}${NOUN}(?![\\w-])`, 'g');
const NEGATED_AFTER = new RegExp(`(?<![\\w-])${WIDTHS}${NOUN}${AFTER}`, 'g');

const say = (words: string) => `"${words.trim()}": the base is not quantised, so no 4-bit or 8-bit format is read (a 16-bit base; say "qlora" if yours is 4-bit)`;

/**
 * A card's support of a dtype or width is a fact about the card, not the weights (s47, rmeth): "V100不支持bf16和int4加速"
 * (the V100 has no bf16 and no int4 acceleration), "the P40 lacks fast fp16 and int4 tensor cores", "turing has
 * int8/int4 but no bf16", "int4 acceleration". Before, the int4 was read as a GPTQ checkpoint and QLoRA asked about on
 * that card became LoRA on GPTQ weights, in silence. Blanked: the card's own dtype default (fp16 below compute
 * capability 8.0) and the method's base apply. A plain positive support ("RTX 3080 supports bf16.", c2675) is left as
 * it read: only a support with what the card lacks, or with the hardware feature named, is blanked.
 */
const DT = String.raw`(?:bf16|fp16|fp8|fp4|int8|int4|tf32|bfloat16|float16)`;
const DTS = String.raw`(?:fast\s+|native\s+|hardware\s+)?${DT}(?:\s*(?:/|,|、|\band\b|\bor\b|\bnor\b|和|与|或)\s*(?:fast\s+|native\s+)?${DT})*`;
const CAPABILITY = String.raw`(?:\s*(?:加速|运算|计算|指令|tensor\s*cores?|acceleration|instructions?|arithmetic|math))`;
/** A card or architecture named just before its verb: a card the message can say has or lacks a dtype. */
const CARD = String.raw`(?:\b[vtpka]\d{1,3}[a-z]?\b|\b[234]0[5-9]0(?:\s*ti)?\b|\b1080(?:\s*ti)?\b|\bturing\b|\bvolta\b|\bpascal\b|\bampere\b|\bcard\b|\bgpu\b|卡|显卡)`;
const LACKS = String.raw`(?:不支持|不能用|没有|lacks?|lacking|has\s+no|have\s+no|doesn'?t\s+(?:support|have)|does\s+not\s+(?:support|have)|can'?t\s+(?:do|use)|no)`;
const CARD_LACKS = new RegExp(`(?<=${CARD}[^，。,.;!?！？\\n]{0,12}?)\\s*${LACKS}\\s*${DTS}${CAPABILITY}?(?![\\w-])`, 'g');
const CARD_HAS = new RegExp(`(?<=${CARD}\\s*(?:only\\s+)?)(?:has|have|supports?|支持)\\s+${DTS}(?:\\s*(?:,|but|however)\\s*(?:no|not)\\s+${DTS}|${CAPABILITY})(?![\\w-])`, 'g');
/** A dtype named with the hardware feature it names ("int4 acceleration", "int4 tensor cores", "int4加速"). */
const FEATURE = new RegExp(`(?<![\\w-])${DTS}${CAPABILITY}(?![\\w-])`, 'g');

const card = (words: string) => `"${words.trim()}": what the card supports, not the weights' format`;

/** Every rule here blanks what it matched and says why, in its own words. */
const blankSaying = (reason: (words: string) => string): Write => (m, notes) => {
  notes.push(reason(m[0]));
  return ' '.repeat(m[0].length);
};
/** The cheap pre-checks: a width word, a dtype word. */
const HAS_WIDTH = (t: string) => /bit|int[48]|nf4|bnb|비트|양자화|量子化/.test(t);
const HAS_DTYPE = (t: string) => /bf16|fp16|fp8|fp4|int[48]|tf32|float16/.test(t);

export const WIDTH_NEGATED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.width-negated',
    pattern: NEGATED_BEFORE,
    when: HAS_WIDTH,
    write: blankSaying(say),
    example: 'non-4bit finetune of llama-2-13b with lora on 2x A100 80GB',
  },
  {
    id: 'prose.width-then-negated',
    pattern: NEGATED_AFTER,
    when: HAS_WIDTH,
    write: blankSaying(say),
    example: 'Qwen2.5-7B を 4bitなし の LoRA で学習、A100 40GB',
  },
  {
    id: 'prose.card-lacks-dtype',
    pattern: CARD_LACKS,
    when: HAS_DTYPE,
    write: blankSaying(card),
    example: 'V100不支持bf16和int4加速，能用QLoRA微调Qwen2-7B吗',
  },
  {
    id: 'prose.card-has-dtype',
    pattern: CARD_HAS,
    when: HAS_DTYPE,
    write: blankSaying(card),
    example: 'turing has int8/int4 but no bf16',
  },
  {
    id: 'prose.dtype-hardware-feature',
    pattern: FEATURE,
    when: (t) => /加速|运算|计算|指令|tensor\s*core|acceleration|instruction|arithmetic|math/.test(t),
    write: blankSaying(card),
    example: 'Is QLoRA possible for qwen2.5-14b on a T4? The T4 has no bf16 and no int4 acceleration',
  },
];
