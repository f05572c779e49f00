import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/** Words that ask for every weight to train: with them, pre-training is the full run it names. */
const EVERY_WEIGHT = /\bfull\b|全量|全参|풀|전체|from scratch|从头|從頭|从零/i;

/**
 * A follow-up that names pre-training as what a thread's adapters train for: "I'm trying to train it for continued
 * pretraining" in a thread titled "… OOM on 2xA100 QLoRA" (unslothai/unsloth#4040, corpus c687), "我在做继续预训练"
 * under a LoRA thread. Continued pre-training is a purpose, run with adapters as often as not (Unsloth's and
 * LLaMA-Factory's `--stage pt --finetuning_type lora`), and a new message already reads "continued pretraining with
 * qlora" as QLoRA; as a follow-up it had replaced the thread's QLoRA with a full pre-training run, unsaid. The
 * thread's adapters are kept, said with the word that switches; "full" or "from scratch" said trains every weight.
 * Returns the mode to read, or undefined where this does not apply.
 */
export function adaptersForPretraining(r: Resolution, asked: Scenario['mode'] | undefined, previousMode: Scenario['mode'] | null): Scenario['mode'] | undefined {
  if (r.isNew || asked !== 'full' || (previousMode !== 'lora' && previousMode !== 'qlora')) return undefined;
  const said = r.patch.get('mode');
  if (!said || r.patch.value<boolean>('pretrain') !== true) return undefined;
  // The message's own words ("now full continued pretraining"): a "full" that sets no slot of its own still asks for every weight.
  if (EVERY_WEIGHT.test(r.text)) return undefined;
  r.patch.drop('pretrain');
  r.intent(`${previousMode === 'qlora' ? 'QLoRA' : 'LoRA'} kept from the thread: "${said.item.text.trim()}" says what the adapters train for, not a method; say "full" to pre-train every weight`);
  return previousMode;
}
