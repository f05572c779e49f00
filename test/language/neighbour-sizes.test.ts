import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEIGHBOUR, neighbourModel } from '../../src/language/read-tokens/neighbour-sizes.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * A family named with a size it never had, next to one it has (issue 22, r-left item 3;
 * read-tokens/neighbour-sizes.ts): the family's (or series') real model of the nearest size,
 * said as a weak guess with the user's words, never a made-up shape of another generation.
 */

const weakModel = (said: string, name: string, words: string) => said.includes(`${name} — from "${words}"?`);

describe("a family's neighbour size", () => {
  it.each([
    ['serve Qwen 70B on 4x a100-80g', 'Qwen2.5-72B', 'Qwen 70B'],
    ['serve qwen2-70b on 4x a100-80g', 'Qwen2-72B', 'qwen2-70b'],
    ['qwen2.5 70b lora on 4x a100-80g', 'Qwen2.5-72B', 'qwen2.5 70b'],
    ['70B Qwen on 4x a100-80g', 'Qwen2.5-72B', '70B Qwen'],
    ['serve llama 72b on 4x a100-80g', 'Llama-3-70B', 'llama 72b'],
    ['llama-3 72b 推理，4张A100-80G', 'Llama-3-70B', 'llama-3 72b'],
    ['Qwen1.5 70B 部署 4x a100-80g', 'Qwen1.5-72B', 'Qwen1.5 70B'],
  ])('%j is %s, said as a guess', (text, name, words) => {
    const { scenario, said } = read(text);
    expect(scenario.model.name).toBe(name);
    // The real model, not a shape pinned to the said size.
    expect(scenario.model.requestedParams).toBeNull();
    expect(weakModel(said, name, words)).toBe(true);
  });

  it.each([
    ['serve Qwen2 7b on 1x a100-80g', 'Qwen2-7B'],
    ['serve llama-3-70b on 4x a100-80g', 'Llama-3-70B'],
  ])('a size the family has is read as it is, with no guess: %j', (text, name) => {
    const { scenario, said } = read(text);
    expect(scenario.model.name).toBe(name);
    expect(said).not.toMatch(/its nearest size is/);
  });

  it('a size far from every member stays a shape of that size', () => {
    const r = resolveRequest('qwen 35b on 1x a100-80g', null);
    expect(r.ok && r.scenario!.model.requestedParams).toBe(35e9);
    expect(r.ok && r.assumptions.join(' | ')).not.toMatch(/its nearest size is/);
  });

  it(`the neighbour is within ${NEIGHBOUR * 100}% of the said size, and never a size the family has (property)`, () => {
    fc.assert(
      fc.property(fc.constantFrom('qwen', 'llama', 'gemma', 'mistral'), fc.integer({ min: 1, max: 120 }), (family, billions) => {
        const model = neighbourModel(family, null, `${billions}b`);
        if (model === null) return;
        expect(Math.abs(billions * 1e9 - model.publishedParams) / model.publishedParams).toBeLessThanOrEqual(NEIGHBOUR);
        expect(model.id.endsWith(`-${billions}b`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
