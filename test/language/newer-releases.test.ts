import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { catalogHasRelease, nearestReleases, unknownReleases } from '../../src/language/releases.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Models newer than the catalog (branch rnew): a family the catalog knows, with a release it lacks.
 * - "GLM 4.7 UD Q3_K_XL" (lmstudio-ai/lms#412, c1230) had been asked about a model "CPU" (a log word);
 * - "C:\Content\Gemma4\gemma-4-26B-A4B…" (KLL535/ComfyUI_Simple_Qwen3-VL-gguf#25, c1233): "Gemma4" had read
 *   as the family's default of another generation, Gemma-7B;
 * - "Mistral 7B Instruct v0.3" (mistralai/mistral-finetune#107, c869, runs v0.3): "mistral 7b v0.3" had
 *   read as Mistral-7B-v0.1 with no word said, the version blanked as a program's.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const modelOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(r.ok ? 'no scenario' : r.error.message);
  return r.scenario.model;
};
const refusal = (text: string) => {
  const r = resolveRequest(text, null);
  if (r.ok) throw new Error(`read as ${r.scenario?.model.name}`);
  return r.error.message;
};

describe('the catalog knows which releases it holds', () => {
  it.each([
    ['llama', '3.3', true],
    ['llama', '2', true],
    ['qwen', '2.5', true],
    ['qwen', '3', true],
    ['gemma', '3', true],
    ['mistral', '7', true],
    ['glm', '4.7', false],
    ['qwen', '3.6', true], // Qwen3.6-27B and -35B-A3B since rmodel
    ['qwen', '3.8', true], // Qwen3.8-27B since cat3
    ['qwen', '3.9', false],
    ['gemma', '4', false],
  ])('%s %s: %s', (family, version, held) => {
    expect(catalogHasRelease(family, version)).toBe(held);
  });

  it('finds a release the catalog lacks, as written, in any spelling', () => {
    expect(unknownReleases('Opening GLM 4.7 UD Q3_K_XL, ctx 66354').map((r) => r.written)).toEqual(['GLM 4.7']);
    expect(unknownReleases('when to support qwen 3.9?').map((r) => r.written)).toEqual(['qwen 3.9']);
    expect(unknownReleases('when to support qwen 3.8?')).toEqual([]); // Qwen3.8-27B since cat3
    expect(unknownReleases('C:\\Content\\Gemma4\\model.gguf').map((r) => r.written)).toEqual(['Gemma4']);
    expect(unknownReleases('glm-4.7 on 8x h100').map((r) => r.written)).toEqual(['glm-4.7']);
    expect(unknownReleases('llama 3.3 and qwen2.5 and gemma-3')).toEqual([]);
  });

  it('offers the family releases it holds nearest', () => {
    expect(nearestReleases('glm', '4.7')).toContain('glm-4.5');
    expect(nearestReleases('qwen', '3.8').every((id) => id.startsWith('qwen3'))).toBe(true);
  });
});

describe('a release with no size is asked by its name', () => {
  it('c1230: GLM 4.7 is named in the question, not the log word "CPU"', () => {
    const message = refusal(line('c1230').text);
    expect(message).toMatch(/^I don't know GLM 4\.7: that release is not in my catalog/);
    expect(message).toMatch(/glm-4\.5/);
    expect(message).not.toMatch(/"CPU"/);
    // What was read is kept for the answer.
    expect(message).toMatch(/RTX PRO 6000/);
  });

  it('c1233: the release is never swapped for a Gemma the catalog has; its log names the file, read as a 26B and said', () => {
    // Since rlog, the GGUF path in the log ("…gemma-4-26B-A4B-it-UD-Q4_K_M.gguf") gives the model, said as
    // named only in a log; "Gemma4" in the path never becomes Gemma-7B.
    const r = resolveRequest(line('c1233').text, null);
    expect(r.ok && r.scenario ? countParams(r.scenario.model.arch).total / 1e9 : null).toBeCloseTo(26, 0);
    expect(r.ok ? r.assumptions.join(' | ') : '').toMatch(/named only in a pasted log/);
  });

  it.each([
    ['Qwen 3.9 on a 4090', 'Qwen 3.9'],
    ['qwen3.9 on a 4090', 'qwen3.9'],
    ['Gemma4 on a 4070', 'Gemma4'],
    ['gemma-4 lora on 1x 3090', 'gemma-4'],
    ['GLM-4.7 inference on 2x h100', 'GLM-4.7'],
    ['can I run glm 4.7 on two rtx pro 6000?', 'glm 4.7'],
    ['我想用8张H100部署GLM4.7，需要多少显存', 'GLM4.7'],
  ])('"%s" names %s in the question', (text, written) => {
    const message = refusal(text);
    expect(message.startsWith(`I don't know ${written}: that release is not in my catalog`)).toBe(true);
    expect(message).toMatch(/give its size|Give its size/);
  });

  it('a family word alone is still asked which of the family', () => {
    expect(refusal('can I run qwen on a 3060?')).toMatch(/^Which qwen\?/i);
  });
});

describe('a release with its size is estimated, said', () => {
  it('"Gemma 4 31B" is a 31B of Gemma shape, said as not known', () => {
    const r = resolveRequest('Gemma 4 31B qlora on 1x 5090', null);
    expect(r.ok).toBe(true);
    if (!r.ok || !r.scenario) return;
    expect(r.scenario.model.id).toBeNull();
    expect(r.scenario.model.requestedParams).toBe(31e9);
    expect(r.assumptions.join(' | ')).toMatch(/I don't know the model "gemma 4 31b"/);
  });

  it.each(['Qwen 3.9 27b on 1x 24GB', 'qwen3.9-27b on 1x 24GB', 'Qwen3.9 27B on a 4090'])('"%s" is a 27B, said', (text) => {
    const r = resolveRequest(text, null);
    expect(r.ok).toBe(true);
    if (!r.ok || !r.scenario) return;
    expect(r.scenario.model.requestedParams).toBe(27e9);
    expect(r.assumptions.join(' | ')).toMatch(/I don't know the model/);
  });

  it('the file name in c1233 gives the model once Gemma4 no longer reads as Gemma-7B', () => {
    const m = modelOf('Failed to load model from file: C:\\Content\\Gemma4\\gemma-4-26B-A4B-it-UD-Q4_K_M.gguf on a 4070');
    expect(m.id).not.toBe('gemma-7b');
    expect(m.requestedParams).toBe(26e9);
  });
});

describe('a release the catalog holds, written after the name, picks that entry', () => {
  it.each([
    'Mistral 7B Instruct v0.3 on a 3090',
    'mistral 7b v0.3 lora',
    'mistral-7b v0.3 lora on 2x v100',
    'Mistral 7B chat v0.3, inference on a 4090',
    'fine-tune mistral 7b instruct v0.3 with lora',
  ])('"%s" is mistral-7b-v0.3', (text) => {
    expect(modelOf(text).id).toBe('mistral-7b-v0.3');
  });

  it('a release it lacks stays the version rule\'s (no entry invented)', () => {
    const outcome = parseRequest('mistral 7b v0.2 lora on a 3090');
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.items.find((i) => i.kind === 'model')).toMatchObject({ id: 'mistral-7b' });
  });

  it.each([
    ['Qwen 3.8 27b on 1x 24GB', 'qwen3.8-27b'],
    ['qwen3.8-27b on 1x 24GB', 'qwen3.8-27b'],
    ['Qwen3.8 27B on a 4090', 'qwen3.8-27b'],
    ['qwen3.5-122b-a10b serve on 4x a10', 'qwen3.5-122b-a10b'],
  ])('"%s" is the catalog entry %s (cat3)', (text, id) => {
    expect(modelOf(text).id).toBe(id);
  });

  it('"Llama 3.3 70B" is the catalog\'s Llama 3.3', () => {
    expect(modelOf('Llama 3.3 70B on 2x a100').id).toMatch(/llama-3\.[13]-70b/);
  });
});

describe('a mixture of experts of a release the catalog lacks says both sizes', () => {
  it.each([
    // Qwen3.5-35B-A3B and (since cat3) -122B-A10B are catalog entries; a later release with the same sizes is not.
    ['qwen3.7-122b-a10b serve on 4x a10', '122B', '10'],
    ['gemma-4-26b-a4b on a 4070', '26B', '4'],
    ['Gemma 4 26B-A4B on a 4070', '26B', '4'],
    ['gemma 4 26b a4b, llama.cpp, 1x 12GB', '26B', '4'],
  ])('"%s": %s total, %sB active, said', (text, total, active) => {
    const r = resolveRequest(text, null);
    expect(r.ok).toBe(true);
    if (!r.ok || !r.scenario) return;
    expect(r.scenario.model.requestedParams).toBe(Number(total.slice(0, -1)) * 1e9);
    expect(r.assumptions.join(' | ')).toContain(`a mixture of experts, ${active}B active: all ${total} of weights are held`);
  });
});

