import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { respond } from '../../src/core/assistant.js';

describe('the vision tower of a vision-language model', () => {
  it('is on the GPU in inference: 677 M parameters of Qwen2.5-VL-7B at 2 B', () => {
    const e = estimateOf('qwen2.5-vl-7b inference on 4090');
    expect(part(e, 'vision')).toBe(676_550_144 * 2);
    const text = estimateOf('qwen2.5-7b inference on 4090');
    // Loaded once: the tower adds its weights and no allocator slack (churn.ts).
    expect(e.deviceBytes).toBeGreaterThanOrEqual(text.deviceBytes + 676_550_144 * 2);
  });

  it('is frozen in training: its weights count, no gradients, master copy or optimizer states', () => {
    const vlm = estimateOf('qwen2.5-vl-7b full fine-tune on 8xh100 zero3');
    const text = estimateOf('qwen2.5-7b full fine-tune on 8xh100 zero3');
    expect(part(vlm, 'vision')).toBeCloseTo((676_550_144 * 2) / 8, 0);
    for (const key of ['master', 'optimizer', 'gradients']) expect(part(vlm, key)).toBe(part(text, key));
  });

  it('counts in the vLLM fixed memory, leaving fewer KV tokens', () => {
    const vlm = estimateOf('qwen2.5-vl-7b serve on a100-40g');
    const text = estimateOf('qwen2.5-7b serve on a100-40g');
    expect(vlm.serving!.kvCapacityTokens).toBeLessThan(text.serving!.kvCapacityTokens);
  });

  it('never comes with a bare size, even one shaped like a vision-language model', () => {
    expect(estimateOf('gemma 4b lora').scenario.model.arch.vision).toBeUndefined();
    expect(estimateOf('gemma 4b lora').scenario.model.name).toMatch(/Gemma-3-4B shape/);
    expect(estimateOf('qwen 7.6b lora').scenario.model.name).not.toMatch(/VL/);
  });

  it('is named in the reading', () => {
    const { reply } = respond('gemma 3 12b lora', null);
    expect(reply.kind === 'estimate' && reply.reading).toMatch(/SigLIP-So400m vision tower/);
  });
});
