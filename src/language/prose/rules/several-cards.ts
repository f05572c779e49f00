import type { ProseRule } from '../types.js';

/**
 * "full finetune on several 4090s", "multiple A100s", "a few H100s", "multiple GPUs (A100 80G)": words of several
 * before plural cards, with no count. They had been dropped ("several" unread) or listed as not read, and the plural
 * card read as one — the run answered on one card in silence. The word is set aside with the note
 * prose.multi-without-count leaves ("… says several without a count"), so a count said elsewhere decides, and where
 * none is, the one card read is said weak with these words (scenario/uncounted-cards.ts). A sentence that asks with
 * them ("… on multiple A10 vms?") was made the question how-many before this rule runs
 * (question.several-cards-asked); Chinese 几张 / 多少张 ask how many (phrasing.ts) and stay a question.
 */
export const SEVERAL_CARD_RULES: readonly ProseRule[] = [
  {
    id: 'prose.several-without-count',
    // A card named once before its machines' noun is plural too: "multiple A10 vms", "several A100 nodes".
    // "some V100s with 16GB" and "multi A100 GPUs" say it too (mosaicml/llm-foundry#437, c3166, b94; deepspeedai/DeepSpeedExamples#557,
    // c2931, b86: each read as one card in silence), and a memory may stand between the card and its noun ("several V100 32GB cards").
    pattern: /(?<!\bhow\s+)\b(?:multiple|several|a few|some|many|multi)(?=\s+((?:nvidia\s+|geforce\s+|tesla\s+)?(?:rtx\s*|gtx\s*)?(?:[a-z]{1,4}[ -]?\d{2,4}[a-z]*|\d{4}(?:\s?ti)?)(?:s|(?:[ -]\d{2,3}\s?gb?)?\s+(?:vms|machines|nodes|instances|servers|boxes|gpus|cards))|gpus|cards|graphics cards)\b)/g,
    when: (t) => /\b(?:multiple|several|a few|some|many|multi)\s/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]} ${m[1]}" says several without a count: the count is read where it is said`);
      return ' '.repeat(m[0].length);
    },
    example: 'llama-3-8b full finetune on several 4090s keeps running out of memory',
  },
];
