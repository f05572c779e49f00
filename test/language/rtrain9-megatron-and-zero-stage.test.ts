import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Training frameworks and sharding as the words say them (rtrain9, issue 22). Each cause: the real corpus lines (from
 * two batches or more), then invented variations in the words people use, scored before the fix (see the commit).
 */

const words = (text: string) => ` ${canonicalText(read(text).scenario)} `;

describe('Megatron named on a run of the model is no Megatron training', () => {
  it('c3102 (Chillee/lit-llama#5, b92): "Described in Megatron-LM" beside torchrun generate.py is inference without the distributed optimizer', () => {
    const { scenario: s, said } = corpusLineRead('c3102');
    expect({ mode: s.mode, fw: s.framework, sharding: s.sharding.kind }).toEqual({ mode: 'inference', fw: 'hf', sharding: 'ddp' });
    expect(said).toMatch(/Megatron's training recipe .* no part of it/);
  });

  it.each([
    'Described in Megatron-LM, we apply column-wise model parallelism to generate.py; llama-2-7b on 4 A100 40GB via torchrun --nproc_per_node=4 generate.py --max_new_tokens 100',
    'Megatron-style tensor parallelism for inference of llama-2-13b on 2x A100 80GB',
    'I run llama-3-8b generation with a Megatron-inspired tp split over 2 x 4090',
  ])('%s → inference, no zero1, said', (text) => {
    const { scenario: s, said } = read(text);
    expect(s.mode).toBe('inference');
    expect(words(text)).not.toMatch(/ (?:zero1|megatron) /);
    expect(said).toMatch(/say "train" if you train with Megatron/);
  });

  it.each([
    ['torchrun --nproc_per_node 8 pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --sequence-parallel --use-distributed-optimizer --bf16 --seq-length 4096 --micro-batch-size 1 --num-layers 40 --hidden-size 5120 --num-attention-heads 40 # llama-2-13b on 8x A100 80GB', ['megatron', 'zero1', 'tp 4', 'pp 2', 'sp']],
    ['用Megatron-LM预训练qwen2-7b，8卡A800，tp=2 pp=2，开启了--use-distributed-optimizer', ['megatron', 'pretrain', 'zero1', 'tp 2', 'pp 2']],
    ['llama-2-7b pretraining with megatron, --tensor-model-parallel-size 2 --sequence-parallel on 4 A100 80GB', ['megatron', 'tp 2', 'sp']],
  ])('a Megatron training run keeps its recipe: %s', (text, want) => {
    for (const w of want) expect(words(text)).toContain(` ${w} `);
  });
});

describe("a NeMo or Megatron-Bridge recipe or run id names Megatron's training, weak", () => {
  it('c3093 (NVIDIA-NeMo/Megatron-Bridge#168, b92): a link to a NeMo recipe module reads as Megatron pre-training', () => {
    const { scenario: s } = corpusLineRead('c3093');
    expect({ fw: s.framework, recipe: s.recipe }).toEqual({ fw: 'megatron', recipe: 'megatron' });
    expect(` ${canonicalText(s)} `).toContain(' pretrain ');
  });

  it('c3097 (NVIDIA-NeMo/Speech#14635, b92): an import from nemo.collections.llm.recipes reads as Megatron LoRA', () => {
    const { scenario: s } = corpusLineRead('c3097');
    expect({ fw: s.framework, mode: s.mode }).toEqual({ fw: 'megatron', mode: 'lora' });
  });

  it.each(['c2823', 'c3001'])('%s (AI-Hypercomputer/gpu-recipes, b83/b89): a megatron_bridge_training run id is Megatron training, not inference', (id) => {
    const { scenario: s } = corpusLineRead(id);
    expect({ fw: s.framework, training: s.mode !== 'inference' }).toEqual({ fw: 'megatron', training: true });
  });

  it.each([
    ['Add qwen3 8b recipe on H100. Run ID: megatron_bridge_training-nemo2602/qwen3_8b_bf16_8gpus-2026-01-01_000000-abc', ['megatron']],
    ['Onboard llama3 70B LoRA: from nemo.collections.llm.recipes.llama3_70b import finetune_recipe, 8x H100', ['megatron', 'lora']],
    ['Megatron-Bridge: qwen3_30b_a3b pretrain config on 16 H100, OOM', ['megatron', 'pretrain']],
    ['experiment megatron_bridge_training/llama31_8b_bf16_8gpus failed with OOM on 8 H100 80GB', ['megatron']],
    ['from megatron.bridge.recipes.llama import llama3_8b_pretrain_config; llama 3 8b, 8x H100', ['megatron', 'pretrain']],
    ['用NeMo的llama3_8b pretrain recipe在8张H100上预训练，OOM了', ['megatron', 'pretrain']],
    ['Llama 3.1 8B with Megatron Bridge on 8 B200: runid megatron_bridge_training-nemo2604/llama31_8b_fp8_8gpus', ['megatron']],
    ['Port pretrain from https://github.com/NVIDIA/NeMo/blob/main/nemo/collections/llm/recipes/llama3_8b_16k.py for llama3 8b at 16k seq', ['megatron', 'pretrain']],
  ])('%s', (text, want) => {
    const got = words(text);
    for (const w of want) expect(got).toContain(` ${w} `);
    expect(got).not.toContain(' inference ');
  });

  it('the recipe module is said as weak evidence', () => {
    const t = read('Onboard llama3 70B LoRA: from nemo.collections.llm.recipes.llama3_70b import finetune_recipe, 8x H100');
    expect(t.scenario.framework).toBe('megatron');
  });
});

describe('a ZeRO stage given its number by a verb', () => {
  it('c3122 (hiyouga/LlamaFactory#1119, b93): "stage设置为2" is ZeRO-2, not DDP', () => {
    expect(corpusLineRead('c3122').scenario.sharding).toEqual({ kind: 'zero', stage: 2 });
  });

  it.each([
    ['8卡A40全参预训练baichuan2-13B，stage设置为2', 2],
    ['sft llama-2-13b, zero stage set to 2, 8 V100 32GB', 2],
    ['qwen2-7b full fine-tune on 8x A100 with deepspeed, stage is set to 3', 3],
    ['llama-3-8b 全参微调，deepspeed的stage设为3，8张4090', 3],
    ['qwen2-7b full fine-tune on 8x A100 with deepspeed stage 2', 2],
    ['QLoRA of llama-2-70b with ZeRO stage-2 on 2x A100 80GB', 2],
    ['全参微调qwen2.5-7b，deepspeed用的zero2，8张4090', 2],
    ['fine-tuning llama-3-8b with --deepspeed ds_config_zero2.json on 4x A10G', 2],
  ])('%s → zero%d', (text, stage) => {
    expect(read(text).scenario.sharding).toEqual({ kind: 'zero', stage });
  });

  it('a stage taken from the number alone is said weak', () => {
    expect(read('8卡A40全参预训练baichuan2-13B，stage设置为2').said).toMatch(/stage设置为2/);
  });

  it('a training phase is no ZeRO stage ("at stage 2" of a recipe)', () => {
    expect(read('CUDA OOM when finetune llava-7b at stage 2 on 8x A100').scenario.sharding.kind).not.toBe('zero');
  });
});
