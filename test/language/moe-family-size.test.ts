import { describe, expect, it } from 'vitest';
import { readNoticed } from './reading-fixtures.js';

/**
 * A family word and a size that only a mixture-of-experts release of that family published, its
 * active size left out ("QWen 30b moe", verl-project/verl#2645, c3186; `--model /qwen-30b/`,
 * sgl-project/sglang, c2306): the family's MoE of that total size, not the nearest dense shape of
 * another release (a dense 30B Qwen3-32B layout misstates the KV cache and the per-token compute).
 * Taken on the family and the size alone, the release is still a guess: said on the first screen.
 */

/** The first-screen doubt on the model: `Qwen3-30B-A3B — from "qwen 30b"? say … if …`. */
const doubted = (said: string, words: string) =>
  new RegExp(`— from "${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\? say`, 'i').test(said);

describe('a family and the total size of its mixture-of-experts release', () => {
  it.each([
    ['QWen 30b moe grpo on 8x h800', 'qwen3-30b-a3b', 'qwen 30b'],
    ['Qwen 30B MoE inference on 1x H100', 'qwen3-30b-a3b', 'qwen 30b'],
    ['python -m sglang.launch_server --model /models/qwen-30b/ --tp 2 on 2x rtx 4090', 'qwen3-30b-a3b', 'qwen-30b'],
    ['qwen30b lora on 2x a100-80g', 'qwen3-30b-a3b', 'qwen30b'],
    ['用qwen 30b推理，2张4090', 'qwen3-30b-a3b', 'qwen 30b'],
    ['qwen 30b 모델을 RTX 4090 2장으로 추론하고 있어요', 'qwen3-30b-a3b', 'qwen 30b'],
    ['I am serving Qwen-30B with vllm on a single H100, is 80GB enough for 32k context?', 'qwen3-30b-a3b', 'Qwen-30B'],
    ['qwen 57b inference on 2x a100-80g', 'qwen2-57b-a14b', 'qwen 57b'],
    ['Qwen-57B serve vllm tp 4 on 4x L40S', 'qwen2-57b-a14b', 'Qwen-57B'],
    ['finetuning qwen_57b with qlora on 4x 3090', 'qwen2-57b-a14b', 'qwen_57b'],
  ])('%s: %s, said as a guess of the release', (text, model, words) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(model);
    expect(doubted(said, words)).toBe(true);
  });

  it.each([
    // a dense release of that size stays the reading: MoE is only the fallback
    ['qwen 32b on 2x 4090', 'qwen2.5-32b'],
    ['qwen 14b inference on a 4090', 'qwen-14b'],
    ['qwen 72b serve on 4x a100', 'qwen-72b'],
    // the release said is read as it is
    ['qwen3 30b inference on 1x h100', 'qwen3-30b-a3b'],
    ['qwen2 57b on 2x h100', 'qwen2-57b-a14b'],
  ])('%s: %s as before', (text, model) => {
    expect(readNoticed(text).s.model.id).toBe(model);
  });
});
