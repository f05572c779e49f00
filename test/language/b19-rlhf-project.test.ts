import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, nebuly-ai/optimate#359 (corpus c706): "trying to work with your RLHF code to Fine-tune and
 * Reinforcement learning for LLaMA … fine-tuning LLaMA-2-7B … with PEFT LoRA". "RLHF" said of the
 * code describes the project; the run is the actor's LoRA fine-tune (prose.rlhf-project).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('"RLHF code" names a project, not the run', () => {
  it('c706: LoRA on Llama-2-7B with Hugging Face conventions, not PPO', () => {
    const s = read(line('c706').text).scenario;
    expect(s.framework).not.toBe('ppo');
    expect(s.mode).toBe('lora');
    expect(s.model.id).toBe('llama-2-7b');
  });

  it.each([
    'llama-2-7b lora with the RLHF codebase on 1x a6000',
    'I use their rlhf repo to run llama-2-7b lora on 1x a6000',
    'RLHF library: llama-2-7b lora on one a6000',
    '使用RLHF代码库 llama-2-7b lora on 1x a6000',
  ])('%s: not PPO', (text) => {
    expect(read(text).scenario.framework).not.toBe('ppo');
  });

  it.each(['llama-2-7b rlhf on 8x a100', 'rlhf for llama-2-7b on 8x a100', 'llama-2-7b RLHF training on 8x a100'])('%s: the bare word stays PPO', (text) => {
    expect(read(text).scenario.framework).toBe('ppo');
  });
});
