import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * A share is no count (issue 22 item 2: a number with another unit never fills the count): "90% of the memory"
 * beside a card counts no 90 cards. Invented variations of a stranger's "会默认占用90%的显存（4090是占用22g）" (it
 * takes 90% of the memory by default; on the 4090 that is 22g), in the words people use.
 */
const count = (text: string) => read(text).scenario.hardware?.count ?? null;

describe('a number with a percent sign after it counts no cards', () => {
  it.each([
    ['qwen2.5-7b vllm 会默认占用90%的显存（4090是占用22g）'],
    ['qwen2.5-7b vllm 默认占用 80% 显存 3090'],
    ['qwen2.5-7b vllm 占了95%的显存(A100)'],
    ['llama-3-8b vllm takes 90% of the VRAM on my 4090'],
    ['llama-3-8b vllm grabs 90 % vram, 4090'],
    ['mistral-7b served with vllm, memory at 92% (RTX 3090)'],
    ['qwen2.5-7b vllm 90% 的显存 4090'],
    ['llama-3-8b vllm 메모리 90% 사용, 4090'],
  ])('%s', (text) => {
    expect(count(text) ?? 1).toBe(1);
  });

  it('a count beside the card is still read ("2x 4090, 90% used")', () => {
    expect(count('qwen2.5-7b vllm on 2x 4090, 90% of the memory used')).toBe(2);
  });

  it('a keyword’s share stays the keyword’s ("gpu_memory_utilization 90%")', () => {
    expect(read('qwen2.5-7b vllm gpu_memory_utilization 90% on 1x a100').scenario.hardware?.count).toBe(1);
  });
});
