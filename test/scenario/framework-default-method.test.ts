import { describe, expect, it } from 'vitest';
import { read } from '../language/reading-fixtures.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: a framework named with no method trains the framework's default method, said with
 * its source. LLaMA-Factory's FinetuningArguments.finetuning_type defaults to "lora"
 * (hparams/finetuning_args.py); a method said, or finetuning_type set, is kept (src/scenario/presets.ts).
 */

const YAML = (method: string) =>
  `llamafactory-cli train config.yaml\n\nmodel_name_or_path: Qwen/Qwen2-7B\nstage: sft\ndo_train: true\n${method}cutoff_len: 2048\n\non 1x a100-80g`;

describe("LLaMA-Factory's default finetuning_type", () => {
  it.each([
    YAML(''),
    'qwen2-7b sft with llama-factory on 1x a100-80g',
    'fine-tune llama-3-8b using LLaMA-Factory, 1x a100-80g',
    'llama-3-8b 微调 llamafactory on 1x a100-80g',
  ])('no method named trains LoRA, said with its source: %s', (text) => {
    const { scenario, said } = read(text);
    expect([scenario.mode, scenario.framework]).toEqual(['lora', 'llama-factory']);
    expect(said).toMatch(/LoRA: LLaMA-Factory's default finetuning_type \(hparams\/finetuning_args\.py\)/);
    expect(said).not.toMatch(/names no method/);
  });

  it.each([
    [YAML('finetuning_type: full\n'), 'full'],
    ['qwen2-7b full fine-tune with llama-factory on 8x a100-80g', 'full'],
    ['qwen2-7b qlora with llama-factory on 1x 4090', 'qlora'],
    // The recipe file named for full training (LLaMA-Factory's examples/train_full) says the method.
    ['llamafactory-cli train examples/train_full/llama3_full_sft.yaml with qwen2.5 7b', 'full'],
    ['llamafactory-cli train examples/train_lora/llama3_lora_sft.yaml with qwen2.5 7b', 'lora'],
    ['qwen2-7b inference with llama-factory on 1x a100-80g', 'inference'],
  ])('a method said is kept: %s', (text, mode) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe(mode);
    expect(said).not.toMatch(/default finetuning_type/);
  });
});

describe("axolotl's preset note", () => {
  it('names LoRA adapters only for a LoRA run', () => {
    const full = resolveRequest('llama-3-8b full axolotl on 8x h100', null);
    const lora = resolveRequest('llama-3-8b lora axolotl on 8x h100', null);
    if (!full.ok || !lora.ok) throw new Error('not read');
    const note = (r: typeof full) => r.ok ? r.assumptions.find((a: string) => a.startsWith('axolotl preset:')) : undefined;
    expect(note(full)).toBeDefined();
    expect(note(full)).not.toMatch(/LoRA/);
    expect(note(lora)).toMatch(/LoRA r32 on all linear layers/);
  });
});
