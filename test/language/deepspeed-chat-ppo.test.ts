import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * DeepSpeed-Chat step 3 is PPO: the critic's own settings and the PPO epochs say so as the critic's
 * model path does (config-keys/frameworks/deepspeed-chat.ts). deepspeedai/DeepSpeedExamples#330 (c1927)
 * pastes a run_6.7b_lora.sh cut before the paths: "--critic_zero_stage 0 … --ppo_epochs 1" had read
 * as a plain LoRA run.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('DeepSpeed-Chat step 3 is PPO by any of its PPO-only keys', () => {
  it('c1927: the actor and critic stages and --ppo_epochs, no critic path: PPO', () => {
    expect(corpusLineRead('c1927').scenario.framework).toBe('ppo');
  });

  it.each([
    ['the critic stage alone', 'deepspeed main.py --actor_model_name_or_path facebook/opt-1.3b --actor_zero_stage 2 --critic_zero_stage 2 --per_device_train_batch_size 1 --deepspeed on 1x a100'],
    ['the PPO epochs alone', 'deepspeed main.py --actor_model_name_or_path facebook/opt-1.3b --actor_zero_stage 3 --ppo_epochs 1 --per_device_train_batch_size 1 --deepspeed on 2x a100'],
    ['the critic path (c784 form), epochs after it', 'deepspeed main.py --actor_model_name_or_path facebook/opt-1.3b --critic_model_name_or_path facebook/opt-350m --actor_zero_stage 2 --ppo_epochs 1 --deepspeed on 1x a100'],
  ])('%s', (_why, text) => {
    const { s, said } = read(text);
    expect(s.framework).toBe('ppo');
    // Said once, whichever keys say it.
    expect(said.match(/DeepSpeed-Chat step 3: PPO/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});
