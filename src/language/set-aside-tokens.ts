/**
 * What a tolerant reading (parse.ts) weighs when it sets a token aside so the rest parses: which
 * of two numbers to keep, and which items it formed over a token it dropped.
 */
import type { Doubt } from './item-trace.js';
import type { Item } from './items.js';
import type { Token } from './lexer.js';
import type { MappedText } from './mapped-text.js';

/**
 * An item the grammar formed around a token the tolerant reading set aside ("4,194,304，按理单卡"
 * read as one GPU count once the 1 between was dropped) joins words the user did not write
 * together: a guess, said as a weak fact with the word it stepped over.
 */
export function readAcross(items: readonly Item[], setAside: readonly Token[], mapped: MappedText, text: string): Doubt[] {
  const doubts: Doubt[] = [];
  for (const t of setAside) {
    const at = mapped.userOffset(t.offset);
    const item = items.find((i) => i.at < at && at < i.end);
    if (item) doubts.push({ at: item.at, end: item.end, note: `"${text.slice(item.at, item.end)}" read as one setting over "${mapped.userText(t.offset, t.offset + t.text.length)}", which I set aside` });
  }
  return doubts;
}

/**
 * Between two bare numbers, the one written right before a counting noun is that noun's count
 * ("参数为4,194,304，按理单卡" → "4,194,304, 1 gpu": the 1 counts the cards, the 4,194,304 is a
 * parameter count; OpenMOSS/CoLLiE#138). A tolerant reading sets the other aside first: more
 * than a bare number, less than a word.
 */
export const COUNTED_NUMBER_COST = 0.5;
const COUNTING_NOUNS = new Set(['gpus']);

export function countsTheNext(kept: readonly Token[], i: number): boolean {
  const next = kept[i + 1];
  return next !== undefined && COUNTING_NOUNS.has(next.type);
}

/**
 * Between two keywords, the one written right before its number has its value ("a large sequence
 * length (for instance, `max_tokens` being set to 10000)" → "sequence length … gen 10000": the
 * 10000 is max_tokens', the generation; vllm-project/vllm#1543). A tolerant reading sets aside the
 * keyword left without one first: more than another word, less than a model or a card.
 */
export const KEYWORD_WITH_VALUE_COST = 1.5;

export function hasItsValue(kept: readonly Token[], i: number): boolean {
  const next = kept[i + 1];
  return kept[i]!.type.endsWith('Kw') && next !== undefined && (next.type === 'number' || next.type === 'knum');
}
