import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earlyStages } from '../../src/language/early-stages.js';
import { DEFAULT_MM_LIMIT, dummyVideo } from '../../src/memory/vllm-encoder-profile.js';
import { estimateOf } from './fixtures.js';

/**
 * vLLM's multimodal profile switches, read through vLLM's option list (config-keys/vllm-multimodal.ts)
 * into the dummy input the V1 profile run encodes (memory/vllm-encoder-profile.ts): only modalities
 * with a limit above 0 pass through the tower (vllm/multimodal/encoder_budget.py tower_modalities),
 * and --skip-mm-profiling leaves the encoder out (vllm/config/multimodal.py).
 */
const profile = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'profile');
const kv = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'kv')!.bytes;
const said = (text: string) => earlyStages(text).config.text.steps.filter((s) => s.rule === 'config.key.limit_mm_per_prompt').map((s) => s.wrote.trim());

describe('--limit-mm-per-prompt, as people write it', () => {
  it('vllm#17891 as written: LLM("Qwen/Qwen2.5-VL-7B-Instruct", limit_mm_per_prompt={"image": 20}) is 20 images a prompt, not an opaque dict', () => {
    expect(said('LLM("Qwen/Qwen2.5-VL-7B-Instruct", limit_mm_per_prompt={"image": 20})')).toEqual(['image limit 20']);
  });

  it('vllm#22173 as written: limit_mm_per_prompt={"image": 10, "video": 1} inside an LLM(…) call', () => {
    expect(said('llm = LLM(\n  model=MODEL_PATH,\n  limit_mm_per_prompt={"image": 10, "video": 1},\n  dtype="float16",\n  tensor_parallel_size=4,\n)')).toEqual(['image limit 10 video limit 1']);
  });

  it.each([
    ["--limit-mm-per-prompt video=0", 'video limit 0'],
    ["--limit-mm-per-prompt image=2,video=0", 'image limit 2 video limit 0'],
    ["--limit-mm-per-prompt '{\"image\": 2, \"video\": 0}'", 'image limit 2 video limit 0'],
    ['--limit-mm-per-prompt {"video":0}', 'video limit 0'],
    ['--limit-mm-per-prompt \'{"video": {"count": 1, "num_frames": 32}}\'', 'video limit 1'],
  ])('vllm serve … %s says "%s"', (flag, words) => {
    expect(said(`vllm serve Qwen/Qwen2.5-VL-7B-Instruct ${flag}`)).toEqual([words]);
  });

  it("newer releases' dotted form, --limit-mm-per-prompt.video 0, is the same fact", () => {
    const e = estimateOf('vllm serve Qwen/Qwen2.5-VL-7B-Instruct --limit-mm-per-prompt.video 0 on 1x a100-80g');
    expect(e.scenario.inference.mmLimits).toEqual({ video: 0 });
  });
});

describe('the profile run under the switches', () => {
  const base = 'qwen2.5-vl-7b serve vllm --gpu-memory-utilization 0.5 on 1x a100-80g';

  it('video=0 profiles the largest image (16,384 tokens, one temporal group) instead of the 14-frame video, leaving more for the KV cache', () => {
    const video = estimateOf(base);
    const image = estimateOf(`${base}\nvllm serve --limit-mm-per-prompt video=0`);
    expect(dummyVideo(video.scenario)).toMatchObject({ modality: 'video', tokens: 114_688 });
    expect(dummyVideo(image.scenario)).toMatchObject({ modality: 'image', frames: 1, groups: 1, tokens: 16_384, items: 1, patches: 65_536 });
    expect(profile(image)!.name).toMatch(/1 dummy image, 16\.4 K tokens each/);
    expect(profile(image)!.bytes).toBeLessThan(profile(video)!.bytes / 6);
    expect(kv(image)).toBeGreaterThan(kv(video));
  });

  it('image and video both 0, or --skip-mm-profiling, profile no encoder and hold no encoder cache', () => {
    for (const text of [`${base} --limit-mm-per-prompt image=0,video=0`, `${base} --skip-mm-profiling`, `${base}\nLLM(model="Qwen/Qwen2.5-VL-7B-Instruct", skip_mm_profiling=True)`]) {
      const e = estimateOf(text);
      expect(dummyVideo(e.scenario), text).toBeNull();
      // The profile run is the text forward alone: no vision tower, no encoder cache beside it.
      expect(profile(e)!.name, text).not.toMatch(/vision encoder/);
      expect(e.components.some((c) => /encoder cache/.test(c.formula)), text).toBe(false);
    }
    expect(kv(estimateOf(`${base} --skip-mm-profiling`))).toBeGreaterThan(kv(estimateOf(base)));
  });

  it('image=0 alone still profiles the video; images per prompt multiply the items only within the encoder budget', () => {
    expect(dummyVideo(estimateOf(`${base} --limit-mm-per-prompt image=0`).scenario)).toMatchObject({ modality: 'video', tokens: 114_688 });
    // 32,768 tokens of max_model_len hold 2 images of 16,384 each; 4 sequences × 2 images, budget 131,072 ÷ 16,384 = 8.
    const s = estimateOf('qwen2.5-vl-7b serve vllm --max-model-len 32768 --max-num-batched-tokens 131072 --max-num-seqs 4 --limit-mm-per-prompt image=5,video=0 on 1x a100-80g').scenario;
    expect(dummyVideo(s)).toMatchObject({ modality: 'image', items: 8 });
    const one = estimateOf('qwen2.5-vl-7b serve vllm --max-model-len 32768 --max-num-batched-tokens 131072 --max-num-seqs 4 --limit-mm-per-prompt image=1,video=0 on 1x a100-80g').scenario;
    expect(dummyVideo(one)).toMatchObject({ modality: 'image', items: 4 });
  });

  it('a modality left unnamed keeps 999 (get_limit_per_prompt), so naming only images changes nothing for the video', () => {
    expect(DEFAULT_MM_LIMIT).toBe(999);
    expect(dummyVideo(estimateOf(`${base} --limit-mm-per-prompt image=3`).scenario)).toEqual(dummyVideo(estimateOf(base).scenario));
  });

  it('a lower limit never raises the profiled encoder input (patches), whatever the limits', () => {
    const s = estimateOf('qwen2.5-vl-7b serve vllm --max-model-len 65536 --max-num-batched-tokens 262144 --max-num-seqs 8 on 1x a100-80g').scenario;
    const patches = (image: number, video: number) => dummyVideo({ ...s, inference: { ...s.inference, mmLimits: { image, video } } })?.patches ?? 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5 }), (image, video, d) => {
        expect(patches(image, video)).toBeLessThanOrEqual(patches(image + d, video));
        expect(patches(image, video)).toBeLessThanOrEqual(patches(image, video + d));
      }),
      { numRuns: 150 },
    );
  });
});
