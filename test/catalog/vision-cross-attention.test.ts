import { describe, expect, it } from 'vitest';
import { findModel, modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';

/**
 * Issue 14: Llama 3.2 Vision (a Llama 3.1 decoder with cross-attention layers and a tiled ViT-H/14)
 * and Qwen3-VL (Qwen3 / Qwen3-MoE text with a DeepStack ViT). Text model + vision tower must give
 * the published checkpoint totals within 2%.
 */
describe('Llama 3.2 Vision and Qwen3-VL', () => {
  it.each([
    ['llama-3.2-11b-vision', 10.6e9, 'Llama 3.2 model card: 11B (10.6B)'],
    ['llama-3.2-90b-vision', 88.6e9, 'Llama 3.2 model card: 90B (88.6B)'],
    ['qwen3-vl-8b', 8.77e9, 'Qwen/Qwen3-VL-8B-Instruct (8.77B)'],
    ['qwen3-vl-30b-a3b', 31.1e9, 'Qwen/Qwen3-VL-30B-A3B-Instruct (31.1B)'],
    ['qwen3-vl-235b-a22b', 236e9, 'Qwen/Qwen3-VL-235B-A22B-Instruct (236B)'],
  ] as [string, number, string][])('%s: text model + vision tower = %d (%s)', (id, checkpoint) => {
    const p = countParams(modelById(id).arch);
    expect(p.vision).toBeGreaterThan(0.5e9);
    expect(Math.abs((p.total + p.vision) / checkpoint - 1)).toBeLessThan(0.02);
  });

  it('the Llama 3.2 Vision encoder with the 11B projector is 895.0 M parameters (40 ViT-H layers, tile embeddings, Linear(7680, 4096))', () => {
    expect(countParams(modelById('llama-3.2-11b-vision').arch).vision).toBe(895_028_755);
    expect(countParams(modelById('llama-3.2-90b-vision').arch).vision - countParams(modelById('llama-3.2-11b-vision').arch).vision)
      .toBe(7680 * (8192 - 4096) + (8192 - 4096));
  });

  it('the Qwen3-VL ViT with its merger and three DeepStack mergers is 576.4 M parameters at out_hidden_size 4096', () => {
    expect(countParams(modelById('qwen3-vl-8b').arch).vision).toBe(576_388_336);
    expect(countParams(modelById('qwen3-vl-235b-a22b').arch).vision).toBe(576_388_336);
    expect(countParams(modelById('qwen3-vl-30b-a3b').arch).vision).toBe(538_631_408);
  });

  it('a cross-attention layer is a Llama 3.1 layer plus q/k norms and two gates: 11B text = Llama 3.1 8B + 8 layers + 8 embedding rows', () => {
    const text = countParams(modelById('llama-3.2-11b-vision').arch);
    const base = countParams(modelById('llama-3.1-8b').arch);
    expect(text.total - base.total).toBe(8 * base.perLayer + 8 * (2 * 128 + 2) + 8 * 4096);
  });

  it('the text models are the catalog Qwen3 shapes', () => {
    for (const [vl, text] of [['qwen3-vl-8b', 'qwen3-8b'], ['qwen3-vl-30b-a3b', 'qwen3-30b-a3b'], ['qwen3-vl-235b-a22b', 'qwen3-235b-a22b']]) {
      const a = countParams(modelById(vl!).arch);
      const b = countParams(modelById(text!).arch);
      expect([a.total, a.active]).toEqual([b.total, b.active]);
    }
  });

  it.each([
    ['Llama-3.2-11B-Vision-Instruct', 'llama-3.2-11b-vision'],
    ['llama 3.2 11b vision', 'llama-3.2-11b-vision'],
    ['meta-llama/Llama-3.2-90B-Vision-Instruct', 'llama-3.2-90b-vision'],
    ['Qwen3-VL-235B-A22B-Instruct', 'qwen3-vl-235b-a22b'],
    ['qwen3vl 235b-a22b', 'qwen3-vl-235b-a22b'],
    ['Qwen/Qwen3-VL-8B-Instruct', 'qwen3-vl-8b'],
    ['Qwen3-VL-30B-A3B-Instruct', 'qwen3-vl-30b-a3b'],
  ])('"%s" is %s', (name, id) => {
    expect(findModel(name)?.id).toBe(id);
  });
});
