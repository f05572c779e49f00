import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * Session 40, rhw6: a card whose memory the message's own PyTorch out-of-memory message contradicts. The
 * OOM's "total capacity" is the memory of the card the run had; a card named with another memory is a
 * reading the message argues against, said with the capacity's words (issue 22, item 5), never in silence.
 * hiyouga/LlamaFactory (c2435, b69): "4块 RTX 2080" (8 GB) beside "10.75 GiB total capacity";
 * vllm-project/vllm#1616 (c3072, b91): a Tesla P4 (8 GB) beside "14.58 GiB total capacity";
 * c2510 (b72): a 10 GB card beside "14.76 GiB total capacity".
 */

function cardDoubt(text: string): string | null {
  const r = readInThread(text, null).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const said = r.notices.find((n) => /out-of-memory message says "[^"]*total capac/i.test(n));
  return said ?? null;
}

describe("a card against the OOM's total capacity is said, with the capacity", () => {
  const variations: string[] = [
    'chatglm2-6b lora微调，4块 NVIDIA GeForce RTX 2080，torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 214.00 MiB (GPU 0; 10.75 GiB total capacity; 10.47 GiB already allocated; 109.50 MiB free; 10.51 GiB reserved in total by PyTorch)',
    'llama-2-7b lora on my RTX 3060 desktop card: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 5.80 GiB total capacity; 5.10 GiB already allocated; 3.06 MiB free; 5.2 GiB reserved in total by PyTorch)',
    'qwen2.5-7b inference with transformers on an A10G. torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 50.00 MiB. GPU 0 has a total capacity of 14.58 GiB of which 3.31 MiB is free.',
    '用3090微调baichuan2-7b lora报错 CUDA out of memory. Tried to allocate 64.00 MiB (GPU 0; 10.76 GiB total capacity; 9.80 GiB already allocated; 20.00 MiB free; 9.90 GiB reserved in total by PyTorch)',
    'mistral-7b full finetune on a V100 32GB, torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 15.77 GiB of which 120.00 MiB is free.',
    'Gemma-2-9b lora on a RTX A4000 16GB: CUDA out of memory. Tried to allocate 1.2 GiB (GPU 0; 22.17 GiB total capacity; 20.30 GiB already allocated; 0 bytes free; 21.03 GiB reserved in total by PyTorch)',
    'RTX 4090에서 llama-3-8b 풀 파인튜닝 시 OOM: Tried to allocate 2.00 GiB (GPU 0; 11.00 GiB total capacity; 9.50 GiB already allocated; 1.00 GiB free; 9.60 GiB reserved in total by PyTorch)',
    'full finetune llama-2-13b zero2 on 2x A100 80GB: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 39.39 GiB of which 1.20 GiB is free.',
  ];
  for (const text of variations) {
    it(`"${text.slice(0, 70)}": the card said against the capacity`, () => {
      expect(cardDoubt(text)).toMatch(/GiB total capacity|total capacity of [\d.]+ GiB/);
    });
  }
  it('a card the catalog lacks ("Tesla P4") takes the capacity as its memory: no contradiction to say', () => {
    const r = readInThread('vllm LLM(model="meta-llama/Llama-2-13b-hf") on 1 x NVIDIA Tesla P4. CUDA out of memory. Tried to allocate 150.00 MiB (GPU 0; 14.58 GiB total capacity; 13.94 GiB already allocated; 17.31 MiB free; 13.94 GiB reserved in total by PyTorch)', null).outcome;
    expect(r.ok && r.scenario?.hardware?.capacityBytes).toBe(15 * 2 ** 30);
  });
  it('a capacity the card has is no doubt', () => {
    expect(cardDoubt('llama-2-7b lora on my 3090. CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 23.69 GiB total capacity; 22.56 GiB already allocated; 11.06 MiB free; 22.87 GiB reserved in total by PyTorch)')).toBeNull();
    expect(cardDoubt('llama-2-70b lora on 8x A100 80GB, GPU 0 has a total capacity of 79.15 GiB of which 11.06 MiB is free.')).toBeNull();
  });
});
