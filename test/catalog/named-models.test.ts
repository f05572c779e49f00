import { describe, expect, it } from 'vitest';
import { findModel } from '../../src/catalog/index.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 11 item 4: models people name that the catalog lacked were read as "a 32B model of some
 * shape" (the nearest catalog model, stated as a guess). Each group lists the names as people write
 * them (Hub ids, Ollama tags, prose) and the catalog entry every one of them must resolve to, read
 * as a whole request the way the CLI reads it.
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

describe('models people name resolve to their catalog entry, not to a shape of their size', () => {
  it.each([
    ['mistral-nemo-12b', ['Mistral-Nemo-Instruct-2407', 'mistralai/Mistral-Nemo-Base-2407', 'mistral nemo 12b', 'mistral-nemo 12b', 'Mistral Nemo', 'mistral-nemo']],
    ['qwen2.5-32b', ['QwQ-32B', 'qwq:32b', 'Qwen/QwQ-32B', 'QwQ-32B-Preview', 'qwq 32b']],
    ['qwen3-vl-4b', ['Qwen3-VL-4B-Instruct', 'Qwen/Qwen3-VL-4B-Thinking', 'qwen3 vl 4b']],
    ['qwen3-vl-2b', ['Qwen3-VL-2B-Instruct', 'qwen3vl 2b']],
    ['qwen3-vl-32b', ['Qwen/Qwen3-VL-32B-Instruct', 'qwen3 vl 32b']],
    ['mistral-small-3.1-24b', ['mistral-small3.1:24b', 'Mistral-Small-3.1-24B-Instruct-2503', 'mistralai/Mistral-Small-3.2-24B-Instruct-2506', 'mistral small 3.2']],
    ['baichuan-7b', ['baichuan-7b', 'baichuan-inc/Baichuan-7B', 'BaiChuan-7B']],
    ['baichuan-13b', ['Baichuan13B', 'baichuan-inc/Baichuan-13B-Chat', 'baichuan 13b']],
    ['deepseek-v2', ['deepseek-ai/DeepSeek-V2-Chat', 'DeepSeek-V2', 'deepseek v2']],
    ['smollm2-1.7b', ['HuggingFaceTB/SmolLM2-1.7B', 'SmolLM2-1.7B-Instruct', 'smollm2 1.7b']],
    ['qwen3-30b-a3b', ['Qwen3-Coder-30B-A3B-Instruct', 'Qwen/Qwen3-Coder-30B-A3B-Instruct', 'Qwen3-30B-A3B-Thinking-2507']],
  ] as const)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it('"nemo" alone is still NVIDIA NeMo, the framework, beside another model', () => {
    const outcome = resolveRequest('train llama 2 7b with nemo on 8x a100', null);
    expect(outcome.ok && outcome.scenario?.model.id).toBe('llama-2-7b');
  });

  it('Mistral Small 3 (2501) stays text-only; 3.1 and 3.2 carry the Pixtral tower on the same decoder', () => {
    const text = findModel('Mistral-Small-24B-Instruct-2501')!;
    const vision = findModel('Mistral-Small-3.1-24B-Instruct-2503')!;
    expect(text.id).toBe('mistral-small-3');
    expect(text.arch.vision).toBeUndefined();
    expect(vision.arch.vision?.name).toBe('Pixtral ViT');
    expect({ ...vision.arch, vision: undefined }).toEqual({ ...text.arch, vision: undefined });
  });
});
