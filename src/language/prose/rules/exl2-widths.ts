import type { ProseRule } from '../types.js';

/** EXL3's note: ExLlamaV3 is not modelled apart, and its weights at a width take what EXL2's take at that width. */
const exl3Note = (bits: string) =>
  `EXL3 at ${bits} bits per weight sized as EXL2 at the same width (ExLlamaV3's own cache and buffers are not modelled apart)`;

/** An ExLlama format or loader named: EXL2, EXL3, ExLlamaV2 / V3, tabbyAPI (which loads only them). */
const EXL_WORD = /(?<![a-z0-9])(?:exl[23]|exllama(?:[\s_-]?v?[23])?|tabbyapi)(?![a-z0-9])/;
const EXL3_WORD = /(?<![a-z0-9])(?:exl3|exllama[\s_-]?v3)(?![a-z0-9])/;

/**
 * The words within a clause of a match (the same line, at most 40 characters either side): "the 5.0 bit quantization
 * with EXL2" names its format after the width, "exl2 quant at 6 bits" before it.
 */
function clauseAround(m: RegExpExecArray): string {
  const before = m.input.slice(Math.max(0, m.index - 40), m.index);
  const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 40);
  return `${before.slice(before.lastIndexOf('\n') + 1)} ${after.split('\n')[0]}`;
}

/**
 * An EXL2 quant named by its width after the format, as quantisers name the folders and branches
 * ("Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0", turboderp-org/exllamav2#663, c1614; "Mistral-Large-exl2_4.65",
 * "…-EXL2-2.5bpw"): the number is the bits per weight. Written as prose.bpw writes "3.0bpw" with EXL2
 * named ("bpw 3.0 exl2", EXL2's own width); unread, the weights were sized at EXL2's default 4.156 bpw.
 * EXL3 folders are named the same way ("cogito-v1-preview-qwen-32B-exl3_4.0bpw", corpus c2293, b65): the width is
 * the file's, sized as EXL2's at that width and said.
 */
export const EXL2_WIDTH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.exl2-width',
    pattern: /(?<=[a-z0-9])[-_]exl([23])[-_](\d(?:\.\d{1,3})?)(?:[-_]?bpw)?(?![\w.])/g,
    when: (t) => t.includes('exl2') || t.includes('exl3'),
    write: (m, notes) => {
      if (m[1] === '3') notes.push(exl3Note(m[2]!));
      return ` bpw ${m[2]} exl2 `;
    },
    example: 'Loading model: C:\\tabbyAPI\\models\\Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0',
    source: 'turboderp-org/exllamav2#663',
  },
  {
    // The width said in words beside the format: "the 5.0 bit quantization with EXL2 fits handily in 2x48 GB cards"
    // (turboderp-org/exllamav3#60, corpus c3161, b94: read as EXL2's default 4.156), "exl2 4.65 bit", "EXL2 at 4.25 bits
    // per weight", "2.5-bit EXL3 quant". An ExLlama file's width is its bits per weight, whatever word says it; only
    // with an ExLlama word in the same clause (a "4-bit" elsewhere in the message may be bitsandbytes'), the number
    // from 2 to 8 as EXL2 and EXL3 quantise.
    id: 'prose.exl-width-words',
    pattern: /(?<![\w.])([2-8](?:\.\d{1,3})?)[ \t]?[-_]?[ \t]?bits?(?:[ \t]+per[ \t]+weight)?(?![\w-])/g,
    when: (t) => t.includes('bit') && EXL_WORD.test(t),
    write: (m, notes) => {
      const clause = clauseAround(m);
      if (!EXL_WORD.test(clause)) return m[0];
      if (EXL3_WORD.test(clause) && !/(?<![a-z0-9])(?:exl2|exllama[\s_-]?v?2)(?![a-z0-9])/.test(clause)) notes.push(exl3Note(m[1]!));
      return ` bpw ${m[1]} exl2 `;
    },
    example: 'The 5.0 bit quantization with EXL2 fits handily in 2x48 GB cards (~41 GB each).',
    source: 'turboderp-org/exllamav3#60',
    // Weak: "N bit" in a sentence is no file name; it may tell of another quant ("as 2 bit exl2 quants of a 70b fit",
    // lemonade-sdk, corpus c753), so the width is said with its words.
    weak: true,
  },
  {
    // "an EXL2 quant", "the EXL3 quants": the format's noun, one quantised file; left in, "quant" was an unknown word
    // and the whole message was refused. The format word stays for the rules after.
    id: 'prose.exl-quant-noun',
    pattern: /(?<![a-z0-9])(exl[23])[ \t]+quants?(?![a-z])/g,
    when: (t) => t.includes('quant'),
    write: (m) => m[1]!.padEnd(m[0].length),
    example: 'Mistral-Large-123B 2.5-bit EXL3 quant on one 48GB card',
  },
];

