import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * prose.plain-ddp: "plain DDP" / "vanilla DDP" is DDP ("If we use DDP alone, we encounter a CUDA
 * out-of-memory error", moojink/openvla-oft#4); "plain" had been refused as a typo of "plain sgd".
 * prose.bare-per-gpu-batch: "on 8 a100, 4 per gpu" is the batch each GPU takes (HF's
 * per_device_train_batch_size), weak; it had been read as a GPU count and refused against the eight.
 */

describe('a word that says the DDP is the ordinary one', () => {
  it.each(['plain DDP', 'vanilla DDP', 'plain old pytorch DDP', 'normal DDP', 'standard DDP', 'simple ddp'])('"%s" reads as DDP', (words) => {
    const s = read(`llama-2-7b full fine-tune with ${words} on 4x a100-80g`).scenario;
    expect(s.sharding.kind).toBe('ddp');
    expect(s.hardware?.count).toBe(4);
  });

  it('"plain sgd" keeps its optimizer', () => {
    expect(read('llama-2-7b full plain sgd on a100-80g').scenario.optimizer).toBe('sgd');
  });
});

describe('a bare number per GPU is the per-device batch', () => {
  it('"on 8 a100, 4 per gpu": eight GPUs, micro-batch 4, said weak', () => {
    const { s, said } = readNoticed('train llama-2-7b on 8 a100-80g, 4 per gpu');
    expect(s.hardware?.count).toBe(8);
    expect(s.microBatch).toBe(4);
    expect(said).toMatch(/4 per gpu/);
  });

  it('a memory per GPU and a batch word before it are read by their own words', () => {
    expect(read('llama-2-7b full fine-tune batch size 4 per gpu on 8x a100-80g').scenario.microBatch).toBe(4);
    const s = read('llama-2-70b inference needs 24GB per gpu on 4x a100-80g').scenario;
    expect(s.hardware?.count).toBe(4);
    expect(s.microBatch).toBe(1);
  });

  it('a card and its memory per card are no batch: axolotl#1522 (c055) "2*RTX3090 (24G per card)"', () => {
    const s = read('(OOM) FSDP+QLora 2*RTX3090 (24G per card) finetuning on 70b Llama2').scenario;
    expect(s.microBatch).toBe(1);
    expect(s.hardware?.count).toBe(2);
  });

  it('"batch 32 total, 4 per gpu": the global batch and the per-device batch, not two micro-batches', () => {
    const s = read('llama-2-7b full fine-tune batch 32 total, 4 per gpu, on 8x a100-80g').scenario;
    expect(s.microBatch).toBe(4);
    expect(s.hardware?.count).toBe(8);
    expect(read('llama-2-7b full fine-tune batch 32 total on 8x a100-80g').scenario.microBatch).toBe(1);
  });

  it('property: any count of cards and any per-GPU number, the cards keep their count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 1, max: 64 }), fc.constantFrom('per gpu', 'per device', '/gpu', 'per card', 'samples per device'), (n, b, per) => {
        const r = resolveRequest(`fine-tune llama-2-7b on ${n}x a100-80g, ${b} ${per}`, null);
        expect(r.ok).toBe(true);
        if (!r.ok || !r.scenario) return;
        expect(r.scenario.hardware?.count).toBe(n);
        expect(r.scenario.microBatch).toBe(b);
      }),
      { numRuns: 40 },
    );
  });
});
