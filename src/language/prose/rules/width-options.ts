import type { ProseRule } from '../types.js';

/**
 * Two weight widths offered as options ("Quantization 4-bit/8-bit obligatoire", "4bit or 8bit", "4/8-bit",
 * "8-bit / 4-bit") are no setup of one width: as two GPU counts offered (hardware/alternatives.ts), the
 * first is read and the reply says the other. Before, "4-bit/8-bit" was read as neither (both words
 * listed as not read) and a LoRA beside it stayed a 16-bit LoRA silently (jsboige/CoursIA#1462, c1406:
 * "7B … Quantization 4-bit/8-bit … LoRA rank <= 16 pour fit dans 8 Go", the constraints of a QLoRA
 * course). The first width is left as written for prose.width-only (which reads it, weak: a format
 * guessed from a width) and the second is blanked, said. Runs before prose.path (which would cut "4/8-bit" to its last part) and prose.width-only.
 */
const WIDTH = String.raw`([48])(?:[-_ ]?bits?)?`;

export const WIDTH_OPTION_RULES: readonly ProseRule[] = [
  {
    id: 'prose.width-options',
    // "4-bit/8-bit", "4bit or 8bit", "4/8-bit", "4 or 8 bit", "4-bit ou 8-bit" (latin-words leave "ou"): the
    // first width needs its "bit" unless the second has it ("4/8-bit"), so "4/8" alone (a ratio) is not read.
    pattern: new RegExp(String.raw`(?<![\w.\-/])${WIDTH}(\s*(?:/|\bor\b|\bou\b|\bo\b|\boder\b|或|或者)\s*)([48])[-_ ]?bits?\b(?![-_.]\w)`, 'g'),
    when: (t) => /[48][-_ ]?bit/.test(t),
    write: (m, notes) => {
      const [all, first, second] = [m[0], m[1]!, m[3]!];
      if (first === second) return all;
      notes.push(`"${all.trim()}" offers two weight widths: the first (${first}-bit) is read; say "${second}-bit" if that is yours`);
      // The whole span becomes the first width ("4/8-bit" has no unit of its own before the slash).
      return `${first}bit`.padEnd(all.length);
    },
    example: 'Quantization 4-bit/8-bit obligatoire pour modèles > 3B',
    source: 'jsboige/CoursIA#1462',
    weak: true,
    // "4-bit/8-bit" has the shape of a Hub id (owner/name); no checkpoint is named "<n>-bit/<n>-bit".
    insideHubIds: true,
  },
];
