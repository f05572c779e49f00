import type { ProseRule } from '../types.js';

/**
 * Threads a message cites, read before every other prose rule: a rule that rewrites a word inside
 * the citation (an engine's name in the repository's) would leave its number standing alone.
 */
export const CITATION_RULES: readonly ProseRule[] = [
  {
    // A GitHub thread cited as `owner/repo#N` ("see NVIDIA/TensorRT-LLM#2123", "like
    // huggingface/text-generation-inference#2123"): it names another thread, as a link to an issue does
    // (blanked as links are, engine-links.ts reads only docs and repository pages), and a message that
    // cited one was refused for "2123" as a number with no unit, or read the repository as a Hub model.
    // The whole reference is blanked, Hub-id-like as its first part is; bounded parts keep the scan linear.
    id: 'prose.issue-reference',
    pattern: /(?<![\w.\/-])[\w.-]{1,100}\/[\w.-]{1,100}#\d+\b/g,
    when: (t) => t.includes('#'),
    write: (m) => ' '.repeat(m[0].length),
    insideHubIds: true,
    example: 'qwen2-72b on 4x a30, same OOM as NVIDIA/TensorRT-LLM#2123',
    source: 'NVIDIA/TensorRT-LLM#2123',
  },
  {
    // A thread of the same repository cited by its number alone ("same issue as #1234", "see #5678",
    // "related to #123"), or left alone after an earlier stage read the repository's name as an engine
    // ("huggingface/text-generation-inference#2123" → "tgi serve #2123"): GitHub's own notation for a
    // thread, no setting ("the source code of train.py, in #11, I change …", c869). Two digits or more,
    // after a space or a bracket and before no letter.
    id: 'prose.issue-number',
    pattern: /(?<![\w#&])#\d{2,}(?![\w.])/g,
    when: (t) => t.includes('#'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'qwen2-72b on 4x a30, same error as #2123',
    source: 'mistralai/mistral-finetune#107',
  },
];
