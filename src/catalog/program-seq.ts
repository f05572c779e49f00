import { llamafactoryBefore } from '../scenario/llamafactory-release.js';

/**
 * The sequence length a training framework cuts or pads its samples to when its config or command
 * leaves it out (issue 23 item 8: a half-stated setup is answered at the framework's own default,
 * said as that default, with the envelope kept around it). Ours (seq 2048) stays for the rest.
 *
 * - LongLoRA: `model_max_length: int = field(default=8192 * 4)` in fine-tune.py and
 *   supervised-fine-tune.py's TrainingArguments (dvlab-research/LongLoRA, 2023-09 → be3bb47,
 *   2023-11-19, their last change); the long context is what LongLoRA is for.
 * - axolotl: `sequence_len: int = Field(default=512)` in its pydantic config schema
 *   (src/axolotl/utils/schemas/config.py, beside `max_prompt_len` default 512); its examples set 2048–8192.
 * - TRL's SFTTrainer, named bare ("trl": its SFT trainer; "trl dpo" / "trl grpo" name their own):
 *   1024 in every release. trl/trainer/sft_trainer.py v0.7.0 (2023-08) → v0.13.0: with no
 *   `max_seq_length`, `max_seq_length = min(tokenizer.model_max_length, 1024)`; SFTConfig
 *   `max_seq_length` default=1024 from v0.15.0 (trl/trainer/sft_config.py), renamed `max_length`
 *   default=1024 in v0.16.0 and so through v1.9.0. A model with fewer learned positions keeps its
 *   own bound (the min before v0.15; scenario/resolve-batch.ts checks it). Its example scripts may
 *   pass their own (examples/scripts/sft.py's SftScriptArguments `max_seq_length` 512 at 0ee349dc,
 *   2024-03, trl/commands/cli_utils.py): a command quoted from them says its seq.
 * - alpaca-lora: finetune.py's `cutoff_len: int = 256` (tloen/alpaca-lora 3b79ea4, 2023-03-28, to its
 *   last change 8bb8579, 2023-04-18; the module constant CUTOFF_LEN = 256 from 41e0ff6, 2023-03-13). Its
 *   first commit cut at 128, and 512 held from af30df1 (2023-03-24) to b948f89 (2023-03-26) and within
 *   2023-03-28; the request language reads no alpaca-lora release. Samples are padded to that length
 *   before 2023-03-24 (padding="max_length"), to the batch's longest after (padding=False, then
 *   DataCollatorForSeq2Seq): 256 is the longest a batch holds.
 *
 * - LLaMA-Factory, by release (the request's "llamafactory 0.8.3", language/llamafactory-versions.ts),
 *   hiyouga/LLaMA-Factory DataArguments:
 *
 *   | release          | default length                       | where                                                  |
 *   |------------------|--------------------------------------|--------------------------------------------------------|
 *   | v0.1.0 – v0.1.8  | 1024 (max_source_length 512 + max_target_length 512, preprocess.py's SFT max_length) | src/llmtuner/hparams/data_args.py, dsets/preprocess.py |
 *   | v0.2.0 – v0.9.0  | cutoff_len 1024                      | src/llmtuner/hparams/data_args.py (v0.2.0, 2023-09) → src/llamafactory/hparams/data_args.py (v0.8.0 on) |
 *   | v0.9.1 – v0.9.5  | cutoff_len 2048                      | src/llamafactory/hparams/data_args.py, 1e6f9650 2024-11-10 "add vllm config" |
 *
 *   No release named is the newest (2048, ours already, said as its default). A "0.9.1.dev0" build
 *   (2024-09-09 → 2024-11-25) is read as 0.9.1, though those before 2024-11-10 still cut at 1024.
 *   LLaMA-Factory pads a batch to its longest sample (SFT's DataCollatorForSeq2Seq, packing off by
 *   default: `packing` None = on only for pre-training, `neat_packing` False, v0.6.0 → v0.9.5), so the
 *   cutoff is the longest a batch holds.
 *
 * Not here: Unsloth (`FastLanguageModel.from_pretrained(max_seq_length=2048)`, ours already),
 * litgpt (`max_seq_length` None: the longest sample of the dataset, no fixed point), torchtune
 * (configs only), and the TRL trainers ("dpo"/"grpo" also name LLaMA-Factory's and ms-swift's stages).
 */
export interface ProgramSeq {
  seq: number;
  /** How the reply names it: "LongLoRA's model_max_length default (fine-tune.py)". */
  name: string;
}

const PROGRAM_SEQ: Readonly<Record<string, ProgramSeq>> = {
  longlora: { seq: 32768, name: "LongLoRA's model_max_length default (8192 × 4, fine-tune.py)" },
  axolotl: { seq: 512, name: "axolotl's sequence_len default (utils/schemas/config.py)" },
  'alpaca-lora': { seq: 256, name: "alpaca-lora's cutoff_len default (finetune.py)" },
  trl: { seq: 1024, name: "TRL SFTTrainer's max_length default (SFTConfig; min(tokenizer max, 1024) before v0.15)" },
};

/** LLaMA-Factory's first release that cuts at 2048 (the table above). */
export const LLAMAFACTORY_CUTOFF_2048_FROM = [0, 9, 1] as const;

function llamafactorySeq(release: string | undefined): ProgramSeq {
  if (release !== undefined && llamafactoryBefore(release, LLAMAFACTORY_CUTOFF_2048_FROM)) return { seq: 1024, name: `LLaMA-Factory ${release}'s cutoff_len default (hparams/data_args.py; 2048 from 0.9.1)` };
  if (release !== undefined) return { seq: 2048, name: `LLaMA-Factory ${release}'s cutoff_len default (hparams/data_args.py; 1024 before 0.9.1)` };
  return { seq: 2048, name: "LLaMA-Factory's cutoff_len default since 0.9.1 (hparams/data_args.py; 1024 before: name your release, e.g. llamafactory 0.8.3)" };
}

/**
 * `program`: a framework, or "trl" for TRL named bare (the 'hf' framework with TRL's SFT trainer, scenario/trl-preset.ts).
 * `release`: the framework's release the request named, where its default changed by release (LLaMA-Factory).
 */
export function programSeq(program: string, release?: string): ProgramSeq | null {
  if (program === 'llama-factory') return llamafactorySeq(release);
  return PROGRAM_SEQ[program] ?? null;
}

/** "seq 32768 — LongLoRA's model_max_length default (8192 × 4, fine-tune.py); say seq N if yours differs" */
export const programSeqWords = (own: ProgramSeq) => `seq ${own.seq} — ${own.name}; say seq N if yours differs`;
