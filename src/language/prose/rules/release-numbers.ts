import type { ProseRule } from '../types.js';

/** Release numbers that read like a count of cards: blanked before the hardware grammar sees them. */
export const RELEASE_NUMBER_RULES: readonly ProseRule[] = [
  {
    // A fraction after "on" that ends its clause is a release, never cards: "[Issue]: Ollama Out of Memory on
    // 7.2" (ROCm 7.2, ROCm/legacy-rocm-build#5902, c1642), "broke on 0.6.", "works on 2.1, fails on 2.3". "on 8"
    // is eight GPUs and stays; a count is whole (build.ts wholeCount). Before, "on 7.2" opened a hardware item
    // that reached over the next sentence to its "96GB" and set the model between aside.
    id: 'prose.release-after-on',
    pattern: /(?<![\w.])on[ \t]+v?\d+\.\d+(?:\.\d+)*(?=[ \t]*(?:[.,;:!?)\]]|\n|$))/gi,
    when: (t) => /\bon[ \t]+v?\d+\.\d/i.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: '[Issue]: Ollama Out of Memory on 7.2',
    source: 'ROCm/legacy-rocm-build#5902',
  },
];
