import { PROGRAM_DEFAULTS } from './command-default-method.js';
import type { Preset } from './presets.js';

/**
 * ms-swift named ("ms-swift", `swift sft`, `swift rlhf`, swift/cli/sft.py): transformers' Trainer
 * (or the TRL trainer its `--rlhf_type` picks) underneath, read with that trainer's preset, but with
 * ms-swift's own checkpointing default, which is on (issue 23, vt: the 'hf' and TRL presets leave it
 * off, so a run through ms-swift that did not say it was estimated without it):
 *
 * - 3.x: `Seq2SeqTrainingOverrideArguments` ("Override the default value in
 *   `Seq2SeqTrainingArguments`") sets `gradient_checkpointing: bool = True`, and `TrainArguments`,
 *   which `RLHFArguments` extends, inherits it (modelscope/ms-swift swift/llm/argument/train_args.py,
 *   00f5f5d; the later TrainArgumentsMixin keeps `gradient_checkpointing: bool = True`).
 * - 2.x: `SftArguments.gradient_checkpointing: Optional[bool] = None`, and `__post_init__` sets it to
 *   the model's `support_gradient_checkpointing`, True unless the model's registration says otherwise
 *   (swift/llm/utils/argument.py, 003f77b), passed to Seq2SeqTrainingArguments(gradient_checkpointing=…).
 *
 * `--gradient_checkpointing false` turns it off: said "no gc", it is kept.
 */

const MS_SWIFT = PROGRAM_DEFAULTS.find((p) => p.id === 'default-method.ms-swift')!.runs;

/** `swift pt` (pre-training) trains full by default, so command-default-method.ts leaves it out; its TrainArguments keep checkpointing on all the same. */
const SWIFT_PRETRAIN = /(?<![\w.-])swift[ \t]+pt(?![\w-])|swift[/.]cli[/.]pt(?:\.py)?(?![\w])/i;

/** Some word of the request runs ms-swift (the words command-default-method.ts reads for its default method, and `swift pt`). */
export function runsMsSwift(words: readonly string[]): boolean {
  return words.some((w) => MS_SWIFT.test(w) || SWIFT_PRETRAIN.test(w));
}

export const MS_SWIFT_GC_NOTE =
  'gradient checkpointing on by default in ms-swift (gradient_checkpointing True: swift/llm/argument/train_args.py in 3.x, the model\'s support_gradient_checkpointing in 2.x; say "no gc" for --gradient_checkpointing false)';

/**
 * The trainer's preset with ms-swift's checkpointing default (on). On the bare Trainer ('hf') the note
 * is ms-swift's own; a trainer's ("GRPO preset (TRL): …") keeps its note, with the default beside it.
 */
export function msSwiftPreset(preset: Preset, bareTrainer: boolean): Preset {
  const { recomputeWords: _trainerWords, ...rest } = preset;
  const note = bareTrainer ? `ms-swift preset: transformers' Trainer with bf16 mixed precision and fp32 master weights, ${MS_SWIFT_GC_NOTE}` : `${preset.note}; ${MS_SWIFT_GC_NOTE}`;
  return { ...rest, fields: { ...preset.fields, recompute: 'full' }, note };
}
