import type { ProseRule } from '../types.js';

/**
 * Weight formats listed with slashes ("the updated 72B AWQ/GPTQ-Int4/GPTQ-Int8 checkpoints", the maintainer in
 * QwenLM/Qwen3-VL#230 above the vLLM command that serves "Qwen/Qwen2-VL-72B-Instruct-AWQ", corpus c2100; "GPTQ/AWQ
 * models", "int4/int8") are the releases on offer, not the run's format. Before, prose.path cut the list as a
 * path to its last part ("GPTQ-Int8"), which was read as the setup's format, and the command's own "-AWQ"
 * was left out as a second saying. As two widths offered (width-options.ts) and two GPU counts
 * (hardware/alternatives.ts): a format the message names outside the list decides, and the list is set
 * aside; with none, the first is read, weak, and the reply says the others. Runs before prose.path.
 */
const FORMAT = String.raw`(?:awq|gptq|gguf|exl2|hqq|eetq|nf4|fp8|int4|int8|w4a16|w8a8)(?:[-_ ]?(?:int[48]|[48][-_ ]?bits?))?`;
/** The format words a message may name the run's format by, outside the list. */
const FORMAT_WORD = /(?<![a-z])(?:awq|gptq|gguf|exl2|hqq|eetq|nf4|fp8|int4|int8|w4a16|w8a8)(?![a-z])/g;

const base = (format: string) => /^[a-z]+\d*[a-z]*\d*/.exec(format.trim())?.[0] ?? format.trim();

export const FORMAT_OPTION_RULES: readonly ProseRule[] = [
  {
    id: 'prose.format-options',
    pattern: new RegExp(String.raw`(?<![\w.\-/])(${FORMAT})((?:[ \t]*/[ \t]*${FORMAT})+)(?![\w/-])`, 'g'),
    when: (t) => /(?:awq|gptq|gguf|exl2|hqq|eetq|nf4|fp8|int[48]|w[48]a(?:16|8))[-_\w ]{0,8}\//.test(t),
    write: (m, notes) => {
      const listed = m[0].split('/').map((f) => f.trim());
      const bases = new Set(listed.map(base));
      if (bases.size < 2 && new Set(listed).size < 2) return m[0];
      const outside = m.input.slice(0, m.index) + ' '.repeat(m[0].length) + m.input.slice(m.index + m[0].length);
      const elsewhere = [...outside.matchAll(FORMAT_WORD)].map((f) => f[0]).find((f) => bases.has(f));
      if (elsewhere) {
        notes.push(`"${m[0].trim()}" lists formats on offer; the one named elsewhere ("${elsewhere}") is read as yours`);
        return ' '.repeat(m[0].length);
      }
      notes.push(`"${m[0].trim()}" lists formats on offer: the first (${listed[0]}) is read; say the one you run if it is another`);
      return listed[0]!.padEnd(m[0].length);
    },
    example: 'The updated 72B AWQ/GPTQ-Int4/GPTQ-Int8 checkpoints have been uploaded to Hugging Face.',
    source: 'QwenLM/Qwen3-VL#230',
    weak: true,
    // "awq/gptq-int4" has the shape of a Hub id (owner/name); no checkpoint is named by two formats.
    insideHubIds: true,
  },
];
