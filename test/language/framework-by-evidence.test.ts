import { describe, expect, it } from 'vitest';
import { configShape } from '../../src/language/config-keys/config-shape.js';
import { corpusLineRead, read, readNoticed } from './reading-fixtures.js';

/**
 * The framework by the evidence the message gives (branch rfw): a config only one program writes is
 * that program's run (strong: its keys), and a framework the reader only guesses (from a weight
 * format) is said as the guess it is.
 */

const framework = (text: string) => read(text).scenario.framework;

describe("a config only one program writes is that program's run", () => {
  it("LLaMA-Factory's YAML (finetuning_type beside cutoff_len, lora_target, stage): hiyouga/LlamaFactory#6187, #5070, #7197", () => {
    for (const id of ['c794', 'c818', 'c1154']) {
      const { scenario, said } = corpusLineRead(id);
      expect(scenario.framework, id).toBe('llama-factory');
      // Its preset's gradient checkpointing, which the run without the framework left off.
      expect(scenario.recompute, id).toBe('full');
      expect(said, id).toMatch(/are LLaMA-Factory's: read as a llama-factory run/);
    }
  });

  it("LLaMA-Factory's keys in another order, spacing or as its CLI's flags", () => {
    expect(framework('qwen2-7b on 1x a100\n```yaml\nstage: sft\nfinetuning_type: lora\ncutoff_len: 1024\n```')).toBe('llama-factory');
    expect(framework('qwen2-7b on 1x a100\ncutoff_len:   2048\nlora_target:  all\nfinetuning_type:  lora')).toBe('llama-factory');
    expect(framework('llama-3-8b on 2x rtx-4090\npython src/train.py --stage sft --finetuning_type lora --template llama3 --cutoff_len 4096')).toBe('llama-factory');
    // Chinese prose around the same keys.
    expect(framework('显存不够 qwen2-7b 4090\nfinetuning_type: lora\ncutoff_len: 1024')).toBe('llama-factory');
  });

  it('one key is no shape; a config that picks another trainer, or a message naming another program, is not read as LLaMA-Factory', () => {
    expect(framework('qwen2-7b lora on 1x a100\nfinetuning_type: lora')).not.toBe('llama-factory');
    // stage: dpo picks another trainer than LLaMA-Factory's SFT preset: the shape says nothing of it.
    expect(framework('llama-3-8b on 1x a100\nstage: dpo\nfinetuning_type: lora\ncutoff_len: 1024')).not.toBe('llama-factory');
    // use_unsloth: Unsloth's.
    expect(framework('llama-3-8b on 1x a100\nstage: sft\nfinetuning_type: lora\ncutoff_len: 1024\nuse_unsloth: true')).not.toBe('llama-factory');
    expect(configShape(new Set(['finetuning_type', 'cutoff_len']), new Map(), ['ms-swift'])).toBeNull();
  });

  it("axolotl's YAML (sequence_len, sample_packing, lora_target_linear …): axolotl-ai-cloud/axolotl#2217, #2412", () => {
    expect(corpusLineRead('c1107').scenario.framework).toBe('axolotl');
    expect(corpusLineRead('c013').scenario.framework).toBe('axolotl');
    expect(framework('llama-3-8b on 1x a100\nadapter: lora\nsequence_len: 2048')).toBe('axolotl');
    expect(framework('llama-3-8b on 1x a100\n\nsample_packing: true\nbase_model: meta-llama/Meta-Llama-3-8B')).toBe('axolotl');
  });

  it("keys other programs share are not axolotl's: alpaca-lora's base_model and micro_batch_size, ludwig's base_model and adapter, axolotl's rl: trainer", () => {
    // tloen/alpaca-lora#389 (c001).
    expect(corpusLineRead('c001').scenario.framework).not.toBe('axolotl');
    expect(framework('llama-2-7b on 1x a100\nbase_model: meta-llama/Llama-2-7b-hf\nadapter:\n  type: lora')).not.toBe('axolotl');
    expect(framework('llama-3-8b on 1x a100\nrl: dpo\nadapter: lora\nsequence_len: 2048')).toBe('dpo');
  });
});

describe('a framework the reader guesses from a weight format is said', () => {
  it('c723: "Would it HAVE to be an Exl2 model?" (turboderp-org/exllamav2#35): ExLlamaV2, said as EXL2\'s engine', () => {
    const { scenario, said } = corpusLineRead('c723');
    expect(scenario.framework).toBe('exllamav2');
    expect(said).toMatch(/EXL2 is its format/);
  });

  it('an EXL2 file in other words is said the same way; an engine named is not', () => {
    expect(read('run a 70b exl2 on one 3090').said).toMatch(/ExLlamaV2 \(EXL2 is its format/);
    expect(read('does a 34b have to be an EXL2 model to fit my rtx-4080?').said).toMatch(/EXL2 is its format/);
    expect(readNoticed('serve llama-3-8b exl2 with exllamav2 on 1x rtx-4090').s.framework).toBe('exllamav2');
    expect(read('serve llama-3-8b exl2 with exllamav2 on 1x rtx-4090').said).not.toMatch(/EXL2 is its format/);
  });
});

describe("ms-swift's --rlhf_type names the trainer swift rlhf runs", () => {
  it('c816: `swift rlhf --rlhf_type grpo` (modelscope/ms-swift#3361) is GRPO, said as weak with its flag', () => {
    const { scenario, said } = corpusLineRead('c816');
    expect(scenario.framework).toBe('grpo');
    expect(said).toMatch(/--rlhf_type grpo read with TRL's GRPO preset/);
  });

  it('the flag in another order, with = or in a torchrun of swift/cli/rlhf.py; dpo stays dpo', () => {
    expect(framework('swift rlhf --train_type lora --model Qwen/Qwen2.5-7B-Instruct --rlhf_type=grpo on 1x a100')).toBe('grpo');
    expect(framework('torchrun swift/cli/rlhf.py --rlhf_type ppo --model Qwen/Qwen2.5-7B-Instruct --train_type full on 8x a100')).toBe('ppo');
    expect(framework('swift rlhf --rlhf_type dpo --model Qwen/Qwen2.5-7B-Instruct --train_type lora on 1x a100')).toBe('dpo');
  });
});
