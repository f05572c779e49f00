import type { ProseRule } from '../types.js';

/**
 * An EXL2 quant named by its width after the format, as quantisers name the folders and branches
 * ("Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0", turboderp-org/exllamav2#663, c1614; "Mistral-Large-exl2_4.65",
 * "…-EXL2-2.5bpw"): the number is the bits per weight. Written as prose.bpw writes "3.0bpw" with EXL2
 * named ("bpw 3.0 exl2", EXL2's own width); unread, the weights were sized at EXL2's default 4.156 bpw.
 */
export const EXL2_WIDTH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.exl2-width',
    pattern: /(?<=[a-z0-9])[-_]exl2[-_](\d(?:\.\d{1,3})?)(?:[-_]?bpw)?(?![\w.])/g,
    when: (t) => t.includes('exl2'),
    write: (m) => ` bpw ${m[1]} exl2 `,
    example: 'Loading model: C:\\tabbyAPI\\models\\Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0',
    source: 'turboderp-org/exllamav2#663',
  },
];
