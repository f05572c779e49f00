import { describe, expect, it } from 'vitest';
import { PROGRAM_DEFAULTS } from '../../src/scenario/command-default-method.js';
import { readInThread } from '../../src/core/assistant.js';
import { read } from '../language/reading-fixtures.js';

/**
 * Issue 22 (r-left item 2): ms-swift's `swift sft` / `swift rlhf` with no --train_type (--sft_type in
 * 2.x) trains its default, LoRA (swift/llm/argument/tuner_args.py: train_type 'lora'), said with its
 * source; a method said, `swift pt` and `swift infer` keep what they say (command-default-method.ts).
 */

const SFT = (flags: string) => `CUDA_VISIBLE_DEVICES=0 \\\nswift sft \\\n    --model Qwen/Qwen2.5-7B-Instruct \\\n    --dataset mydata \\\n${flags}    --torch_dtype bfloat16\n\non 1x a100-80g`;
const DEFAULT_SAID = /LoRA: ms-swift's default train_type \(swift\/llm\/argument\/tuner_args\.py/;

describe("ms-swift's default train_type", () => {
  it.each([
    SFT(''),
    SFT('    --deepspeed zero3 \\\n'),
    'NPROC_PER_NODE=2 swift rlhf --rlhf_type dpo --model Qwen/Qwen2.5-7B-Instruct on 2x a100-80g',
    'python swift/cli/sft.py --model_type qwen2-7b-instruct --model_id_or_path qwen/Qwen2-7B-Instruct on 1x a100-80g',
    'fine-tune qwen2.5-7b with ms-swift on 1x a100-80g',
    '用ms-swift微调qwen2.5-7b，1张A100-80G',
    'qwen2.5-7b 학습 ms-swift 1x a100-80g',
  ])('no method named trains LoRA, said with its source: %j', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('lora');
    expect(said).toMatch(DEFAULT_SAID);
    expect(said).not.toMatch(/names no method/);
  });

  it.each([
    [SFT('    --train_type full \\\n'), 'full'],
    [SFT('    --sft_type full \\\n'), 'full'],
    [SFT('    --train_type lora \\\n'), 'lora'],
    ['用ms-swift全量微调qwen2.5-7b，1张A100-80G', 'full'],
    ['full fine-tune qwen2.5-7b with ms-swift on 1x a100-80g', 'full'],
    ['swift sft --model Qwen/Qwen2.5-7B-Instruct --quant_bits 4 on 1x 4090', 'qlora'],
    ['swift infer --model Qwen/Qwen2.5-7B-Instruct on 1x a100-80g', 'inference'],
  ])('a method said is kept: %j', (text, mode) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe(mode);
    expect(said).not.toMatch(DEFAULT_SAID);
  });

  it('`swift pt` pre-trains every weight (2.x PtArguments: sft_type full)', () => {
    const { scenario, said } = read('swift pt --model Qwen/Qwen2.5-7B on 8x a100-80g');
    expect([scenario.mode, scenario.pretrain]).toEqual(['full', true]);
    expect(said).not.toMatch(DEFAULT_SAID);
  });

  it('a bare training word with no such program is still a full fine-tune, said', () => {
    const { scenario, said } = read('fine-tune qwen2.5-7b on 1x a100-80g');
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/names no method/);
  });

  it.each([
    ['V100推理internVL-1.5-Int8问题', 'lora'],
    ['run qwen2.5-7b on 1x a100-80g', 'lora'],
    ['lora r16 qwen2.5-7b on 1x a100-80g', 'lora'],
    ['full fine-tune qwen2.5-7b on 1x a100-80g', 'full'],
  ])('a thread opened by %j then `swift sft` trains %s (c3844: a thread that ran the model turns to ms-swift\'s default)', (opening, mode) => {
    const opened = readInThread(opening, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('the opening opens no thread');
    const next = readInThread('CUDA_VISIBLE_DEVICES=0 swift sft \\\n    --model_type qwen2_5-7b-instruct', { scenario: opened.scenario, history: [] }).outcome;
    expect(next.ok && next.scenario?.mode).toBe(mode);
    if (opened.scenario.mode === 'inference') expect(next.ok && next.assumptions.join(' | ')).toMatch(DEFAULT_SAID);
  });

  it('each program default names its source and is found by its own words only', () => {
    for (const p of PROGRAM_DEFAULTS) {
      expect(p.source.length).toBeGreaterThan(10);
      // Each is found by its own example (s44: Megatron-SWIFT's `megatron sft` was added beside ms-swift's `swift sft`).
      expect(p.runs.test(p.example)).toBe(true);
      // A word that only contains the name is not the program: Apple's Swift, "swiftly".
      expect(p.runs.test('swiftly train')).toBe(false);
      expect(p.runs.test('written in swift')).toBe(false);
    }
    expect(PROGRAM_DEFAULTS.find((p) => p.id === 'default-method.ms-swift')!.runs.test('swift sft')).toBe(true);
  });
});
