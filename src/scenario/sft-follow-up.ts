import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/**
 * A follow-up that runs supervised fine-tuning, in a thread about an RL trainer: "When I go further to launch
 * `python3 examples/scripts/sft_trainer.py --model_name EleutherAI/gpt-neox-20b --use_peft …`" under the
 * thread "Fine-tuning 20B LLMs with RLHF on a 24GB consumer GPU" (huggingface/trl#526, c2279) runs TRL's
 * SFTTrainer with a LoRA, not the thread's PPO: the reply's own script says which trainer runs. The thread's
 * PPO had been kept silently, with its reference and value models. The SFT step is the Hugging Face Trainer
 * (TRL's SFTTrainer subclasses it), said with the switch back.
 */
export const SFT_FOLLOW_UP_RULE = {
  id: 'scenario.sft-follow-up',
  example: 'python3 examples/scripts/sft_trainer.py --model_name EleutherAI/gpt-neox-20b --use_peft --batch_size 1',
  source: 'huggingface/trl#526',
} as const;

const RL_TRAINERS: ReadonlySet<Scenario['framework']> = new Set(['ppo', 'grpo', 'dpo', 'orpo', 'reward']);

/**
 * "sft" as a part of a script's or module's name (sft_trainer.py, train_sft.py, sft.py, openrlhf.cli.train_sft):
 * the run the follow-up launches. A bare "SFT" in prose ("after SFT, the DPO step OOMs") is the stage before
 * the thread's run as often as a run of its own, so it says nothing here.
 */
const SFT = /(?:^|[^a-z])sft(?:[^a-z]|$)/i;
const SCRIPT = /\.(?:py|sh)$|[._/-]/;

/** A follow-up's SFT words in a thread on an RL trainer: the run is the SFT trainer's; true when it read so. */
export function sftFollowUp(r: Resolution): boolean {
  if (r.isNew || !RL_TRAINERS.has(r.s.framework) || r.patch.has('framework') || r.patch.has('rlTrainer')) return false;
  // The user's own word around the item: a script's name is read as its method from a part of it ("train" of train_sft.py).
  const words = (i: { at: number; end: number; text: string }) => wordAround(r.text, i.at, i.end) || i.text;
  const said = r.patch.items.find((i) => (i.kind === 'mode' || i.kind === 'lora') && SFT.test(words(i)) && SCRIPT.test(words(i)));
  if (!said) return false;
  const thread = r.s.framework.toUpperCase();
  r.s.framework = 'hf';
  r.assume(`"${words(said).trim()}" runs supervised fine-tuning, not the thread's ${thread}: read with the Hugging Face Trainer (TRL's SFTTrainer is one); say "${thread.toLowerCase()}" if this run is the thread's`);
  return true;
}

/** The whitespace-, quote- or backtick-delimited word of `text` that holds [at, end). */
function wordAround(text: string, at: number, end: number): string {
  const stop = /[\s`'"]/;
  let from = at;
  while (from > 0 && !stop.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && !stop.test(text[to]!)) to++;
  return text.slice(from, to);
}
