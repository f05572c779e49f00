import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * An RL run that splits the machine's cards between the trainer and its generation engine: the
 * trainer's share is the run's count (reconcile/trainer-share.ts). "I used two GPUs with 32GB of
 * memory, one device for training, another for vllm" (TRL GRPO, corpus c338) had read as two GPUs
 * in DDP; "8xH100s … I am running 4 H100s for train & 4 for inference" (prime-rl, c679) as eight.
 */
describe("the trainer's share of the machine is the run's count", () => {
  it('c338: one device for training, another for vllm, on two 32 GB GPUs', () => {
    const { scenario, said } = read(
      'When I use `Qwen2.5-3B-instruct` to train GRPO, the device for vllm always appear OOM when loading weights. II used two GPUs with 32GB of memory, one device for training, another for vllm.\n\nper_device_train_batch_size: 8\nuse_vllm: true\nuse_peft: true\nlora_r: 64',
    );
    expect(scenario.hardware).toMatchObject({ count: 1 });
    expect(said).toMatch(/1 GPU for training \("one device for training"\)/);
  });

  it('c679: 4 H100s for train & 4 for inference, of 8xH100s', () => {
    const { scenario } = read('I would have thought that 8xH100s (80GB vRAM each) could deal with 4 rollouts on an 8B.\n\nI am running 4 H100s for train & 4 for inference.\n\nqwen3-8b full grpo seq 32768');
    expect(scenario.hardware).toMatchObject({ gpuId: 'h100-80g', count: 4 });
  });

  // Invented strangers: other wordings, orders, languages.
  it.each([
    ['qwen2.5-7b full grpo. I have 8x a100-80g. 6 GPUs for training and 2 for vLLM generation', 'a100-80g', 6],
    ['GRPO of llama-3.1-8b with TRL on 4x rtx 4090. 3 cards for the trainer, the other one runs vllm', 'rtx-4090', 3],
    ['online DPO of qwen2.5-1.5b lora on two rtx 3090s, one gpu used for training and the other for vllm', 'rtx-3090', 1],
    ['8张A100 80G 做 grpo 训练 qwen2.5-7b，6张卡用于训练，2张卡用于推理', 'a100-80g', 6],
  ])('"%s"', (text, card, n) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: card, count: n });
  });

  it('shares that do not split the machine change nothing: 24 H100s just for train (c871) on 24', () => {
    expect(read('qwen2.5-32b lora r128 grpo, 24 H100s just for train, and OOM on first step').scenario.hardware?.count).toBe(24);
  });
});
