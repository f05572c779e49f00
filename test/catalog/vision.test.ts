import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';

/**
 * Vision-language checkpoints: the text model plus the vision tower and projector counted from
 * vision_config (src/catalog/models/vision.ts) give the checkpoint's published total.
 */
describe('vision towers of vision-language models', () => {
  it.each([
    // Safetensors totals on the Hub model pages; Gemma 3's HF vocab has 64 more rows (262208) than the text-only count.
    ['gemma-3-4b', 4_300_079_472 - 64 * 2560, 'google/gemma-3-4b-it'],
    ['qwen2.5-vl-7b', 8_292_166_656, 'Qwen/Qwen2.5-VL-7B-Instruct'],
    ['qwen2-vl-7b', 8.29e9, 'Qwen/Qwen2-VL-7B-Instruct (8.29B)'],
    ['llama-4-scout', 108.6e9, 'meta-llama/Llama-4-Scout-17B-16E-Instruct (108.6B; model card "109B")'],
    ['qwen2-vl-2b', 2.21e9, 'Qwen/Qwen2-VL-2B-Instruct (2.21B)'],
    ['qwen2.5-vl-3b', 3.75e9, 'Qwen/Qwen2.5-VL-3B-Instruct (3.75B)'],
    ['qwen2.5-vl-72b', 73.4e9, 'Qwen/Qwen2.5-VL-72B-Instruct (73.4B)'],
    ['llava-1.5-7b', 7.06e9, 'llava-hf/llava-1.5-7b-hf (7.06B)'],
    ['llava-1.5-13b', 13.35e9, 'llava-hf/llava-1.5-13b-hf (13.35B)'],
    ['minicpm-v-2.6-8b', 8.1e9, 'openbmb/MiniCPM-V-2_6 (8.1B)'],
    ['minicpm-llama3-v2.5-8b', 8.54e9, 'openbmb/MiniCPM-Llama3-V-2_5 (8.54B)'],
  ] as [string, number, string][])('%s: text model + vision tower = %d (%s)', (id, checkpoint) => {
    const p = countParams(modelById(id).arch);
    expect(p.vision).toBeGreaterThan(0.3e9);
    expect(Math.abs((p.total + p.vision) / checkpoint - 1)).toBeLessThan(0.002);
  });

  it('SigLIP-So400m at 896 px with the Gemma 3 4B projector is 419.8 M parameters', () => {
    expect(countParams(modelById('gemma-3-4b').arch).vision).toBe(419_816_304);
  });

  it('the Pixtral ViT with the Mistral Small 3.1 projector is 439.0 M parameters (24 bias-free layers, patch merger, two linears)', () => {
    // modeling_pixtral.py / modeling_mistral3.py: 24 × (4·1024² + 3·1024·4096 + 2·1024) layers, Conv2d(3, 1024, 14)
    // and ln_pre, then RMSNorm(1024), Linear(4096, 1024), Linear(1024, 5120), Linear(5120, 5120).
    expect(countParams(modelById('mistral-small-3.1-24b').arch).vision).toBe(
      24 * (4 * 1024 ** 2 + 3 * 1024 * 4096 + 2 * 1024) + (3 * 14 * 14 * 1024 + 1024) + (1024 + 4096 * 1024 + 1024 * 5120 + 5120 * 5120),
    );
    expect(countParams(modelById('mistral-small-3.1-24b').arch).vision).toBe(438_958_080);
  });

  it("Qwen3-VL 2B and 4B carry the small tower (depth 24, hidden 1024): 415.3 M with the 4B's mergers into 2560", () => {
    expect(countParams(modelById('qwen3-vl-4b').arch).vision).toBe(415_347_712);
    // Same tower, mergers into 2048 instead of 2560: four Linear(4096, out) and their biases.
    expect(countParams(modelById('qwen3-vl-4b').arch).vision - countParams(modelById('qwen3-vl-2b').arch).vision).toBe(4 * (4096 + 1) * (2560 - 2048));
    expect(countParams(modelById('qwen3-vl-32b').arch).vision).toBeGreaterThan(countParams(modelById('qwen3-vl-8b').arch).vision);
  });

  it('Gemma 3 1B is text-only', () => {
    expect(modelById('gemma-3-1b').arch.vision).toBeUndefined();
  });
});
