import type { ProseRule, Write } from '../types.js';
import { comparedLengths, comparedSide } from '../../compared-lengths.js';

/**
 * A length noun given two values with what each did ("seq 2048 works but 4096 OOMs", "参数值384，显存占用24G，参数值2048，
 * 显存占用45G", QwenLM/Qwen-VL#390, c2500): two runs compared, decided in compared-lengths.ts. The run is written as
 * "seq N", the other value set aside and said; the run's own result words are kept for the readers after.
 */
const NOUN = String.raw`\bmax(?:imum)?[\s_-]{0,3}(?:(?:seq(?:uence)?|context|ctx|source|input)[\s_-]{0,3})?(?:len(?:gth)?|window|size)\b|\b(?:seq(?:uence)?|context|ctx)[\s_-]{0,3}(?:len(?:gth)?|window|size)\b|\bseqlen\b|\bseq\b|最大长度|序列长度|上下文长度|上下文|长度`;
/** "参数值" (the value), "value": a setting said before, whose key the config reader has already taken from the text. */
const BACK = String.raw`参数值|参数|取值|\bvalue\b|값`;

/** The values of a setting named only as "the value" are a length's where both are one (256 tokens or more, or in k). */
const LONG = /^(?:\d{1,3}(?:,\d{3})+|\d{3,})$|k$/;

function write(byValue: boolean): Write {
  return (m, notes) => {
    const side = comparedSide(m);
    if (!side || (byValue && !(LONG.test(side.run) && LONG.test(side.other) && Number.parseInt(side.other, 10) >= 256 && Number.parseInt(side.run, 10) >= 256))) return m[0];
    notes.push(`two lengths compared: read seq ${side.run} (${side.failed ? 'the one said to fail' : 'the last one stated'}); "seq ${side.other}" set aside as another run ("${m[0].trim()}")`);
    // Only the run's value and its own result words stay, each on its own span, so no clause holds the other's.
    const [from, to] = side.value;
    const text = m[0];
    return [
      { text: ' '.repeat(from), from: 0, to: from },
      { text: ` seq ${side.run} `, from, to },
      { text: text.slice(to, side.resultEnd), from: to, to: side.resultEnd },
      { text: ' '.repeat(text.length - side.resultEnd), from: side.resultEnd, to: text.length },
    ].filter((p) => p.to > p.from);
  };
}

export const LENGTHS_COMPARED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.lengths-compared',
    pattern: comparedLengths(NOUN, `${NOUN}|${BACK}`),
    when: (t) => /len|seq|ctx|context|长度|上下文/.test(t),
    write: write(false),
    example: 'llama-2-7b lora on an a100-80g: with max_seq_length 1024 it uses 30GB, with 4096 it uses 70GB',
  },
  {
    // Weak: "参数值" names no setting of its own; the key it stands for (model_max_length in c2500) is the sentence
    // before's. Values a length's size only, said on the first screen with the words.
    id: 'prose.lengths-compared-by-value',
    pattern: comparedLengths(BACK, BACK),
    when: (t) => /参数|value|값/.test(t),
    write: write(true),
    example: '我这里参数值384，显存占用24G，参数值2048，显存占用45G',
    source: 'QwenLM/Qwen-VL#390',
    weak: true,
  },
];
