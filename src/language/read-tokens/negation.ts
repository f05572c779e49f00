import type { Token } from '../lexer.js';
import { DROPPED, QUANT_WORDS, spanText } from './words.js';

/** Negation: "no / without / not" before a setting, or "off / disabled" after it, turns it off. */

/**
 * "can not fine tuning", "could not train", "not able to finetune": the negation says the attempt
 * failed, not that the run is something else — the value a negation token carries when "can" or
 * "could" comes right before it or "able" right after. ("cannot", "unable to", "failed to" are no
 * negation words: the training word after them is read as is.)
 */
export const ATTEMPT = 'attempt';
const ATTEMPT_BEFORE = new Set(['can', 'could']);

/** The nearest word to `i` in direction `step`, past spaces. */
function wordBeside(tokens: readonly Token[], i: number, step: 1 | -1): string | undefined {
  let j = i + step;
  while (j >= 0 && j < tokens.length && DROPPED.has(tokens[j]!.type)) j += step;
  return tokens[j]?.text;
}

/** Whether the negation word at `i` negates an ability ("can not", "not able"), not the setting. */
export function negatesAnAttempt(tokens: readonly Token[], i: number): boolean {
  return ATTEMPT_BEFORE.has(wordBeside(tokens, i, -1) ?? '') || wordBeside(tokens, i, 1) === 'able';
}

export function negate(neg: Token, next: Token | undefined, notes: string[]): { consumed: boolean; token?: Token } {
  if (!next) return { consumed: false };
  const at = { offset: neg.offset, text: spanText(neg, next) };
  switch (next.type) {
    case 'recompute':
      return { consumed: true, token: { ...next, ...at, value: 'none' } };
    case 'mode':
      // "I am not able to load `Mixtral-8x7B-Instruct`" (vllm#2554), "Qwen3-30B-A3B not loading on
      // RTX4090" (unsloth#2504): a load or run that failed is still the run tried, read as "run"
      // (inference unless a training setting says otherwise, as Unsloth's loader does there).
      if (next.value === 'run') return { consumed: true, token: { ...next, ...at } };
      // "can not fine tuning", "not able to finetune": the training tried (and failed) is still the request.
      if (neg.value === ATTEMPT) return { consumed: true, token: { ...next, ...at } };
      // "not training", "no finetuning": what the run is not says nothing of what it is.
      notes.push(`"${at.text}" read as no intent word`);
      return { consumed: true };
    case 'lora':
      // "could not run lora on one card": the adapters were tried.
      if (neg.value === ATTEMPT) return { consumed: true, token: { ...next, ...at } };
      // "without peft/lora": every weight trains.
      return { consumed: true, token: { ...next, ...at, type: 'mode', value: 'full' } };
    case 'offload':
      return { consumed: true, token: { ...next, ...at, value: 'none' } };
    case 'attention':
      return next.value === 'flash' ? { consumed: true, token: { ...next, ...at, value: 'eager' } } : { consumed: true };
    case 'weights':
      notes.push(`"${at.text}": no quantisation, weights in the compute dtype`);
      return { consumed: true };
    case 'loss':
      return { consumed: true, token: { ...next, ...at, value: 'full' } };
    case 'sharding':
    case 'sp':
    case 'framework':
    case 'precision':
    case 'serve':
      notes.push(`"${at.text}" read as not using ${next.text}`);
      return { consumed: true };
    case 'word':
      if (QUANT_WORDS.test(next.text)) {
        notes.push(`"${at.text}": no quantisation, weights in the compute dtype`);
        return { consumed: true };
      }
      return { consumed: false };
    default:
      return { consumed: false };
  }
}

/**
 * "not using flash attention (sdpa instead)", "without flash-attn, sdpa": the kernel read from a
 * negation (flash off → eager) is only what the user does not run; a kernel they name beside it is
 * the one they do. The negated reading is dropped then, not set against the named one (which
 * refused the message as contradicting itself). The named kernel is a strong reading: nothing to say.
 */
export function kernelNamedOverNegated(final: Token[], negated: ReadonlySet<Token>): Token[] {
  if (!negated.size || !final.some((t) => t.type === 'attention' && !negated.has(t))) return final;
  return final.filter((t) => !negated.has(t));
}

/**
 * The words a negation before a setting reaches over: articles and the verbs of using or turning
 * a setting on ("not use fsdp", "without using any quantization", "don't need to enable gradient
 * checkpointing", "didn't even use flash attention"). Any other word between them means the
 * negation is about something else, and the setting after it is said as it is: "never had an issue
 * with offloading" (c1264), "not an issue but seeing that exl2" (c753), "did not fit even with
 * gradient checkpointing", "not much smaller than the bf16" (c796), "not enough to fine-tune" (c457)
 * had each turned the setting off or dropped it.
 */
const NEGATION_REACH = new Set([
  'a', 'an', 'the', 'any', 'my', 'our', 'your', 'its', 'their', 'this', 'that', 'these', 'those',
  'use', 'used', 'uses', 'using', 'enable', 'enabled', 'enabling', 'turn', 'turned', 'turning', 'on',
  'apply', 'applied', 'applying', 'activate', 'activated', 'set', 'need', 'needed', 'needs', 'require',
  'required', 'requires', 'want', 'wanted', 'add', 'added', 'adding', 'do', 'does', 'did', 'try',
  'tried', 'trying', 'bother', 'specify', 'specified', 'pass', 'passed', 'include', 'included',
  'even', 'really', 'actually', 'also', 'yet', 'currently', 'explicitly', 'to', 'be', 'being', 'been',
  'is', 'are', 'was', 'were', 'with', 'for',
  // "2080 Ti does not support bfloat16" (c378), "RLOO Trainer do not support peft lora" (c701's thread).
  'support', 'supports', 'supported', 'supporting',
]);

/** Whether a negation reaches the setting after it over these words (NEGATION_REACH). */
export const negationReaches = (between: readonly string[] | undefined): boolean =>
  (between ?? []).every((w) => NEGATION_REACH.has(w));
