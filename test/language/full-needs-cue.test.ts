import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22 (rmode): "full" is the training method only with a cue that says so (prose.full-needs-cue).
 * "Full description of my GPUs" above an nvidia-smi table on a TGI server
 * (huggingface/text-generation-inference#460, c1161) had made Falcon-40B's run a full fine-tune, said
 * nowhere; "The full command line used" (c866), "Here is the full log" (c1153) are the same word.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const mode = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario.mode;
};

describe('"full" with no cue of a method is set aside', () => {
  it('c1161 runs the model on its TGI server', () => {
    expect(mode(line('c1161').text)).toBe('inference');
  });

  it.each([
    'Full description of my GPUs : llama 13b on 2 a100',
    'when i run mistral-7b on my 4090 it OOMs. Here is the full log:',
    'the full command line: llama-2-13b on 2x a100, it runs out of memory',
    'FULL DESCRIPTION of the box: 2 x A100 80GB, serving llama-3-70b',
    'see the full stack trace below, qwen2.5-7b on one 3090',
  ])('%s', (text) => {
    expect(mode(text)).toBe('inference');
  });
});

describe('"full" with a cue stays the method', () => {
  it.each([
    // a training word after it
    ['Is it possible to full fine tuning llama3 70B with 8x a100', 'full'],
    ['how many gpus needs when full training 70B Llama2', 'full'],
    ['mistral-7b full-parameter tuning on 4x a6000', 'full'],
    // a size or a name right before it, the next item after it (terse setups)
    ['13b full zero3 on 4xA100', 'full'],
    ['llama-2-7b full on a100', 'full'],
    ['mistral-7b full bf16 on h100', 'full'],
    ['qwen2.5-32b llama-factory full zero3 bf16 bs 1 ga 2 seq 1024 on 7x a800-80g', 'full'],
  ])('%s', (text, want) => {
    expect(mode(text)).toBe(want);
  });
});
