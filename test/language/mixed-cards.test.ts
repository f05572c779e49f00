import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { parseRequest } from '../../src/language/parse.js';
import { renderText } from '../../src/render/text.js';

/**
 * Two kinds of card in one machine (reconcile/mixed-cards.ts): one count of one card, weak. An even split (training,
 * vLLM) is bound by the card with less memory; a split by layers (llama.cpp, ExLlama, device_map) by their mean.
 * Lines as people write them: "1张RTX5000ADA 32G+1张V100 32G" (QwenLM/Qwen3#179, c3821), "3 * 3090 and 1 * 4070" in one
 * worker (gpustack, c2057), "3x P40 and 1x P4" (llama.cpp, c3866); the others invented in those notations.
 */
function cardsOf(text: string) {
  const parsed = parseRequest(text);
  expect(parsed.ok, text).toBe(true);
  if (!parsed.ok) throw new Error(text);
  const k = parsed.items.findIndex((i) => i.kind === 'hardware');
  const hardware = parsed.items.filter((i) => i.kind === 'hardware');
  return { hardware, first: hardware[0], trace: parsed.traces[k] };
}

describe('mixed cards', () => {
  it('reads a training run on two cards as two of the card with less memory, weak, with the words', () => {
    const { hardware, first, trace } = cardsOf('llama-2-7b lora on a 4090 + 3060');
    expect(hardware).toHaveLength(1);
    expect(first).toMatchObject({ gpuId: 'rtx-3060', count: 2 });
    expect(trace?.weak).toBe(true);
    expect(trace?.doubt).toMatch(/4090 \+ 3060/);
  });

  it('reads vLLM, which splits tensors evenly, the same way', () => {
    expect(cardsOf('serve qwen2.5-14b with vllm on a 4090 + 3060').first).toMatchObject({ gpuId: 'rtx-3060', count: 2 });
  });

  it('reads a split by layers (llama.cpp) as the count at the mean memory, whole GB below it', () => {
    // (12 + 3 × 24) / 4 = 21.
    expect(cardsOf('qwen2.5-14b on 1x rtx 3060 and 3x rtx 3090 with llama.cpp').first).toMatchObject({ gpuId: null, capacityGiB: 21, count: 4 });
  });

  it('counts an article as one beside a card counted by a numeral ("1 RTX 4070ti and an RTX2070", c3891)', () => {
    const { hardware, first } = cardsOf('load qwq-32b with llama.cpp on 1 RTX 4070ti and an RTX2070');
    expect(hardware).toHaveLength(1);
    expect(first).toMatchObject({ gpuId: null, capacityGiB: 10, count: 2 });
    // Articles alone are two runs as before ("tested on a 3090 and a 4090").
    expect(cardsOf('tested llama-3-8b on a 3090 and a 4090').hardware.length).toBe(2);
  });

  it('reads two kinds of one memory as that memory, or as the card without bf16 where one lacks it', () => {
    expect(cardsOf('llama-2-7b lora on my 3090 and 4090').first).toMatchObject({ gpuId: null, capacityGiB: 24, count: 2 });
    expect(cardsOf('1张RTX5000ADA 32G+1张V100 32G 微调qwen2-7b lora').first).toMatchObject({ gpuId: 'v100-32g', count: 2 });
  });

  it('answers with the set on the first screen and says how it was read', () => {
    const text = renderText(respond('llama-2-7b lora on a 4090 + 3060', null).reply);
    expect(text).toMatch(/2× RTX 3060 12GB/);
    expect(text).toMatch(/two kinds of card in one machine/);
  });

  it('leaves two runs, two machines and an amount apart', () => {
    // Two runs tested, one card each.
    expect(cardsOf('tested llama-2-7b lora on an A100 and an H100').hardware.every((h) => h.count !== 2)).toBe(true);
    // Several of each joined by "and": two servers (Qwen-VL, c1839).
    expect(cardsOf('2x4090和4x3090的多卡微调 qwen-7b lora 一直失败').hardware.some((h) => h.count === 6)).toBe(false);
    // "both" after them: alternatives.
    expect(cardsOf('would llama-2-7b lora fit on my 3090 and 4090 both?').hardware.some((h) => h.count === 2)).toBe(false);
    // A memory with no card and no count is an amount (the host's, c2671).
    expect(cardsOf('chatglm-6b int4 16G + 3060 6G Laptop, out of memory').hardware.some((h) => h.count === 2)).toBe(false);
  });
});
