import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { modelById } from '../../src/catalog/index.js';

/**
 * transformers' bitsandbytes load packs every nn.Linear of the model from_pretrained builds except the
 * output embedding (integrations/bitsandbytes.py `_replace_with_bnb_linear`): the vision tower of a
 * VLM loaded whole and CogVLM's visual expert included (memory/bnb-linear.ts).
 */
describe('what a bitsandbytes load packs', () => {
  // CogVLM-17B: Llama-2-7B's 32 layers of 4·h² + 3·h·f linear weights, once for the language path and
  // once for the visual expert; the untied embedding and LM head (2 × 32,000 × 4,096) and the 65 RMSNorms stay 16-bit.
  const layerLinear = 4 * 4096 * 4096 + 3 * 4096 * 11008;
  const rest = 2 * 32_000 * 4096 + 65 * 4096;
  const nf4 = 0.5 + 4 / 64;

  it('CogVLM-17B in 4-bit under transformers: the visual expert is packed with the language weights (7.27 GiB)', () => {
    const e = estimateOf('cogvlm-17b 4bit infer on 1x rtx-3090');
    const expected = 2 * 32 * layerLinear * nf4 + rest * 2;
    expect(part(e, 'weights') / expected).toBeCloseTo(1, 3);
    expect(part(e, 'weights') / 2 ** 30).toBeCloseTo(7.27, 1);
  });

  it("CogVLM-17B's EVA2-CLIP-E tower: 63 blocks of 4·h² + 2·h·f and the GLU adapter's matrices packed, 2.3 GiB", () => {
    const e = estimateOf('cogvlm-17b 4bit infer on 1x rtx-3090');
    const towerLinear = 63 * (4 * 1792 * 1792 + 2 * 1792 * 15360) + 1792 * 4096 + 3 * 4096 * 11008;
    const tower = modelById('cogvlm-17b').arch.vision!;
    expect(tower.linearParams).toBe(towerLinear);
    expect(part(e, 'vision')).toBeCloseTo(towerLinear * nf4 + (tower.params - towerLinear) * 2, -3);
    expect(part(e, 'vision') / 2 ** 30).toBeCloseTo(2.3, 1);
  });

  it('a 16-bit load of the same model is unchanged: expert and tower at 2 B', () => {
    const e = estimateOf('cogvlm-17b infer on 1x a100-80g');
    expect(part(e, 'weights')).toBeCloseTo((2 * 32 * layerLinear + rest) * 2, -3);
    expect(part(e, 'vision')).toBe(modelById('cogvlm-17b').arch.vision!.params * 2);
  });

  it("QLoRA under PEFT: the tower's linears packed, the rest cast to fp32 by prepare_model_for_kbit_training", () => {
    const e = estimateOf('qlora gemma-3-4b bs 2 on 1x a100-80g');
    const tower = modelById('gemma-3-4b').arch.vision!;
    expect(part(e, 'vision')).toBeCloseTo(tower.linearParams! * nf4 + (tower.params - tower.linearParams!) * 4, -3);
  });

  it('a serving engine keeps the tower in 16-bit (it is not transformers packing the whole model)', () => {
    const served = estimateOf('serve gemma-3-12b nf4 vllm on 1x a100-80g');
    expect(part(served, 'vision')).toBe(modelById('gemma-3-12b').arch.vision!.params * 2);
  });

  it('packing never raises a vision tower, and never lowers it below the packed share of its parameters', () => {
    for (const id of ['gemma-3-4b', 'gemma-3-12b', 'qwen2.5-vl-7b', 'cogvlm-17b']) {
      const tower = modelById(id).arch.vision!;
      for (const format of ['4bit', 'int8']) {
        const bytes = part(estimateOf(`${id} ${format} infer on 1x a100-80g`), 'vision');
        expect(bytes).toBeLessThan(tower.params * 2);
        expect(bytes).toBeGreaterThan((tower.linearParams ?? 0) * (format === 'int8' ? 1 : 0.5));
      }
    }
  });
});
