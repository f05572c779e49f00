import type { ProseRule } from '../types.js';

/**
 * "N layers out of M" counts the layers a runner put on the GPU against all it has: Ollama and llama.cpp print
 * "offloaded 10/81 layers to GPU", and users write it out, "offloading only 10 layers out of 81" (ollama/ollama
 * #6741, corpus c652). M is the runner's count of offloadable layers (a 70B's 80 blocks and its output layer),
 * never the model's shape: read as "layers 81", it had overridden Llama-3.1-70B's 80. The total is blanked;
 * "10 layers" stays for the readers of a layer split.
 */
export const LAYERS_OUT_OF_RULES: readonly ProseRule[] = [
  {
    id: 'prose.layers-out-of',
    pattern: /\b(layers?)(\s+(?:out\s+of|of\s+the|from)\s+\d+)(?![\d.])(?!\s*(?:gb|gib|g\b|b\b|%))/g,
    when: (t) => t.includes('layer'),
    write: (m) => m[1]! + ' '.repeat(m[2]!.length),
    example: "Not only it doesn't fit 96Gb (offloading only 10 layers out of 81), but processing actual ~128k request crashes",
    source: 'ollama/ollama#6741',
  },
];
