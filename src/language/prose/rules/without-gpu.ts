import type { ProseRule } from '../types.js';

/**
 * "~13 without GPU" (psugihara/FreeChat#71, corpus c2033: "~24 tokens/sec with … GPU and ~13 without GPU on")
 * had been 13 GPUs: "without" is a filler word to the item reader, so the number before it met the GPU word.
 * Negation has a scope (issue 22, item 7): a GPU said to be absent ("without GPU", "without a GPU", "without any
 * GPUs", "without the GPU on") names no card and counts none. Blanked whole, so a number before it stays a number
 * with no cue (listed as not used). A GPU's memory or use after it ("without GPU memory growing") is left alone, and
 * so is "without cuda graphs", vLLM's eager mode (training-vs-running.test.ts).
 */
export const WITHOUT_GPU_RULES: readonly ProseRule[] = [
  {
    id: 'prose.without-gpu',
    pattern: /\bwithout\s+(?:a\s+|any\s+|the\s+)?(?:gpus?|cuda|graphics\s+cards?)\b(?![\s_-]*(?:memory|vram|ram|usage|utili[sz]ation|util|graphs?)\b)(?:\s+on\b)?/g,
    when: (t) => t.includes('without'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'On my mbp I see ~24 tokens/sec with a llama 8B_5_K_M and GPU and ~13 without GPU on.',
    source: 'psugihara/FreeChat#71',
  },
];
