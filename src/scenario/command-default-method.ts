import type { Mode } from './schema.js';

/**
 * A training program that trains a method of its own when the command names none (issue 22): the
 * method is that default, said with its source, not the full fine-tune a bare training word gets.
 * LLaMA-Factory's default (finetuning_type lora) rides on its framework preset (presets.ts); ms-swift
 * trains through the Hugging Face Trainer and has no preset of its own, so its default is keyed by
 * the words that run it.
 */

export interface DefaultMethod {
  mode: Mode;
  /** What the reply says: the default and its source, and how to say otherwise. */
  note: string;
}

interface ProgramDefault extends DefaultMethod {
  id: string;
  /** The command or name that runs the program's training, on the words of the request's training or framework item. */
  runs: RegExp;
  source: string;
}

export const PROGRAM_DEFAULTS: readonly ProgramDefault[] = [
  {
    // ms-swift `swift sft` / `swift rlhf` (and their scripts swift/cli/sft.py, rlhf.py): train_type
    // defaults to 'lora' in 3.x (TunerArguments, swift/llm/argument/tuner_args.py; docs v3.6–v3.9
    // "Command Line Parameters": "train_type … Default is 'lora'"; renamed tuner_type later, still
    // 'lora'), and sft_type did in 2.x (SftArguments, swift/llm/utils/argument.py). `swift pt` is
    // pre-training (PtArguments sft_type 'full' in 2.x) and is read as such by its command. Its logger's
    // prefix ("[INFO:swift] …", swift/utils/logger.py; modelscope/ms-swift#5292, c1862) is ms-swift running.
    id: 'default-method.ms-swift',
    runs: /(?<![\w.-])swift[ \t]+(?:sft|rlhf)(?![\w-])|(?<![\w-])ms[- ]?swift(?![\w-])|swift[/.]cli[/.](?:sft|rlhf)(?:\.py)?(?![\w])|\[(?:info|warning|error|debug):swift\]/i,
    mode: 'lora',
    note: `LoRA: ms-swift's default train_type (swift/llm/argument/tuner_args.py; sft_type in 2.x); say "full" (--train_type full) to train every weight`,
    source: 'modelscope/ms-swift swift/llm/argument/tuner_args.py; docs v3.9 "Command Line Parameters"',
  },
];

/** The default method of the program the words run, if any of them runs one. */
export function defaultMethodOf(words: readonly (string | undefined)[]): DefaultMethod | null {
  const program = PROGRAM_DEFAULTS.find((p) => words.some((w) => w !== undefined && p.runs.test(w)));
  return program ? { mode: program.mode, note: program.note } : null;
}
