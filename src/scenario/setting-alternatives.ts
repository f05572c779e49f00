import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';

/**
 * A training setting given several values names none of them as the run (issue 22, item 5): a sweep
 * ("Zero Stage: `2, 3`", "Offload: `true, false`", "Lora: `true, false`", deepspeedai/DeepSpeedExamples#638,
 * c3187, b95), or alternatives tried ("it ooms at zero2/zero3", c453, b10; "zero 0/1", c370, b7; "ds stage
 * 2/3", c118). The reader keeps the first value it meets; this net makes that fact weak, said on the first
 * screen with the words that give both values and the other value as the switch. A setting with one value
 * ("zero3", "Offload: true") is left as read.
 */

interface AlternativesRule {
  id: string;
  /** The facts a match makes weak, where the fact's words lie inside the match. */
  facts: readonly string[];
  pattern: RegExp;
  example: string;
  source: string;
  /** The switch the reply offers for the fact read (another value the words give), if it has one in the item language. */
  other: (words: string, read: FactTrace) => string | undefined;
}

/** What joins two values: a slash, a comma, or / and / vs, 和 / 或 / 与 / 、. */
const JOIN = String.raw`\s{0,2}(?:\/|,|\bor\b|\band\b|\bvs\.?|和|或者?|与|、|以及)\s{0,2}`;

/** The ZeRO stages a match names, in order, once each. */
const stagesIn = (words: string): string[] => [...new Set(words.replace(/^\D*/, '').match(/[0-3]/g) ?? [])];

/** The sharding each side of a pair names, in the item language; DeepSpeed and Megatron name a program, not a stage. */
const strategiesIn = (words: string): string[] =>
  (words.toLowerCase().match(/fsdp|ddp|zero-?[0-3]/g) ?? []).map((w) => w.replace('-', ''));

/** A count, a size or a length right after the last digit: "zero3, 2 GPUs" is a stage and a count, not two stages. */
const COUNT_AFTER = /^\s*(?:x\b|×|\*|gpus?\b|cards?\b|nodes?\b|machines?\b|servers?\b|epochs?\b|steps?\b|layers?\b|张|卡|台|块|个|次|轮)/iu;

export const SETTING_ALTERNATIVES: readonly AlternativesRule[] = [
  {
    id: 'alternatives.zero-stages',
    facts: ['sharding'],
    // "zero2/zero3", "ZeRO-2 / ZeRO-3", "stage: `2, 3`", "stage 2/3", "zero stage 2 and 3", "zero 0/1".
    pattern: new RegExp(
      String.raw`(?<![\w/.-])(?:zero|stage)(?:[-_ ]?stage)?[\s:=_\x60'"\[(-]{0,4}[0-3](?:${JOIN}(?:(?:zero|stage)(?:[-_ ]?stage)?[-_ ]?)?[0-3](?![\w.]))+`,
      'giu',
    ),
    example: '* Zero Stage: `2, 3`',
    source: 'deepspeedai/DeepSpeedExamples#638',
    other: (words, read) => stagesIn(words).map((d) => `zero${d}`).find((z) => z !== read.value),
  },
  {
    id: 'alternatives.strategies',
    facts: ['sharding'],
    // "both with megatron and fsdp backend" (verl-project/verl, c2662, b77), "an FSDP/DDP option" (oumi-ai/oumi#626, c2751, b80).
    pattern: new RegExp(String.raw`(?<![\w/.-])(?:fsdp2?|deepspeed|megatron|ddp|zero-?[0-3])${JOIN}(?:fsdp2?|deepspeed|megatron|ddp|zero-?[0-3])(?![\w/.-])`, 'giu'),
    example: 'both with megatron and fsdp backend',
    source: 'verl-project/verl#1337',
    other: (words, read) => strategiesIn(words).find((v) => v !== read.value),
  },
  {
    id: 'alternatives.on-and-off',
    facts: ['method', 'offload', 'recompute'],
    // "Offload: `true, false`", "lora true/false", "cpu offload on/off", "gradient checkpointing on and off", "[true, false]".
    pattern: new RegExp(
      String.raw`(?<![\w-])(?:q?lora|(?:(?:cpu|optimizer|param(?:eter)?s?)[-_ ])?offload(?:ing|_optimizer|_param(?:eter)?s?)?|(?:gradient|activation)[-_ ]checkpointing|recompute)[\s:=_\x60'"\[(]{0,4}(?:true${JOIN}false|false${JOIN}true|on${JOIN}off|off${JOIN}on|yes\s?\/\s?no|enabled?\s?\/\s?disabled?)(?![\w])`,
      'giu',
    ),
    example: '* Offload: `true, false`',
    source: 'deepspeedai/DeepSpeedExamples#638',
    other: (_words, read) => (read.fact === 'recompute' ? 'no gc' : read.fact === 'method' && /lora/i.test(read.value) ? 'full' : undefined),
  },
  {
    id: 'alternatives.with-and-without',
    facts: ['method', 'offload', 'recompute'],
    // "with and without gradient checkpointing", "with/without cpu offload", "with and without LoRA".
    pattern: /\bwith(?:\s{1,2}and\s{1,2}|\s?\/\s?)without\s{1,2}(?:(?:cpu|optimizer|param(?:eter)?s?)\s)?(?:q?lora|offload(?:ing)?|(?:gradient|activation)\s(?:checkpointing|recompute)|recompute)\b/giu,
    example: 'with and without gradient checkpointing',
    source: 'deepspeedai/DeepSpeedExamples#638',
    other: (_words, read) => (read.fact === 'recompute' ? 'no gc' : read.fact === 'method' && /lora/i.test(read.value) ? 'full' : undefined),
  },
];

/** What every match holds, under the rules' flags: most messages lack both, and the scan is skipped (issue 22). */
const NAMES_A_SETTING = /zero|stage|lora|offload|checkpointing|recompute|fsdp|ddp/i;

export function withSettingAlternatives(facts: FactTrace[], text: string): FactTrace[] {
  if (!NAMES_A_SETTING.test(text)) return facts;
  const spans = SETTING_ALTERNATIVES.flatMap((rule) =>
    allMatches(rule.pattern, text)
      .filter((m) => !COUNT_AFTER.test(text.slice(m.index + m[0].length)))
      .filter((m) => rule.id !== 'alternatives.zero-stages' || stagesIn(m[0]).length > 1)
      .filter((m) => rule.id !== 'alternatives.strategies' || new Set(m[0].toLowerCase().match(/fsdp|deepspeed|megatron|ddp|zero-?[0-3]/g)).size > 1)
      .map((m) => ({ rule, at: m.index, end: m.index + m[0].length, words: m[0] })),
  );
  if (!spans.length) return facts;
  return facts.map((f) => {
    if (f.weak || f.at === null || f.end === null || f.against !== undefined) return f;
    const span = spans.find((s) => s.rule.facts.includes(f.fact) && s.at < f.end! && f.at! < s.end);
    if (!span) return f;
    const other = span.rule.other(span.words, f);
    const switchTo = f.fact === 'method' ? { otherMethod: other } : { alternative: other };
    // The rule chain stays the reader's (it ends in the item that read the fact); the net only weighs it.
    return { ...f, weak: true, weakWords: span.words.trim(), ...switchTo };
  });
}
