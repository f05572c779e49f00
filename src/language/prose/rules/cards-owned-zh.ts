import type { ProseRule } from '../types.js';
import { CHINESE_DIGITS } from './hardware.js';

/**
 * Cards owned, counted with their classifier and nothing after it: "我用的tesla t4 … 但是我有两张呀" (I use a Tesla T4 …
 * but I have two!; netease-youdao/QAnything#119, corpus c2966), "我们有8块，都是A100", "我只有一张". The card is named
 * elsewhere in the message; the count stands after 有 (have) at a clause's end, so "有两张图片" (two pictures) is no
 * count. prose.chinese-cards reads a count with 卡 or a card's name after it; prose.some-of-the-cards-zh a count a
 * run was given (配置了3张). Only where the message speaks of cards (卡, GPU, 显存). A closing particle (呀, 吗) has been
 * written "question" by question.particles-zh before these rules run.
 */
export const CARDS_OWNED_ZH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.cards-owned-zh',
    pattern: /(?<=有[ \t]{0,2})([0-9]{1,2}|[一两二三四五六七八])[ \t]*(?:张|块)(?=[ \t]*(?:呀|啊|吧|呢|哦|嘛|了|question\b|[，。,.!！?？、；;]|$))/gm,
    when: (t) => /有[ \t]*(?:[0-9]|[一两二三四五六七八])[ \t]*(?:张|块)/.test(t) && /卡|gpu|显存/.test(t),
    write: (m) => ` ${CHINESE_DIGITS[m[1]!] ?? m[1]} gpus `,
    example: '我用的tesla t4，检测的显存是15360MiB，提示我不能跑7B模型，但是我有两张呀',
    source: 'netease-youdao/QAnything#119',
  },
];
