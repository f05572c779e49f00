import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/memory/layout.js';
import { mllamaProfileEncoder, mllamaProfileImages } from '../../src/memory/vllm-mllama-profile.js';
import { vllmEngine } from '../../src/memory/vllm-release.js';
import { estimateOf } from './fixtures.js';

/**
 * vLLM V0 profiles Llama 3.2 Vision with one dummy image per max_num_seqs sequence, all through the
 * vision encoder at once, under a dense [N, 1, L, L] mask (memory/vllm-mllama-profile.ts).
 */
const vision = (extra: string, card = '2x a10', tp = 2) =>
  estimateOf(`llama-3.2-11b-vision serve vllm ${extra} tp ${tp} --max-model-len 1024 --gpu-memory-utilization 0.7 on ${card}`);

const profile = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'profile')!;

describe("vLLM V0's profile run of Llama 3.2 Vision", () => {
  it('vllm#10034 worked example: 256 dummy images of 4 tiles × 1,608 padded patches at tp 2 on 2× A10 cannot even profile', () => {
    const e = vision('0.6.1');
    const N = 256;
    const L = 4 * 1608;
    const mask = N * L * L * 2;
    const state = N * L * 1280 * 2;
    const fc1 = N * L * (5120 / 2) * 2;
    const pixels = N * 4 * 3 * 560 * 560 * 2;
    // The last local layer: mask, five kept layer inputs, the loop's input, residual, LayerNorm output, fc1 and its GELU.
    expect(profile(e).bytes).toBe(pixels + mask + 8 * state + 2 * fc1);
    expect(profile(e).name).toMatch(/vision encoder \(256 dummy images × 4 tiles\)/);
    // The thread's failed allocation is the patch embedding's column-parallel output: 1,024 tiles × 1,600 × 640 × 2 B = 1.95 GiB.
    expect((N * 4 * 1600 * 640 * 2) / 2 ** 30).toBeCloseTo(1.95, 2);
    expect(e.fits).toBe(false);
    expect(e.notes.join(' ')).toMatch(/the profile run alone needs [\d.]+ GiB of the 22\.3 GiB card, so it runs out of memory before the KV cache is sized/);
  });

  it('Mllama runs on V0 even when no release is named (SupportsV0Only: the 0.8–0.10 oracle falls back); V1 named, a text-only Llama and TGI profile no images', () => {
    expect(vllmEngine(vision('').scenario)).toBe('v0');
    expect(mllamaProfileImages(vision('').scenario)).toBe(256);
    expect(vllmEngine(estimateOf('llama-3.1-8b serve vllm --max-model-len 1024 on 1x a100-80g').scenario)).toBe('v1');
    expect(mllamaProfileImages(vision('v1').scenario)).toBeNull();
    expect(profile(vision('v1')).name).toMatch(/^profile-run activations/);
    const text = estimateOf('llama-3.1-8b serve vllm 0.6.1 --max-model-len 1024 on 1x a100-80g');
    expect(mllamaProfileEncoder(text.scenario, layoutOf(text.scenario))).toBeNull();
    const tgi = estimateOf('llama-3.2-11b-vision serve tgi 2.4.0 on 1x a100-80g');
    expect(mllamaProfileImages(tgi.scenario)).toBeNull();
  });

  it('--max-num-seqs sets the dummy images: at 1 the encoder needs under 0.3 GiB and the server fits; at 8192 tokens the text profile is the larger again', () => {
    const one = vision('0.6.1 --max-num-seqs 1');
    expect(mllamaProfileImages(one.scenario)).toBe(1);
    expect(profile(one).bytes).toBeLessThan(0.3 * 2 ** 30);
    expect(one.fits).not.toBe(false);
    // At 4,096 tokens vLLM's own forward (3·h + 3·f ÷ tp, vllm-forward.ts: 0.26 GiB) stays just under the one-image encoder (0.27 GiB).
    const longer = estimateOf('llama-3.2-11b-vision serve vllm 0.6.1 tp 2 --max-model-len 8192 --max-num-seqs 1 --gpu-memory-utilization 0.7 on 2x a10');
    expect(profile(longer).name).toMatch(/^profile-run activations/);
  });

  it('the encoder grows with max_num_seqs, never below its mask, and more tensor parallelism never raises it', () => {
    const base = vision('0.6.1').scenario;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 512 }), fc.constantFrom(1, 2, 4, 8), (seqs, tp) => {
        const at = (n: number, t: number) => {
          const s = { ...base, parallel: { ...base.parallel, tp: t }, inference: { ...base.inference, maxSeqs: n } };
          return mllamaProfileEncoder(s, layoutOf(s))!.bytes;
        };
        const L = 4 * 1608;
        expect(at(seqs + 1, tp)).toBeGreaterThan(at(seqs, tp));
        expect(at(seqs, tp)).toBeGreaterThanOrEqual(seqs * L * L * 2);
        if (tp < 8) expect(at(seqs, 2 * tp)).toBeLessThanOrEqual(at(seqs, tp));
      }),
      { numRuns: 30 },
    );
  });
});
