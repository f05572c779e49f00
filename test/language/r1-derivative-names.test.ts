import { describe, expect, it } from 'vitest';
import { readNoticed } from './reading-fixtures.js';

/**
 * A name that holds DeepSeek R1 and one of its distills' sizes with other words between them — a
 * community fine-tune or tag of a distill ("ishumilin/deepseek-r1-coder-tools:14b", vxiaozhi/…#5, c3221),
 * the distill's words reordered ("deepseek-r1-qwen-distill-32B", xorbitsai/inference#2893, c3121) — is
 * built on that distill, a Qwen2.5 or Llama-3.1 of that size: the distill's base, not a DeepSeek-shaped
 * or Qwen3 stand-in. Which distill the fine-tune started from is not in the words: said on the first screen.
 */

describe('an R1 derivative named with a distill size', () => {
  it.each([
    ['deepseek-r1-qwen-distill-32B serve vllm on 2x a100', 'qwen2.5-32b'],
    ['ollama run ishumilin/deepseek-r1-coder-tools:14b on a 4090', 'qwen2.5-14b'],
    ['deepseek-r1-coder:14b on a 4090', 'qwen2.5-14b'],
    ['deepseek-r1-distill-32b on 2x a100', 'qwen2.5-32b'],
    ['DeepSeek-R1-Qwen-7B lora on a 3090', 'qwen2.5-7b'],
    ['deepseek-r1-llama-8b inference on a 4060 ti 16gb', 'llama-3.1-8b'],
    ['用ollama跑deepseek-r1-tool-calling:32b，两张4090', 'qwen2.5-32b'],
    ['erwan2/DeepSeek-R1-Abliterated:70b on 2x a6000', 'llama-3.1-70b'],
    ['deepseek_r1_distill_14b qlora on a t4', 'qwen2.5-14b'],
    ['deepseek-r1-uncensored:8b 모델을 RTX 3060 12GB에서 실행', 'llama-3.1-8b'],
    ['我在A100*2上运行了deepseek-r1-qwen-distill-32B，双卡各占用50%', 'qwen2.5-32b'],
  ])('%s: %s, said on the first screen', (text, model) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(model);
    expect(said).toMatch(/R1's distill of that size/);
  });

  it.each([
    ['deepseek-r1:671b inference on 8x h200', 'deepseek-r1'],
    ['deepseek-r1:14b ollama on a 4090', 'qwen2.5-14b'],
    ['DeepSeek-R1-Distill-Qwen-14B on a 4090', 'qwen2.5-14b'],
    ['deepseek-coder-33b inference on 2x 4090', 'deepseek-coder-33b'],
  ])('%s: %s as before', (text, model) => {
    expect(readNoticed(text).s.model.id).toBe(model);
  });
});
