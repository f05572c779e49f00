import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * A training framework named by a link to its own repository pages or docs (prose/rules/engine-links.ts,
 * weak: a page followed, said on the first screen), and the Hugging Face stack's words ("accelerate",
 * "transformers", "trl") beside a program built on that stack (reconcile/settings.ts frameworks): the
 * program is the run's. "用 accelerate https://github.com/hiyouga/LLaMA-Factory/blob/main/examples/lora_multi_gpu/single_node.sh"
 * (hiyouga/LlamaFactory, corpus c2077) had read as Hugging Face, silently.
 */
describe('a framework named by its repository link', () => {
  it('c2077: accelerate with LLaMA-Factory\'s example script is LLaMA-Factory, said as from the link', () => {
    const { scenario, said } = read(
      '接#3740，多卡增量预训练出现OOM\n\n用 accelerate https://github.com/hiyouga/LLaMA-Factory/blob/main/examples/lora_multi_gpu/single_node.sh\nCUDA_VISIBLE_DEVICES=0,1,2,3 accelerate launch --config_file examples/accelerate/single_config.yaml src/train.py examples/lora_multi_gpu/llama3_lora_sft.yaml\n硬件条件是：4块40GB的A100，Qwen1.5-1.8B 增量预训练都会OOM',
    );
    expect(scenario.framework).toBe('llama-factory');
    expect(said).toMatch(/framework llama-factory — from "https:\/\/github\.com\/hiyouga/);
  });

  it.each([
    ['following https://github.com/axolotl-ai-cloud/axolotl/blob/main/examples/llama-3/qlora.yml I train llama-3-8b qlora on 1x rtx 4090', 'axolotl'],
    ['I took the config from https://github.com/pytorch/torchtune/blob/main/recipes/configs/llama3_1/8B_lora_single_device.yaml, llama-3.1-8b lora on 1x rtx 3090', 'torchtune'],
    ['per https://docs.unsloth.ai/basics/qwen3 I fine-tune qwen3-14b qlora on 1x rtx 4090 and it OOMs', 'unsloth'],
    ['pretraining a 7b with https://github.com/NVIDIA/Megatron-LM/blob/main/examples/gpt3/train_gpt3_175b_distributed.sh on 8x h100', 'megatron'],
  ])('"%s" is %s', (text, framework) => {
    expect(read(text).scenario.framework).toBe(framework);
  });

  it('a link to an issue names no framework: it is another run', () => {
    expect(read('same as https://github.com/hiyouga/LLaMA-Factory/issues/3740 — qwen2.5-7b lora with transformers on 1x a100-80g').scenario.framework).toBe('hf');
  });
});

describe("the Hugging Face stack's words yield to the program built on it", () => {
  it.each([
    ['qwen2.5-7b lora with accelerate and llama-factory on 4x a100', 'llama-factory'],
    ['using trl and unsloth to train qwen2.5-7b lora on 1x rtx 4090', 'unsloth'],
    ['llama-factory on top of transformers: qwen2.5-7b lora on 2x a100-80g', 'llama-factory'],
  ])('"%s" is %s', (text, framework) => {
    expect(read(text).scenario.framework).toBe(framework);
  });

  it('DeepSpeed beside transformers stays DeepSpeed, as before', () => {
    expect(read('llama-2-7b full with transformers and deepspeed on 4x a100-80g').scenario.framework).toBe('deepspeed');
  });
});
