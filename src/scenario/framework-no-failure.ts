import type { MentionRow } from './framework-mentions.js';

/**
 * A tool named as the one where the failure does not happen, the failure's denial said right after
 * its name: "本项目微调显存溢出，LLama factory 不溢出" (this project's fine-tune overflows GPU memory,
 * LLaMA-Factory does not: modelscope/ms-swift#7162, c1984), "axolotl doesn't OOM", "unsloth has no
 * OOM", "vllm 不会爆显存", "llama.cpp 没有报错". fact-cues.ts CONTRASTED reads the same set-against
 * tool said after the words ("didn't happen with X"); here the name comes first.
 *
 * Only the failure words count (OOM, running out of memory, 溢出 / 爆显存 / 报错): "unsloth doesn't
 * support multi-GPU" says what the tool lacks, not that another tool is the one failing.
 */
const NO_FAILURE =
  /^\s*(?:(?:就|也|却|则|倒)?\s*(?:不会?|没有?|并不|并没有?|从不)\s*(?:(?:会|出现|发生|报)\s*)?(?:(?:显存)\s*)?(?:溢出|爆显存|爆|oom|报错)|(?:does(?:n'?t| not)|did(?:n'?t| not)|never|won'?t|will not)\s+(?:ooms?|runs?\s+out\s+of\s+memory|ran\s+out\s+of\s+memory|go(?:es)?\s+oom|crash(?:es)?|fails?)\b|(?:has|had|gives?|shows?)\s+no\s+(?:oom|out[- ]of[- ]memory|error)s?\b)/i;

export const NO_FAILURE_ROW: MentionRow = {
  id: 'mention.contrast-no-failure',
  kind: 'contrast',
  words: (text, at, end) => {
    const denied = NO_FAILURE.exec(text.slice(end, end + 32));
    return denied ? `${text.slice(at, end)}${denied[0]}`.trim() : null;
  },
  example: '同配置，本项目微调显存溢出，LLama factory 不溢出。',
  source: 'modelscope/ms-swift#7162 (c1984)',
};
