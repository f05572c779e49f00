import { isFiller } from './filler.js';
import { isForeignFiller } from './foreign-filler.js';
import { segmentsOf } from './segments/index.js';

/**
 * Words that only point back to what the thread already says (b13, c541): "如题" ("as in the
 * title"), 同上 ("same as above"), "see title", "same as above". They carry no setting of their
 * own; a follow-up made of nothing else asks the thread's question again, so the thread's setup is
 * answered again (src/core/opening.ts) rather than refused as "nothing to estimate".
 */
export interface PointsBackRule {
  id: string;
  /** On lower-case text; no nested quantifiers. */
  pattern: RegExp;
  example: string;
  source?: string;
}

export const POINTS_BACK_RULES: readonly PointsBackRule[] = [
  {
    id: 'points-back.title-zh',
    // 如题 / 如标题 / 见标题 / 标题所述 / 题目所述: "as the title says".
    pattern: /如(?:题|标题|题目)(?:所述|所说)?|(?:见|看)(?:标题|题目)|(?:标题|题目)(?:所述|所说|已经说了|里说了)/g,
    example: '如题',
    source: '01-ai/Yi#207',
  },
  {
    id: 'points-back.above-zh',
    // 同上 / 如上 / 见上 / 如上所述: "same as above".
    pattern: /同上|如上(?:所述)?|见上(?:文|面)?/g,
    example: '同上',
  },
  {
    id: 'points-back.title-en',
    // "as in the title", "as the title says", "see title", "(see the title)", "question in the title".
    pattern: /\b(?:as\s+(?:in\s+|per\s+)?(?:the\s+)?title(?:\s+says)?|see\s+(?:the\s+)?title|(?:question|issue)\s+(?:is\s+)?in\s+the\s+title)\b/g,
    example: 'as in the title',
  },
  {
    id: 'points-back.above-en',
    // "same as above", "see above", "as above", "as mentioned above".
    pattern: /\b(?:same\s+as\s+(?:above|before)|see\s+above|as\s+(?:(?:said|stated|mentioned|described)\s+)?above)\b/g,
    example: 'same as above',
  },
];

/** What a chat message may hold beside its words and say nothing: an image, a link, punctuation. */
const NOTHING_SAID = /!?\[[^\]\n]*\]\([^)\s]*\)|<img\b[^>]*>|https?:\/\/\S+|[\s\p{P}\p{S}]/gu;

/** The spans of the message's words that point back, by rule. */
export function pointersBack(text: string): { rule: string; at: number; end: number }[] {
  const lower = text.toLowerCase();
  return POINTS_BACK_RULES.flatMap((rule) => [...lower.matchAll(rule.pattern)].map((m) => ({ rule: rule.id, at: m.index, end: m.index + m[0].length })));
}

/** A word of the rest: a Latin word (with its apostrophe) or a run of another script ("谢谢"). */
const REST_WORD = /[a-z][a-z']*|[^\x00-\x7f\s]+/g;

/**
 * A message that only points back: at least one pointer, and besides the pointers nothing but
 * images, links, punctuation, filler ("Thanks in advance!", 谢谢) and pasted logs, whose numbers
 * never set the setup ("如题\n![image](…)", "same as above!", "如题" with a pip or tqdm tail after it:
 * bench:variations' thanks-after and log shapes on c541, 01-ai/Yi#207). A number, or a word that is
 * no filler, is something said.
 */
export function onlyPointsBack(text: string): boolean {
  const found = pointersBack(text);
  return found.length > 0 && saysNothingBeside(text, found);
}

/** Besides `spans`, the text holds only images, links, punctuation, filler and pasted logs. */
function saysNothingBeside(text: string, spans: readonly { at: number; end: number }[]): boolean {
  const blanked = [...spans, ...segmentsOf(text).filter((s) => s.kind === 'log').map((s) => ({ at: s.userStart, end: s.userEnd }))];
  let rest = text.toLowerCase();
  for (const p of blanked.sort((a, b) => b.at - a.at)) rest = rest.slice(0, p.at) + ' '.repeat(p.end - p.at) + rest.slice(p.end);
  const words = rest.replace(NOTHING_SAID, ' ');
  if (/\d/.test(words)) return false;
  return (words.match(REST_WORD) ?? []).every((w) => isFiller(w) || isForeignFiller(w));
}

/** An image as a chat message holds it: markdown's `![…](…)` or an HTML `<img>`. */
const IMAGE = /!\[[^\]\n]*\]\([^)\s]*\)|<img\b[^>]*>/i;

/**
 * A message that is only an image (with links, punctuation, filler and logs): in a thread, the screenshot is the
 * body of the question the thread already asks ("训练LLaMA2-70B模型，4个节点 … 训练报错" as the title
 * and a screenshot of the error as the body, alibaba/Megatron-LLaMA#34, c718), so the thread's setup
 * is answered again, as a message that points back is.
 */
export function onlyShowsAnImage(text: string): boolean {
  return IMAGE.test(text) && saysNothingBeside(text, []);
}
