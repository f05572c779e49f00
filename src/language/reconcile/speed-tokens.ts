import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';
import { clauseBefore } from './clause-before.js';

/**
 * A count of tokens in a clause about speed is how fast the run goes, never how long a sequence is (s47, rlen3;
 * docs/reading.md "A speed, a generation cap, a range, a context key spelt another way"). prose.rate blanks the
 * written rates ("5 tokens/s", "30 tokens per second"); people drop the "/s" and say the speed by its noun or by a
 * time in their own words: "速度只有5tokens左右" (the speed is only about 5 tokens), "decode speed 25 tokens",
 * "속도가 40 토큰 정도", "about 7 tokens a second", "~30 tokens each second", "초당 12토큰", "毎秒8トークン". Each of
 * those had set a 5- to 40-token sequence. Evidence, by strength:
 * - a time right after the unit ("a second", "each second", "every second") or right before the count in the
 *   count's clause (초당, 毎秒, 每秒, "per second"): the count is a rate, strong;
 * - a speed noun (speed, throughput, 速度, 속도, 速さ, スループット, 吞吐) in the count's clause (up to a comma), with no
 *   length word there ("context", "length", "prompt", 上下文, 长度): a rate, strong.
 * What breaks it: a length word between ("speed drops at a context of 8000 tokens" keeps the length), a key
 * (`--max-model-len 4096` is never a bare count), the count not followed by its token unit ("8k context").
 * The count is set aside and said; the length falls back to the engine's default, said as one.
 */
export const SPEED_TOKENS = {
  id: 'reconcile.speed-tokens',
  /** The count's token unit, then a time in words: "tokens a second", "tokens each second", "tokens every sec". */
  timeAfter: /^\s*(?:-\s*)?(?:tokens?|toks?|토큰|トークン)\s*(?:(?:each|every|a|an|one|per|in\s+a|in\s+one)\s+)(?:second|sec)s?\b/i,
  /** A time said before the count in its clause: "초당 12 tokens", "毎秒8 tokens", "每秒大概 15 tokens", "per second about 30 tokens". */
  timeBefore: /(?:초당|매초|毎秒|秒間に?|每秒钟?|一秒钟?|\b(?:per|each)\s+second,?)[^\d,，。;；\n]{0,16}$/i,
  /** A speed noun: the clause is about how fast the run goes. */
  speedNoun: /\b(?:speed|speeds|throughput|tps|decoding\s+rate|generation\s+rate)\b|速度|速さ|スループット|吞吐|속도|속력|처리량/i,
  /** A length word in the clause: the count may be a length after all ("speed drops at a context of 8000 tokens"). */
  lengthWord: /\b(?:context|ctx|length|len|seq(?:uence)?s?|window|prompts?|inputs?)\b|上下文|长度|序列|输入|컨텍스트|길이|입력|コンテキスト|長さ|入力/i,
  example: 'qwen2.5-14b q4_k_m on a 3060 12gb with ollama, 速度只有5tokens左右',
} as const;

/** The token unit, in the languages the reader knows it in ("N tokens", "N토큰", "Nトークン"). */
const UNIT = String.raw`(?:tokens?|toks?|토큰|トークン)`;
const UNIT_AFTER = new RegExp(String.raw`^\s*(?:-\s*)?${UNIT}`, 'i');
/** The count alone, or with its unit glued to it ("5tokens", as the reader takes it whole). */
const BARE_COUNT = new RegExp(String.raw`^\s*[\d.,]+\s*[k万千]?\s*${UNIT}?\s*$`, 'i');

const GLUED_UNIT = new RegExp(String.raw`${UNIT}\s*$`, 'i');

/** What makes a bare token count a speed, or null. */
function speedCue(text: string, i: Item): string | null {
  const glued = GLUED_UNIT.test(i.text);
  const after = (glued ? ' tokens' : '') + text.slice(i.end, i.end + 40);
  if (!UNIT_AFTER.test(after)) return null;
  const time = SPEED_TOKENS.timeAfter.exec(after);
  if (time) return time[0].trim();
  const before = clauseBefore(text, i.at, ['、', '('], 160);
  const timeBefore = SPEED_TOKENS.timeBefore.exec(before);
  if (timeBefore) return timeBefore[0].trim();
  if (SPEED_TOKENS.lengthWord.test(before)) return null;
  return SPEED_TOKENS.speedNoun.exec(before)?.[0] ?? null;
}

/** A bare token count in a clause about speed: set aside, said, never a length. */
export function speedTokens(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text) return items;
  return items.filter((i) => {
    if (i.kind !== 'seq' || !BARE_COUNT.test(i.text)) return true;
    const cue = speedCue(text, i);
    if (cue === null) return true;
    const note = `"${i.text.trim().replace(new RegExp(`\\s*${UNIT}$`, 'i'), '')} tokens" read as a speed ("${cue}"), not a sequence length`;
    recordAside(owned, i, note);
    if (!notes.includes(note)) notes.push(note);
    return false;
  });
}
