import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, sameAs, sameShape } from './reading-fixtures.js';

/**
 * Causes found when batch b7 (c346–c375) was scored at first sight (test/corpus/first-sight.md),
 * fixed as rules: each with the real line it came from and phrasings of our own. The hardware
 * and log causes are tested in hardware.test.ts and segments.test.ts.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

describe('words of a thread title that name no setting are filler, not a refusal', () => {
  // meta-llama/llama3#243 "LLama 3 8b deploy aws"; NVIDIA/TensorRT-LLM#2043 "trtllm-build Mixtral-8x7B-v0.1 fp16 failed".
  it('"LLama 3 8b deploy aws" is Llama 3 8B served (c373\'s title)', () => {
    sameShape('LLama 3 8b deploy aws', 'llama-3-8b serve');
  });

  it('"trtllm-build Mixtral-8x7B-v0.1 fp16 failed" is Mixtral 8x7B served in fp16 (c375\'s title)', () => {
    sameShape('trtllm-build Mixtral-8x7B-v0.1 fp16 failed', 'mixtral-8x7b tensorrt-llm fp16');
  });

  it('"1. **Create model config file**" in a report names no model "Create" (c375)', () => {
    const l = line('c375');
    const opened = readInThread(l.thread!, null).outcome;
    expect(opened.ok).toBe(true);
    const outcome = readInThread(l.text, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    expect(outcome.ok).toBe(true);
    const text = outcome.ok && outcome.scenario ? canonicalText(outcome.scenario) : '';
    expect(text).toMatch(/^mixtral-8x7b\S* vllm /);
    expect(text).toMatch(/tp 2 .*on 2x a100-80g/);
  });

  it.each([
    ['deploy qwen2.5-7b on gcp with 1x L4', 'qwen2.5-7b serve on 1x l4'],
    ['I created a config and built the engine: llama-3-8b serve fp16 on 1x H100', 'llama-3-8b serve fp16 on 1x h100-80g'],
    ['rebuilding on azure: mistral-7b inference on 1x A10', 'mistral-7b inference on 1x a10'],
  ])('invented: "%s"', (text, reading) => {
    sameAs(text, reading);
  });

  it('a cloud or build word added to any request changes nothing (property)', () => {
    const requests = ['llama-3-8b serve on 1x l4', '13b lora bs 2 on 1x 4090', 'qwen2.5-72b inference awq pp 2 on 2x a100-40g'];
    const words = ['aws', 'gcp', 'azure', 'build', 'built', 'building', 'create', 'created', 'creating', 'rebuild'];
    fc.assert(
      fc.property(fc.constantFrom(...requests), fc.constantFrom(...words), fc.boolean(), (request, word, before) => {
        const text = before ? `${word} ${request}` : `${request} ${word}`;
        expect(canonicalText(read(text).scenario)).toBe(canonicalText(read(request).scenario));
      }),
      { numRuns: 60 },
    );
  });
});

describe('"what server and gpu" and "what hardware" ask which card', () => {
  // meta-llama/llama3#243: "what server and gpu I need to have a 3 8b call".
  it('the real line asks which card (c373)', () => {
    const l = line('c373');
    const opened = readInThread(l.thread!, null).outcome;
    const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
    const outcome = readInThread(l.text, state).outcome;
    expect(outcome.ok && outcome.scenario ? canonicalText(outcome.scenario) : '').toMatch(/which gpu$/);
  });

  it.each([
    ['what hardware do I need to serve llama 3 8b', 'llama-3-8b serve which gpu'],
    ['which hardware for gemma-2-9b lora?', 'gemma-2-9b lora which gpu'],
    ['qwen2.5-14b inference, what server and gpus would you buy', 'qwen2.5-14b inference which gpu'],
  ])('invented: "%s"', (text, reading) => {
    sameShape(text, reading);
  });
});
