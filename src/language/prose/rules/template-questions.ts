import type { ProseRule } from '../types.js';

/**
 * An issue template's own questions, answered on the same line: Unsloth's bug report template
 * (unslothai/unsloth .github/ISSUE_TEMPLATE/bug_report.md) asks "2. `Colab` or `Kaggle` or local / cloud"
 * and "3. Number GPUs used, use `nvidia-smi`", and the user writes the answer after each ("-cloud", "6",
 * "RTX Pro 6000"). The question's option words are the template's, never the user's machine: "Colab" there
 * had read as Colab's free T4 (corpus c1244, answered "cloud"). A bare number after the GPU question is the
 * count ("… `nvidia-smi` 6", c1244: six GPUs under device_map="balanced"); a card after it is read as any
 * card is (c145: "RTX Pro 6000").
 */
export const TEMPLATE_QUESTION_RULES: readonly ProseRule[] = [
  {
    id: 'prose.template-environment-options',
    pattern: /`?colab`?[ \t]+or[ \t]+`?kaggle`?[ \t]+or[ \t]+`?local`?[ \t]*\/[ \t]*`?cloud`?/g,
    when: (t) => t.includes('kaggle'),
    write: (m) => ' '.repeat(m[0].length),
    example: '2. `Colab` or `Kaggle` or local / cloud -cloud',
    source: 'unslothai/unsloth#4685',
  },
  {
    id: 'prose.template-gpu-count-answer',
    pattern: /\bnumber(?:[ \t]+of)?[ \t]+gpus?[ \t]+used,?(?:[ \t]+use[ \t]+`?nvidia-smi`?)?[ \t]*[:：-]?[ \t]*(?:(\d{1,3})(?![\w.]))?/g,
    when: (t) => t.includes('number'),
    write: (m) => (m[1] && Number(m[1]) > 0 ? ` ${m[1]} gpus`.padEnd(m[0].length) : ' '.repeat(m[0].length)),
    example: '3. Number GPUs used, use `nvidia-smi` 6',
    source: 'unslothai/unsloth#4685',
  },
];
