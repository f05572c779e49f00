import type { Item } from '../items.js';
import { sentenceStart } from '../sentence-ends.js';
import { recordAside, type OwnedRuns } from './owners.js';
import { isWeights, type Weights } from './weights-evidence.js';

/**
 * A weight format the user says they removed is not the run's (issue 22 §7, "negation has a scope"; s44 rweights1).
 * A post pastes the command it ran, then narrates what it changed: "When I ran with this config, it throw ValueError …
 * It says fsdp can't use load_in_4bit. So I delete the load_in_4bit" (huggingface/trl#1163 era, c3238). The command's
 * `--load_in_4bit` had set NF4 (and turned the LoRA into QLoRA), in silence, while the prose negation only dropped its
 * own word and said "no quantisation" beside a reading that kept it.
 *
 * The evidence model (the weights slot, docs/reading.md "The weights and precision slots"):
 *   Cue (strong): a verb of removing — delete(d), remove(d), took / take out, got / get rid of, dropped, 去掉, 删掉, 删除,
 *     去除, 移除, 拿掉, 제거, 삭제 — right before a quantisation's name: a loader flag (`load_in_4bit`, `load_in_8bit`,
 *     `--quantization`, `quantization_config`, `bnb_4bit…`), "4-bit" / "8-bit", "nf4", "bnb", "quantization". Said after
 *     the format's saying (the command, the config), it is the later state: the run now loads the 16-bit weights.
 *   What breaks it: a condition or a modal in its sentence before the verb ("If I use another dtype or remove the
 *     `quantization` parameter, I get an OOM error", c3264: a try weighed, the AWQ run stands; "should I remove …?",
 *     "would removing … help?"); a removal said before any format (nothing to remove: left to the negation reader).
 * Outcome: each weights item said before the removal (and the removal's own words) is set aside, said with its words on
 * the first screen, and listed in the trace as set aside; the run is read in its 16-bit dtype.
 */

export const REMOVED_FORMAT_RULES = [
  {
    id: 'reconcile.weights.removed-format',
    example: 'accelerate launch sft.py --use_peft --load_in_4bit … It says fsdp can\'t use load_in_4bit. So I delete the load_in_4bit',
    source: 'huggingface/trl (c3238)',
  },
] as const;

/** A verb of removing, then a quantisation's name a few words on (an article, a backtick, dashes between). */
const REMOVED = new RegExp(
  String.raw`(?:\b(?:delet(?:e|ed|es|ing)|remov(?:e|ed|es|ing)|took\s+out|take\s+out|taking\s+out|got\s+rid\s+of|get\s+rid\s+of|dropped|dropping)\b|(?:去掉|删掉|删除|去除|移除|拿掉)了?|제거|삭제)` +
    String.raw`[\s\`'"]{0,3}(?:(?:the|my|that|this|all)\s+){0,2}[\s\`'"]{0,2}(?:--)?` +
    String.raw`(load[-_]in[-_][48][-_]?bits?|quantization(?:[-_]config)?|quantisation|bnb(?:[-_]4bit)?\w*|bitsandbytes|[48][-_ ]?bits?|nf4|int[48]|quant(?:ize|ise)?)(?![\w])`,
  'gi',
);
/** A condition or a modal before the verb in its sentence: a try weighed or asked about, not a change made. */
const CONDITION = /\b(?:if|when|whether|would|should|could|might|can i|do i need to|try to|trying to)\b|如果|要是|假如|是否|能否|吗|면/i;

export function removedFormats(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!items.some(isWeights)) return items;
  let removedAt = -1;
  let words = '';
  for (const m of text.matchAll(REMOVED)) {
    const start = sentenceStart(text, m.index);
    if (CONDITION.test(text.slice(start, m.index))) continue;
    removedAt = m.index + m[0].length;
    words = m[0].trim();
  }
  if (removedAt < 0) return items;
  const removed = items.filter((i): i is Weights => isWeights(i) && i.at < removedAt);
  if (!removed.length) return items;
  for (const w of removed) {
    notes.push(
      `"${w.text.trim()}" set aside as your setup's weight format: "${words}" says it was removed, so the run loads the weights in their 16-bit dtype (say "${w.value}" if it is still on)`,
    );
    recordAside(owned, w, 'a format the message says it removed');
  }
  return items.filter((i) => !removed.includes(i as Weights));
}
