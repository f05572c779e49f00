import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, huggingface/trl#1034 (corpus c705): "I'm trying to supervised fine-tune a phi-1.5B model … my
 * script closely follows the sft_llama2.py". TRL's stack_llama_2 SFT script loads the base in 4-bit NF4
 * and trains a LoRA: QLoRA, suggested by the script only, so said (prose.artefact-trl-sft-llama2) — where
 * no other word carries the method: in c705 the generic "fine-tune" facts carry it and the doubt is not said.
 * "phi-1.5B" is Phi-1.5 written with a B, not a 1.5B of Phi's shape (prose.version-as-size).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("TRL's SFT script and a model named by its version", () => {
  it('c705: Phi-1.5 in QLoRA', () => {
    const { scenario } = read(line('c705').text);
    expect(scenario.model.id).toBe('phi-1.5');
    expect(scenario.mode).toBe('qlora');
  });

  it('the script alone is a weak cue, said', () => {
    expect(read('llama-2-7b on 2x a100 with sft_llama2.py').said).toMatch(/sft_llama2/);
  });

  it.each([
    'fine-tuning llama-2-7b on 2x a100 with trl/examples/research_projects/stack_llama_2/scripts/sft_llama2.py',
    'I run sft_llama2.py on llama-2-7b, 2x a100',
    '用 sft_llama2.py 在两张 a100 上训练 llama-2-7b',
  ])('%s: QLoRA', (text) => {
    expect(read(text).scenario.mode).toBe('qlora');
  });

  it('a method the message names wins over the script’s', () => {
    expect(read('full fine-tune of llama-2-7b with sft_llama2.py on 8x a100').scenario.mode).toBe('full');
  });

  it.each([
    ['phi-1.5B lora on a 3090', 'phi-1.5'],
    ['Phi 2B inference on a t4', 'phi-2'],
    ['phi_1.5b full fine-tune on an a100', 'phi-1.5'],
    ['phi-1.5 lora on a 3090', 'phi-1.5'],
  ])('%s is %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('other Phi models keep their names', () => {
    expect(read('phi-3-mini lora on a 3090').scenario.model.id).toBe('phi-3-mini');
    expect(read('phi-4 lora on an a100').scenario.model.id).toBe('phi-4');
  });
});
