/**
 * The micro-batch a training framework runs when its config or command leaves it out (issue 23: a
 * half-stated setup says which default it assumed). The envelope is answered at batch 1; where the
 * framework's own default differs, or once did, the reply says whether it fits.
 *
 * - LLaMA-Factory: its TrainingArguments subclasses transformers' Seq2SeqTrainingArguments without
 *   overriding `per_device_train_batch_size` (src/llamafactory/hparams/training_args.py), so a YAML
 *   without the key trains at transformers' default, 8 (training_args.py
 *   `per_device_train_batch_size: int = field(default=8)`); its example YAMLs set 1.
 * - litgpt: `TrainArgs(micro_batch_size=1)` in finetune/lora.py and full.py since 2024-04-01
 *   (litgpt 449eb29, #1212); lit-gpt's scripts used 4 before.
 *
 * - alpaca-lora: finetune.py's MICRO_BATCH_SIZE = 4 (a module constant in March 2023, the
 *   `micro_batch_size: int = 4` argument from 2023-03-24 on; tloen/alpaca-lora finetune.py).
 *
 * Frameworks that require the key (axolotl validates that two of micro_batch_size,
 * gradient_accumulation_steps and batch_size are set) or read it only from their configs
 * (torchtune) have none. A bare "hf" is the convention assumed when no framework is named, so the
 * Trainer's default is not said for it.
 */
export interface ProgramBatch {
  /** The framework's own micro-batch today. */
  microBatch: number;
  /** How the reply names it: "LLaMA-Factory's own default per_device_train_batch_size". */
  name: string;
  /** An earlier default worth naming beside it, with when it changed. */
  before?: { microBatch: number; until: string };
}

const PROGRAM_BATCH: Readonly<Record<string, ProgramBatch>> = {
  'llama-factory': { microBatch: 8, name: "LLaMA-Factory's own default per_device_train_batch_size" },
  'alpaca-lora': { microBatch: 4, name: "alpaca-lora's own micro_batch_size" },
  litgpt: { microBatch: 1, name: "litgpt's own default micro_batch_size", before: { microBatch: 4, until: 'April 2024' } },
};

export function programBatch(framework: string): ProgramBatch | null {
  return PROGRAM_BATCH[framework] ?? null;
}
