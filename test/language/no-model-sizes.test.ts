import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A number with a size suffix no model has (below 10M or above 10,000B parameters) counts something
 * else in prose: prompts (">1M"), CPU threads ("8C/16T"), a chip's TFLOPS ("910b 280t"), rows ("2M rows").
 * It had refused the whole message ("not a model size I can shape"), or left a series said before it
 * without its size and then dropped ("a Llama-3 instruct model … (>1M)", corpus c2092), or become a
 * model of its own ("score 2M documents" read as a 2M model). Now it is set aside and said
 * (src/language/no-model-sizes.ts); a typed request ("1m lora") is still refused with the range.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(r.error.message);
  return r;
};
const modelOf = (text: string) => read(text).scenario?.model.id ?? read(text).scenario?.model.name;

describe('a size no model has counts something else', () => {
  it('c2092: "many prompts (>1M)" leaves the Llama-3 instruct model read, and 1M is said set aside', () => {
    const r = read(line('c2092').text);
    expect(r.scenario?.model.id).toBe('llama-3-8b');
    expect(r.assumptions.join(' | ')).toMatch(/"1M" set aside: no model has/);
  });

  it('c1346: "Ryzen 5800X3D (8C/16T)" no longer refuses the message', () => {
    expect(resolveRequest(line('c1346').text, null).ok).toBe(true);
  });

  it('c1376: "910b 280t 8机64卡 跑qwen2 7b" reads Qwen2-7B', () => {
    expect(read(line('c1376').text).scenario?.model.id).toBe('qwen2-7b');
  });

  it.each([
    ['I want to run Llama-3 8B over many prompts (>1M) on an L4', 'llama-3-8b'],
    ['Ryzen 9 7950X (16C/32T), RTX 4090 24GB, running a 13B model in Q4_K_M with llama.cpp', null],
    ['我用qwen2.5-7b推理500万条数据（5M samples），在4张4090上一直OOM', 'qwen2.5-7b'],
    ['Ich habe Mistral-7B auf 2M Zeilen feinjustiert, jetzt läuft es mit vLLM auf zwei A10G und es gibt OOM', 'mistral-7b'],
    ['I fine-tuned a Mistral model and now want to score 2M documents with it on two A10G cards', 'mistral-7b'],
    ['training phi-3-mini on a 15T token corpus with 8x H100, it goes OOM at step 10', 'phi-3-mini'],
  ])('%s', (text, id) => {
    const r = read(text);
    if (id) expect(r.scenario?.model.id).toBe(id);
    else expect(r.scenario?.model.name).toMatch(/13/);
    expect(r.assumptions.join(' | ')).toMatch(/set aside: no model has/);
  });

  it('a typed request with such a size is still refused with the range', () => {
    const r = resolveRequest('1m lora on a 4090', null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/not a model size/);
  });

  it('adding a count of millions or trillions of something to a sentence never changes the model read', () => {
    const setups = ['Llama-3 8B inference on an L4', 'qwen2.5-7b lora on a 4090', 'Mistral 7B served with vllm on 2x A10G'];
    const counts = ['1M prompts', '(>2M)', '16T', '5M rows', '15T tokens', '3m samples'];
    fc.assert(
      fc.property(fc.constantFrom(...setups), fc.constantFrom(...counts), (setup, count) => {
        const text = `Hi, I run ${setup} and it goes out of memory.\nWe have ${count} to get through, any advice?`;
        const plain = `Hi, I run ${setup} and it goes out of memory.\nWe have a lot to get through, any advice?`;
        expect(modelOf(text), text).toBe(modelOf(plain));
      }),
      { numRuns: 18 },
    );
  });
});
