import { describe, expect, it } from 'vitest';
import { corpusLineRead, read, readNoticed } from './reading-fixtures.js';

/**
 * A model's name is family, version, size and variant in any order (issue 22): a variant the catalog
 * spells before the size may come after it, a family may be shortened to its letter, and a fine-tune
 * named after its base at the base's own size is that base's count, not the label pinned.
 */

describe('a variant word after the size is the catalog model that spells it before', () => {
  it('c1142 "全量微调qwen3-8b-vl" (QwenLM/Qwen3-VL#1586): Qwen3-VL-8B with its tower', () => {
    const r = corpusLineRead('c1142');
    expect(r.scenario.model.id).toBe('qwen3-vl-8b');
    expect(r.scenario.model.arch.vision).toBeDefined();
  });

  it.each([
    ['qwen2.5-7b-vl lora on a 4090', 'qwen2.5-vl-7b'],
    ['Qwen2-7B-VL lora on a 4090', 'qwen2-vl-7b'],
    ['Qwen3-8B-VL-Instruct full on 8x h20', 'qwen3-vl-8b'],
    ['llama-3.2-11b-vision-instruct inference', 'llama-3.2-11b-vision'],
  ])('%s: %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('a checkpoint suffix after the size is no variant: "Qwen2.5-7B-Instruct" stays Qwen2.5-7B', () => {
    expect(read('Qwen2.5-7B-Instruct lora').scenario.model.id).toBe('qwen2.5-7b');
    expect(read('qwen3-8b-base lora').scenario.model.id).toBe('qwen3-8b');
  });
});

describe('"L3" in a fine-tune\'s name is Llama 3', () => {
  it('c364 "L3-8B-Stheno" (vllm): Llama-3-8B', () => {
    expect(corpusLineRead('c364').scenario.model.id).toBe('llama-3-8b');
  });

  it.each([
    ['L3-70B-Euryale-v2.1 on 2x a100-80g', 'llama-3-70b'],
    ['sao10k/l3-70b-euryale-v2.1 on 2x a100-80g', 'llama-3-70b'],
    ['L3.1-70B-Hanami on 4x 4090', 'llama-3.1-70b'],
  ])('%s: %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('"L4" beside a size is still the card', () => {
    const s = read('llama 8b on an L4').scenario;
    expect(s.hardware?.gpuId).toBe('l4');
  });
});

describe("a fine-tune the catalog lacks, named at its base's own size, is that base's count", () => {
  const llama34 = read('codellama-34b inference').scenario.model.arch;
  it('c1088 "wizardcoder-python-34b-v1.0.Q4_K_M.gguf" (ggml-org/llama.cpp#1870): CodeLlama-34B, its base, said', () => {
    const r = corpusLineRead('c1088');
    expect(r.scenario.model.arch).toEqual(llama34);
    expect(r.scenario.model.id).toBe('codellama-34b');
    // Said as a guess: "WizardCoder" does not name its base (fine-tune-base-weak.test.ts).
    expect(r.said).toMatch(/read as codellama-34b, the base that fine-tune is known to be trained from/);
  });

  it('c1090 "Vision 11B multi-modal inference" (meta-llama/llama-cookbook#815): Llama-3.2-11B-Vision with its tower', () => {
    const r = corpusLineRead('c1090');
    expect(r.scenario.model.arch).toEqual(read('llama-3.2-11b-vision inference').scenario.model.arch);
    expect(r.said).toMatch(/Llama-3\.2-11B-Vision shape/);
  });

  it('WizardCoder is CodeLlama at 7/13/34B and StarCoder at 15B (c1003, c1088)', () => {
    expect(read('WizardCoder-Python-13B-V1.0 inference').scenario.model.id).toBe('codellama-13b');
    expect(read('WizardCoder-Python-34B-V1.0 on 2x 4090').scenario.model.id).toBe('codellama-34b');
    expect(read('wizardcoder-15b inference').scenario.model.id).toBe('starcoder');
  });

  it('a name with nothing of a release in it stays the size pinned ("clima-13b", c1084; "finetune13b")', () => {
    for (const text of ['clima-13b inference on 2x 4090', 'finetune13b on 4x a100-40g']) {
      const r = readNoticed(text);
      expect(r.s.model.arch.sizeAdjustment).toBeDefined();
      expect(r.said).toMatch(/don't know the model/);
    }
  });

  it('"34B llama" (a family word and a size the family never released) stays pinned (c900)', () => {
    expect(read('34B llama dpo on 8x a100-80g').scenario.model.arch.sizeAdjustment).toBeDefined();
  });
});

describe('a family at the size a release without a size in its id was published at is that release', () => {
  it('c477 "满血版671B deepseek" (kvcache-ai/ktransformers): DeepSeek\'s 671B MoE, not a dense 671B shape', () => {
    const r = corpusLineRead('c477');
    expect(r.scenario.model.arch).toEqual(read('deepseek-r1 inference').scenario.model.arch);
    expect(r.said).toMatch(/names deepseek at 671B with no release: read as DeepSeek-V3/);
  });

  it.each(['deepseek 671b on 8x h200', 'DeepSeek-671B on 8x h200', '671b DeepSeek on 8x h200'])('%s: DeepSeek-V3, said', (text) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe('deepseek-v3');
    expect(r.said).toMatch(/DeepSeek-V3 — from/);
  });

  it('a size DeepSeek published no release at stays its nearest shape ("deepseek 7b")', () => {
    expect(read('deepseek 7b lora').scenario.model.id).not.toBe('deepseek-v3');
  });
});

describe('a catalog family named after a fine-tune\'s word, nearer the size, is the model it was built on', () => {
  it('c1110 "llava-next-interleave-qwen-7b" (LLaVA-NeXT on Qwen1.5-7B): a Qwen 7B, not LLaVA-1.5-7B', () => {
    expect(corpusLineRead('c1110').scenario.model.arch).toEqual(read('qwen1.5-7b lora').scenario.model.arch);
  });

  it.each([
    ['llava-next-interleave-qwen-7b lora on 1x a100-80g', /^qwen/],
    ['LLaVA-NeXT-Qwen-32B full on 4x a100-80g', /^qwen/],
    ['llava-v1.6-vicuna-7b on 2x a30', /^llava-1\.6/],
    ['llava-7b lora', /^llava-1\.5-7b$/],
  ])('%s', (text, id) => {
    expect(read(text).scenario.model.id).toMatch(id);
  });
});
