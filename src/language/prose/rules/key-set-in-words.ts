import type { Piece } from '../../mapped-text.js';
import type { ProseRule } from '../types.js';
import { VALUE_HEDGE } from '../../config-keys/connectives.js';

/**
 * A config key given its value in a sentence, with no colon or equals sign (issue 22, item 7: "keys
 * with or without their colon or equals sign"): 'set the "offload_optimizer_device" parameter to cpu'
 * (fe1ixxu/ALMA#17, c1895: the offload had gone unread, "cpu" listed as not used), "I set
 * per_device_train_batch_size to 1", "changed gradient_accumulation_steps to 16", "with zero_stage set
 * to 3". Written again as `key=value` over the user's words, so that the key tables read it as they
 * read a pasted config (a flag's "--key to value" is config-keys/patterns.ts's own). Only a snake_case
 * key (an underscore between letters): "set the batch to 4" is prose the other rules read.
 */

/**
 * A snake_case key, or a command's kebab-case flag with its dashes ("if I set the `--tensor-parallel-size` to be 2 or
 * 4", QwenLM/Qwen3-VL#831, c2028), quoted or not.
 */
const KEY = String.raw`["'\x60]?([a-z][a-z0-9]*(?:_[a-z0-9]+)+|--?[a-z][a-z0-9]*(?:-[a-z0-9]+)+)["'\x60]?`;
/** Between the key and its value: "to", "as", "=", "to be". */
const TO = String.raw`(?:to[ \t]+be|to|as|=)`;
/** What the key is called in the sentence: "the X parameter". */
const NOUN = String.raw`(?:[ \t]+(?:parameter|param|option|argument|arg|flag|key|setting|value|field|variable))?`;
/** A value: a word or number, quoted or not, with no sentence's full stop ("to cpu."). */
const VALUE = String.raw`["'\x60]?([a-z0-9](?:[\w-]|\.(?=\w))*)["'\x60]?`;
/** A change planned, in the present: "if we want to increase max_length to, for example, 40960" (the example rule only). */
const PLANNED_VERB = String.raw`\b(?:increase|decrease|raise|lower|reduce)`;
const VERB = String.raw`\b(?:set|sets|setting|changed?|changing|put|putting|configured?|configuring|switched|switching|turned|lowered|reduced|raised|increased|decreased)`;

/**
 * The key written with its value elsewhere in the message (`key=…`, `key: …`, `--key …`): the pasted
 * setting is what runs, and the sentence tells of it (or of a value tried before); it is left to the
 * config, so that one key never stands at two values.
 */
const setElsewhere = (text: string, key: string, at: number, end: number): boolean => {
  const pair = new RegExp(String.raw`(?<![\w.-])(?:["']?${key}["']?[ \t]*[=:]|--${key}(?![\w-]))`, 'g');
  return [...text.matchAll(pair)].some((p) => p.index < at || p.index >= end);
};

/** `key=value` over the match: the lead words blanked, the key and the value kept where the user wrote them. */
function asPair(m: RegExpExecArray): Piece[] | string {
  const key = m[1] ?? m[3]!;
  const value = m[2] ?? m[4]!;
  if (setElsewhere(m.input, key, m.index, m.index + m[0].length)) return m[0];
  const keyAt = m[0].indexOf(key);
  const valueAt = m[0].lastIndexOf(value);
  const keyEnd = keyAt + key.length;
  return [
    { text: ' '.repeat(keyAt), from: 0, to: keyAt },
    { text: key, from: keyAt, to: keyEnd },
    { text: '=', from: keyEnd, to: valueAt },
    { text: value, from: valueAt, to: valueAt + value.length },
    { text: ' '.repeat(m[0].length - valueAt - value.length), from: valueAt + value.length, to: m[0].length },
  ];
}

/** A second value offered with the first: "2 or 4", "2/4", "2 和 4". */
const OR_VALUE = String.raw`[ \t]*(?:or|and|\/|或者?|和)[ \t]*["'\x60]?(\d[\w.-]*)["'\x60]?`;

