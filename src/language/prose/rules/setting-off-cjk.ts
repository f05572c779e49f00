import type { ProseRule } from '../types.js';

/**
 * A setting turned off, said in Chinese or Korean with the verb after it or with its aspect mark (and in English with
 * "switch off" / "turn off" before it, prose.turn-off-setting): "梯度检查点关闭",
 * "offload关掉了", "flash attention 不开", "关闭了梯度检查点", "禁用了offload", "gradient checkpointing 끄고 학습",
 * "offload 안 쓰고", "플래시 어텐션은 비활성화", "LoRA 없이 전체 파라미터". English says it as "without X" or "X off" (vocabulary.ts) and the
 * Chinese prefix verbs 关闭 / 没开 / 不用 as "without" (phrasing.ts CHINESE_WORDS), but an aspect mark (关闭了) or a
 * verb after the setting left the setting's own name to be read alone, as turned on: "关闭了梯度检查点" read full
 * recompute and "禁用了offload" read ZeRO-3 with CPU offload, in silence (issue 22 §7: "X turned off", "不用 X"
 * negate X). Written as "without <setting>", which the vocabulary reads as the setting off; its words are the user's.
 *
 * The setting's name is read here in Hangul too (그래디언트 체크포인팅, 플래시 어텐션, 오프로드, 딥스피드), which the
 * reader had left unread; runs before prose.chinese-words, so 梯度检查点 and 关闭 are still the user's words.
 */

/** A setting someone turns off, by its English, Chinese or Korean name; group 1. */
const SETTING = String.raw`(gradient[\s_-]?checkpointing|activation[\s_-]?checkpointing|梯度检查点|重计算|flash[\s_-]?att(?:entio)?n(?:[\s_-]?2)?|(?:cpu[\s_-]?)?offload(?:ing)?|deepspeed|zero[\s_-]?[0-3]|그[래라]디언트\s?체크포인팅|활성화\s?체크포인팅|플래시\s?어텐션|오프로드|오프로딩|딥\s?스피드|q?lora|큐?로라)`;

/** The verb that turns it off, after it: Chinese with or without 了, Korean with its endings. */
const OFF_AFTER = String.raw`(?:[은는을를도이가]\s*)?(?:都|也|已经|已)?\s*(?:关闭了?|关掉了?|关了|禁用了?|去掉了?|停用了?|没开启?|没有开启?|不开启?|未开启?|끄고|끄니|끄면|껐[가-힣]*|꺼서|꺼도|꺼\s?(?:놨|놓|뒀|두었|둔|둠)[가-힣]*|끈\s|안\s?(?:쓰고|써도|쓰니|썼[가-힣]*|씀|켜고|켰[가-힣]*)|없이|없고|없는\s|미사용|안\s?하고|사용\s?안\s?[하함했]|사용하지\s?않[가-힣]*|비활성화)`;

/**
 * A reason between the setting and the verb that turned it off: "chatglm3不支持flash attention2 所以关掉了" (hiyouga/LlamaFactory#2606,
 * c2938: ChatGLM3 has no FlashAttention-2, so it was turned off; it had read as on), "flash-attn2 不支持所以关掉了",
 * "flash attention不兼容，就关闭了". Only a short "not supported" and a "so": a longer clause may be about something else.
 */
const REASON_BETWEEN = String.raw`(?:\s*(?:不支持|不兼容|用不了|跑不了|装不上)?[，,]?(?:所以|因此|于是|就))?`;

/** The verb before it with its aspect mark (关闭了 X, 禁用 X): the bare 关闭 / 没开 are CHINESE_WORDS'. */
const OFF_BEFORE = String.raw`(?:关闭了|关掉了?|禁用了?|去掉了?|停用了?)\s*(?:了\s*)?`;

/** The setting's name in the item language's words. */
function named(setting: string): string {
  if (/체크포인팅|梯度检查点|计算|checkpointing/.test(setting)) return 'gradient checkpointing';
  if (/플래시|flash/.test(setting)) return 'flash attention';
  if (/오프로|offload/.test(setting)) return 'offload';
  if (/딥|deepspeed/.test(setting)) return 'deepspeed';
  if (/lora|로라/.test(setting)) return /^(?:q|큐)/.test(setting) ? 'qlora' : 'lora';
  return setting.replace(/[\s_-]+/g, '');
}

const CJK = /[\u4e00-\u9fff\uac00-\ud7a3]/;

export const SETTING_OFF_CJK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.setting-then-off-cjk',
    // Not where another setting follows the verb: "zero3 没开启offload" turns the offload off, not ZeRO-3.
    pattern: new RegExp(`${SETTING}${REASON_BETWEEN}\\s*${OFF_AFTER}(?![启了]?\\s*${SETTING})`, 'g'),
    when: (t) => CJK.test(t),
    write: (m) => ` without ${named(m[1]!)} `,
    example: 'qwen-14b lora，梯度检查点关闭了，2张4090',
  },
  {
    id: 'prose.off-then-setting-zh',
    pattern: new RegExp(`${OFF_BEFORE}${SETTING}`, 'g'),
    when: (t) => CJK.test(t),
    write: (m) => ` without ${named(m[1]!)} `,
    example: '训练 qwen-14b lora，关闭了梯度检查点，2张4090',
  },
  {
    // The English verb before the setting: "had to switch off flash attention", "I turned off flash attention 2 since the
    // card lacks it", "we turn off gradient checkpointing". "X turned off" and "disabled X" are read as negations
    // (read-tokens/words.ts), but "off" between the verb and the setting negated nothing, so the setting read as on
    // (issue 22 §7: a negation has a scope). Written as "without <setting>", the user's words kept.
    id: 'prose.turn-off-setting',
    pattern: new RegExp(`\\b(?:turn(?:ed|ing|s)?|switch(?:ed|ing|es)?|shut(?:ting|s)?)\\s+off\\s+(?:the\\s+|all\\s+)?${SETTING}`, 'g'),
    when: (t) => t.includes('off'),
    write: (m) => ` without ${named(m[1]!)} `.padEnd(m[0].length),
    example: 'chatglm3-6b full pretrain on 4x a100 80g, I turned off flash attention 2 since chatglm3 does not support it',
    source: 'hiyouga/LlamaFactory#2606',
  },
  {
    // The name alone, said on: "그래디언트 체크포인팅 켜고" (turned on), "플래시 어텐션 사용". The reader had no Hangul
    // names for these settings, so a message that named one read it as not said.
    id: 'prose.setting-names-ko',
    pattern: /그[래라]디언트\s?체크포인팅|활성화\s?체크포인팅|플래시\s?어텐션|오프로드|오프로딩|딥\s?스피드/g,
    when: (t) => /[\uac00-\ud7a3]/.test(t),
    write: (m) => ` ${named(m[0])} `,
    example: 'llama-3-8b 로라 학습, 그래디언트 체크포인팅 켜고 A100 80G 1장',
  },
];
