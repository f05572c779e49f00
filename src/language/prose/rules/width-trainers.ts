import type { ProseRule } from '../types.js';
import { MLX_CONTEXT, NAMED_FORMAT } from './names.js';
import { WIDTH_SAID, WIDTH_WORD } from './width-only.js';

/** A trainer that quantises with bitsandbytes: QLoRA by definition, Unsloth by its loader. */
const BNB_TRAINER = /\bq-?lora\b|\bunsloth\b/;

export const WIDTH_TRAINER_RULES: readonly ProseRule[] = [
  {
    // A width beside QLoRA or Unsloth is bitsandbytes': QLoRA is NF4 by its definition (Dettmers et al. 2023,
    // PEFT's prepare_model_for_kbit_training over a BitsAndBytesConfig), and Unsloth loads "4bit" as bnb NF4
    // (FastLanguageModel.from_pretrained(load_in_4bit=True)). Read so, not weak as prose.width-only's guess: "fine
    // tune qwen2.5 14b with unsloth on my 3090, 4bit" had said "nf4 — from "4bit"? say gptq…" of an Unsloth run.
    // A format the message names, or a Mac's MLX, leaves the width to prose.width-only.
    id: 'prose.width-bnb-trainer',
    // The width in every spelling prose.width-only reads ("QLoRA (4ビット)", "4비트 QLoRA", "unsloth 4位量化"): a
    // Japanese Unsloth QLoRA had still said "nf4 — from '4ビット'? say gptq…" where the English one read NF4.
    pattern: new RegExp(
      String.raw`(?<![\w.-])(?<!load[-_ ]in[-_ ])(?<!bnb[-_ ])(?<!bitsandbytes[-_ ])(?<!adamw?[-_ ])(?<!optim(?:izer)?[-_ ])([48])${WIDTH_WORD}(?![-_.]\w)(?![-_ ](?:adam|optim|lion|paged))`,
      'g',
    ),
    when: (t) => WIDTH_SAID.test(t) && BNB_TRAINER.test(t) && !NAMED_FORMAT.test(t) && !MLX_CONTEXT.test(t),
    write: (m) => (m[1] === '4' ? 'nf4' : 'int8').padEnd(m[0].length),
    example: 'trying to fine tune qwen2.5 14b with unsloth on my 3090, 4bit, max_seq_length 8192, batch 2',
  },
];
