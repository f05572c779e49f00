import type { ProseRule } from '../types.js';
import { namesOwnCard } from './question-structure.js';

/** A count of GPUs the user states ("4 GPUs", "2x", "8卡"): theirs, so another's run asked about is only compared. */
const OWN_COUNT = /(?<![\w.])\d{1,4}\s*(?:x\b|×|gpus?\b|cards?\b|卡|张)/;

/**
 * "Could you tell me what kind of GPU you used and what batch size you used to fine-tune Qwen2.5-VL 7B?"
 * (microsoft/GUI-Actor#12, corpus c1748), "could you please share that how may GPU card and what type you use"
 * (EvolvingLMMs-Lab/multimodal-sae#6, c1729): a user with no card of their own asks the authors' setup to learn
 * which card the work needs. With a card or a count of the user's in the message, the question is about
 * another's run and is set aside (question.gpu-of-another-run, question.count-of-another-run); with none, the
 * card the authors used stands for the card the user needs: "which gpu", whose answer ranks the cards that fit.
 * The batch they used is theirs too, never the largest batch the user's card holds: blanked, said.
 */
export const AUTHORS_SETUP_QUESTION_RULES: readonly ProseRule[] = [
  {
    id: 'question.authors-card-asked',
    pattern:
      /\b(?:(?:what|which)(?:\s+and\s+how\s+many)?\s+(?:kind\s+of\s+|type\s+of\s+|model\s+of\s+)?(?:gpus?|cards?|graphics\s+cards?)|how\s+ma(?:ny|y)\s+(?:gpus?|cards?)(?:\s+cards?)?\s+and\s+(?:what|which)\s+(?:kind|type|model)(?:\s+of\s+(?:gpus?|cards?))?)\s+(?:(?:did|do|does)\s+)?(?:you|they|the\s+authors?)\s+(?:use|used|using)\b/g,
    when: (t) => /gpu|card/.test(t),
    write: (m, notes) => {
      if (namesOwnCard(m.input) || OWN_COUNT.test(m.input)) return m[0];
      notes.push(`"${m[0].trim()}" asks the authors' card; with none of yours named, read as "which gpu": the cards that fit (name yours, e.g. "on 1x a100-80g", to check it)`);
      return 'which gpu'.padEnd(m[0].length);
    },
    example: 'Could you tell me what kind of GPU you used and what batch size you used to fine-tune Qwen2.5-VL 7B?',
    source: 'microsoft/GUI-Actor#12',
  },
  {
    id: 'question.authors-batch-asked',
    pattern: /\b(?:what|which)\s+(?:batch[\s_-]*size|bs)\s+(?:(?:did|do|does)\s+)?(?:you|they|the\s+authors?)\s+(?:use|used|using|set|chose)\b/g,
    when: (t) => t.includes('batch') || t.includes('bs'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" asks the batch of another's run, not the largest that fits yours; not read (say "max batch" to ask that)`);
      return ' '.repeat(m[0].length);
    },
    example: 'Could you tell me what kind of GPU you used and what batch size you used to fine-tune Qwen2.5-VL 7B?',
    source: 'microsoft/GUI-Actor#12',
  },
  {
    // The method of another's run asked about: "did u use LORA PEFT while doing this SFT if yes what was the
    // lora confg" (tulerfeng/Video-R1#124, c1274: the user's own run is the repository's full SFT script),
    // "were you using qlora when you trained the 13b?", "请问作者训练时用的是lora吗". Theirs, to the end of
    // the question: blanked, said, so the user's own words decide the method.
    id: 'question.authors-method-asked',
    pattern:
      /\b(?:did|do|does|were|are)\s+(?:you|u|they|the\s+authors?)\s+(?:guys\s+)?(?:use|used|using|apply|applied|try|tried|train(?:ed)?\s+with)\s+(?:the\s+|a\s+)?(?:q?lora|peft|adapters?|full[\s-]*(?:fine[\s-]*tun\w*|parameters?))\b[^.?!\n。？！]*|(?:作者|你们|您)[^，,。？?！!\n]{0,12}?(?:用的?是?|使用了?|采用了?)\s*(?:q?lora|peft|全参|全量)[^。？?！!\n]*/g,
    when: (t) => /lora|peft|full|全参|全量/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" asks the method of another's run, not yours; not read (say "lora" or "full" for yours)`);
      return ' '.repeat(m[0].length);
    },
    example: 'I Have a question did u use LORA PEFT while doing this SFT if yes what was the lora confg',
    source: 'tulerfeng/Video-R1#124',
  },
];
