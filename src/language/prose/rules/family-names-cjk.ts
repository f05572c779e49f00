import type { ProseRule } from '../types.js';

/**
 * A model family said by its Chinese or Korean name (rmodel9). Chinese users write a lab's models by the
 * name the lab itself gives them in Chinese ("医疗百川13B模型", corpus c2326: Baichuan-13B; "通义千问2-VL-7B",
 * c1647; "百川2 QLora", c933), Korean users by the Latin name in Hangul ("라마 2 13B"). Each is written as the
 * Latin family word the name rules already read with its version and size ("baichuan13b", "llama 2 13b").
 *
 * `sized`: the word is also an everyday word or a company's name, so it is read only before a version or a
 * size (a digit, or a mixture's "A13B"): "海纳百川" (an idiom), "达赖喇嘛"-like words, "零一万物公司" stay words.
 * `latinAfter`: a Latin word glued after it is another name's part ("千问vl3B", c1686), so it is left as written.
 */
interface CjkFamilyName {
  words: string[];
  family: string;
  sized?: true;
  latinAfter?: 'keep';
  source: string;
}

export const CJK_FAMILY_NAMES: readonly CjkFamilyName[] = [
  // 通义千问 (Tongyi Qianwen), 千问 for short: Qwen's Chinese name (QwenLM/Qwen README_CN.md); c1647, c1235.
  { words: ['通义千问', '通義千問', '通义千問', '千问', '千問'], family: 'qwen', latinAfter: 'keep', source: 'QwenLM/Qwen README_CN.md' },
  // 百川 is Baichuan's own Chinese name ("百川智能", baichuan-inc/Baichuan2 README); "海纳百川" is an idiom.
  { words: ['百川'], family: 'baichuan', source: 'baichuan-inc/Baichuan2 README' },
  // 书生·浦语 (InternLM's Chinese name, InternLM/InternLM README_zh-CN.md), with or without its middle dot, or 浦语 alone.
  { words: ['书生·浦语', '书生・浦语', '书生浦语', '書生·浦語', '書生浦語', '浦语', '浦語'], family: 'internlm', source: 'InternLM/InternLM README_zh-CN.md' },
  // 混元 is Tencent's Hunyuan ("腾讯混元", Tencent-Hunyuan/Hunyuan-A13B README).
  { words: ['混元'], family: 'hunyuan', source: 'Tencent-Hunyuan/Hunyuan-A13B README' },
  // Companies named for their models: 零一万物 (01.AI, Yi), 深度求索 (DeepSeek). Only before a size or version.
  { words: ['零一万物', '零一萬物'], family: 'yi', sized: true, source: '01-ai/Yi README_CN.md' },
  { words: ['深度求索'], family: 'deepseek', sized: true, source: 'deepseek-ai/DeepSeek-V3 README' },
  // Hangul spellings of the Latin names; everyday or other words too ("달라이 라마"), so only before a version or size.
  { words: ['라마'], family: 'llama', sized: true, source: 'invented (rmodel9): Korean users write 라마 for Llama' },
  { words: ['큐웬', '퀜'], family: 'qwen', sized: true, source: 'invented (rmodel9)' },
  { words: ['젬마'], family: 'gemma', sized: true, source: 'invented (rmodel9)' },
  { words: ['미스트랄'], family: 'mistral', sized: true, source: 'invented (rmodel9)' },
  { words: ['딥시크'], family: 'deepseek', sized: true, source: 'invented (rmodel9)' },
  { words: ['바이촨'], family: 'baichuan', sized: true, source: 'invented (rmodel9)' },
];

const byWord = new Map(CJK_FAMILY_NAMES.flatMap((name) => name.words.map((w) => [w, name] as const)));
const alternatives = [...byWord.keys()].sort((a, b) => b.length - a.length).join('|');

/** A version or size after the name: "13B", "2-13B", " 2.5 7B", "A13B" (a mixture's active size). */
const SIZED_AFTER = /^[-_ ]?(?:\d|a\d+(?:\.\d+)?b)/;

export const CJK_FAMILY_NAME_RULES: readonly ProseRule[] = [
  {
    id: 'prose.family-cjk-name',
    pattern: new RegExp(`(?<!纳|納)(?:${alternatives})`, 'g'),
    when: (t) => /[\u3400-\u9fff\uac00-\ud7af]/.test(t),
    write: (m) => {
      const name = byWord.get(m[0])!;
      // A Hangul name inside a longer word is not the name ("드라마", drama).
      if (/^[\uac00-\ud7af]/.test(m[0]) && /[\uac00-\ud7af]$/.test(m.input.slice(0, m.index))) return m[0];
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 12);
      if (name.sized && !SIZED_AFTER.test(after)) return m[0];
      if (/^[a-z]/.test(after)) {
        // A mixture's active size is the name's ("混元A13B"); another Latin word is a name of its own.
        if (name.latinAfter === 'keep' && !/^a\d/.test(after)) return m[0];
        return `${name.family} `;
      }
      return name.family;
    },
    example: 'RTX4090跑不动训练好的医疗百川13B模型在gradio上，可以打开但是只要开始聊天就报显存溢出错误。',
    source: 'shibing624/MedicalGPT#169',
  },
];
