import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * prose.full-not-training (issue 22): "full" said of the whole, unquantised model ("full inference",
 * "the full model (unquantized)", the DeepSeek-R1 "full version") is no full fine-tune; it had read as
 * one, said nowhere. "full fine-tune", "full ft", "full parameter", "full-dpo" stay full.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const mode = (text: string) => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return outcome.scenario.mode;
};

describe('"full" of the whole model is no training mode', () => {
  it('real: deepseek-ai/DeepSeek-R1#460 (c744), deploy the "full version" on 8×A100 80GB', () => {
    expect(mode(line('c744').text)).toBe('inference');
    expect(mode('We are planning to deploy the DeepSeek-R1 "full version" in a production environment. Is 8×A100 80GB the best choice?')).toBe('inference');
  });

  it('invented: full inference, serving the full model, full-size, unquantised, full fp16', () => {
    for (const text of [
      '4xA100 40GB for full inference of llama 70b',
      'llama 70b inference at full on 4x a100',
      'serving the full llama 70b on 2 h100',
      'the full model (unquantized) qwen 32b on a 4090',
      'full-size model llama 70b on 8xa100',
      'full version of deepseek r1 on 8xh100',
      'the full fp16 llama-2-13b on 2x 3090',
      'llama-2-13b full fp16 weights on 2x 3090 with vllm',
      'run llama-2-13b in full bf16 on 2x 3090',
    ])
      expect(mode(text), text).not.toBe('full');
  });

  it('real: kvcache-ai/ktransformers#767 (c778), "run the full-scale, non-quantized FP8-weight Deepseek-V3" is inference in FP8 weights', () => {
    const outcome = readInThread(line('c778').text, null).outcome;
    expect(outcome.ok && outcome.scenario?.mode).toBe('inference');
    expect(outcome.ok && outcome.scenario?.weights).toBe('fp8');
  });

  it('invented: full-scale / full scale said of the model', () => {
    for (const text of ['can I run the full-scale llama 70b on 4x a100', 'I want to run the full scale qwen2.5-72b in bf16 on 2 h100', 'the full-scale deepseek-v3 in fp8 on 8x h200'])
      expect(mode(text), text).not.toBe('full');
    // …and "full-scale" beside a training word keeps its fine-tune.
    expect(mode('full-scale fine-tune of llama 70b on 8x a100')).toBe('full');
  });

  it('full fine-tunes keep their mode: real c021, c161 and invented spellings', () => {
    for (const id of ['c021', 'c161']) expect(mode(line(id).text), id).toBe('full');
    for (const text of [
      'llama 70b full fine-tune on 8x a100',
      'llama 7b full ft on 8x a100',
      'llama 13b full parameter on 8x a100-40g',
      'running full finetune llama 7b on a100',
      'is it possible to fine-tune the full model gpt-neox-20b on 8x a100',
      'llama 7b full on 8x a100',
      'full version llama 7b full finetune on a100',
      // The request language's own order (DESIGN.md §2, the follow-up hint's "8b full bf16 seq 4096 on
      // H100"): "full" before a dtype is the mode; "full bf16" had been a spelling of pure bf16, and with
      // no training word left the line read as inference (v129's "llama-1-7b full fp16 mixed bs 4").
      '8b full bf16 seq 4096 on H100',
      'llama-1-7b full fp16 mixed bs 4 llamafactory on 1x a100-80g',
      'full fp16 llama-2-13b on 2x 3090',
    ])
      expect(mode(text), text).toBe('full');
  });

  it('property: an inference word right before or after "full" never yields a full fine-tune', () => {
    const serve = fc.constantFrom('inference', 'infer', 'serving', 'serve', 'deploy', 'deploying', 'hosting', 'generation');
    const model = fc.constantFrom('llama 70b', 'qwen2.5-32b', 'mistral-7b', 'deepseek r1');
    const cards = fc.constantFrom('on 4x a100 40gb', 'on 2x h100', 'on a 4090', 'on 8x a100-80g');
    const joiner = fc.constantFrom(' ', ' the ', ' at ', '-');
    fc.assert(
      fc.property(serve, model, cards, joiner, fc.boolean(), (word, m, c, j, before) => {
        const phrase = before ? `${word}${j === '-' ? ' ' : j}full` : `full${j === ' the ' || j === ' at ' ? ' ' : j}${word}`;
        expect(mode(`${m} ${phrase} ${c}`)).not.toBe('full');
      }),
      { numRuns: 60 },
    );
  });
});
