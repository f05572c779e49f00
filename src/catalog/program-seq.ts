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
 *
 * Not here: LLaMA-Factory (DataArguments `cutoff_len` default 2048 in hiyouga/LLaMA-Factory
 * src/llamafactory/hparams/data_args.py at 072bfe29, 2025, ours already; some earlier copies read 1024,
 * release not pinned), Unsloth (`FastLanguageModel.from_pretrained(max_seq_length=2048)`, ours already),
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
};

export function programSeq(framework: string): ProgramSeq | null {
  return PROGRAM_SEQ[framework] ?? null;
}

/** "seq 32768 — LongLoRA's model_max_length default (8192 × 4, fine-tune.py); say seq N if yours differs" */
export const programSeqWords = (own: ProgramSeq) => `seq ${own.seq} — ${own.name}; say seq N if yours differs`;
