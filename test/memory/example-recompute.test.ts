import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimateOf } from './fixtures.js';

/**
 * axolotl's preset turns gradient checkpointing on because its example configs do, while its config
 * schema leaves it off for a YAML without the key (memory/example-recompute.ts): a fit that rests
 * on it says so, with the peak without it.
 */

const assumptions = (text: string): string[] => {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.assumptions;
};

const V125 = 'qwen2.5-coder-32b full zero3 offload optimizer offload params bf16 mixed bs 1 seq 4096 axolotl on 8x h100-80g';

describe("a fit that rests on checkpointing assumed from axolotl's examples", () => {
  it('axolotl#2531 (Qwen2.5-Coder-32B, ZeRO-3 offload, seq 4096): fits with the assumed gc, and the peak without it is the same request read with "no gc"', () => {
    const e = estimateOf(V125);
    expect(e.fits).toBe(true);
    const without = estimateOf(V125.replace(' axolotl', ' no gc axolotl'));
    expect(without.fits).toBe(false);
    expect(e.holdsOnlyWithGc?.withoutBytes).toBeCloseTo(without.deviceBytes, -6);
    expect(assumptions(V125).some((a) => a.includes("axolotl's own default, for a YAML that leaves the key out, is off"))).toBe(true);
  });

  it('gc said by the user is no assumption: nothing is tried without it', () => {
    const said = V125.replace(' axolotl', ' gc axolotl');
    expect(estimateOf(said).holdsOnlyWithGc).toBeUndefined();
    expect(assumptions(said).some((a) => a.includes("axolotl's example configs"))).toBe(false);
  });

  it("frameworks whose program checkpoints by itself (LLaMA-Factory, PEFT's k-bit recipe) are not flagged", () => {
    expect(estimateOf('qwen2-7b lora r16 all-linear bf16 amp zero3 bs 1 seq 8192 llamafactory on 2x 4090').holdsOnlyWithGc).toBeUndefined();
    expect(estimateOf('llama-2-13b qlora bs 1 seq 4096 on 1x 4090').holdsOnlyWithGc).toBeUndefined();
  });

  it('whenever it is flagged, the run without checkpointing needs more than the card and more than the run with it', () => {
    // Llama-3-8B QLoRA at seq 4096 on a 4090: 15.0 GiB with the assumed gc, about 90 without it.
    expect(estimateOf('llama-3-8b qlora bs 1 seq 4096 axolotl on 1x 4090').holdsOnlyWithGc).toBeDefined();
    fc.assert(
      fc.property(fc.constantFrom('llama-3-8b', 'mistral-7b', 'qwen2.5-32b', 'llama-2-13b'), fc.constantFrom('lora', 'qlora', 'full zero3'), fc.constantFrom(1024, 4096, 8192), fc.constantFrom('4090', 'a100-80g', 'h100'), (model, method, seq, card) => {
        const e = estimateOf(`${model} ${method} bs 1 seq ${seq} axolotl on ${method.includes('zero3') ? '8x' : '1x'} ${card}`);
        if (!e.holdsOnlyWithGc) return;
        expect(e.fits).toBe(true);
        expect(e.holdsOnlyWithGc.withoutBytes).toBeGreaterThan(e.deviceBytes);
        expect(e.holdsOnlyWithGc.withoutBytes).toBeGreaterThan(e.capacityBytes!);
      }),
      { numRuns: 24 },
    );
  });
});