export const KEY_SET_IN_WORDS_RULES: readonly ProseRule[] = [
  {
    // "if I set the `--tensor-parallel-size` to be 2 or 4, vllm raises …" (QwenLM/Qwen3-VL#831, c2028): two values tried,
    // neither more the run's than the other. The first is read, as config.option-values reads two conditions, and the
    // step is weak, so the reply says both with the way to state one.
    id: 'prose.key-set-to-options',
    pattern: new RegExp(String.raw`${VERB}[ \t]+(?:(?:the|my|our|its|both)[ \t]+)?${KEY}${NOUN}[ \t]+${TO}[ \t]+["'\x60]?(\d[\w.-]*)["'\x60]?${OR_VALUE}`, 'g'),
    when: (t) => (t.includes('_') || t.includes('--')) && /\b(?:or|and)\b|\/|或|和/.test(t),
    write: (m, notes) => {
      const [, key, first, second] = m as unknown as string[];
      if (setElsewhere(m.input, key!, m.index, m.index + m[0].length)) return m[0];
      notes.push(`"${m[0].trim()}": ${first} and ${second} are two values tried; ${first} read (say the one you run)`);
      const keyAt = m[0].indexOf(key!);
      const keyEnd = keyAt + key!.length;
      const valueAt = m[0].indexOf(first!, keyEnd);
      const valueEnd = valueAt + first!.length;
      return [
        { text: ' '.repeat(keyAt), from: 0, to: keyAt },
        { text: key!, from: keyAt, to: keyEnd },
        { text: '=', from: keyEnd, to: valueAt },
        { text: first!, from: valueAt, to: valueEnd },
        { text: ' '.repeat(m[0].length - valueEnd), from: valueEnd, to: m[0].length },
      ];
    },
    example: "I found out that if I set the `--tensor-parallel-size` to be 2 or 4, the vllm raises error",
    source: 'QwenLM/Qwen3-VL#831',
    weak: true,
  },
  {
    // The value given as an example or a guess: "If we want to increase max_length to, for example, 40960, will that
    // cause OOM?" (huggingface/gpt-oss-recipes#17, c2624), "I set max_model_len to e.g. 16384", "set num_ctx to for
    // instance 32768". Read, weak (the length slot's weak cue, docs/reading.md): said with its words. Before
    // prose.key-set-to, whose value is a word and had taken "e.g" or "for" for it.
    id: 'prose.key-set-to-example',
    pattern: new RegExp(
      String.raw`(?:${VERB}|${PLANNED_VERB})[ \t]+(?:(?:the|my|our|its|both)[ \t]+)?${KEY}${NOUN}[ \t]+${TO}${VALUE_HEDGE}["'\x60]?(\d[\w.]*)(?![\w.])|(?<![\w.\-/"'\x60])${KEY}${NOUN}[ \t]+(?:(?:is|was|were|being|been|are)[ \t]+)?(?:set|changed|configured)[ \t]+${TO}${VALUE_HEDGE}["'\x60]?(\d[\w.]*)(?![\w.])`,
      'g',
    ),
    when: (t) => (t.includes('_') || t.includes('--')) && /example|instance|e\.g|say|maybe|perhaps|like|比如|例如|譬如|예를|例えば/.test(t),
    write: asPair,
    example: 'If we want to increase max_length to, for example, 40960, will that cause OOM?',
    source: 'huggingface/gpt-oss-recipes#17',
    weak: true,
  },
  {
    id: 'prose.key-set-to',
    pattern: new RegExp(
      // "set (the|my) key (parameter) to value" | "key (is|was) set to value"
      String.raw`${VERB}[ \t]+(?:(?:the|my|our|its|both)[ \t]+)?${KEY}${NOUN}[ \t]+${TO}[ \t]+${VALUE}|(?<![\w.\-/"'\x60])${KEY}${NOUN}[ \t]+(?:(?:is|was|were|being|been|are)[ \t]+)?(?:set|changed|configured)[ \t]+${TO}[ \t]+${VALUE}`,
      'g',
    ),
    when: (t) => (t.includes('_') || t.includes('--')) && /\b(?:to|as|=)\b/.test(t),
    write: asPair,
    example: 'I followed your suggestion in other questions and set the "offload_optimizer_device" parameter to cpu.',
    source: 'fe1ixxu/ALMA#17',
  },
];
