import type { Scenario } from '../scenario/schema.js';

/**
 * Frameworks whose training loop is transformers' `Trainer`: the Trainer itself ("hf", and FSDP or PEFT
 * set up through it), TRL's DPO, ORPO, GRPO and PPO trainers (trl/trainer/*_trainer.py subclass it),
 * LLaMA-Factory, axolotl, LongLoRA and alpaca-lora. What the Trainer does (its loss, its accumulation
 * under Accelerate) they all do.
 */
export const HF_TRAINER_FRAMEWORKS: readonly Scenario['framework'][] = ['hf', 'fsdp', 'peft', 'llama-factory', 'axolotl', 'dpo', 'orpo', 'grpo', 'ppo', 'reward', 'longlora', 'alpaca-lora'];
