import type { ProseRule } from '../types.js';
import { kMultiple } from '../../numbers.js';

/**
 * A length said as a range is the range's top, or the value the message says again (s47, rlen3; docs/reading.md "A
 * speed, a generation cap, a range, a context key spelt another way"). "prompts of 15K~20K tokens", "8k-12k context",
 * "between 2000 and 3000 tokens", "anywhere from 4k to 8k", "3000到4000个token", "2000~3000 토큰", "4k〜6kトークン": the
 * memory question is about the worst case, so the top is the length, said with the range's words ("seq 20,480 — the top
 * of '15k~20k'"); a value inside the range said again elsewhere ("…, usually 12k", "I can run 20K ctx with the fix") is
 * the run's, and the range is set aside for it. Until s47 the reader took the bottom and dropped the top as a second,
 * disagreeing length.
 * Evidence: the two numbers joined by a range mark (~ ～ 〜 - – — to 到 至, "between … and"), the second larger, with a
 * length's unit after the top (tokens, ctx, context, 토큰, トークン, 个token, 上下文, 长度) or a length's noun before the
 * range in its clause (context, length, seq, prompts, inputs, 上下文, 长度, 输入, 입력, 入力, コンテキスト). What breaks it:
 * no unit and no noun ("batch 2-4", "2-4 x a100", a date "2024-05-12", a model's name "llama-3-8b"), a bottom not
 * below the top, a top too short to be a length (under 64 tokens).
 */
const N = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k|万|千)?`;
const SEP = String.raw`[ \t]*(?:~|～|〜|-|–|—|\bto\b|到|至)[ \t]*`;
const NOUN = String.raw`(?:\b(?:context|ctx|seq(?:uence)?s?|lengths?|len|prompts?|inputs?|documents?)\b|上下文|长度|输入|입력|컨텍스트|入力|コンテキスト)`;
/** A length's noun before the range in its clause, a few words between: "context will be anywhere from 4k to 8k". */
const NOUN_BEFORE = new RegExp(String.raw`${NOUN}[^\d,.;:!?\n，。；：]{0,30}$`, 'i');
const UNIT_AFTER = /^[ \t]*(?:个[ \t]*|개의?[ \t]*)?(?:tokens?\b|toks?\b|ctx\b|context\b|토큰|トークン|的?上下文|的?长度)/i;
/** A value said again after the range, with its "k" or a length's unit. */
const RESTATED = /(?<![\w.\-/])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(?:(k|万|千)(?![a-z])|[ \t]*(?=tokens?\b|ctx\b|context\b|上下文|토큰|トークン))/gi;
/** The shortest top read as a length. */
const SHORTEST = 64;

function tokens(digits: string, unit: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  if (unit === 'k') return Math.round(n * kMultiple(n));
  if (unit === '万') return n * 10_000;
  if (unit === '千') return n * 1_000;
  return n;
}

export const LENGTH_RANGE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.length-range',
    pattern: new RegExp(
      String.raw`(?<![\w.\-/])(?:(?:between|from)[ \t]+)?${N}(?:[ \t]*tokens?)?(?:${SEP}|[ \t]+and[ \t]+)${N}(?![\w.\-/]|[ \t]*[x×*][ \t]*\w)`,
      'gi',
    ),
    when: (t) => /\d\s*[k万千]?\s*(?:~|～|〜|-|–|—|to|到|至|and)\s*\d/i.test(t),
    write: (m, notes) => {
      const [whole, a, aUnit, b, bUnit] = m as unknown as [string, string, string | undefined, string, string | undefined];
      const after = m.input.slice(m.index + whole.length, m.index + whole.length + 24);
      if (!NOUN_BEFORE.test(m.input.slice(Math.max(0, m.index - 48), m.index)) && !UNIT_AFTER.test(after)) return whole;
      // "between … and" only: "2000 and 3000" elsewhere is two values.
      if (/[ \t]and[ \t]/.test(whole) && !/^between\b/.test(whole)) return whole;
      const top = tokens(b, bUnit);
      const bottom = tokens(a, aUnit ?? (Number(a) < Number(b) ? bUnit : undefined));
      if (!(bottom < top) || top < SHORTEST) return whole;
      const range = whole.trim();
      // A value inside the range said again after it is the run's: the range is set aside for it.
      for (const r of m.input.slice(m.index + whole.length).matchAll(RESTATED)) {
        const v = tokens(r[1]!, r[2]);
        if (v >= bottom && v < top) {
          notes.push(`"${range}" read as a range; "${r[0].trim()}", said again, is the length estimated`);
          return ' '.repeat(whole.length);
        }
      }
      notes.push(`seq ${top.toLocaleString('en-US')}: the top of "${range}" (the longest must fit; say "seq N" for another)`);
      const topWords = `${b}${bUnit ?? ''}`;
      const topAt = whole.lastIndexOf(topWords);
      return [
        { text: ' '.repeat(topAt), from: 0, to: topAt },
        { text: topWords, from: topAt, to: whole.length },
      ];
    },
    example: 'vllm serve meta-llama/Llama-3.1-8B-Instruct on an L40S, prompts of 15K~20K tokens',
    // The top is the worst case, a choice the words do not make: said on the first screen with the range's words (a
    // dataset's span, "spanning from 50 tokens to 19900 tokens", c556, is read at its top but said, not silent).
    weak: true,
  },
];
