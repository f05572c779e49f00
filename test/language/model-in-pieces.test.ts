import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The model named in pieces: a family in one place and its size in another (batches b36–b39,
 * read-tokens/model-names.ts). Each reading says which words it joined, never silently.
 */
const modelId = (text: string) => read(text).scenario.model.id;

describe('one size said twice apart from its family is still one size', () => {
  // ollama/ollama#2393 (corpus c1285): the title and the body both write "LLaMA 2(70B)", and
  // "LLaMA 2" alone three more times. The rule "a series with one size said alone elsewhere" had
  // counted two sizes, refused the pair, read the series' 7B default and set both "70B" aside.
  const c1285 =
    'Inquiry on Optimal CPU and GPU Configurations for LLaMA 2(70B)\n\nI am currently exploring the capabilities of LLaMA 2 for various NLP tasks. ' +
    'Given the complexity and resource-intensive nature of LLaMA 2(70B), I am seeking advice on the most suitable CPU and GPU configurations ' +
    'for training and inference tasks with this model.';
  it('c1285: "LLaMA 2(70B)" twice is Llama-2-70B, the joining said', () => {
    const r = read(c1285);
    expect(r.scenario.model.id).toBe('llama-2-70b');
    expect(r.said).toMatch(/"llama 2" with "70b" \(said 2 times\) read as llama-2-70b/i);
  });

  // meta-llama/llama#150 (corpus c1263): "7B model" in the title and again in the body, "llama" alone between.
  it('c1263: "llama" with "7B" said twice is LLaMA-1-7B, said as a guess', () => {
    const r = read(
      'who can run on 7B model on `windows11` with `RTX3080ti` ?\n\nI can running `llama` but this is `cuda is out of memory`,\nwho can run on 7B model on `windows11` with `RTX3080ti `?',
    );
    expect(r.scenario.model.id).toBe('llama-1-7b');
    expect(r.said).toMatch(/"llama" with "7B" said apart read as llama-1-7b/i);
  });

  it.each([
    ['Llama2 (13B) on a 3090 for inference? We picked Llama2 for NLP tasks. Is the 13B ok with 24GB?', 'llama-2-13b'],
    ['inference of qwen2.5 (32b) on 2 4090s; qwen2.5 is great but the 32b is slow', 'qwen2.5-32b'],
    ['Llama 2 70B? I mean serving llama 2 at 70b on 4x A100, the 70B one', 'llama-2-70b'],
    ['模型是 Llama2（13B）推理，用一张 3090，13B 显存够吗', 'llama-2-13b'],
  ])('%s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it('two different sizes still do not bind: "llama 2" with 7B and 13B stays a question', () => {
    const r = read('inference of LLaMA 2 on a 3090: the 7B works, the 13B runs out of memory');
    expect(r.scenario.model.id).not.toBe('llama-2-70b');
    expect(r.said).not.toMatch(/said 2 times/);
  });
});

describe('a release named alone and again with a size after it is the sized one', () => {
  // ollama/ollama#15063 (corpus c1261): "Running DeepSeek R1 model become slow" in the title, the
  // tag "deepseek-r1:70b" (Ollama's R1 distill into Llama-70B) in the body. The bare name had been
  // read as the 671B R1 and the tag set aside.
  it('c1261: "DeepSeek R1" with "deepseek-r1:70b" is the 70B distill (llama-3.1-70b), the folding said', () => {
    const r = read(
      'Running DeepSeek R1 model become slow\n\nWith some previous ollama releases I could run deepseek-r1:70b (42GB) fast with GPU support.\n' +
        'Combined VRAM of 2 5090 is 64 GB, it should fit into VRAM, no? it was fast with DeepSeek R1.',
    );
    expect(r.scenario.model.id).toBe('llama-3.1-70b');
    expect(r.said).toMatch(/"DeepSeek R1" read as "deepseek-r1:70b", which names it with its size/);
  });

  // ollama/ollama#9005 (corpus c1258): the title spaces the hyphens ("deepseek - r1 - 70b").
  it('c1258: "deepseek - r1" in the title and "deepseek-r1-70b" in the body is the 70B distill', () => {
    const r = read(
      'The custom model of deepseek - r1 - 70b is very slow.\n\nlinux，ollama0.5.4\n\nI have 4 A30 cards.\n\n' +
        'When I tested with the OpenAI interface of deepseek-r1-70b, I found that the response speed was acceptable',
    );
    expect(r.scenario.model.id).toBe('llama-3.1-70b');
    expect(r.said).toMatch(/"deepseek - r1" read as "deepseek-r1-70b"/);
  });

  // huggingface/open-r1#113: "run Deepseek R1 locally?" then "I ran the Deepseek R1 8B model with Ollama".
  it('open-r1#113: "Deepseek R1" and "Deepseek R1 8B" is the 8B distill (llama-3.1-8b)', () => {
    expect(modelId('What is the GPU resource required to run Deepseek R1 locally? I ran the Deepseek R1 8B model with Ollama on an old PC with an RTX 3050 8GB graphics card.')).toBe('llama-3.1-8b');
  });

  it.each([
    ['DeepSeek R1 is slow: ollama run deepseek-r1:32b on a 4090', 'qwen2.5-32b'],
    ['DeepSeek-R1 on 2x 3090 — I run deepseek-r1:14b with ollama', 'qwen2.5-14b'],
    ['deepseek_r1 不能用 GPU：ollama run deepseek-r1:7b，显卡 3060 12G', 'qwen2.5-7b'],
  ])('%s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it('a version is no short form of a longer version: "qwen2" beside "qwen2.5-7b" is not folded by its spelling', () => {
    const r = read('qwen2 or qwen2.5-7b inference on a 4090?');
    expect(r.said).not.toMatch(/"qwen2" read as "qwen2\.5-7b"/);
  });
});

describe('a variant written between the family and its version', () => {
  // policy-gradient/GRPO-Zero#6 (corpus c1300): "Training Qwen-VL-2.5-3B using a single 24GB GPU" —
  // Qwen2.5-VL-3B with "VL" before the version; had been an unknown 3B of Qwen2.5's text shape.
  it('c1300: "Qwen-VL-2.5-3B" is Qwen2.5-VL-3B, said as read', () => {
    const r = read('Training Qwen-VL-2.5-3B using a single 24GB GPU\n\nIs that true?');
    expect(r.scenario.model.id).toBe('qwen2.5-vl-3b');
    expect(r.said).toMatch(/"qwen-vl-2\.5-3b" read as qwen2\.5-vl-3b/i);
  });

  it.each([
    ['train qwen-vl-2.5-7b on 4 4090', 'qwen2.5-vl-7b'],
    ['QWEN_VL_2.5_72B inference on 4x A100 80GB', 'qwen2.5-vl-72b'],
    ['用 Qwen-VL-2.5-7B 做 GRPO，一张 A100', 'qwen2.5-vl-7b'],
  ])('%s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it('Qwen-VL with no version stays the first Qwen-VL', () => {
    expect(modelId('Qwen-VL 9.6b lora on one A100')).toBe('qwen-vl-9.6b');
  });
});
