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
  /** A real command the rule is found by (its own test reads it). */
  example: string;
  /** Tested on the message's own words too: a command whose program no item names (`megatron sft` under ms-swift). */
  inCommand?: boolean;
  source: string;
}

export const PROGRAM_DEFAULTS: readonly ProgramDefault[] = [
  {
    // ms-swift's Megatron commands (`megatron sft`, `megatron rlhf`: Megatron-SWIFT; `megatron pt` pre-trains, left to its own words) train every weight
    // unless told otherwise: MegatronTunerMixin `train_type: Literal['lora', 'full'] = 'full'`
    // (swift/megatron/argument/megatron_args.py), which is why its LoRA examples pass `--train_type lora`
    // (examples/megatron/lora/*.sh). "megatron sft --model Qwen/Qwen3-VL-30B-A3B-Instruct …" beside "ms-swift：4.0"
    // (modelscope/ms-swift#8084, c2285) had read as ms-swift's LoRA, said nowhere the bench could see.
    // Before ms-swift's own entry: the message that runs `megatron sft` names ms-swift too.
    id: 'default-method.megatron-swift',
    runs: /(?<![\w.\/-])megatron[ \t]+(?:sft|rlhf)(?![\w-])/i,
    example: 'megatron sft --model Qwen/Qwen3-VL-30B-A3B-Instruct --tensor_model_parallel_size 4',
    inCommand: true,
    mode: 'full',
    note: `full fine-tune: Megatron-SWIFT's default train_type ("megatron sft": swift/megatron/argument/megatron_args.py); say "lora" (--train_type lora) to train adapters`,
    source: 'modelscope/ms-swift swift/megatron/argument/megatron_args.py (MegatronTunerMixin)',
  },
  {
    // ms-swift `swift sft` / `swift rlhf` (and their scripts swift/cli/sft.py, rlhf.py): train_type
    // defaults to 'lora' in 3.x (TunerArguments, swift/llm/argument/tuner_args.py; docs v3.6–v3.9
    // "Command Line Parameters": "train_type … Default is 'lora'"; renamed tuner_type later, still
    // 'lora'), and sft_type did in 2.x (SftArguments, swift/llm/utils/argument.py). `swift pt` is
    // pre-training (PtArguments sft_type 'full' in 2.x) and is read as such by its command. Its logger's
    // prefix ("[INFO:swift] …", swift/utils/logger.py; modelscope/ms-swift#5292, c1862) is ms-swift running.
    id: 'default-method.ms-swift',
    runs: /(?<![\w.-])swift[ \t]+(?:sft|rlhf)(?![\w-])|(?<![\w-])ms[- ]?swift(?![\w-])|swift[/.]cli[/.](?:sft|rlhf)(?:\.py)?(?![\w])|\[(?:info|warning|error|debug):swift\]/i,
    example: 'swift sft',
    mode: 'lora',
    note: `LoRA: ms-swift's default train_type (swift/llm/argument/tuner_args.py; sft_type in 2.x); say "full" (--train_type full) to train every weight`,
    source: 'modelscope/ms-swift swift/llm/argument/tuner_args.py; docs v3.9 "Command Line Parameters"',
  },
];

/** The default method of the program the words run (the items' words, and the message for a program marked inCommand), if any of them runs one. */
export function defaultMethodOf(words: readonly (string | undefined)[], command?: string): DefaultMethod | null {
  const program = PROGRAM_DEFAULTS.find((p) => words.some((w) => w !== undefined && p.runs.test(w)) || (p.inCommand === true && command !== undefined && p.runs.test(command)));
  return program ? { mode: program.mode, note: program.note } : null;
}
