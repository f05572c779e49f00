import type { ProseRule } from '../types.js';

/**
 * "gpu memory utilization", "vram utilisation", "mem utilization rate": the word a setting and a monitor share (the
 * card's compute load, "GPU utilization remains at 86%", is prose.observed-gpu-load's, below; both take the one list of observation words).
 */
const UTIL_WORD = String.raw`(?:gpu[\s_-]*)?(?:memory|mem|vram)[\s_-]*utili[sz]ation(?:\s+(?:rate|level))?`;
/**
 * A percentage, or a range of them ("0-20%", "40 to 50 %", "~30%"); the hardware reader has already blanked a
 * range's second number as a measurement ("0-  %"), so it may be gone.
 */
const PERCENT = String.raw`~?\d{1,3}(?:\.\d+)?\s*%?(?:\s*(?:-|–|to|and)\s*(?:~?\d{1,3}(?:\.\d+)?)?)?\s*%`;
/** Words between the keyword and the number that neither observe nor set ("is", "of", "at", "around"). */
const LINK = String.raw`(?:(?:is|was|of|at|around|about|approximately|roughly|~|up|to|constant|constantly|always)\s+)`;
/**
 * Words only a monitor's reading takes, of the memory and of the card's load alike: a setting is given, never
 * "stays", "hovers", "fluctuates" or "only".
 */
const OBSERVED = String.raw`(?:stays?|stayed|remains?|remained|sits?|sat|hovers?|hovered|fluctuates?|fluctuated|keeps?|kept|shows?|showed|reach(?:es|ed)?|peak(?:s|ed)?|goes|went|climbs?|climbed|drops?|dropped|only|just|still|barely|rarely|never|between|under|below|above|over|beyond|exceeds?|exceeded|less\s+than|more\s+than)`;
/**
 * Words that link the card's load to its percentage ("is", "always", "around", "at", "up to", "of"): the compute load
 * is no setting, so any of them with a percentage is a reading.
 */
const LOAD_LINK = String.raw`(?:is|was|are|were|always|then|of|up|to|constant(?:ly)?|stable|around|about|approx\w*|roughly|at|near)`;
/** A verb of looking before the keyword ("nvidia-smi shows memory utilization of 30%", "I see gpu utilization at 20%"). */
const LOOKED = String.raw`(?:shows?|showed|see|saw|seeing|observed?|notice[ds]?|noticed|monitor(?:ed|ing)?|reports?|reported|displays?|displayed)`;

/**
 * A percentage written before "util(ization)" is what a monitor showed, the GPU's compute busy time
 * (nvidia-smi's GPU-Util column, a benchmark report's "~380 W/card, 100% util"), never the serving
 * engine's memory share: that one is a fraction or a percent after its key ("gpu_memory_utilization
 * 0.9", "util 90%") or said with memory ("90% gpu memory utilization", which this leaves alone).
 * Left in, the vocabulary's util keyword took the next number it met, across the line break:
 * "100% util\n- **At 91% context (240K)" read as gpu_memory_utilization 0.91 (noonghunna/club-3090#851, c1901, a vLLM
 * dual-RTX-5090 report). Blanked.
 */
/**
 * (second rule) "GPU memory utilization" said of what a monitor showed: a range ("is 0-20%"), a verb or word only
 * an observation takes ("stays around 40%", "remains constant at 86%", "of only 30%"), or a verb of looking before
 * the keyword ("nvidia-smi shows memory utilization of 30%"). A user who sets vLLM's share gives it ("util 0.9",
 * "--gpu-memory-utilization 0.8", "at gpu memory utilization 85%"), which this leaves alone. The vocabulary's util
 * keyword had taken the first number: "GPU memory utilization is 0-20%, with Ollama running the model on CPU"
 * (ollama/ollama#3301) refused the whole message as a utilization of 0. Blanked.
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
  {
    id: 'prose.observed-memory-util',
    pattern: new RegExp(
      String.raw`(?:\b${LOOKED}\s+(?:[\w-]+\s+){0,3}${UTIL_WORD}\s+${LINK}{0,3}${PERCENT}` +
        String.raw`|\b${UTIL_WORD}\s+${LINK}{0,3}${OBSERVED}\s+(?:(?:${OBSERVED}|is|at|around|about|~|of|to|constant|constantly)\s+){0,3}${PERCENT}` +
        String.raw`|\b${UTIL_WORD}\s+${LINK}{0,3}~?\d{1,3}(?:\.\d+)?\s*%?\s*(?:-|–|to)\s*(?:~?\d{1,3}(?:\.\d+)?)?\s*%)`,
      'g',
    ),
    when: (t) => t.includes('%') && /utili[sz]ation/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" read as what a monitor showed, not the engine's memory share`);
      return ' '.repeat(m[0].length);
    },
    example: 'How would I understand the utilization that I see?  GPU memory utilization is 0-20%, with Ollama',
    source: 'ollama/ollama#3301',
  },
  {
    // The card's load said as what was seen: "the GPU utilization remains constant at 86% and 87%"
    // (mlc-ai/mlc-llm#2955, c826, read as vLLM's util 0.86), "my GPU utilization always remains around
    // 30-40%" (bmaltais/kohya_ss#2154), "the GPU utilization fluctuates between 0% and 90% rapidly"
    // (tloen/alpaca-lora#584). nvidia-smi's GPU-Util is compute busy time, no memory setting: with any
    // word between it and the percentage (a link or an observation), it is set aside, said in a note.
    // "gpu memory utilization 0.9" and "gpu util 0.95" (a setting, no such word) stay vLLM's fraction.
    // A test log's label too: "GPU utilization: about 80%" (liltom-eth/llama2-webui#9, c3227, b96: read as util 0.8).
    id: 'prose.observed-gpu-load',
    pattern: new RegExp(
      String.raw`\b(?:gpu|card|sm)[\s_-]*(?:util(?:i[sz]ation)?|usage|load)\b[:：]?(?:\s+(?:${LOAD_LINK}|${OBSERVED})\b)+\s*`
        + String.raw`\d{1,3}(?:\.\d+)?\s*%?(?:\s*(?:-|–|~|to|and|or)\s*\d{1,3}(?:\.\d+)?)?\s*%`,
      'gi',
    ),
    when: (t) => t.includes('%') && /util|usage|load/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" read as the card's observed load (nvidia-smi GPU-Util), not a memory setting`);
      return ' '.repeat(m[0].length);
    },
    example: 'During inference, I have observed that the GPU utilization remains constant at 86% and 87% when sending multiple prompts.',
    source: 'mlc-ai/mlc-llm#2955',
  },
];
