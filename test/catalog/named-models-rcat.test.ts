import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Models corpus lines named that the catalog lacked (they were marked "pending": "model" and read
 * as "I don't know the model …" or as a bare size): InternVL 2 / 2.5 / 3, Qwen-VL, Qwen2.5-VL-32B,
 * GLM-4V-9B, Qwen3-Coder-480B-A35B, DBRX, Hunyuan-A13B, EXAONE 3.5 / 4.0, OpenLLaMA, OLMo-1B, SantaCoder.
 * Each is read from the names people write (Hub ids, directory names, prose with other separators).
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

describe('the models strangers name resolve to their catalog entry', () => {
  it.each([
    ['internvl2-26b', ['InternVL2-26B', 'internvl2_26b', 'OpenGVLab/InternVL2-26B', 'internvl2 26b', 'InternVL-Chat-V1-5']],
    ['internvl2-8b', ['InternVL2-8B', 'OpenGVLab/InternVL2-8B', 'internvl2_8b']],
    ['internvl2.5-8b', ['InternVL2_5-8B', 'OpenGVLab/InternVL2_5-8B-MPO', 'internvl2.5 8b']],
    ['internvl3-8b', ['InternVL3-8B', 'OpenGVLab/InternVL3-8B-Instruct']],
    ['internvl3-78b', ['InternVL3-78B', 'internvl3_78b']],
    ['internvl2-llama3-76b', ['InternVL2-Llama3-76B', 'OpenGVLab/InternVL2-Llama3-76B']],
    ['qwen-vl-9.6b', ['Qwen-VL-Chat', 'Qwen/Qwen-VL-Chat', 'qwen-vl', 'Qwen/Qwen-VL']],
    ['qwen2.5-vl-32b', ['Qwen/Qwen2.5-VL-32B-Instruct', 'Qwen2.5-VL-32B-Instruct', 'qwen2.5-vl-32-instruct']],
    ['glm-4v-9b', ['THUDM/glm-4v-9b', 'glm-4v-9b', 'GLM-4V-9B', 'glm 4v 9b', 'GLM4V']],
    ['qwen3-coder-480b-a35b', ['Qwen3-Coder-480B-A35B-Instruct', 'Qwen/Qwen3-Coder-480B-A35B-Instruct', 'qwen3 coder 480b']],
    ['dbrx-132b-a36b', ['databricks/dbrx-instruct', 'DBRX', 'dbrx-base']],
    ['hunyuan-80b-a13b', ['Hunyuan-A13B-Instruct', 'tencent/Hunyuan-A13B-Instruct', 'hunyuan a13b']],
    ['exaone-3.5-2.4b', ['EXAONE-3.5-2.4B-Instruct', 'LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct']],
    ['exaone-4.0-32b', ['EXAONE-4.0-32B', 'LGAI-EXAONE/EXAONE-4.0-32B', 'exaone 4.0 32b']],
    ['open-llama-3b-v2', ['openlm-research/open_llama_3b_v2', 'open_llama_3b_v2']],
    ['open-llama-7b', ['openlm-research/open_llama_7b', 'open_llama_7b']],
    ['olmo-1b', ['allenai/OLMo-1B-hf', 'OLMo-1B']],
    ['santacoder-1.1b', ['bigcode/santacoder', 'bigcode/gpt_bigcode-santacoder', 'SantaCoder']],
  ] as const)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it.each([
    // The strangers' own lines: a directory name (c544), a Hub id after vllm serve (c921), an engine's model argument (c1196).
    ['c544', 'internvl2-26b'],
    ['c1212', 'internvl2-26b'],
    ['c921', 'qwen2.5-vl-32b'],
    ['c1189', 'dbrx-132b-a36b'],
    ['c1205', 'hunyuan-80b-a13b'],
    ['c1196', 'exaone-4.0-32b'],
  ] as const)('corpus line %s reads as %s', (line, id) => {
    expect(modelOf(corpusText(line)).id).toBe(id);
  });
});

describe('vision towers of the added vision-language models', () => {
  it.each([
    // InternVL README model table ("#Param"); Qwen-VL README (9.6B); GLM-4V-9B and Qwen2.5-VL-32B Hub safetensors counts.
    ['internvl2-8b', 8.1e9, 0.005],
    ['internvl2-26b', 25.5e9, 0.002],
    ['internvl2-llama3-76b', 76.3e9, 0.002],
    ['internvl3-78b', 78.4e9, 0.002],
    ['qwen-vl-9.6b', 9.66e9, 0.002],
    ['glm-4v-9b', 13.9e9, 0.002],
    ['qwen2.5-vl-32b', 33.5e9, 0.002],
  ] as const)('%s: text model + tower ≈ %d', (id, checkpoint, tolerance) => {
    const p = countParams(modelById(id).arch);
    expect(p.vision).toBeGreaterThan(0.3e9);
    expect(Math.abs((p.total + p.vision) / checkpoint - 1)).toBeLessThan(tolerance);
  });

  it('InternViT-6B is 5.54 B parameters (45 layers of hidden 3200, qk-norm, no qkv bias) before the mlp1 projector', () => {
    const tower = countParams(modelById('internvl2-26b').arch).vision;
    // mlp1 into 6144: LayerNorm(12800), Linear(12800, 6144), Linear(6144, 6144), with biases.
    const projector = 2 * 12800 + 12800 * 6144 + 6144 + 6144 * 6144 + 6144;
    expect(Math.abs((tower - projector) / 5.54e9 - 1)).toBeLessThan(0.002);
  });

  it('the InternVL 8B models carry InternViT-300M (0.30 B) and GLM-4V the 4.5 B EVA2-CLIP-E with its adapter', () => {
    expect(countParams(modelById('internvl2-8b').arch).vision).toBeLessThan(0.35e9);
    expect(countParams(modelById('internvl3-8b').arch).vision).toBeLessThan(countParams(modelById('internvl2-8b').arch).vision);
    expect(Math.abs(countParams(modelById('glm-4v-9b').arch).vision / 4.51e9 - 1)).toBeLessThan(0.003);
  });
});

describe('the added mixtures of experts count their active share', () => {
  it.each([
    ['qwen3-coder-480b-a35b', 35e9],
    ['dbrx-132b-a36b', 36e9],
    ['hunyuan-80b-a13b', 13e9],
  ] as const)('%s activates about %d', (id, active) => {
    expect(Math.abs(countParams(modelById(id).arch).active / active - 1)).toBeLessThan(0.03);
  });
});
