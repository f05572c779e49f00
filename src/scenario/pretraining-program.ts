import type { Resolution } from './resolution.js';

/**
 * Programs whose trainer pre-trains: torchtitan's train.py builds the model from its config and initialises it
 * (torchtitan/train.py, `model.init_weights()`), loading weights only when a checkpoint is given
 * (`[checkpoint] initial_load_path`, `--checkpoint.enable` with a folder to resume). "[Qwen3] Add 32b training
 * configs … FSDP=8, full AC" with a step-50 loss of 7.1 (pytorch/torchtitan#1690, c2640) is a run from scratch;
 * it had read as a full fine-tune. Read as pre-training, said with the program's name and the word that switches.
 */
const PRETRAINING_PROGRAMS = new Set(['torchtitan']);

/** Words that say weights are loaded to fine-tune, in the message: then the program's default does not hold. */
const FINE_TUNING = /fine[-_ ]?tun|\bsft\b|\blora\b|initial_load_path|load(?:ed|ing)?\s+(?:a\s+|the\s+|from\s+(?:a\s+|the\s+)?)?(?:hf\s+|pretrained\s+)?(?:checkpoint|weights)|continued|继续预训练|增量预训练|微调|파인튜닝|미세\s*조정/i;

export function pretrainingProgram(r: Resolution): void {
  const s = r.s;
  if (!r.isNew || s.mode !== 'full' || s.pretrain || r.patch.has('mode')) return;
  const program = r.patch.value<string>('framework');
  if (!program || !PRETRAINING_PROGRAMS.has(program) || FINE_TUNING.test(r.text)) return;
  s.pretrain = true;
  const said = r.patch.get('framework')!.item.text.trim();
  r.intent(`pre-training: ${program} ("${said}") trains a freshly initialised model unless a checkpoint is loaded (say "finetune" if you load one)`);
}
