import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A weight format the user says they removed is not the run's (reconcile/removed-formats.ts, s44 rweights1): the
 * pasted command's `--load_in_4bit` had set NF4 (and QLoRA) after "So I delete the load_in_4bit", in silence.
 */

describe('a format the message says it removed is set aside', () => {
  it('c3238 (mixtral sft with trl of fsdp): "So I delete the load_in_4bit" leaves the 16-bit LoRA run', () => {
    const { scenario, said } = corpusLineRead('c3238');
    expect(scenario.weights).not.toBe('nf4');
    expect(scenario.mode).toBe('lora');
    expect(said).toMatch(/says it was removed/);
  });

  // Invented variations of c3238: the verb, its tense, the flag's spelling, the language, another model and card.
  it.each([
    'accelerate launch sft.py --model_name mistralai/Mistral-7B-v0.1 --use_peft --lora_r 16 --load_in_4bit on 4x a100-40g. fsdp cannot flatten int tensors, so I removed load_in_4bit and now it OOMs',
    'accelerate launch sft.py --model_name meta-llama/Llama-2-13b-hf --use_peft --load_in_4bit on 8 gpus. I deleted --load_in_4bit because FSDP does not support it',
    'accelerate launch sft.py --model_name meta-llama/Llama-2-13b-hf --use_peft --load_in_4bit on 8x a100-80g\nFSDP不支持4bit，所以我去掉了load_in_4bit，还是OOM',
    'python train.py --model_name Qwen/Qwen2.5-7B --use_peft --load_in_8bit on 2x rtx-4090. I took out the load_in_8bit flag and it still runs out of memory',
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(['nf4', 'nf4-dq', 'int8']).not.toContain(scenario.weights);
    expect(scenario.mode).toBe('lora');
    expect(said).toMatch(/says it was removed/);
  });
});

describe('what breaks the cue: a condition, or a removal before any format', () => {
  it('c3264 (vLLM on a T4): "If I use another dtype or remove the `quantization` parameter, I get an OOM" keeps the AWQ run', () => {
    const { scenario } = corpusLineRead('c3264');
    expect(scenario.weights).toBe('awq');
  });

  it.each([
    'accelerate launch sft.py --model_name meta-llama/Llama-2-13b-hf --use_peft --load_in_4bit on 8x a100-80g. should I remove load_in_4bit for fsdp?',
    'accelerate launch sft.py --model_name meta-llama/Llama-2-13b-hf --use_peft --load_in_4bit on 8x a100-80g. if I remove load_in_4bit it OOMs',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.weights).toMatch(/^nf4/);
  });
});
