import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read as readSaid, readNoticed } from './reading-fixtures.js';

/**
 * "use unsloth to load qwen2.5-32b-instruct(fp16) on 4 rtx4090 … load_in_4bit =False"
 * (unslothai/unsloth#1131, c565) was read as a QLoRA fine-tune: Unsloth's recipe replaced the
 * running the words ask for. A run word with Unsloth and no training word or setting runs the
 * model, said with the one word that switches; a False load_in_4bit never sets a format.
 */

/** The scenario and everything the reply says about it (assumptions and intent included). */
const read = (text: string) => {
  const { scenario, said } = readSaid(text);
  return { s: scenario, said: `${said} | ${readNoticed(text).said}` };
};
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('Unsloth named only to load a model runs it', () => {
  it('c565: inference in fp16 on four 4090s, said with "qlora" as the switch', () => {
    const { s, said } = read(line('c565').text);
    expect([s.mode, s.lora, s.framework, s.weights]).toEqual(['inference', null, 'hf', 'fp16']);
    expect(said).toMatch(/inference: "load" with Unsloth names no training.*say "qlora"/);
    // Said as weak on the first screen, with its one-word switch.
    expect(readNoticed(line('c565').text).said).toMatch(/from "load"(, "[^"]+")*\? say "qlora" if it trains/);
  });

  it.each([
    'use unsloth to load qwen2.5-7b-instruct on a 4090',
    'load qwen2.5-7b-instruct with unsloth on a 4090',
    '用unsloth加载qwen2.5-7b，4090',
    'model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/Qwen2.5-7B-Instruct", load_in_4bit =False) on a 4090',
    'model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/Qwen2.5-7B-Instruct", load_in_4bit = False) on a 4090',
  ])('%s', (text) => {
    const { s, said } = read(text);
    expect([s.mode, s.lora]).toEqual(['inference', null]);
    expect(said).toMatch(/names no training.*say "qlora"/);
  });

  it.each([
    ['fine-tune qwen2.5-7b with unsloth on a 4090', 'qlora'],
    ['load qwen2.5-7b with unsloth on a 4090, gradient accumulation 4', 'qlora'],
    ['model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/Qwen2.5-7B-Instruct", load_in_4bit = True)\ntrainer = SFTTrainer(model = model) on a 4090', 'qlora'],
  ])('a training word or setting beside it trains: %s', (text, mode) => {
    expect(read(text).s.mode).toBe(mode);
  });

  it.each(['load_in_4bit =False', 'load_in_4bit = False', 'load_in_4bit=False', 'load_in_8bit =False'])('%s sets no format', (key) => {
    const { s } = read(`run llama-2-7b on a 4090 with model = AutoModelForCausalLM.from_pretrained(name, ${key})`);
    expect(s.weights).toBe('bf16');
  });

  it.each([
    ['unsloth inference llama-3-8b on an L4', /Unsloth preset/],
    ['llama-factory inference qwen2.5-7b on a 4090', /LLaMA-Factory preset/],
    ['axolotl inference llama-3-8b on a 4090', /axolotl preset/],
  ])('a training framework run for inference says no training recipe (c2092): %s', (text, preset) => {
    const { s, said } = read(text);
    expect(s.mode).toBe('inference');
    expect(said).not.toMatch(preset);
  });

  it('a training framework that trains still says its recipe', () => {
    expect(read('unsloth qlora llama-3-8b on an L4').said).toMatch(/Unsloth preset: 4-bit QLoRA/);
    expect(read('axolotl lora llama-3-8b on a 4090').said).toMatch(/axolotl preset/);
  });
});
