import type { ProseRule } from '../types.js';

/**
 * Where in the run something happened — "keeps OOMing at step 1", "crashes after epoch 2", "around
 * iteration 300/1000" — is a position in the run, no setting: its number is blanked so it is neither
 * read as a count nor listed as an unread word (issue 22 item 4: a step count is no setup word). A
 * count of steps ("30 steps", training.data-count) and an accumulation ("accumulation steps 4") are
 * other rules': this one needs the preposition before a singular progress noun.
 */
export const PROGRESS_WORD_RULES: ProseRule[] = [
  {
    id: 'prose.progress-position',
    pattern: /\b(?:at|after|around|in|on|by|until|till|from|before|during)\s+(?:the\s+)?(?:(?:first|very\s+first|training|global)\s+)?(?:step|epoch|iteration|iter)\s*#?\s*(\d+(?:\s*\/\s*\d+)?)\b/g,
    when: (t) => /step|epoch|iter/.test(t),
    write: (m) => m[0].slice(0, m[0].length - m[1]!.length) + ' '.repeat(m[1]!.length),
    example: 'trying to finetune mistral 7b with qlora on my 3060 12gb ... keeps OOMing at step 1. any tips?',
  },
];
