import type { ProseRule } from '../types.js';

/**
 * Korean and Japanese words for running out of GPU memory, read as the "oom" the grammar knows (as
 * question.oom-zh reads 显存不足): they had been foreign words no rule read. Whether the user says
 * the run did it or asks whether it would is oom-reports.ts's to tell.
 */
/** The Korean words (lower-cased text), shared with oom-reports.ts's reported.oom-ko. */
export const OOM_WORDS_KO = String.raw`(?:gpu\s*|그래픽\s*)?메모리\s*(?:가\s*)?(?:부족|초과)|vram\s*(?:이\s*)?부족|kv\s*(?:cache|캐시)\s*(?:가\s*)?부족`;
/** The Japanese words, shared with oom-reports.ts's reported.oom-ja. */
export const OOM_WORDS_JA = String.raw`(?:(?:gpu\s*)?メモリ|kv\s*(?:cache|キャッシュ))\s*(?:が\s*)?不足(?:\s*に(?:なります|なりました|なる|なった|なって))?|(?:メモリ|vram)\s*が\s*足りな(?:い|く|かった)`;

export const OOM_WORD_RULES: readonly ProseRule[] = [
  {
    // "메모리 부족" (memory shortage), "메모리가 부족" (memory is short), "VRAM 부족", "메모리 초과" (memory exceeded).
    id: 'question.oom-ko',
    pattern: new RegExp(OOM_WORDS_KO, 'g'),
    when: (t) => /부족|초과/.test(t),
    write: (m) => ' oom '.padEnd(Math.max(5, m[0].length)),
    example: 'RTX 4090 두 장인데 메모리 부족 에러가 납니다',
  },
  {
    // "メモリ不足" (memory shortage), "メモリ不足になります" (runs out of memory), "VRAMが足りない" (VRAM is not enough).
    id: 'question.oom-ja',
    pattern: new RegExp(OOM_WORDS_JA, 'g'),
    when: (t) => /不足|足りな/.test(t),
    write: (m) => ' oom '.padEnd(Math.max(5, m[0].length)),
    example: '4090で学習するとメモリ不足になります',
  },
];
