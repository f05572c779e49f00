import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A half-stated setup says which batch it assumed and, where the named framework runs another by
 * itself (catalog/program-batch.ts: LLaMA-Factory 8, transformers' default; litgpt 1, 4 before
 * April 2024), whether that one fits.
 */

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind === 'error' ? r.message : r.kind}`);
  return r;
}

const fits = (text: string) => reply(text).estimate.fits === true;

describe("the framework's own micro-batch beside the envelope", () => {
  it("litgpt#301's Llama-2-7B LoRA on an A6000: litgpt's 1 fits at seq 2,048, lit-gpt's 4 of the thread's time does not, as the estimates at those batches say", () => {
    const detail = reply('llama-2-7b lora litgpt on 1x a6000').verdict.detail;
    expect(fits('llama-2-7b lora litgpt bs 1 seq 2048 on 1x a6000')).toBe(true);
    expect(fits('llama-2-7b lora litgpt bs 4 seq 2048 on 1x a6000')).toBe(false);
    expect(detail).toContain("litgpt's own default micro_batch_size is 1, which fits at seq 2,048 (4 before April 2024, which does not fit)");
  });

  it("LLaMA-Factory's own per_device_train_batch_size (8) is judged as the estimate at batch 8 judges it, for any model and card", () => {
    fc.assert(
      fc.property(fc.constantFrom('qwen2-7b', 'llama-3-8b', 'qwen2.5-1.5b', 'mistral-7b'), fc.constantFrom('lora', 'qlora'), fc.constantFrom('4090', 'a100-80g', 'h100'), fc.constantFrom(512, 2048), (model, method, card, seq) => {
        const detail = reply(`${model} ${method} llamafactory seq ${seq} on 1x ${card}`).verdict.detail;
        const at8 = fits(`${model} ${method} llamafactory bs 8 seq ${seq} on 1x ${card}`);
        expect(detail).toContain(`LLaMA-Factory's own default per_device_train_batch_size is 8, which ${at8 ? 'fits' : 'does not fit'} at seq ${seq.toLocaleString('en-US')}`);
      }),
      { numRuns: 12 },
    );
  });

  it('a stated batch, or no framework named, says nothing of a framework default', () => {
    expect(reply('qwen2-7b lora llamafactory seq 2048 bs 2 on 1x 4090').verdict.detail).not.toContain('own default');
    expect(reply('qwen2-7b lora seq 2048 on 1x 4090').verdict.detail).not.toContain('own default');
  });
});
