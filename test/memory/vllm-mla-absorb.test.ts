import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Issue 23: vLLM 0.7.1 → 0.7.3 materialise MLA's absorbed decode matrices (W_Q_UK, W_UV_O) beside
 * the raw weights (vllm/attention/backends/mla/utils.py process_weights_after_loading, vllm#12528);
 * vllm#14770 dropped them in 0.8.0 (memory/vllm-mla-absorb.ts).
 */

const absorbed = (text: string) => part(estimateOf(text), 'weights-mla-absorbed');
const pool = (text: string) => part(estimateOf(text), 'kv');

describe("vLLM 0.7.x's materialised MLA matrices", () => {
  it('DeepSeek-R1 FP8 at tp 8: 61 × (1,536 × 16 × 512 + 16 × 512 × 7,168) × 1 B = 4.05 GiB, 4.47 GiB with W_QR and the dequantised kv_b_proj', () => {
    const pair = (61 * (1536 * 16 * 512 + 16 * 512 * 7168)) / GiB;
    expect(pair).toBeCloseTo(4.05, 2);
    const all = absorbed('serve deepseek-r1 vllm 0.7.2 --max-model-len 32768 on 8x h200') / GiB;
    expect(all).toBeCloseTo(pair + (61 * (1536 * 16 * 64 * 2 + 512 * 16 * 256 * 2)) / GiB, 6);
    expect(all).toBeCloseTo(4.47, 2);
  });

  it('a BF16 checkpoint keeps the pair in 16 bits (no requantisation, no dequantised copy): 4.06 GiB at tp 16', () => {
    const bf16 = absorbed('serve deepseek-r1 bf16 vllm 0.7.3 tp 16 --max-model-len 8192 on 16 gpus of 90GB') / GiB;
    expect(bf16).toBeCloseTo((61 * ((1536 * 8 * 512 + 8 * 512 * 7168) * 2 + 1536 * 8 * 64 * 2)) / GiB, 6);
  });

  it('only 0.7.1 → 0.7.3 hold them: not 0.7.0 (no MLA cache), not 0.8.0 (vllm#14770), not an unnamed release', () => {
    for (const release of ['0.7.0', '0.8.0', '0.8.5']) expect(absorbed(`serve deepseek-r1 vllm ${release} --max-model-len 32768 on 8x h200`)).toBe(0);
    expect(absorbed('serve deepseek-r1 vllm --max-model-len 32768 on 8x h200')).toBe(0);
    expect(absorbed('serve llama-3-70b vllm 0.7.3 tp 8 on 8x h100')).toBe(0);
  });

  it('the pool shrinks by exactly what is materialised (it is loaded before the profile run)', () => {
    const at = (release: string) => `serve deepseek-r1 vllm ${release} --max-model-len 32768 on 8x h200`;
    const grown = absorbed(at('0.7.3'));
    expect(grown).toBeGreaterThan(0);
    // 0.7.3 vs 0.7.2 differ in nothing else the model reads for this request.
    expect(pool(at('0.7.2')) + absorbed(at('0.7.2'))).toBeCloseTo(pool(at('0.7.3')) + grown, -3);
  });

  it('more tensor parallelism never raises the per-GPU term (it is split by heads)', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4), (pp) => {
        const at = (tp: number) => absorbed(`serve deepseek-r1 vllm 0.7.3 tp ${tp} pp ${pp} --max-model-len 8192 on ${tp * pp}x h200`);
        expect(at(8)).toBeLessThanOrEqual(at(4));
        expect(at(16)).toBeLessThanOrEqual(at(8));
      }),
      { numRuns: 3 },
    );
  });
});
