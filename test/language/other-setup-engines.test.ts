import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * rmodel3: a program named only in the sentence of a setup the reader sets aside as another one (its card and model
 * dropped by mentions.ts actualSetup) runs that setup, not the user's; left in, it had made the user's run a llama.cpp
 * one and its "8bit" a GGUF Q8_0, silently.
 */

describe("another setup's program goes with it", () => {
  it('c1919: ComfyUI (transformers) with Qwen3-VL-2B 8bit on a 3060; Ollama is the 780M mini PC\'s (1038lab/ComfyUI-QwenVL#31)', () => {
    const r = corpusLineRead('c1919');
    expect(r.scenario.model.id).toBe('qwen3-vl-2b');
    expect(r.scenario.framework).toBe('hf');
    expect(r.scenario.weights).toBe('int8');
    expect(r.said).toMatch(/"Ollama" set aside with that other setup/);
  });

  it.each([
    [
      'My desktop running ComfyUI with the Qwen3-VL-2B-Instruct 8bit model, using an RTX 3060 12GB GPU, takes 45 seconds.\nHowever, my mini PC, which only has an AMD integrated GPU (780M) and runs Ollama with the qwen3-vl:2b model, takes 5 seconds.',
      'qwen3-vl-2b',
    ],
    [
      'My desktop running the Llama-3-8B 8bit model with transformers on an RTX 4090 is slow.\nMy laptop, which only has an RTX 3050 4GB and runs LM Studio with llama3.2:3b, is much faster.',
      'llama-3-8b',
    ],
    ['我的台式机用 transformers 跑 Qwen2.5-7B 8bit，显卡是 RTX 3090，很慢。\n但我的笔记本只有 RTX 3050 4GB，用 ollama 跑 qwen2.5:3b 反而更快。', 'qwen2.5-7b'],
  ])('%s', (text, model) => {
    const s = read(text).scenario;
    expect(s.model.id).toBe(model);
    expect(s.framework).toBe('hf');
    expect(s.weights).toBe('int8');
  });

  it("the user's own program, named beside their own setup, stays", () => {
    const s = read('I run qwen3:8b with ollama on my RTX 3090 and it is fast.').scenario;
    expect(s.framework).toBe('llamacpp');
  });
});
