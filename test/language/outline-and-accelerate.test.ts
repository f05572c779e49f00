import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

const hardware = (text: string) => {
  const out = parseRequest(text);
  if (!out.ok) throw new Error(`refused: ${out.error.message}`);
  return out.items.filter((i) => i.kind === 'hardware' && (i.count !== null || i.capacityGiB !== null || i.gpuId !== null));
};

describe('a numbered list marker is an outline, not a GPU count', () => {
  // Cause seen in huggingface/accelerate#2925 (c124): "1.When I use two 48G graphics cards" read as count 1.
  it('"1.When I use three 24G cards" at a line start is three cards', () => {
    const cards = hardware('I train opt-1.3b, however\n1.When I use three 24G cards it runs out of memory');
    expect(cards.map((c) => c.kind === 'hardware' && c.count)).toEqual([3]);
  });
  it('a size or a memory at a line start stays a number ("1.5b", "8.5G")', () => {
    const out = parseRequest('train 13b on a 4090\n1.5b would fit too');
    expect(out.ok).toBe(true);
  });
});

describe("accelerate's config: an empty deepspeed_config is no DeepSpeed, mixed_precision 'no' is fp32", () => {
  // Cause seen in huggingface/accelerate#2925 (c124): `deepspeed_config: {}` next to `distributed_type: FSDP`.
  const yaml = "train gpt2-medium on 2 gpus of 24GB\ncompute_environment: LOCAL_MACHINE\ndeepspeed_config: {}\ndistributed_type: FSDP\nmixed_precision: 'no'\nnum_machines: 1\nnum_processes: 2";
  it('no framework item says deepspeed', () => {
    const out = parseRequest(yaml);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.some((i) => i.kind === 'framework' && i.value === 'deepspeed')).toBe(false);
  });
  it("mixed_precision: 'no' reads as fp32", () => {
    const out = parseRequest(yaml);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.filter((i) => i.kind === 'precision').map((i) => (i as { value: string }).value)).toEqual(['fp32']);
  });
});

describe('the plural after a memory in parentheses is the card\'s plural', () => {
  // Leftover of the card-plural reading ("A100s (40G)" was read, "A100(40G)s" left an unread "s"); corpus c033 (haotian-liu/LLaVA) writes "8xA100(40G)".
  it('"4 A100(40G)s" and "2 V100 (32 GB)s" leave no unread word', () => {
    for (const text of ['finetune 13b on 4 A100(40G)s', 'serve 7b on 2 V100 (32 GB)s please']) {
      const out = parseRequest(text);
      if (!out.ok) throw new Error(out.error.message);
      expect(out.unread).toEqual([]);
    }
  });
});

describe('CUDA_VISIBLE_DEVICES set inline before a command counts every listed device', () => {
  // Cause seen in QwenLM/Qwen3#67 (c159): "CUDA_VISIBLE_DEVICES=0,1,…,7 python -m vllm…" was read as one GPU ("=0").
  it('"CUDA_VISIBLE_DEVICES=0,1,2 python serve.py" is three GPUs', () => {
    const cards = hardware('serve mistral-7b\nCUDA_VISIBLE_DEVICES=0,1,2 python serve.py --port 8000');
    expect(cards.map((c) => c.kind === 'hardware' && c.count)).toEqual([3]);
  });
});

describe('the processes a launcher starts are the GPUs the run holds, not the devices it may see', () => {
  // Cause seen in modelscope/ms-swift#3848 (c141): CUDA_VISIBLE_DEVICES lists 8, NPROC_PER_NODE=7 starts 7: read as a contradiction.
  it('CUDA_VISIBLE_DEVICES=0,1,2,3 with NPROC_PER_NODE=3 is three GPUs, with a note', () => {
    const out = parseRequest('CUDA_VISIBLE_DEVICES=0,1,2,3 \\\nNPROC_PER_NODE=3 \\\nswift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora');
    if (!out.ok) throw new Error(out.error.message);
    const counts = out.items.flatMap((i) => (i.kind === 'hardware' && i.count !== null ? [i.count] : []));
    expect(counts).toEqual([3]);
    expect(out.notes.join(' | ')).toMatch(/3 GPUs in all, one per process/);
  });
});
