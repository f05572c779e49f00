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
 * Not here: LLaMA-Factory (DataArguments `cutoff_len`: default 1024 from v0.2.0, dc68c313
 * 2023-09-21, through v0.9.0; default 2048 from v0.9.1, 1e6f9650 2024-11-10 "add vllm config", in
 * src/llmtuner/hparams/data_args.py then src/llamafactory/hparams/data_args.py; the request language
 * reads no LLaMA-Factory release, so the newest, ours already, stands), Unsloth (`FastLanguageModel.from_pretrained(max_seq_length=2048)`, ours already),
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

/** `program`: a framework, or "trl" for TRL named bare (the 'hf' framework with TRL's SFT trainer, scenario/trl-preset.ts). */
export function programSeq(program: string): ProgramSeq | null {
  return PROGRAM_SEQ[program] ?? null;
}

/** "seq 32768 — LongLoRA's model_max_length default (8192 × 4, fine-tune.py); say seq N if yours differs" */
export const programSeqWords = (own: ProgramSeq) => `seq ${own.seq} — ${own.name}; say seq N if yours differs`;
