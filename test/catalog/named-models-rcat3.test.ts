import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { contextLengthOf } from '../../src/catalog/context-lengths.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Models corpus lines named that the catalog lacked (fifteenth session, rcat3): InternVL2.5-38B
 * (InternViT-6B + Qwen2.5-32B-Instruct), LLaVA-Video-72B / LLaVA-OneVision-72B (SigLIP-So400m-384 +
 * Qwen2-72B-Instruct), GLM-130B (SAT config), LLaDA-8B (masked diffusion, Llama block) and CogVLM-17B
 * (Vicuna-7B with a visual expert in every layer, EVA2-CLIP-E). Each is read from the names people write: Hub ids, directory names, other separators and cases.
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

describe('the models strangers name resolve to their catalog entry (rcat3)', () => {
  it.each([
    ['internvl2.5-38b', ['OpenGVLab/InternVL2_5-38B', 'InternVL2_5-38B', 'InternVL2.5-38B', 'internvl2.5 38b', 'InternVL2_5-38B-MPO']],
    ['llava-video-72b', ['lmms-lab/LLaVA-Video-72B-Qwen2', 'LLaVA-Video-72B-Qwen2', 'llava-video-72b', 'lmms-lab/llava-onevision-qwen2-72b-ov', 'llava-hf/llava-onevision-qwen2-72b-ov-hf']],
    ['glm-130b', ['GLM-130B', 'THUDM/GLM-130B', 'glm130b', 'glm 130b']],
    ['llada-8b', ['GSAI-ML/LLaDA-8B-Instruct', 'LLaDA-8B-Instruct', 'llada-8b-base', 'LLaDA 8B', 'GSAI-ML/LLaDA-1.5']],
    ['cogvlm-17b', ['THUDM/cogvlm-chat-hf', 'cogvlm-chat-hf', 'CogVLM-17B', 'cogvlm_chat', 'cogvlm-base-490-hf', 'cogvlm-grounding-generalist']],
  ] as const)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it('leaves the neighbours alone: a bare "glm" size, InternVL3, Qwen2-72B and LLaVA-1.6 keep their entries', () => {
    expect(modelOf('glm-4-9b inference on 1x a100').id).toBe('glm-4-9b');
    expect(modelOf('InternVL3-78B inference on 4x a100').id).toBe('internvl3-78b');
    expect(modelOf('Qwen2-72B-Instruct inference on 4x a100').id).toBe('qwen2-72b');
    expect(modelOf('llava-v1.6-34b inference on 1x a100').id).toBe('llava-1.6-34b');
    // CogVLM2 is another model (Llama-3-8B with its own expert); it must not read as the first CogVLM.
    expect(modelOf('cogvlm2-llama3-chat-19B inference on 1x a100').id).not.toBe('cogvlm-17b');
    // zai-org/CogVLM2#114 (c1209): "inference CogVLM2 in float16" names CogVLM2, not the first CogVLM.
    const idOrNull = (text: string): string | null => {
      try {
        return modelOf(text).id;
      } catch {
        return null;
      }
    };
    expect(idOrNull('How many GPU memory is required to inference CogVLM2 in float16 on 1x a100-40g')).not.toBe('cogvlm-17b');
  });

  it.each([
    // The strangers' own lines: LLaDA-8B-Instruct under DeepSpeed ZeRO-2 (c473),
    // "intern2.5 VL 38B" with swift and lmdeploy on an H800 (OpenGVLab/InternVL#749, c1249), LLaVA-Video-72B-Qwen2 on
    // Video-MME (c1348), THUDM/cogvlm-chat-hf split by accelerate over two RTX 3090 (c958).
    ['c473', 'llada-8b'],
    ['c1249', 'internvl2.5-38b'],
    ['c1348', 'llava-video-72b'],
    ['c958', 'cogvlm-17b'],
  ] as const)('corpus line %s reads as %s', (line, id) => {
    expect(modelOf(corpusText(line)).id).toBe(id);
  });
});

describe('their shapes', () => {
  it("InternVL2.5-38B is Qwen2.5-32B's decoder with the InternViT-6B tower counted apart", () => {
    const m = modelById('internvl2.5-38b')!;
    expect(countParams(m.arch).total).toBe(countParams(modelById('qwen2.5-32b')!.arch).total);
    expect(m.arch.vision!.name).toBe('InternViT-6B');
    const total = countParams(m.arch).total + m.arch.vision!.params;
    expect(total).toBeGreaterThan(38.0e9);
    expect(total).toBeLessThan(38.6e9);
  });

  it("LLaVA-Video-72B is Qwen2-72B's decoder and a 26-layer SigLIP with the mlp2x_gelu projector (0.47B)", () => {
    const m = modelById('llava-video-72b')!;
    expect(countParams(m.arch).total).toBe(countParams(modelById('qwen2-72b')!.arch).total);
    expect(m.arch.vision!.params).toBeGreaterThan(0.45e9);
    expect(m.arch.vision!.params).toBeLessThan(0.5e9);
  });

  it('GLM-130B: GeGLU over 32768, biases everywhere, tied output, 2048 positions; ~128.7B', () => {
    const a = modelById('glm-130b')!.arch;
    expect(a.mlp).toBe('gated');
    expect(a.attentionBias).toBe('all');
    expect(a.tiedEmbeddings).toBe(true);
    expect(countParams(a).total / 1e9).toBeCloseTo(128.7, 0);
    expect(contextLengthOf('glm-130b')).toBe(2048);
  });

  it("CogVLM-17B: Vicuna-7B's decoder plus its visual expert (6.48B, loaded and trained) and the 4.42B EVA2-CLIP-E tower: 17.6B", () => {
    const a = modelById('cogvlm-17b')!.arch;
    expect(a.extraParams).toBe(32 * (4 * 4096 * 4096 + 3 * 4096 * 11008));
    expect(countParams(a).total - a.extraParams!).toBe(countParams(modelById('llama-2-7b')!.arch).total);
    const total = countParams(a).total + a.vision!.params;
    expect(total / 1e9).toBeCloseTo(17.6, 1);
    expect(contextLengthOf('cogvlm-17b')).toBe(2048);
  });

  it('LLaDA-8B: untied 126,464-token vocabulary, 12,288-wide SwiGLU, 4096 positions; ~8.02B', () => {
    const a = modelById('llada-8b')!.arch;
    expect(a.tiedEmbeddings).toBe(false);
    expect(a.ffn).toBe(12288);
    expect(countParams(a).total / 1e9).toBeCloseTo(8.02, 1);
    expect(contextLengthOf('llada-8b')).toBe(4096);
  });
});
