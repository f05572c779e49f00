import { describe, expect, it } from 'vitest';
import { offlineReading } from '../../src/language/prose/index.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A mixture of experts written expert size first beside "moe"/"mixtral" ("mixtral 7b*8", "sonya-7b-x8-moe") is
 * 8×7B (prose.moe-size-reversed), and a name holding a catalog MoE's own label is that release's count, not
 * 8 × 7 B pinned (scenario/shape.ts). FastDeploy's weight-only integers ("--quantization wint4",
 * "…-WINT4-Paddle") are int4 weights.
 */
const mixtral = () => read('mixtral-8x7b inference').scenario.model.arch;

describe('an 8×7B MoE written expert size first', () => {
  it('c1792 (LostRuins/koboldcpp#595): sonya-7b-x8-moe.Q6_K.gguf has Mixtral-8x7B\'s shape', () => {
    const { scenario, said } = corpusLineRead('c1792');
    expect(scenario.model.arch).toEqual(mixtral());
    expect(scenario.weights).toBe('q6_k');
    expect(said).toMatch(/Mixtral-8x7B shape/);
  });

  it.each([
    'run a quantized mixtral 7b*8 on a single 24gb GPU',
    'Mistral MoE 7B x 8 model on one 4090',
    'mixtral 7bx8 inference on 2x 3090',
    'koboldcpp --model my-merge-7b_x8-moe.Q4_K_M.gguf',
  ])('%s', (text) => {
    expect(read(text).scenario.model.arch).toEqual(mixtral());
  });

  it('"7b x 8" not beside a MoE word is no expert count: a 7B model on eight cards', () => {
    const s = read('Fine-tuning a 7B x 8 A100 cluster, later maybe a moe model').scenario;
    expect(s.model.arch.experts ?? 1).toBe(1);
    expect(s.hardware?.count).toBe(8);
  });

  // Merge names as they are published (invented ones beside real ones: TheBloke/…-8x7B-MoE uploads).
  it.each(['sonya', 'beyonder', 'noromaid', 'nous-hermes-2', 'zzyzx'])('%s-8x7b-moe keeps Mixtral\'s count', (w) => {
    expect(read(`run ${w}-8x7b-moe q4_k_m`).scenario.model.arch).toEqual(mixtral());
    expect(read(`run ${w}-7b-x8-moe q4_k_m`).scenario.model.arch).toEqual(mixtral());
  });
});

describe("FastDeploy's weight-only integers", () => {
  it.each([
    ['c1751', 'int4'],
    ['c1754', 'int4'],
  ])('%s (PaddlePaddle/FastDeploy): wint4 is int4 weights', (id) => {
    expect(corpusLineRead(id).scenario.weights).toBe(read('7b inference int4').scenario.weights);
  });

  it.each([
    ['baidu/ERNIE-4.5-21B-A3B-WINT4-Paddle', 'gptq'],
    ['baidu/ERNIE-4.5-300B-A47B-wint8-paddle', 'int8'],
  ])('Hub %s offline names %s weights', (repo, weights) => {
    expect(offlineReading(repo)).toMatchObject({ weights });
  });

  it('python -m fastdeploy.entrypoints.openai.api_server --model x --quantization wint8 is int8', () => {
    const s = read('python -m fastdeploy.entrypoints.openai.api_server --model baidu/ERNIE-4.5-21B-A3B-Paddle --quantization wint8 on 2x a100').scenario;
    expect(s.weights).toBe('int8');
  });
});
