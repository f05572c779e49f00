import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';

/**
 * "Does skypilot support to inference Llama2-70B in multiple GPU nodes? … in multiple A10 vms?"
 * (skypilot-org/skypilot#2782, c2429; b69 at first sight: read as one A10, in silence): words of several before
 * a card, in a sentence that asks whether it can be done, ask how many of that card. Said with no asking words
 * ("I run it on multiple 4090s and it is slow") they stay prose.several-without-count's: one card, said weak.
 * Chinese 多张 / 多块 and Korean 여러 (대의 / 장의) alike ("能不能用多张 3090 跑", "여러 대의 A10G로 … 수 있나요").
 * A wish that ends asking counts too ("I want to run … across multiple 4090s, is that possible?", "can I serve … over
 * several A10 machines?"). This is the one rule that asks: prose.several-without-count (several-cards.ts) only sets
 * the words aside for the sentences this one leaves as statements.
 */
const SEVERAL = String.raw`(?<!\bhow\s)\b(?:multiple|several|a\s+few|many)\s+|多(?:张|块|个|台)\s*|여러\s*(?:대의|장의|개의|대|장)?\s*`;
const CARD = String.raw`(?:nvidia\s+|geforce\s+|tesla\s+)?(?:rtx\s*|gtx\s*)?(?:[a-z]{1,4}[ -]?\d{2,4}[a-z]*|\d{4}(?:\s?ti)?s?)(?![\w.])`;
/** Words that ask whether the run can be done: ability, possibility, support. */
const ASKS_ABILITY = /\b(?:can|could)\s+(?:i|we|you|it|one)\b|\bis\s+(?:it|there)\s+(?:possible|a\s+way)|\bdoes\s+\S+(?:\s+\S+)?\s+support|\b(?:possible|feasible)\b|\bhow\s+(?:to|do\s+i|can\s+i)\b|能不能|能否|可不可以|是否可以|可以吗|行不行|吗|할\s*수\s*있|가능|될까|나요|できますか/i;

/** A sentence that starts by asking or wishing and ends with a question mark. */
const ASKING_START = /(?:^|,)\s*(?:(?:can|could|does|do|would|will|is|are|should|how)\b|i(?:'d| would)? (?:want|like|plan|hope) to\b|i'm (?:trying|planning) to\b|we (?:want|plan) to\b)/i;
const asksInSentence = (sentence: string) => ASKS_ABILITY.test(sentence) || (ASKING_START.test(sentence) && /\?\s*$/.test(sentence));

export const SEVERAL_ASKED_RULES: readonly ProseRule[] = [
  {
    id: 'question.several-cards-asked',
    pattern: new RegExp(String.raw`(?:${SEVERAL})(?=${CARD})`, 'gi'),
    when: (t) => /multiple|several|a few|many|多[张块个台]|여러/.test(t),
    write: (m) => (asksInSentence(sentenceAround(m.input, m.index, m.index + m[0].length).sentence) ? ' how many ' : m[0]),
    example: 'Does skypilot support to inference Llama2-70B in multiple A10 vms? Thanks.',
    source: 'skypilot-org/skypilot#2782',
  },
];
