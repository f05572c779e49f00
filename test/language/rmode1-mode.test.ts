import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROGRAM_DEFAULTS } from '../../src/scenario/command-default-method.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * The mode slot by its evidence (s44, rmode1; docs/reading.md "The mode slot: its evidence"). Two cues that had
 * answered a different question with nothing said:
 * - "full" before a dtype in a message about running the model is the precision of unquantised weights, not the
 *   full fine-tune (prose.full-needs-cue; lm-sys/FastChat#1938, c3409);
 * - `megatron sft` (Megatron-SWIFT) trains every weight by default, where ms-swift's own `swift sft` trains LoRA
 *   (default-method.megatron-swift; modelscope/ms-swift#8084, c2285).
 */

describe('"full" before a dtype, in a message about running the model, is the precision', () => {
  it('c3409 (lm-sys/FastChat#1938): "run Vicuna-13B without GPTQ (full fp16) on 2 RTX4090" runs the model', () => {
    const { scenario } = corpusLineRead('c3409');
    expect(scenario.mode).toBe('inference');
  });

  it.each([
    'Is there possible run Vicuna-13B without GPTQ (full fp16) on 2 RTX4090?',
    'Llama-2-13B (full fp16, no quantization) - will it run on 2x 3090?',
    'can I serve mistral-7b in full bf16 with vllm on one L4?',
    'deploy qwen2.5-14b at full fp16 on an A100 40GB',
    '用 full fp16 跑 qwen2-7b，4090 够吗',
    'loading gemma-2-9b with full bf16 weights on a 24GB card OOMs',
  ])('variation reads inference: %j', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });

  it.each([
    '13b full bf16 on 8x a100',
    'fine-tune llama-2-7b full bf16 on 4x a100',
    'llama-2-7b full fp16 zero2 on 4x a100',
    'run a full bf16 fine-tune of llama-2-7b on 8x a100',
  ])('a terse setup or a training word keeps the full fine-tune: %j', (text) => {
    expect(read(text).scenario.mode).toBe('full');
  });

  it('property: with a training word in the message, "full <dtype>" stays the method whatever running word is said', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('run', 'load', 'serve', 'deploy', '跑'),
        fc.constantFrom('fp16', 'bf16', '16-bit'),
        fc.constantFrom('fine-tune', 'train', 'sft', '微调'),
        (run, dtype, train) => read(`${train} llama-2-7b (full ${dtype}) and ${run} it on 8x a100`).scenario.mode !== 'inference',
      ),
      { numRuns: 30 },
    );
  });
});

describe("Megatron-SWIFT's default train_type is full", () => {
  const FULL_SAID = /full fine-tune: Megatron-SWIFT's default train_type/;

  it('c2285 (modelscope/ms-swift#8084): `megatron sft` beside "ms-swift：4.0" trains every weight, said', () => {
    const { scenario, said } = corpusLineRead('c2285');
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(FULL_SAID);
  });

  it.each([
    'megatron sft --model Qwen/Qwen2.5-7B-Instruct --tensor_model_parallel_size 2 --micro_batch_size 1 on 8x A100 80G, ms-swift 3.8, OOM',
    '用 ms-swift 的 megatron sft 训练 Qwen2.5-14B，8卡A800 OOM',
    'swift 4.0: megatron rlhf --rlhf_type dpo --model Qwen/Qwen2.5-7B-Instruct on 8x H100',
  ])('variation trains every weight: %j', (text) => {
    expect(read(text).scenario.mode).toBe('full');
  });

  it.each([
    ['megatron sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora --lora_rank 8 on 8x A100 80G (ms-swift)', 'lora'],
    ['swift sft --model Qwen/Qwen2.5-7B-Instruct --dataset alpaca on 1x A100 80G', 'lora'],
  ])('a method said, and swift sft, keep theirs: %j', (text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });

  it('the rule is named data with its source, before ms-swift’s own', () => {
    const ids = PROGRAM_DEFAULTS.map((p) => p.id);
    expect(ids.indexOf('default-method.megatron-swift')).toBeLessThan(ids.indexOf('default-method.ms-swift'));
    expect(PROGRAM_DEFAULTS.find((p) => p.id === 'default-method.megatron-swift')!.source).toMatch(/megatron_args\.py/);
  });
});
