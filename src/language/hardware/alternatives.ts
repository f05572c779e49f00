import { allMatches } from '../all-matches.js';
import type { MappedText } from '../mapped-text.js';
import { scanHardware } from './engine.js';

/**
 * Two GPU counts offered as options, not two settings (b13, InternLM/InternLM#433, c543: the
 * title "internlm-20b-4bit在两卡或者三卡3090上的部署问题", deployment on two or three 3090s):
 * "A or B", "A或者B", "A或B", "A/B cards". The counts share the card after them. Read together
 * they are no setup, and two counts from different options must never meet in one check
 * ("3 GPUs cannot be split into replicas of tp 2"). So:
 * - where the message states the user's own setup elsewhere ("我在autodl上租了三张3090"), that
 *   decides, and the options are set aside (their card stays, for a setup that names none);
 * - where it states none, the first option is read and the reply asks with both (issue 22,
 *   item 5): `"两卡或者三卡3090": read as 2x 3090 — or 3x 3090? which did you mean`.
 */

/** A count of cards as people write it: digits, a Chinese numeral, a number word, then a counter. */
const COUNT = String.raw`(?:\d{1,3}|十六|[一两二三四五六七八]|one|two|three|four|six|eight)(?:\s*(?:x|×|\*|张|块|卡|个|台|gpus?|cards?))?`;
/** The words that offer options. */
const OR = String.raw`\s*(?:or|或者|或是|或|还是|/)\s*`;
/** A card or a word for cards right after the second count: the options count cards. */
const CARDS_AFTER = String.raw`(?=\s*(?:张|块)?\s*(?:nvidia\s+|geforce\s+|tesla\s+)?(?:rtx\s*|gtx\s*)?(?:[a-z]{0,3}\d{2,4}[a-z]{0,3}\b|gpus?\b|cards?\b|显卡|卡))`;

export const ALTERNATIVES_RULE = {
  id: 'hw.alternative-counts',
  pattern: new RegExp(String.raw`(?<![\w.\-/])(?<a>${COUNT})${OR}(?<b>${COUNT})${CARDS_AFTER}`, 'g'),
  example: 'internlm-20b-4bit在两卡或者三卡3090上的部署问题',
  source: 'InternLM/InternLM#433',
} as const;

const NUMERALS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 十六: 16, one: 1, two: 2, three: 3, four: 4, six: 6, eight: 8 };

const countOf = (written: string): number => {
  const digits = /^\d+/.exec(written);
  if (digits) return Number(digits[0]);
  const word = /^(?:十六|[一两二三四五六七八]|[a-z]+)/.exec(written)?.[0] ?? '';
  return NUMERALS[word] ?? NaN;
};

export interface AlternativeCounts {
  at: number;
  end: number;
  /** The first option's count and the other's. */
  first: number;
  other: number;
}

/** Every "A or B" of GPU counts in the (normalised) text. */
export function findAlternativeCounts(text: string): AlternativeCounts[] {
  const found: AlternativeCounts[] = [];
  for (const m of allMatches(ALTERNATIVES_RULE.pattern, text)) {
    const first = countOf(m.groups!.a!);
    const other = countOf(m.groups!.b!);
    // "2/2 cards" or "1 or 1" offers nothing; a fraction ("1/2 gpu") is no count of cards.
    if (!(first >= 1 && other >= 1) || first === other) continue;
    found.push({ at: m.index, end: m.index + m[0].length, first, other });
  }
  return found;
}

/** A question to ask beside the reading of the first option: where it stands in the rewritten text. */
export interface AskedOption {
  at: number;
  note: string;
}

/**
 * The options written again before the hardware grammar reads the text (same length, so places
 * hold): set aside where the message states its own count, else the first option, asked about.
 */
export function readAlternatives(input: MappedText, notes: string[]): { text: MappedText; asked: AskedOption[] } {
  const options = findAlternativeCounts(input.text);
  if (options.length === 0) return { text: input, asked: [] };
  let blanked = input.text;
  for (const o of options) blanked = blanked.slice(0, o.at) + ' '.repeat(o.end - o.at) + blanked.slice(o.end);
  // The user's own setup: a hardware phrase outside the options that counts its cards.
  const own = scanHardware(blanked).readings.find((r) => r.count !== null || r.nodes !== null);
  const asked: AskedOption[] = [];
  const spans = options.map((o) => {
    const said = input.userText(o.at, o.end).trim();
    if (own) {
      notes.push(`"${said}" are options the message weighs; read your setup, "${input.userText(own.at, own.end).trim()}"`);
      return { at: o.at, to: o.end, result: ' '.repeat(o.end - o.at), rule: ALTERNATIVES_RULE.id };
    }
    asked.push({ at: o.at, note: `"${said}": ${o.first} or ${o.other} GPUs — read as ${o.first}; say "on ${o.other} GPUs" for the other. Which did you mean?` });
    return { at: o.at, to: o.end, result: `${o.first}x`.padEnd(o.end - o.at), rule: { id: ALTERNATIVES_RULE.id, weak: true } };
  });
  return { text: input.replaceSpansEach(spans), asked };
}
