import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * hw.card: a card's plural is the card. The catalog reads "A10Gs" by its singular, but the phrase
 * was written again as "8x a10gs", a word the lexer does not know (its runs of letters keep "gs"
 * whole; "a100s", whose s follows a digit, it did read): "8 A10Gs" (NVIDIA/TensorRT-LLM#7818,
 * corpus c856) and "I have 4 A10Gs, each with 24GiB" (vllm-project/vllm#9373) lost their cards.
 */
describe('a plural card name is the card', () => {
  it.each([
    ['mistral-small-3.1-24b inference tp 8 on 8 A10Gs', 'a10g', 8],
    ['llama-2-13b serve: I have 4 A10Gs, each with 24GiB of GDDR6 Memory', 'a10g', 4],
    ['llama-3-8b inference on 2 L4s', 'l4', 2],
    ['llama-3-8b inference on 4x A10Gs', 'a10g', 4],
    ['llama-3-8b inference on 2 nvidia a10gs', 'a10g', 2],
    ['llama-3-8b inference on 8 A100s', 'a100-80g', 8],
  ])('"%s"', (text, gpuId, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId, count });
  });

  it('the L40S keeps its S (its name, not a plural)', () => {
    expect(read('llama-3-8b inference on 2x L40S').scenario.hardware).toMatchObject({ gpuId: 'l40s', count: 2 });
    expect(read('llama-3-8b inference on 2 L40Ss').scenario.hardware).toMatchObject({ gpuId: 'l40s', count: 2 });
  });
});
