import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18: a dot written as '_' or ModelScope's '___' in a model's name. "Qwen-1_8B-Chat" (the first
 * Qwen's Hub id, mlc-ai/mlc-llm#1458, c683) was read as an 8B; "qwen1___5-7b-chat" (a ModelScope cache
 * folder, c700) as Qwen2.5-7B's shape (training.underscore-size, training.underscore-version).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const model = (text: string) => read(text).scenario.model;

describe("a name's '_' or '___' for a dot", () => {
  it('c700: qwen1___5-7b-chat is Qwen1.5-7B', () => {
    expect(model(line('c700').text).id).toBe('qwen1.5-7b');
  });

  // Qwen 1 joined the catalog (issue 22): its 1.8B is read as the catalog entry, not a bare 1.8B.
  it('c683: Qwen-1_8B-Chat is a 1.8B, not an 8B', () => {
    expect(model(line('c683').text).id).toBe('qwen-1.8b');
  });

  it.each([
    ['qwen1___5-7b-chat qlora on a 4090', 'qwen1.5-7b'],
    ['/root/.cache/modelscope/hub/qwen/Qwen1___5-14B-Chat lora on a 4090', 'qwen1.5-14b'],
    ['Qwen2___5-1___5B-Instruct lora on a 4090', 'qwen2.5-1.5b'],
    ['qwen2_5-7b lora on a 4090', 'qwen2.5-7b'],
    ['Qwen/Qwen2___5-7B-Instruct 全参微调 8卡a100', 'qwen2.5-7b'],
  ])('%s is %s', (text, id) => {
    expect(model(text).id).toBe(id);
  });

  it.each(['Qwen-1_8B-Chat inference on a 4090', 'qwen-1_8b lora on a 3090', 'Qwen/Qwen-1_8B-Chat 推理 单卡3090'])('%s: 1.8B', (text) => {
    expect(model(text).id).toBe('qwen-1.8b');
  });

  it('a number after a word, not a size, is left alone', () => {
    expect(model('llama-2-7b lora on a 4090, run_1_2 of my sweep').id).toBe('llama-2-7b');
  });
});
