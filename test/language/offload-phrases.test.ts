import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * What is offloaded and where, said in a sentence (prose/rules/offload-phrases.ts): the objects
 * named beside the offload word, on either side, and the destination. The vocabulary knew only
 * fixed phrases, so "offloading optimizer and params to CPU" dropped the parameters, FSDP's "cpu
 * offload of the parameters" was read as an optimizer offload, and "optimizer", "states" or "cpu"
 * were listed as not read.
 */
function read(text: string): { s: Scenario; words: string[] } {
  const { reply } = respond(text, null as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return { s: reply.scenario, words: reply.assumptions };
}

const notRead = (words: string[]): string => words.find((w) => w.startsWith('not read')) ?? '';

describe('an offload said in a sentence: its objects and its destination', () => {
  it.each([
    // pytorch/ao#584 names "optimizer CPU offload"; meta-pytorch/torchtune#1948 "optimizer CPU offload is used".
    ['qwen2.5-7b full with optimizer CPU offload on 1x 4090', 'cpu', 'none'],
    ['7b full, optimizer state CPU offload, on 1x a100-80g', 'cpu', 'none'],
    ['llama-3-8b full zero3 with the optimizer states offloaded to cpu on 2x 4090', 'cpu', 'none'],
    ['13b full zero3 with optimizer offload to cpu on 4x a100-80g', 'cpu', 'none'],
    ['7b full zero2 adam states offloaded to host memory 1x 3090', 'cpu', 'none'],
    ['13b full zero3, offloading optimizer and params to CPU, 4x a100', 'cpu', 'cpu'],
    ['qwen-7b full zero3, the optimizer and the parameters are offloaded to the CPU, 2x 4090', 'cpu', 'cpu'],
    ['70b full zero3, offload optimizer and params to nvme, 8x a100', 'nvme', 'nvme'],
    // A GLM thread (c1384, THUDM/GLM-130B): "offload parameters to CPU memory and NVMe ssd".
    ['Does it support ZeRO stage 3 to offload parameters to CPU memory and NVMe ssd? 13b full on 1x t4', null, 'nvme'],
  ])('%s', (text, optimizer, params) => {
    const { s, words } = read(text);
    if (optimizer) expect(s.offload.optimizer).toBe(optimizer);
    expect(s.offload.params).toBe(params);
    expect(notRead(words)).not.toMatch(/optimi[sz]er|states|\bcpu\b|param/i);
  });

  it("FSDP's cpu offload of the parameters is a parameter offload", () => {
    const { s } = read('8b full fsdp with cpu offload of the parameters on 8x a100');
    expect(s.offload.params).toBe('cpu');
  });

  it('"without offloading the optimizer" is no offload, and its words are read', () => {
    const { s, words } = read('llama-3-8b full zero3 without offloading the optimizer on 2x a100-80g');
    expect(s.offload.optimizer).toBe('none');
    expect(s.offload.params).toBe('none');
    expect(notRead(words)).not.toMatch(/offload|optimizer/);
  });

  it('layers or weights sent to the GPU are no CPU offload', () => {
    const { s } = read('70b inference offload the weights to GPU, 2x 3090');
    expect(s.offload.params).toBe('none');
  });

  it('the same offload in any spacing or order of the objects reads the same', () => {
    const objects = fc.constantFrom('optimizer and params', 'params and optimizer', 'optimizer & parameters', 'the optimizer states and the model weights');
    const verb = fc.constantFrom('offload', 'offloading', 'offloaded');
    fc.assert(
      fc.property(objects, verb, fc.constantFrom(' ', '  '), (what, v, gap) => {
        const { s } = read(`13b full zero3,${gap}${v} ${what} to cpu, 4x a100`);
        return s.offload.optimizer === 'cpu' && s.offload.params === 'cpu';
      }),
      { numRuns: 30 },
    );
  });
});
