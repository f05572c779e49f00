import type { ProseRule } from '../types.js';

/**
 * A percentage written before "util(ization)" is what a monitor showed, the GPU's compute busy time
 * (nvidia-smi's GPU-Util column, a benchmark report's "~380 W/card, 100% util"), never the serving
 * engine's memory share: that one is a fraction or a percent after its key ("gpu_memory_utilization
 * 0.9", "util 90%") or said with memory ("90% gpu memory utilization", which this leaves alone).
 * Left in, the vocabulary's util keyword took the next number it met, across the line break:
 * "100% util\n- **At 91% context (240K)" read as gpu_memory_utilization 0.91 (noonghunna/club-3090#851, c1901, a vLLM
 * dual-RTX-5090 report). Blanked.
 */
export const MEASURED_UTIL_RULES: readonly ProseRule[] = [
  {
    id: 'prose.measured-util',
    pattern: /(?<![\w.])\d{1,3}(?:\.\d+)?\s*%\s*(?:gpu[\s_-]*)?(?:compute[\s_-]*)?util(?:i[sz]ation|i[sz]ed|s)?\b(?![\s_-]*(?:of\s+)?(?:memory|mem|vram)\b)/g,
    when: (t) => t.includes('%') && t.includes('util'),
    write: (m) => ' '.repeat(m[0].length),
    example: '~31 GB/card, ~380 W/card, 100% util',
    source: 'noonghunna/club-3090#851',
  },
];
