import type { ProseRule } from '../types.js';

/**
 * Formats listed each with the memory it takes (rprec2, thirty-fourth session): a README's or a docs page's
 * requirements table ("- Full Precision (Float16/BF16): ~19GB VRAM / - INT8 Quantization: ~10GB VRAM / - INT4
 * Quantization: ~5GB VRAM", google-deepmind/gemma#464, c2919; ChatGLM's "FP16 13GB, INT8 8GB, INT4 6GB") is what
 * each copy would need, not the format the user runs. Before, the first words of the list were read as the run's
 * precision and format ("Full Precision" as fp32, "INT8" as its weights) in silence. Two or more formats, each with
 * its own memory, are blanked with their figures (the trace lists them as set aside by this rule); a format named
 * elsewhere is read as it is, and with none the model is estimated in 16 bits, which the reply says as a default.
 * It runs before the config keys and the hardware (card-dtype.ts), which would read a row as a key or a card's memory.
 */

/** A precision or weight format as a list names it. */
const FORMAT = String.raw`full[- ]precision|half[- ]precision|bf16|fp16|float16|bfloat16|fp32|fp8|int8|int4|nf4|awq|gptq|[48][- ]?bits?|q[2-8]_k(?:_[msl])?|q[458]_[01]`;

/**
 * One row: the format, an optional bracket ("(Float16/BF16)"), an optional noun and a joining word or sign, then a
 * memory ("~19GB", "13 GB", "14G"). Every run of spaces is bounded, so a start costs a fixed amount of work.
 */
const ROW = String.raw`(?<![\w.-])(${FORMAT})(?:[ \t]{0,3}\([^()\n]{0,24}\))?(?:[ \t]{1,3}(?:quanti[sz]ation|quanti[sz]ed|precision|weights?|models?|version))?[ \t]{0,3}(?:[:：|=]|needs?|requires?|takes?|uses?|需要|占用|은|는)?[ \t|]{0,4}(?:(?:~|≈|about|around|约|대략)[ \t]{0,2})?\d{1,4}(?:\.\d+)?[ \t]{0,2}(?:gb|gib|g)\b`;

const ROWS = new RegExp(ROW, 'g');
const FORMAT_IN_ROW = new RegExp(FORMAT);

/** The format of a row, its spellings joined: "int8" and "int8 quantization" are one. */
const formatOf = (row: string): string => (FORMAT_IN_ROW.exec(row)?.[0] ?? row).replace(/[- ]/g, '');

/** Whether the text lists at least two formats, each with a memory. */
function listsFormats(text: string): boolean {
  const formats = new Set<string>();
  for (const m of text.matchAll(ROWS)) formats.add(formatOf(m[1]!));
  return formats.size >= 2;
}

export const FORMAT_MEMORY_LIST_RULES: readonly ProseRule[] = [
  {
    id: 'prose.format-memory-list',
    pattern: ROWS,
    when: (t) => /\d[ \t]*(?:gb|gib|g)\b/.test(t) && listsFormats(t),
    write: (m) => ' '.repeat(m[0].length),
    example: '- Full Precision (Float16/BF16): ~19GB VRAM\n- INT8 Quantization: ~10GB VRAM\n- INT4 Quantization: ~5GB VRAM',
    source: 'google-deepmind/gemma#464',
  },
];
