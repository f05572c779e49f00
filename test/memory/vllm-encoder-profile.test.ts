import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/memory/layout.js';
import { dummyVideo, MAX_FRAMES_PER_VIDEO, videoProfileEncoder } from '../../src/memory/vllm-encoder-profile.js';
import { estimateOf } from './fixtures.js';

/**
 * vLLM V1 encodes one dummy video of Qwen2-VL / Qwen2.5-VL at the largest image size in its profile
 * run, frames fitted into max_model_len (memory/vllm-encoder-profile.ts).
 */
const GiB = 2 ** 30;
const profile = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'profile')!;
const kv = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'kv')!;
/** Qwen2.5-VL's tower at its MLP over N patches: fp32 pixel values (3 × 2 × 14²) and residual + gate_up + SiLU-and-mul in bf16. */
const qwen25Floor = (N: number, tp = 1) => N * (1176 * 4 + (1280 + (3 * 3420) / tp) * 2);

describe("vLLM V1's dummy-video profile run of Qwen2-VL and Qwen2.5-VL", () => {
  it('verdict corpus v173 (vllm#18124): Qwen2.5-VL-3B at 0.3 of an A100 80GB profiles a 14-frame video of 114,688 tokens and has barely room for one 128,000-token sequence', () => {
    const e = estimateOf('qwen2.5-vl-3b serve vllm --gpu-memory-utilization 0.3 on 1x a100-80g');
    const video = dummyVideo(e.scenario)!;
    // 3,584² frames (max_pixels 12,845,056): 256² patches, 16,384 tokens a pair of frames; 7 pairs fit 128,000.
    expect(video).toMatchObject({ frames: 14, groups: 7, tokens: 114_688, items: 1, patches: 458_752, earlierRule: false });
    expect(profile(e).bytes).toBe(qwen25Floor(458_752));
    expect(profile(e).bytes / GiB).toBeCloseTo(11.87, 2);
    expect(profile(e).name).toMatch(/vision encoder \(1 dummy video of 14 frames, 114\.7 K tokens each\)/);
    // The sampler runs after the encoder and the text forward, so it adds nothing beyond the
    // encoder's peak (vllm-profile-peak.ts): the pool holds one sequence with under 0.1 GiB to spare.
    // The thread's start failed ('No available memory for the cache blocks'): a miss the verdict bench lists.
    expect(Math.abs(kv(e).bytes - 128_000 * 36 * 1024)).toBeLessThan(0.1 * GiB);
  });

  it("a vLLM 0.23.0 log of Qwen2.5-VL-7B at 0.22 of an A100 80GB ('budget of 114688 tokens … 1 video items', KV −14.28 GiB) cannot start, and the counted tower stays below the log's", () => {
    const e = estimateOf('qwen2.5-vl-7b serve vllm --gpu-memory-utilization 0.22 on 1x a100-80g');
    expect(dummyVideo(e.scenario)!.tokens).toBe(114_688);
    expect(e.fits).toBe(false);
    // The log: 0.22 × 79.15 GiB = 17.41 GiB budget, −14.28 GiB left for KV, 15.67 GiB of weights, 0.53 GiB of
    // CUDA graphs inside the budget (0.21 on), so weights aside about 15.5 GiB went to the encoder peak and non-torch memory.
    const logPeakAndNonTorch = 0.22 * 79.15 + 14.28 - 15.67 - 0.53;
    expect(profile(e).bytes / GiB).toBeLessThan(logPeakAndNonTorch);
    expect(profile(e).bytes / GiB).toBeGreaterThan(0.7 * logPeakAndNonTorch);
  });

  it('frames follow max_model_len: 32,768 tokens hold 4 frames, 8,192 still one (the size of an image), and the cap is 14', () => {
    const at = (len: number) => dummyVideo(estimateOf(`qwen2.5-vl-7b serve vllm --max-model-len ${len} on 1x a100-80g`).scenario)!;
    expect(at(32_768)).toMatchObject({ frames: 4, groups: 2, tokens: 32_768 });
    expect(at(32_767)).toMatchObject({ frames: 2, groups: 1, tokens: 16_384 });
    expect(at(8_192)).toMatchObject({ frames: 1, groups: 1, tokens: 16_384, patches: 65_536 });
    // qwen2_vl.py `_MAX_FRAMES_PER_VIDEO = 14`: a million-token context still profiles 14 frames (7 × 16,384 tokens).
    expect(at(1_000_000)).toMatchObject({ frames: 14, tokens: 114_688 });
    expect(MAX_FRAMES_PER_VIDEO).toBe(14);
  });

  it('a release named before 0.23 fits the frames into max_model_len less one image, without the cap (the 0.8.x rule)', () => {
    const old = dummyVideo(estimateOf('qwen2.5-vl-3b serve vllm 0.8.5 --gpu-memory-utilization 0.3 on 1x a100-80g').scenario)!;
    expect(old).toMatchObject({ frames: 12, groups: 6, tokens: 98_304, earlierRule: true });
    const long = dummyVideo(estimateOf('qwen2.5-vl-3b serve vllm 0.8.5 --max-model-len 400000 on 1x a100-80g').scenario)!;
    expect(long.frames).toBeGreaterThan(MAX_FRAMES_PER_VIDEO);
  });

  it("Qwen2-VL's plain MLP counts fc1 and its QuickGELU; batched tokens that hold several videos profile several", () => {
    const e = estimateOf('qwen2-vl-7b serve vllm --max-model-len 32768 on 1x a100-80g');
    const N = 2 * 65_536;
    expect(profile(e).bytes).toBe(N * (1176 * 4 + (1280 + 2 * 5120) * 2));
    const many = dummyVideo(estimateOf('qwen2-vl-7b serve vllm --max-model-len 32768 --max-num-batched-tokens 131072 on 1x a100-80g').scenario)!;
    expect(many.items).toBe(4);
    expect(many.patches).toBe(4 * N);
  });

  it('no dummy video under V0, on TGI or SGLang, for a text model, or for Qwen3-VL (its processor is not this one)', () => {
    for (const text of [
      'qwen2.5-vl-7b serve vllm v0 on 1x a100-80g',
      'qwen2.5-vl-7b serve vllm 0.7.3 on 1x a100-80g',
      'qwen2.5-vl-7b serve tgi on 1x a100-80g',
      'qwen2.5-vl-7b serve sglang on 1x a100-80g',
      'qwen2.5-7b serve vllm on 1x a100-80g',
      'qwen3-vl-8b serve vllm on 1x a100-80g',
    ]) {
      expect(dummyVideo(estimateOf(text).scenario), text).toBeNull();
    }
  });

  it('a longer max_model_len never lowers the encoder peak; more tensor parallelism never raises it', () => {
    const base = estimateOf('qwen2.5-vl-7b serve vllm on 1x a100-80g').scenario;
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 400_000 }), fc.integer({ min: 1, max: 200_000 }), fc.constantFrom(1, 2, 4, 8), (a, d, tp) => {
        const at = (seq: number, t: number) => {
          const s = { ...base, seq, parallel: { ...base.parallel, tp: t } };
          return videoProfileEncoder(s, layoutOf(s))!.bytes;
        };
        expect(at(a + d, tp)).toBeGreaterThanOrEqual(at(a, tp));
        expect(at(a, tp)).toBeLessThanOrEqual(at(a, 1));
        expect(at(a, tp)).toBeGreaterThanOrEqual(qwen25Floor(65_536, tp) - 1);
      }),
      { numRuns: 200 },
    );
  });
});
