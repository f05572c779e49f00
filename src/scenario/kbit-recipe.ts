import { adaptersOverBitsandbytes } from '../memory/kbit.js';
import type { Scenario } from './schema.js';

/**
 * A QLoRA (or LoRA over LLM.int8) request that names no framework is read as the recipe PEFT
 * documents for it: load the base through bitsandbytes, call
 * `prepare_model_for_kbit_training(model)`, then `get_peft_model` (huggingface/peft,
 * docs/source/developer_guides/quantization.md). The function's defaults, unchanged from v0.4.0 to
 * v0.20.0 (src/peft/utils/other.py):
 *
 * - `use_gradient_checkpointing=True`: it calls `model.gradient_checkpointing_enable()` whenever the
 *   model is loaded in 4 or 8 bits. A QLoRA script that says nothing about checkpointing runs with
 *   it, so the reply assumes it and says how to turn it off (`no gc`, as `prepare_model_for_kbit_training(
 *   model, use_gradient_checkpointing=False)` would).
 * - every fp16/bf16 parameter that is not `Params4bit` (embeddings, LM head, norms) is cast to fp32
 *   (memory/kbit.ts counts that upcast and the fp32 residual stream it brings).
 *
 * Where it does not apply, from each framework's own source:
 * - a framework that is named keeps its own recipe: LLaMA-Factory, axolotl and Unsloth set their
 *   own checkpointing and casts (scenario/presets.ts); "hf" / "trainer" named keeps the
 *   Trainer's `gradient_checkpointing=False` (transformers TrainingArguments), said in its preset
 *   note, and "trl" named too (its SFTTrainer from v0.9.6 passes
 *   `use_gradient_checkpointing=args.gradient_checkpointing`, False until SFTConfig's default
 *   became True in v0.22.0, huggingface/trl#3510), said with that release (scenario/trl-preset.ts);
 * - sharded QLoRA (FSDP, ZeRO-3) is not prepared: TRL's SFTTrainer skips the call when the 4-bit
 *   parameters sit on cpu/meta for sharding (`is_sharded_qlora`, trl/trainer/sft_trainer.py v0.9.6 →
 *   v0.21, trl/models/utils.py v0.22 → v0.29), as FSDP needs one dtype to flatten;
 * - a GPTQ or AWQ base is not a bitsandbytes base: PEFT skips the fp32 cast for GPTQ, AQLM, EETQ,
 *   HQQ and torchao bases, and the bot reads "qlora" over them as LoRA on that base (resolve.ts).
 */
export function readsAsPeftKbitRecipe(s: Scenario, trainerNamed: boolean): boolean {
  if (trainerNamed || !LAUNCHERS.has(s.framework) || !adaptersOverBitsandbytes(s)) return false;
  const sharded = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp' || (s.sharding.kind === 'zero' && s.sharding.stage === 3);
  return !sharded;
}

/**
 * A launcher names no trainer: `deepspeed --num_gpus 2 finetune_clm_lora.py --load_in_bits 4 --lora_r 8`
 * (LlamaChinese/Llama-Chinese#243, c2338) and `accelerate launch train_qlora.py --bits 4` start the user's
 * script, and the script loads the 4-bit base and prepares it with PEFT as any QLoRA script does; DeepSpeed
 * or accelerate only launch it (and DeepSpeed, with a stage, shards it). The framework "deepspeed", or "hf"
 * said only as "accelerate", had kept PEFT's recipe off: checkpointing off, silently.
 */
const LAUNCHERS: ReadonlySet<Scenario['framework']> = new Set(['hf', 'deepspeed']);

/**
 * The framework words that name a launcher, not the trainer that prepares the model: DeepSpeed's command
 * and accelerate's, each followed by its own flags or the script it starts (`deepspeed --num_gpus 2 …`,
 * `deepspeed train.py …`, `accelerate launch …`) somewhere in the message. DeepSpeed named in prose only
 * ("with deepspeed") is the framework the user says, and keeps its preset.
 */
export function namesLauncherOnly(framework: string, text: string): boolean {
  if (framework === 'deepspeed') return /(?:^|[\s`$;&(])deepspeed[ \t]+(?:--?[a-z]|[\w./$-]+\.py\b)/im.test(text);
  return framework === 'hf' && /(?:^|[\s`$;&(])accelerate[ \t]+launch\b/im.test(text);
}

/** What the reply says when a plain QLoRA request is read as PEFT's recipe: the checkpointing default only where it was taken. */
export function peftKbitRecipeNote(checkpointingStated: boolean, launcher?: string): string {
  const cast = 'casts the embeddings, LM head and norms to fp32';
  const named = launcher ? `"${launcher}" launches your script and names no trainer` : 'no framework named';
  return checkpointingStated
    ? `QLoRA as PEFT prepares it (${named}): prepare_model_for_kbit_training (peft utils/other.py) ${cast}`
    : `QLoRA as PEFT prepares it (${named}): prepare_model_for_kbit_training turns gradient checkpointing on by default (use_gradient_checkpointing=True, peft utils/other.py) and ${cast}; say "no gc" if your script turns it off`;
}
