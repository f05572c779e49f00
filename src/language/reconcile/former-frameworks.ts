import type { Item } from '../items.js';
import { sentenceStart } from '../sentence-ends.js';

/**
 * A framework the user says they used before, not now: "I used to primarily use unsloth, but I was
 * intrigued by the potential of liger-kernel, so I'm currently testing it" over HF's training.py with
 * `--use_liger True` (linkedin/Liger-Kernel#311, corpus c1831: read as an Unsloth QLoRA run, where the
 * run is the HF Trainer's full fine-tune), "we switched from axolotl to …". ("The error is coming from deepspeed" is no move: not read.)
 * The habit is in the past, so the name is no evidence of this run's program: set aside with a note,
 * and the program is what the rest of the message says (or the default, said as one).
 *
 * Only the words of a habit left or a move away are read ("used to use X", "previously used X",
 * "switched / moved / migrated from X", "moved our qwen2.5-14b deployment from TGI to vLLM" with up to four words
 * between, rserve8's variations); "I used X before and it worked" is a working run
 * (reconcile/mentions.ts), and "I used X" alone is the run's own.
 */
export const FORMER_FRAMEWORK_RULE = {
  id: 'reconcile.former-framework',
  example: 'I used to primarily use unsloth, but I was intrigued by the potential of liger-kernel',
  source: 'linkedin/Liger-Kernel#311',
} as const;

/** The words just before the name, within its sentence. */
const FORMER = /\b(?:(?:i|we)\s+(?:have\s+)?used\s+to\s+(?:(?:primarily|mainly|mostly|only|always|just)\s+)?(?:use|run|train\s+with|work\s+with|fine-?tune\s+with)|(?:i|we)\s+(?:previously|formerly|originally)\s+(?:used|ran|trained\s+with)|(?:switch(?:ed|ing)?|mov(?:ed|ing)|migrat(?:ed|ing))\s+(?:[\w.-]+\s+){0,4}?(?:over\s+)?(?:away\s+)?from)\s+(?:the\s+)?$/i;

type FrameworkItem = Extract<Item, { kind: 'framework' }>;

export function formerFrameworks(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !/used to|previously|formerly|originally|from/i.test(text)) return items;
  const former = items.filter((i): i is FrameworkItem => {
    if (i.kind !== 'framework') return false;
    // The sentence's own end marks, not every dot: "moved our qwen2.5-14b deployment from TGI" had been cut at "2.".
    const clause = text.slice(sentenceStart(text, i.at, Math.max(0, i.at - 60)), i.at);
    return FORMER.test(clause);
  });
  if (former.length === 0) return items;
  for (const f of former) notes.push(`"${f.text.trim()}" is a program you say you used before, not this run's, so it is not read as your framework; say ${f.value} if this run uses it`);
  return items.filter((i) => !former.includes(i as FrameworkItem));
}
