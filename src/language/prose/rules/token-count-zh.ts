import type { ProseRule } from '../types.js';

/**
 * A count of tokens written the Chinese way, with words between the number and its unit: an
 * approximation (左右 / 上下 "about", 多 "-odd"), the counter 个 and the possessive 的 — "6000左右的token"
 * (about 6000 tokens, xorbitsai/inference#852, c1253), "6000个token", "3000多个token", "8k左右的tokens".
 * The reader knew "6000 token" and "10000token左右" (read-tokens.ts), not these, so the failing run's
 * length was lost and the working run's "7000token" read in its place. Written as "N tokens", the
 * unit its cue, as the English "about 6000 tokens" reads. A unit glued to the next Latin word, as
 * that user typed it ("6000左右的tokenawq量化的"), still ends at "token" (never "tokenizer").
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([kK万千])?`;
const BETWEEN = String.raw`\s*(?:(?:左右|上下|多)\s*(?:个)?|个)\s*(?:的)?\s*|\s*的\s*`;

export const TOKEN_COUNT_ZH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.token-count-zh',
    pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}(?:${BETWEEN})tokens?(?!iz|is)`, 'g'),
    when: (t) => /token/.test(t) && /左右|上下|多|个|的/.test(t),
    write: (m) => ` ${m[1]!.replace(/,/g, '')}${(m[2] ?? '').toLowerCase()} tokens `,
    example: '双 2080ti 22g显卡下，6000左右的tokenawq量化的sus-chat-34b-awq会爆显存',
    source: 'xorbitsai/inference#852',
  },
  {
    // The token unit in Korean and Japanese, "8000 토큰", "4096トークン", "샘플당 2048 토큰" (rlen2): a count of tokens, as
    // "N tokens" reads (a length, its unit the cue). The reader knew neither word, so the count was left unread.
    // Not a rate: "12.40 トークン/秒" (c1127), "초당 30 토큰" is a speed's (rates.ts).
    id: 'prose.token-unit-ko-ja',
    pattern: /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*([kK])?[ \t]*(?:개의?[ \t]*)?(?:토큰|トークン)(?![ \t]*(?:\/|per[ \t]|당|毎|每|마다))/g,
    when: (t) => /토큰|トークン/.test(t),
    write: (m) => ` ${m[1]!.replace(/,/g, '')}${(m[2] ?? '').toLowerCase()} tokens `,
    example: '프롬프트는 8000 토큰, llama-3-8b LoRA, RTX 4090 1장',
  },
];
