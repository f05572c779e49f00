import { describe, expect, it } from 'vitest';
import { listedApart } from '../../src/reply/not-used.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: mlx-lm's LoRA trainer in its own words (config-keys/frameworks/mlx-lm.ts). Its
 * `--num-layers` counts the layers given adapters, not the model's layers (Megatron's meaning):
 * read as Megatron's, ml-explore/mlx-examples#1209 (c2044) had cut Qwen2.5-0.5B to one layer.
 */
function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const weak = (r.trace ?? []).filter((f) => f.weak).map((f) => f.fact);
  return { s: r.scenario, notices: r.notices.join(' | '), weak, notUsed: listedApart(r.notUsed ?? [], r.notices) };
}

describe("mlx-lm's adapted layers are no shape of the model", () => {
  // Strangers' spellings of the same option: the command line, the YAML config, mlx-examples' old name.
  const strangers: [string, string][] = [
    ['python -m mlx_lm.lora --model mlx-community/Mistral-7B-Instruct-v0.3-4bit --train --num-layers 8 --batch-size 2', '--num-layers 8'],
    ['mlx_lm.lora --config lora.yaml\n```yaml\nmodel: mistral-7b\ntrain: true\nfine_tune_type: lora\nnum_layers: 4\nbatch_size: 1\n```', 'num_layers: 4'],
    ['training llama 2 7b with mlx-examples: python lora.py --model mlx_model --train --lora-layers 4 --batch-size 1', '--lora-layers 4'],
    ['mlx-lm lora on Mistral 7B, num_layers=2, batch_size=1', 'num_layers=2'],
  ];

  it.each(strangers)('%s: the model keeps its layers, the count is said and LoRA is weak', (text, words) => {
    const r = reply(text);
    expect(r.s.model.arch.layers).toBe(32);
    expect(r.s.lora).toBeTruthy();
    expect(r.notices).toContain(`not modelled: "${words}"`);
    expect(r.weak).toContain('method');
  });

  it('-1 adapts every layer, as the estimate does: nothing said', () => {
    const r = reply('python -m mlx_lm.lora --model mlx-community/Mistral-7B-Instruct-v0.3-4bit --train --num-layers -1');
    expect(r.s.model.arch.layers).toBe(32);
    expect(r.notices).not.toMatch(/not modelled/);
  });

  it('fine_tune_type full trains every weight; grad_accumulation_steps is the accumulation', () => {
    const r = reply('python -m mlx_lm.lora --model mistral-7b --train --fine-tune-type full --grad-accumulation-steps 4 --batch-size 1');
    expect(r.s.lora).toBeFalsy();
    expect(r.s.gradAccum).toBe(4);
  });

  it("Megatron's --num-layers, where no mlx-lm is named, still sets the model's shape", () => {
    const r = reply('pretrain llama 2 7b with megatron: --num-layers 24 --hidden-size 2048 --num-attention-heads 16 --seq-length 2048 on 8x A100 80GB');
    expect(r.s.model.arch.layers).toBe(24);
  });

  it('c2044 (ml-explore/mlx-examples#1209): Josiefied-Qwen2.5-0.5B keeps its 24 layers under --num-layers 1', () => {
    const r = reply('Adding dpo training\n```shell\npython -m mlx_lm.lora \\\n    --model mlx-community/Josiefied-Qwen2.5-0.5B-Instruct-abliterated-v1-4bit \\\n    --train \\\n    --batch-size 1 \\\n    --num-layers 1 \\\n    --max-seq-length 1024 \\\n    --grad-checkpoint\n```');
    expect(r.s.model.arch.layers).toBe(24);
    expect(r.s.model.id).toBe('qwen2.5-0.5b');
  });
});
