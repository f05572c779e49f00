import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layerTensors, type SavedTensor } from '../../src/memory/activations.js';
import { MiB } from '../../src/memory/format.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * What a PEFT LoRA adapter keeps for backward under bf16 mixed precision (activations.ts
 * adapterTensors). PEFT's Linear.forward casts x to lora_A.weight.dtype (fp32) and runs
 * lora_B(lora_A(dropout(x))); under torch.autocast `linear` casts its input back to bf16 and keeps
 * that cast, so the fp32 copy is freed once read (`_to_copy`'s backward keeps nothing, dropout's
 * keeps its mask). Kept per adapter and token: a bf16 cast of the input (d_in × 2 B), the bf16 rank-r
 * intermediate (r × 2 B) and, with lora_dropout > 0, a 1-byte mask (d_in × 1 B).
 */

const KiB = 1024;
const adapterTensors = (s: Scenario): SavedTensor[] => layerTensors(s).filter((t) => t.name.includes('adapter'));
/** Bytes one layer's adapters keep for the scenario's micro-batch of tokens. */
const adapterBytes = (s: Scenario): number =>
  adapterTensors(s).reduce((sum, t) => sum + t.width * t.bytes, 0) * s.seq * s.microBatch;

/** The fp32 path (fp32 adapters run outside autocast): lora_A keeps the fp32 copy, dropout its mask and fp32 output, lora_B an fp32 intermediate. */
function fp32PathBytes(s: Scenario): number {
  const h = s.model.arch.hidden;
  const perAdapter = (dIn: number) => dIn * 4 + (s.lora!.dropout > 0 ? dIn * (1 + 4) : 0) + s.lora!.rank * 4;
  // q, k and v all read the normalised hidden state (lora.ts projectionShape: d_in = h).
  return s.lora!.targets.reduce((sum) => sum + perAdapter(h), 0) * s.seq * s.microBatch;
}

const lora = (dropout: number): Partial<Scenario> => ({ mode: 'lora', lora: { rank: 8, alpha: 16, dropout, targets: ['q', 'v'] } });

describe('LoRA adapter activations under bf16 autocast (worked example and property)', () => {
  it('Llama-2-7B, bf16 mixed, LoRA r8 on q and v, seq 2048, batch 1: 16 MiB + 32 KiB per adapter a layer, 24 MiB + 32 KiB with dropout', () => {
    const plain = scenario('llama-2-7b', lora(0));
    expect(plain.seq).toBe(2048);
    expect(plain.microBatch).toBe(1);
    // Per adapter: the bf16 cast lora_A keeps, 2048 × 4096 × 2 B = 16 MiB; the rank-8 intermediate 2048 × 8 × 2 B = 32 KiB.
    expect(adapterTensors(plain).map((t) => [t.name, t.width, t.bytes])).toEqual([
      ['q adapter input, 16-bit autocast copy', 4096, 2],
      ['q adapter rank-r intermediate', 8, 2],
      ['v adapter input, 16-bit autocast copy', 4096, 2],
      ['v adapter rank-r intermediate', 8, 2],
    ]);
    expect(adapterBytes(plain)).toBe(2 * (16 * MiB + 32 * KiB));
    // The fp32 path would keep 32 MiB + 64 KiB per adapter.
    expect(fp32PathBytes(plain)).toBe(2 * (32 * MiB + 64 * KiB));

    // lora_dropout 0.05: the dropped fp32 copy is freed once lora_A has cast it; the mask, 2048 × 4096 × 1 B = 8 MiB, stays.
    const dropped = scenario('llama-2-7b', lora(0.05));
    expect(adapterTensors(dropped).filter((t) => t.name.startsWith('q ')).map((t) => [t.name, t.width, t.bytes])).toEqual([
      ['q adapter input, 16-bit autocast copy', 4096, 2],
      ['q adapter dropout (mask)', 4096, 1],
      ['q adapter rank-r intermediate', 8, 2],
    ]);
    expect(adapterBytes(dropped)).toBe(2 * (24 * MiB + 32 * KiB));
    // The fp32 path: 32 MiB copy + 8 MiB mask + 32 MiB fp32 dropout output + 64 KiB.
    expect(fp32PathBytes(dropped)).toBe(2 * (72 * MiB + 64 * KiB));
  });

  it('pure bf16 adapters (no autocast, adapters in the compute dtype) keep no copy of their own without dropout', () => {
    const s = scenario('llama-2-7b', { ...lora(0), recipe: 'pure' });
    expect(adapterTensors(s).map((t) => t.name)).toEqual(['q adapter rank-r intermediate', 'v adapter rank-r intermediate']);
  });

  it('autocast never keeps more adapter bytes than the fp32 path (any q/k/v adapter set, rank, dropout, seq, batch)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llama-2-7b', 'llama-2-13b', 'mistral-7b', 'llama-2-70b'),
        fc.subarray(['q', 'k', 'v'] as const, { minLength: 1 }),
        fc.constantFrom(4, 8, 16, 64),
        fc.constantFrom(0, 0.05, 0.1),
        fc.constantFrom(512, 2048, 4096),
        fc.integer({ min: 1, max: 8 }),
        (model, targets, rank, dropout, seq, microBatch) => {
          const base = scenario(model, { mode: 'lora', lora: { rank, alpha: 2 * rank, dropout, targets: [...targets] }, seq, microBatch });
          expect(adapterBytes(base)).toBeGreaterThan(0);
          expect(adapterBytes(base)).toBeLessThanOrEqual(fp32PathBytes(base));
          // Exactly half, plus the mask's and nothing else: the 16-bit cast and intermediate are half the fp32 ones.
          const mask = dropout > 0 ? targets.length * base.model.arch.hidden * seq * microBatch : 0;
          expect(adapterBytes(base) - mask).toBe((fp32PathBytes(base) - (dropout > 0 ? 5 * mask : 0)) / 2);
        },
      ),
      { numRuns: 60 },
    );
  });
});
