import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22 (rq): "full" said of memory is filled, no full fine-tune (prose.memory-full). "only the VRAM
 * and RAM memory are full" (ollama/ollama#9753, c519) had made a q4_K_M model's run a full fine-tune,
 * refused: '"-q4_K_M" is a GGUF format … it is not trained'.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const mode = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario.mode;
};

describe('memory that is full', () => {
  it('c519 runs the model', () => {
    expect(mode(line('c519').text)).toBe('inference');
  });

  it.each([
    'I run llama-3-8b q4_K_M with ollama on a 3060 and the GPU memory is full after a few prompts',
    'running qwen2.5-14b Q4_K_M in llama.cpp on a 4070, VRAM gets almost full and it slows down',
    'mistral-7b q5_k_m with ollama on a 2060: the cards are completely full',
  ])('%s', (text) => {
    expect(mode(text)).toBe('inference');
  });

  it.each([
    'llama-2-7b on 2x a100, the run is full fine-tuning and memory is fine',
    'qwen2.5-7b full fine-tune on 8x a100, the GPU memory is full',
  ])('%s: the method stays a full fine-tune', (text) => {
    expect(mode(text)).toBe('full');
  });
});
