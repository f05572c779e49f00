/**
 * Cues the question rules share (branch rques2, s46; docs/reading.md "The question slot: questions the way strangers
 * ask them"): whose run a question is about, and whether a card the message names is offered rather than owned.
 * question-structure.ts and question-needs.ts each held a near-duplicate ANOTHERS list; this is the one list.
 */

/**
 * The question is about another's run: "which GPU did you use", "what hardware you trained on", "your setup", 你们用 / 你们的 /
 * 您用 (left to the rules that set another's run aside, question.gpu-of-another-run). Tested on lower-cased text.
 */
export const ANOTHERS = /\byou\b[^.?!\n]{0,20}\b(?:used?|trained|ran|tested|fine-?tuned|finetuned)\b|\byour\b|你们用|你们的|您用/i;

/**
 * Words that offer cards rather than own them, before the card: "we can get", "could rent", "renting", "plan to rent",
 * "options are", "available (to us)", "have access to", "budget allows (renting)"; 可以租, 租, 可以采购 / 买, 可选; and after
 * it: 대여 가능, 빌릴 수 있, 구할 수 있, 借りられ, レンタル, 的话 (the card named as a supposition).
 */
const OFFER_BEFORE = /(?:\b(?:can|could|may|might|able\s+to)\s+(?:get|rent|buy|use|access|afford)\b|\brent(?:ing)?\b|\blease\b|\boptions?\s+(?:are|is)\b|\bavailable(?:\s+to\s+(?:us|me))?\b|\baccess\s+to\b|\bbudget\s+(?:allows|for|is\s+for|covers)\b|\bchoose\s+between\b|可以租|能租|租(?!了|的|过)|可以采购|可以买|采购|可选|可以用)[^.?!。？！\n]{0,30}$/i;
const OFFER_AFTER = /^[^.?!。？！\n]{0,24}?(?:대여|렌탈|빌릴\s*수|구할\s*수|借りられ|借りれ|レンタル|使えます|的话)/;

/** A count written with the card ("8 A100", "8x H100", "两张A100", "A100 x 8", "A100 4장"): the setup, not an offer. */
const COUNT_BEFORE = /(?:(?<![\w.])\d{1,4}\s*[x×*]?\s*|\b(?:one|two|three|four|six|eight|sixteen|a\s+single|single|dual|a|an)\s+|[一两二三四五六七八九十]\s*(?:张|块|台|个)?\s*|\d\s*(?:张|块|台|个)\s*)$/i;
const COUNT_AFTER = /^\s*(?:[x×*]\s*\d|\d{1,3}\s*(?:张|块|台|个|장|개|대|枚)|(?:한|두|세|네|여덟)\s*(?:장|개|대)|s?\s*\(\s*\d\s*[x×])/i;
/** Owned: "I have", "my", "we have", 我有 / 我的 / 手上, 제 / 내, 私の, just before the card. */
const OWNED_BEFORE = /(?:\b(?:i|we)\s+(?:have(?!\s+access)|got|own|use|am\s+using|are\s+using|run|ran)\b|我有|我们有|手上|手里|现有)[^.?!。？！\n]{0,20}$|(?:\b(?:my|our)\s+(?:[\w-]+\s+)?|我的|我们的|제\s|내\s|私の)$/i;

/**
 * Whether the card written at [at, end) is offered, not owned: an offer cue in its clause before it (or a CJK one after),
 * never with a count beside it or said as the user's.
 */
export function offeredAt(text: string, at: number, end: number): boolean {
  const before = text.slice(Math.max(0, at - 60), at);
  const after = text.slice(end, end + 40);
  if (COUNT_BEFORE.test(before) || COUNT_AFTER.test(after) || OWNED_BEFORE.test(before)) return false;
  if (OFFER_BEFORE.test(before) || OFFER_AFTER.test(after)) return true;
  return false;
}

/**
 * The message asks a count or a need (the needs question any of the question rules reads): how many / how much,
 * minimum / at least / need / require, 几 / 多少 / 最少 / 至少 / 需要, 몇 / 최소 / 필요, 何枚 / 必要 / 最低, or a setup noun asked.
 */
export const ASKS_COUNT_OR_NEED = /\bhow\s+(?:many|much)\b|\b(?:minimum|min|least|need(?:s|ed)?|requir(?:e|es|ed|ements?)|take)\b|几|多少|最少|至少|需要|配置|몇|최소|필요|何枚|何台|必要|最低/;
