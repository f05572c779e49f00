import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Tries the user narrates in order, each failing: "I first used a GPU with 24GB memory to fine-tune
 * LLaMA-2-7B … It needs a little more than 24GB … Later I tried a GPU with 48GB memory, and it still
 * gave an error" (fe1ixxu/ALMA#66, corpus c928) read the first card (24GB) as the run. Two failing
 * runs tie (asked-run.ts): the later try, opened by "later", "then", 后来, 然后, is the run now, and the
 * reply still asks which was meant. ("我开始就是使用8块卡结果直接oom 然后换4块一样oom", 01-ai/Yi#125, c916,
 * narrates the same way.)
 */
describe('the later of two failing tries is the run', () => {
  it.each([
    ['I first used a GPU with 24GB memory to fine-tune LLaMA-2-7B, and then it gave an error: CUDA out of memory. Later I tried a GPU with 48GB memory, and it still gave an error `CUDA out of memory`.', 48],
    ['full finetune llama-2-7b. At first I used a 24GB card and got OOM. Then I tried an 80GB card and it still OOMs.', 80],
    ['全参微调llama-2-7b，一开始用24G的卡报OOM。后来换了48G的卡还是报OOM。', 48],
  ])('"%s"', (text, gib) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware?.capacityBytes).toBe(gib * 2 ** 30);
    // Asked with both (asked-run.ts), or the earlier said as a try left (reconcile/left-tries.ts), or the card said weak.
    expect(said).toMatch(/which did you mean\?|a try the message says came before it|— from "\d+GB?"\?/);
  });
});
