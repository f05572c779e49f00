import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, huggingface/trl#2404 (corpus c701): TRL's RLOO example trains all of Qwen2.5-3B; the user asks
 * the maintainers for help "like an lora example or run in mutiple-gpu". The LoRA wished for was read
 * as the run's method (question.method-example-asked).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const mode = (text: string) => read(text).scenario.mode;

describe('a method asked for as an example is not the run’s', () => {
  it('c701: full fine-tune, the LoRA example said as asked for', () => {
    const { scenario, said } = read(line('c701').text);
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/example asked for/);
  });

  it('c496: "trying to run the LORA example" stays LoRA', () => {
    expect(mode(line('c496').text)).toBe('lora');
  });

  it.each([
    'full fine-tune qwen2.5-3b on 4x a800, I hope you can share a lora example too',
    'qwen2.5-3b on 4x a800 with zero3 OOMs. Is there a QLoRA tutorial for this trainer?',
    'qwen2.5-3b 全参训练 4张a800 OOM，有没有lora的例子？',
    'qwen2.5-3b 全参微调，希望能提供一个lora示例',
  ])('%s: full', (text) => {
    expect(mode(text)).toBe('full');
  });

  it.each([
    ['I want to run the lora example on qwen2.5-3b with 4x a800', 'lora'],
    ['qwen2.5-3b on 4x a800, following the qlora notebook, any ideas?', 'qlora'],
    ['I need a lora fine-tune of qwen2.5-3b on 4x a800', 'lora'],
  ])('%s: the run’s method stays', (text, method) => {
    expect(mode(text)).toBe(method);
  });
});
