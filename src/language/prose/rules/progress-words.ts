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
  {
    // The same position in Chinese, Korean and Japanese: an ordinal step ("训练到第300步的时候OOM", 第2个epoch,
    // 第3轮), a step count followed by a time word ("300步之后", "500 step 时"), "300스텝에서" / "300번째 스텝",
    // "300ステップ目で". The whole phrase is blanked: its counter and ordinal carry no setting either, so they are not
    // listed as unread fragments ("到第", "步的时候"). A count of steps with no time word ("训练 300 步", 累积步数 4)
    // is not matched: it is another rule's or nothing.
    id: 'prose.progress-position-cjk',
    pattern:
      /第\s*\d+\s*(?:个\s*)?(?:步|轮|次迭代|step|steps|epoch|epochs|iter|iteration)|(?<![\d.])\d+\s*(?:步|个?\s*steps?|个?\s*iters?)\s*(?=之后|以后|后|时|的时候|左右|就|开始|出现|报)|(?<![\d.])\d+\s*(?:번째\s*)?(?:스텝|스탭|step)\s*(?=에서|쯤|정도|이후|후|째)|(?<![\d.])\d+\s*(?:ステップ|step)\s*(?:目|(?=あたり|付近|後|で|くらい))/gi,
    when: (t) => /[第步스ステ]/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'qwen2.5-7b 全参微调，4张A100 80G，deepspeed zero2，训练到第300步的时候OOM了',
  },
];
