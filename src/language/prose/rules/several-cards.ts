import type { ProseRule } from '../types.js';

/**
 * "full finetune on several 4090s", "multiple A100s", "a few H100s", "multiple GPUs (A100 80G)": words of several
 * before plural cards, with no count. They had been dropped ("several" unread) or listed as not read, and the plural
 * card read as one — the run answered on one card in silence. The word is set aside with the note
 * prose.multi-without-count leaves ("… says several without a count"), so a count said elsewhere decides, and where
 * none is, the one card read is said weak with these words (scenario/uncounted-cards.ts). Chinese 几张 / 多少张 ask how
 * many (phrasing.ts) and stay a question.
 */
/**
 * A sentence that asks or wishes, with the several cards in it: "Does skypilot support to inference LLama2-70B in
 * multiple A10 vms?" (skypilot-org/skypilot, c2429), "can I serve … over several A10 machines?", "I want to run …
 * across multiple 4090s, is that possible?". The count is what is asked (DESIGN §2's how-many), not one card.
 */
const ASKING_START = /(?:^|,)\s*(?:(?:can|could|does|do|would|will|is|are|should|how)\b|i(?:'d| would)? (?:want|like|plan|hope) to\b|i'm (?:trying|planning) to\b|we (?:want|plan) to\b)/i;
function asks(input: string, at: number): boolean {
  const start = Math.max(...['.', '!', '?', '\n'].map((c) => input.lastIndexOf(c, at - 1))) + 1;
  const tail = input.slice(at).search(/[.!\n]|\?/);
  const sentence = input.slice(start, tail < 0 ? input.length : at + tail + 1);
  return ASKING_START.test(input.slice(start, at)) && /\?\s*$|\b(?:possible|support)\b/.test(sentence);
}

export const SEVERAL_CARD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.several-without-count',
    // A card named once before its machines' noun is plural too: "multiple A10 vms", "several A100 nodes".
    pattern: /(?<!\bhow\s+)\b(?:multiple|several|a few)(?=\s+((?:nvidia\s+|geforce\s+|tesla\s+)?(?:rtx\s*|gtx\s*)?(?:[a-z]{1,4}[ -]?\d{2,4}[a-z]*|\d{4}(?:\s?ti)?)(?:s|\s+(?:vms|machines|nodes|instances|servers|boxes|gpus|cards))|gpus|cards|graphics cards)\b)/g,
    when: (t) => /\b(?:multiple|several|a few)\s/.test(t),
    write: (m, notes) => {
      if (!/^(?:gpus|cards|graphics cards)$/.test(m[1]!) && asks(m.input, m.index)) return 'how many';
      notes.push(`"${m[0]} ${m[1]}" says several without a count: the count is read where it is said`);
      return ' '.repeat(m[0].length);
    },
    example: 'llama-3-8b full finetune on several 4090s keeps running out of memory',
  },
];
