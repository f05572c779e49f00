import type { ProseRule } from '../types.js';

/**
 * An offload asked for as a feature ("Add cpu offload for Qwen/Qwen2-VL-72B-Instruct-AWQ", "please implement
 * CPU offloading", "support for disk offload") is no setting of the run: the run is the one that fails
 * without it. matatonic/openedai-vision#24 (c1885) asks an OpenAI-style vision server to offload a 72B AWQ
 * model to the CPU ("I see in your vision.py's options there --max-memory option to offload on CPU. Can you
 * please implement it also for …"): the vocabulary's "cpu offload" (ZeRO-Offload of a trainer's optimizer)
 * had turned "I want to run" into a LoRA run with its optimizer offloaded. Every offload word of a message
 * that asks for one to be added is the feature's: blanked, said. A message that only uses one
 * ("with cpu offload it fits") asks for nothing and keeps it.
 */
const OFFLOAD_WORDS = String.raw`(?:(?:cpu|disk|ram|nvme)[\s_-]*)?offload(?:ing|ed|s)?(?:\s+(?:on|to|onto)\s+(?:the\s+)?(?:cpu|disk|ram|nvme))?`;

/** Asking for it to be added: "add / implement / support (for) … offload", "offload support", "can you implement it also for <model>". */
const ASKS_FOR_IT = new RegExp(
  String.raw`\b(?:add(?:ing)?|implement(?:ing)?|support(?:ing)?|feature(?:\s+request)?)\b(?:\s+(?:an?|the|for|support\s+for))*\s+(?:cpu\s+|disk\s+|nvme\s+)?offload|\boffload(?:ing)?\s+support\b|\bcan\s+you\s+(?:please\s+)?(?:add|implement)\s+(?:it|this|that)\s+(?:also\s+)?for\b`,
);

export const ASKED_OFFLOAD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.offload-asked-for',
    pattern: new RegExp(String.raw`\b${OFFLOAD_WORDS}\b`, 'g'),
    when: (t) => t.includes('offload') && ASKS_FOR_IT.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is the feature you ask for, not a setting of your run: not read (say "offload" if your run uses one)`);
      return ' '.repeat(m[0].length);
    },
    example: 'Add cpu offload for Qwen/Qwen2-VL-72B-Instruct-AWQ',
    source: 'matatonic/openedai-vision#24',
  },
];
