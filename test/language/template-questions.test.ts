import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Unsloth's bug template asks "`Colab` or `Kaggle` or local / cloud" and "Number GPUs used, use
 * `nvidia-smi`", and the user answers on the same line (prose/rules/template-questions.ts). The options
 * had read Colab's free T4, and the count after the question was not read (corpus c1244: six GPUs).
 */
const TEMPLATE = (env: string, gpus: string) =>
  `[Bug] Out of Memory during multi-GPU training\n\n1. Did you update? \`pip install --upgrade unsloth unsloth_zoo\` -yes\n2. \`Colab\` or \`Kaggle\` or local / cloud ${env}\n3. Number GPUs used, use \`nvidia-smi\` ${gpus}\n4. Which notebook? none\n\nmax_seq_length = 8192\nmodel, tokenizer = FastLanguageModel.from_pretrained(model_name = "Qwen/Qwen2.5-7B-Instruct", load_in_4bit = True)`;

describe("an issue template's questions are not the user's machine; its answers are", () => {
  it('c1244: "-cloud" and "6": six GPUs, no Colab T4', () => {
    const s = read(TEMPLATE('-cloud', '6')).scenario;
    expect(s.unnamedGpus ?? s.hardware?.count).toBe(6);
    expect(s.hardware?.gpuId).not.toBe('t4');
  });

  it.each([
    ['local', '2', 2],
    ['- local', ': 4', 4],
    ['cloud', '- 8', 8],
  ])('answered "%s" / "%s": %i GPUs', (env, gpus, n) => {
    const s = read(TEMPLATE(env, gpus)).scenario;
    expect(s.unnamedGpus ?? s.hardware?.count).toBe(n);
  });

  it('c145: a card after the question is read as the card', () => {
    expect(read(TEMPLATE('local', '\n RTX Pro 6000')).scenario.hardware?.gpuId).toMatch(/rtx-pro-6000/);
  });

  it('answered "Colab": the user\'s own word still reads Colab\'s T4 (weak)', () => {
    expect(read(TEMPLATE('Colab', '1')).scenario.hardware?.gpuId).toBe('t4');
  });
});
