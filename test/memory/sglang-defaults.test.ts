import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { sglangDefaultChunkedPrefill, sglangDefaultCudaGraphMaxBs, sglangReservedMiB } from '../../src/memory/sglang-defaults.js';
import { estimateOf } from './fixtures.js';

/**
 * SGLang's defaults by card (server_args.py `_handle_gpu_memory_settings`, sglang#10975 / #11076):
 * chunked_prefill_size and cuda_graph_max_bs from the card's MiB, then
 * mem_fraction_static = (gpu_mem − reserved_mem) / gpu_mem.
 */
describe("SGLang's memory defaults follow the card", () => {
  it('an H100 (80,743 MiB here) keeps 13,440 MiB outside the fraction at tp 1: 0.834 (sglang#29092 saw 0.828 on an H100)', () => {
    // 512 + 8,192 × 1.5 + 256 × 2 + 1/8 × 1,024 = 13,440 MiB, above the 10 GiB floor.
    expect(sglangReservedMiB(80_743, 1, 1)).toBe(13_440);
    const s = estimateOf('sglang llama-3-8b on 1x h100').scenario;
    expect(s.inference.gpuMemoryUtilization).toBe(Math.round(((80_743 - 13_440) / 80_743) * 1000) / 1000);
    expect(s.inference.gpuMemoryUtilization).toBe(0.834);
  });

  it('an RTX 4090 (24,217 MiB) keeps 3,760 MiB at tp 1: 2,048 prefill tokens and 24 graph batches', () => {
    expect(sglangDefaultChunkedPrefill(24_217)).toBe(2048);
    expect(sglangDefaultCudaGraphMaxBs(24_217, 1)).toBe(24);
    expect(sglangReservedMiB(24_217, 1, 1)).toBe(512 + 3072 + 48 + 128);
    expect(estimateOf('sglang llama-3-8b on 1x rtx-4090').scenario.inference.gpuMemoryUtilization).toBe(0.845);
  });

  it('a card over 60 GiB keeps at least 10 GiB outside the fraction', () => {
    // 512 + 2,048 × 1.5 + 8 × 2 + 128 = 3,728 MiB, raised to the floor on a large card.
    expect(sglangReservedMiB(70 * 1024, 1, 1, 2048, 8)).toBe(10 * 1024);
    expect(sglangReservedMiB(50 * 1024, 1, 1, 2048, 8)).toBe(3728);
  });

  it('a stated fraction is kept; a follow-up on another card moves only the default', () => {
    expect(estimateOf('sglang llama-3-8b --mem-fraction-static 0.7 on 1x rtx-4090').scenario.inference.gpuMemoryUtilization).toBe(0.7);
    const first = respond('sglang llama-3-8b on 1x h100', null);
    const moved = respond('on 1x rtx-4090', first.state);
    expect(moved.reply.kind === 'estimate' && moved.reply.estimate.scenario.inference.gpuMemoryUtilization).toBe(0.845);
    const stated = respond('sglang llama-3-8b --mem-fraction-static 0.7 on 1x h100', null);
    const kept = respond('on 1x rtx-4090', stated.state);
    expect(kept.reply.kind === 'estimate' && kept.reply.estimate.scenario.inference.gpuMemoryUtilization).toBe(0.7);
  });

  it('more prefill tokens or more GPUs never leave more of the card inside the fraction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8 * 1024, max: 200 * 1024 }), fc.constantFrom(1, 2, 4, 8, 16), fc.constantFrom(1, 2, 4), fc.integer({ min: 512, max: 65_536 }), fc.integer({ min: 1, max: 65_536 }), (gpuMem, tp, pp, chunked, more) => {
        const bs = sglangDefaultCudaGraphMaxBs(gpuMem, tp);
        expect(sglangReservedMiB(gpuMem, tp, pp, chunked + more, bs)).toBeGreaterThanOrEqual(sglangReservedMiB(gpuMem, tp, pp, chunked, bs));
        expect(sglangReservedMiB(gpuMem, tp * 2, pp, chunked, bs)).toBeGreaterThanOrEqual(sglangReservedMiB(gpuMem, tp, pp, chunked, bs));
      }),
    );
  });
});
