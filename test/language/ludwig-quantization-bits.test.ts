import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Ludwig's LLM config quantises the base with `quantization: {bits: 4}` (bitsandbytes NF4) and fine-tunes
 * it through an adapter (`adapter: {type: lora}`; ludwig-ai/ludwig#3492 requires one): a QLoRA run.
 * ludwig-ai/ludwig#3783 (c1179) had read as LoRA on a 16-bit base, the `bits: 4` not read.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe('Ludwig quantization.bits', () => {
  it('c1179 is QLoRA on NF4', () => {
    const s = read(line('c1179').text);
    expect([s.mode, s.weights]).toEqual(['qlora', 'nf4']);
  });

  it.each([
    ['model_type: llm\nbase_model: meta-llama/Llama-2-7b-hf\nquantization:\n  bits: 4\nadapter:\n  type: lora\ntrainer:\n  type: finetune\n', 'qlora', 'nf4'],
    ['model_type: llm\nbase_model: mistralai/Mistral-7B-v0.1\nadapter:\n  type: lora\nquantization:\n  bits: 8\ntrainer:\n  type: finetune\n  batch_size: 1\n', 'lora', 'int8'],
  ])('%s', (text, mode, weights) => {
    const s = read(text);
    expect([s.mode, s.weights]).toEqual([mode, weights]);
  });

  it('a bare bits key outside quantization says nothing of the weights', () => {
    const s = read('model_type: llm\nbase_model: meta-llama/Llama-2-7b-hf\nadapter:\n  type: lora\nbits: 4\ntrainer:\n  type: finetune\n');
    expect(s.weights).not.toBe('nf4');
  });
});
