import type { Item } from '../items.js';
import { deepspeedAppItems } from './deepspeed-app.js';

/**
 * The framework slot's evidence model (issue 22 item 2; the classes a framework fact carries are
 * scenario/framework-evidence.ts's). The framework is what runs the training loop, or serves the model.
 *
 * Strong cues — the user runs the tool: its command (`llamafactory-cli`, `vllm serve`, `tune run`), its
 * API in the user's code, a key or flag only it has, its own recipe's name, its own log lines, its name
 * as the subject of the run ("I train with axolotl").
 * Weak cues — said with their words (scenario/facts.ts weakFactNotices): a repository path or a
 * script's name another project lays out the same way, a Hub id's owner (`unsloth/…`), a link's label,
 * a title, a config written only by that program with no name of it.
 * Broken cues — taken as no framework of the run: a comparison ("works in vLLM but not in TGI",
 * mentioned-frameworks.ts), a framework tried and left (former-frameworks.ts, tried-alternatives.ts),
 * a framework asked about.
 *
 * DeepSpeed is two things in these words, and only one of them runs the loop (corpus README, the
 * framework rule, audit3 2026-12-06):
 *  - DeepSpeed's own engine — a script calling `deepspeed.initialize`, DeepSpeed-Chat (deepspeed-app.ts),
 *    Megatron-DeepSpeed — takes `--deepspeed` as a bare switch beside `--deepspeed_config <file>`
 *    (deepspeed/__init__.py add_config_arguments: `--deepspeed` is store_true). The framework is `deepspeed`.
 *  - A Hugging Face Trainer handed a DeepSpeed config: TrainingArguments' `deepspeed` field takes the
 *    config's path (`--deepspeed ds_config.json`, `deepspeed="ds.json"`), and the Trainer's own names
 *    (`TrainingArguments`, `trainer.train()`) say who runs the loop. The `deepspeed` launcher in front of
 *    such a script only starts its processes, and "with DeepSpeed" in prose names ZeRO's provider. The
 *    framework is the Trainer's (`hf`, with the config's ZeRO stage where the words give one); the
 *    precision is DeepSpeed's mixed recipe all the same (config-keys/precision.ts reads the Trainer's
 *    `--bf16` under a DeepSpeed config as DeepSpeed's bf16).
 * The rows below are the second kind's cues: each is the HF Trainer's own argument or class, or accelerate's
 * own launcher, so the Trainer reading is strong (the user's own setting or command), never a guess from a
 * script's name (`finetune_with_accelerate.sh` is no cue).
 */
export interface TrainerCue {
  id: string;
  pattern: RegExp;
  example: string;
  source: string;
}

export const TRAINER_CUES: readonly TrainerCue[] = [
  {
    // TrainingArguments' `deepspeed` field given a value: a path, a $variable, a JSON file. DeepSpeed's own
    // `--deepspeed` is a switch, so another flag (`--deepspeed --deepspeed_config x`) or the line's end follows it.
    id: 'framework.trainer-deepspeed-file',
    pattern: /(?<![\w-])--deepspeed(?:[ \t]*=[ \t]*|[ \t]+)["']?[\w$.~/{][^\s"']*/,
    example: 'deepspeed --num_gpus=6 main.py --deepspeed deepspeed.json --do_train --fp16',
    source: 'zai-org/ChatGLM-6B#1237',
  },
  {
    // The keyword in Python: `TrainingArguments(…, deepspeed="ds_config.json")` or a dict's `"deepspeed": "ds.json"` beside it.
    id: 'framework.trainer-deepspeed-kwarg',
    pattern: /\bdeepspeed[ \t]*=[ \t]*["'][^"'\n]+\.json["']/,
    example: 'TrainingArguments(output_dir="out", bf16=True, deepspeed="ds_config.json")',
    source: 'ray-project/ray#33090',
  },
  {
    // The Trainer's own classes and its loop in a traceback or the user's code.
    id: 'framework.trainer-class',
    pattern: /\b(?:TrainingArguments|Seq2SeqTrainingArguments|Seq2SeqTrainer|trainer\.train\(\))/,
    example: 'Simply replace `fp16=True` with `bf16=True` in `TrainingArguments`',
    source: 'baichuan-inc/Baichuan2#370',
  },
  {
    // accelerate's launcher runs the user's script through its Accelerator, with DeepSpeed as a plugin
    // (`--use_deepspeed`, a DeepSpeed accelerate config): the corpus convention reads such a run as hf (audit3).
    id: 'framework.trainer-accelerate-launch',
    pattern: /\baccelerate[ \t]+launch\b/,
    example: 'accelerate launch --use_deepspeed --num_processes 4 finetune.py',
    source: 'huggingface/trl#2404',
  },
];

/**
 * Words only DeepSpeed's own engine takes: where they stand, the DeepSpeed reading is kept
 * (`--deepspeed_config`, `deepspeed.initialize`, DeepSpeed-Chat's `--zero_stage`, DeepSpeed-Inference).
 */
const DEEPSPEED_ENGINE = /--deepspeed_config\b|deepspeed\.initialize|--zero_stage\b|init_inference|Megatron-DeepSpeed|pretrain_gpt\.py/i;

const isDeepSpeed = (i: Item) => i.kind === 'framework' && (i as { value: string }).value === 'deepspeed';

/** The Trainer cue the text carries, if any. */
export function trainerCueIn(text: string): TrainerCue | undefined {
  return TRAINER_CUES.find((c) => c.pattern.test(text));
}

/**
 * DeepSpeed read beside a Hugging Face Trainer's own cue is the Trainer's run: each `deepspeed` framework
 * item (the launcher, the `--deepspeed` flag, "with deepspeed") is read as `hf`, and the note says which words
 * made it so. DeepSpeed-Chat's items and a text with DeepSpeed's own engine words are left as they are.
 */
export function trainerOverDeepSpeed(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !items.some(isDeepSpeed) || DEEPSPEED_ENGINE.test(text)) return items;
  const cue = trainerCueIn(text);
  if (!cue) return items;
  const app = deepspeedAppItems(items, text);
  const words = (cue.pattern.exec(text)?.[0] ?? '').trim();
  let changed = false;
  const out = items.map((i) => {
    if (!isDeepSpeed(i) || app.has(i)) return i;
    changed = true;
    return { ...i, value: 'hf' } as Item;
  });
  if (changed) notes.push(`DeepSpeed read as ZeRO's provider under the Hugging Face Trainer ("${words}" is the Trainer's): the framework is hf, with DeepSpeed's mixed precision`);
  return out;
}
