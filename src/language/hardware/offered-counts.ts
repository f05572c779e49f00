import { allMatches } from '../all-matches.js';
import type { MappedText } from '../mapped-text.js';
import { gpuIdOf } from '../lexicon.js';
import { scanHardware } from './engine.js';

/** A word that may be a card's name: "a40", "a100", "4090", "h800". */
const CARD_WORD = /(?<![a-z\d])(?:[a-z]{1,3}\d{2,4}[a-z]{0,2}|\d{4})(?![a-z\d])/g;

/**
 * A count of cards the user offers on a condition is an option, not the setup (issue 22, b51's silent
 * hardware): "I am currently performing full-weight fine-tuning on llama-2-7b-hf on an NVIDIA A40 GPU … I could
 * use two A40 GPUs if necessary, but the total CPU memory would not change" (fe1ixxu/ALMA#17, corpus c1895: read
 * as two A40). "(I|we) could/can use N … if necessary/needed", "if needed, I can add N", "如果需要的话可以用两张",
 * "필요하면 A40 두 장을 쓸 수 있습니다". Where the message names its cards elsewhere (a hardware phrase, or the same
 * card's name), the offered count is set aside and said; where it names none, the offer is left to be read.
 * As alternatives.ts does for "2 or 4 A100s", the count's digits are blanked before the grammar reads the text.
 */

/** A count of cards as people write it: digits, a number word, a Chinese or Korean numeral. */
const COUNT_EN = String.raw`\d{1,3}|one|two|three|four|six|eight|a\s+second|another`;
const COUNT_ZH = String.raw`\d{1,3}|[一两二三四五六七八]`;
const COUNT_KO = String.raw`\d{1,2}|한|두|세|네|여섯|여덟`;
/** The card or the word for cards after an English count ("two A40 GPUs", "2 more GPUs", "another 4090"). */
const CARD_AFTER = String.raw`(?=\s+(?:more\s+|extra\s+|additional\s+)?(?:nvidia\s+|rtx\s*)?(?:[a-z]{0,3}\d{2,4}[a-z]{0,3}\b|gpus?\b|cards?\b))`;
/** The condition: "if necessary", "if needed", "if need be", "if required", "when needed". */
const CONDITION = String.raw`(?:if|when)\s+(?:(?:it\s+is|it's)\s+)?(?:necessary|needed|need\s+be|required|i\s+need\s+to|we\s+need\s+to)`;
const MODAL = String.raw`(?:i|we)\s+(?:could|can|may|might|would\s+be\s+able\s+to|am\s+able\s+to)\s+(?:also\s+|even\s+|still\s+)?(?:use|add|get|rent|borrow|access|have)`;

export const OFFERED_COUNT_RULES = [
  {
    id: 'hw.offered-count',
    // The condition after the offer, in its sentence, or before it.
    pattern: new RegExp(
      String.raw`\b${MODAL}\s+(?<n>${COUNT_EN})${CARD_AFTER}(?=[^.?!\n]{0,60}?\b${CONDITION}\b)|\b${CONDITION}\s*,?\s+${MODAL}\s+(?<n2>${COUNT_EN})${CARD_AFTER}`,
      'g',
    ),
    example: 'I could use two A40 GPUs if necessary, but the total CPU memory would not change',
    source: 'fe1ixxu/ALMA#17',
  },
  {
    id: 'hw.offered-count-zh',
    pattern: new RegExp(String.raw`(?:如果|若|要是)(?:有)?(?:需要|必要)(?:的话)?\s*[,，]?\s*(?:我们?)?(?:也|还)?(?:可以|能)(?:再)?(?:用|使用|加|租|申请)\s*(?<n>${COUNT_ZH})\s*(?=张|块|卡)`, 'g'),
    example: '如果需要的话我可以用两张A40',
  },
  {
    id: 'hw.offered-count-ko',
    pattern: new RegExp(String.raw`필요(?:하면|할\s*경우|시)[^.?!\n]{0,30}?(?<![\u3131-\ud7a3])(?<n>${COUNT_KO})\s*(?=(?:장|개|대)[^.?!\n]{0,12}?(?:사용|쓸|쓰))`, 'g'),
    example: '필요하면 A40 두 장을 쓸 수 있습니다',
  },
] as const;

/** The offered counts set aside where the message names its cards elsewhere; the text with their digits blanked. */
export function readOfferedCounts(input: MappedText, notes: string[]): MappedText {
  const offers = OFFERED_COUNT_RULES.flatMap((rule) =>
    allMatches(rule.pattern, input.text).map((m) => {
      const n = (m.groups!.n ?? m.groups!.n2)!;
      const at = m.index + m[0].lastIndexOf(n);
      return { at, end: at + n.length, clause: m, rule: rule.id };
    }),
  );
  if (offers.length === 0) return input;
  let blanked = input.text;
  for (const o of offers) blanked = blanked.slice(0, o.at) + ' '.repeat(o.end - o.at) + blanked.slice(o.end);
  // The user's own cards: a hardware phrase outside the offers, or a card's name said before the offer.
  const own = scanHardware(blanked).readings.some((r) => !offers.some((o) => r.at <= o.end + 24 && o.at <= r.end));
  const spans = offers.flatMap((o) => {
    // A catalog card named before the offer ("on an NVIDIA A40 GPU. We can also add two more GPUs if needed").
    const named = allMatches(CARD_WORD, input.text.slice(0, o.at)).some((m) => gpuIdOf(m[0]) !== undefined);
    if (!own && !named) return [];
    notes.push(`"${input.userText(o.clause.index, o.clause.index + o.clause[0].length).trim()}": cards offered if needed, not your setup: read the cards the message names elsewhere — say the count if you run on them`);
    return [{ at: o.at, to: o.end, result: ' '.repeat(o.end - o.at), rule: o.rule }];
  });
  return spans.length ? input.replaceSpansEach(spans) : input;
}
