import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';

/**
 * A method read where the message names pre-training and a full fine-tune together, as alternatives or
 * both: "全量微调或预训练13b需要什么硬件需求" ("what hardware do a full fine-tune or pre-training of 13b need",
 * zjunlp/KnowLM#10, c2956) was read as pre-training and said nothing, where the corpus reads the full
 * fine-tune. It is the pair fact-doubts.ts withMethodAlternatives says for LoRA and a full fine-tune
 * ("sft和lora", c934; "(full fine-tuning/LoRA)", c642), with pre-training as one side: the reading keeps one
 * of the two, so the method is weak, said once with the pair and the other as the switch.
 */

/** A full fine-tune's words: "full fine-tuning", "fully fine-tune", "full-parameter fine-tuning", "SFT", 全量微调, 全参微调. */
const FULL = String.raw`(?:full(?:y|[- ]?param\w*)?[- ]?(?:fine[- ]?tun\w*|finetun\w*|sft)|full[- ]param\w*|全量(?:参数)?(?:微调|训练|sft)?|全参(?:数)?(?:微调|训练)?|sft)`;
/** Pre-training's words: "pre-train", "pretraining", "continued pretraining", 预训练, 增量预训练, 继续预训练. */
const PRETRAIN = String.raw`(?:(?:continued|continual|incremental)\s)?pre-?train(?:ing|ed)?|(?:增量|继续|二次)?预训练`;
/** What joins them: and / or / vs / a slash, 和 / 或 / 还是 / 、. */
const JOINED = String.raw`\s*(?:和|与|跟|及|以及|或者?|还是|、|/|\band\b|\bor\b|\bvs\.?|\bversus\b)\s*`;
/** What every pair holds, under PAIR's flags: most messages lack it, and the scan is skipped (issue 22). */
const NAMES_PRETRAIN = /pre-?train|预训练/i;
/**
 * The two joined in either order; not inside a path or a name ("saves/pt/sft"): no letter, digit or path
 * mark before, no letter or path mark after (a size may follow a Chinese word: "预训练13b").
 */
const PAIR = new RegExp(String.raw`(?<![A-Za-z0-9_/.-])(?:(?:${FULL})${JOINED}(?:${PRETRAIN})|(?:${PRETRAIN})${JOINED}(?:${FULL}))(?![A-Za-z_/-])`, 'giu');

const SIDES = new Set(['pre-training', 'full fine-tune']);

export function withPretrainAlternatives(facts: FactTrace[], text: string): FactTrace[] {
  if (!NAMES_PRETRAIN.test(text)) return facts;
  const pairs = allMatches(PAIR, text).map((m) => ({ at: m.index, end: m.index + m[0].length, words: m[0] }));
  if (!pairs.length) return facts;
  const inPair = (f: FactTrace) => (f.fact === 'method' && f.at !== null && f.end !== null && SIDES.has(f.value) ? pairs.find((p) => p.at < f.end! && f.at! < p.end) : undefined);
  const first = facts.find((f) => inPair(f) && !f.weak);
  if (!first || first.against !== undefined) return facts;
  const pair = inPair(first)!;
  const other = first.value === 'pre-training' ? 'full' : 'pretrain';
  // Each method fact of the pair is weak (none stands strong over the saying); the first says it.
  return facts.map((f) => (f === first ? { ...f, weak: true, weakWords: pair.words.trim(), otherMethod: other } : inPair(f) ? { ...f, weak: true } : f));
}
