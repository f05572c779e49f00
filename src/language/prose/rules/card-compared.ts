import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * A card the run is compared with is not the run's card (s46 rdev; docs/reading.md, "Which card is the user's"): "qwen2-7b
 * inference with vllm is 2x slower than on a 3090", "faster than my A100", "比3090上慢", "3090보다 느려요". The card after
 * "than" (before 比's adjective, before 보다) is blanked and said; a card the message names elsewhere is read as before.
 * Only a catalog card's name is taken ("than expected", "than 2 GPUs" stay).
 */
const CARD = String.raw`(?:(?:nvidia|geforce|rtx|gtx|tesla)\s+)*(?<card>[a-z]{1,4}[ -]?\d{1,4}[a-z]?|\d{4})(?:\s?(?:ti|super))?`;
const COMPARED = new RegExp(
  String.raw`\b(?:faster|slower|quicker|better|worse|cheaper)\s+than\s+(?:on\s+|with\s+|using\s+)?(?:(?:an?|the|my|our)\s+)?${CARD}(?![\w.])` +
    String.raw`|比\s*(?:在\s*)?${CARD.replace('<card>', '<zh>')}\s*(?:上\s*)?(?:要|还|更)?\s*(?:慢|快|好|差)` +
    String.raw`|(?<![\w.])${CARD.replace('<card>', '<ko>')}\s*(?:에서\s*)?보다`,
  'g',
);

export const CARD_COMPARED_RULES: readonly ProseRule[] = [
  {
    id: 'prose.card-compared',
    pattern: COMPARED,
    when: (t) => t.includes('than') || t.includes('比') || t.includes('보다'),
    write: (m, notes) => {
      const card = m.groups!.card ?? m.groups!.zh ?? m.groups!.ko!;
      if (!gpuIdOf(card.replace(/[ -]/g, ''))) return m[0];
      const at = m[0].lastIndexOf(card);
      notes.push(`"${m[0].trim()}": the ${card} is a card compared with, not read as your setup's (say "on 1x ${card}" if it is yours)`);
      return `${m[0].slice(0, at)}${' '.repeat(card.length)}${m[0].slice(at + card.length)}`;
    },
    example: 'qwen2-7b inference with vllm is 2x slower than on a 3090',
  },
  {
    // A shell prompt's host name ("root@gpu-a100-node3:~#", "root@NVIDIA-A10:~/models# free -h", corpus c1135) names the
    // machine, not the run's card: blanked and said, so a card read elsewhere (a table's, the prose's) is the card.
    id: 'prose.prompt-host-name',
    pattern: /(?<![\w.@-])[a-z_][\w.-]{0,31}@(?<host>[a-z0-9][\w.-]{0,62})(?=:[~\/])/g,
    when: (t) => t.includes('@'),
    write: (m, notes) => {
      const host = m.groups!.host!;
      if (!/\d/.test(host)) return m[0];
      notes.push(`"${host}": a shell prompt's host name, not read as your card`);
      return `${m[0].slice(0, m[0].length - host.length)}${' '.repeat(host.length)}`;
    },
    example: 'root@gpu-a100-node3:~# python train.py',
    source: 'triton-inference-server/triton_cli#65',
  },
];
