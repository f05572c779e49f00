import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The model of a message that names two (rmodel8, session 30): the one that fails is the run, the one said to go
 * normally is set aside and named; and a fine-tune named by its own name reads as its base. The invented lines
 * vary the phenomenon (language, order, the words for "works"), not one corpus line: first sight of the two-model
 * variations 5 of 10 right (in the model), after 9 of 10; of the fine-tunes 6 of 12, after 9 of 12; of a size said
 * alone beside a series 0 of 8, after 5 of 8.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('of two models, the one that fails is the run; the one said to work is named', () => {
  // [text, the model read, the other model the reply names]
  it.each<[string, string, RegExp]>([
    // OpenRLHF/OpenRLHF (c2194)'s shape: 正常 closing the working run's clause, 但 … OOM the other's.
    ['我用4张A100 80G全参微调Qwen2-7B正常，但是微调Qwen2-72B就OOM了', 'qwen2-72b', /Qwen2-7B/],
    ['4张A100 80G 上 lora 训练 qwen2.5-7b 时正常，可是 qwen2.5-14b 显存溢出', 'qwen2.5-14b', /qwen2\.5-7b/],
    // Korean: 잘 되는데 (works well, but), 문제없이 (without a problem); the contrast ending closes the clause.
    ['A100 40GB 한 장에서 llama-3-8b 추론은 잘 되는데 llama-3-70b 4bit 은 OOM 납니다', 'llama-3-70b', /llama-3-8b/],
    ['RTX 4090 에서 qwen2.5-7b 는 문제없이 돌아가지만 qwen2.5-14b 는 메모리 부족 에러가 납니다', 'qwen2.5-14b', /qwen2\.5-7b/],
    // A run whose memory is reported as already used went through (OpenGVLab/InternVL, c842's shape).
    ['8x H100, full finetune: InternVL2-2B already uses 78GB per card, InternVL2-8B OOMs directly. Is this normal?', 'internvl2-8b', /InternVL2-2B/],
    ['全参数微调InternVL2-2B就已经占用了70G显存，微调InternVL2-8B直接OOM，8卡A100 80G', 'internvl2-8b', /InternVL2-2B/],
  ])('%s', (text, model, other) => {
    const { scenario, said } = read(text);
    expect(scenario.model.id).toBe(model);
    expect(said).toMatch(other);
  });

  it('c842: InternVL2-8B, which OOMs, not InternVL2-2B, which already used 78G', () => {
    expect(read(line('c842').text).scenario.model.id).toBe('internvl2-8b');
  });

  it('c2194: Qwen2.5-72B, which OOMs, not the 7B said to train normally', () => {
    expect(read(line('c2194').text).scenario.model.id).toBe('qwen2.5-72b');
  });

  it('never 不正常 nor a question: "Qwen2-7B不正常" stays a failure, "正常吗" asks', () => {
    expect(read('4张A100 80G全参微调Qwen2-7B不正常，Qwen2-72B也OOM了').said).toMatch(/which did you mean/);
    expect(read('Qwen2-7B 在 4张A100 80G 上显存占用70G正常吗？Qwen2-72B 直接OOM').scenario.model.id).toBe('qwen2-72b');
  });
});

describe('a size said alone beside a model of one series is that series at the size, weak', () => {
  // [text, the model read]
  it.each<[string, string]>([
    ['我用 qwen2.5-7b 可以跑，换成 32b 就 OOM 了，4张 4090', 'qwen2.5-32b'],
    ['Qwen3 8B는 잘 되는데 32B는 RTX 4090 두 장에서 OOM이 나요', 'qwen3-32b'],
    ['llama3.1-8b works on an A10G 24GB, the 70b OOMs on it', 'llama-3.1-70b'],
    ['Llama-2 13B fits on my 2x 3090 but 70B OOMs', 'llama-2-70b'],
    // c126's shape: the size asked twice is read, and the reply still asks.
    ['I want to run Llama 3.1 70B and 405B with 120K context length on 8x H100, how much memory for the 405B?', 'llama-3.1-405b'],
  ])('%s', (text, model) => {
    const { scenario, said } = read(text);
    expect(scenario.model.id).toBe(model);
    expect(said).toMatch(/the size of the series the message names/);
  });

  it('a size of no member, or of another series beside, stays as said', () => {
    expect(read('qwen2.5-7b works on one 4090, the 20b OOMs').scenario.model.id).not.toMatch(/^qwen2\.5-20b/);
    expect(read('llama-2-7b and qwen2.5-7b work on a 4090, the 32b OOMs').said).not.toMatch(/the size of the series/);
  });
});

describe('a fine-tune named by its own name reads as its base', () => {
  // [text, the base read]
  it.each<[string, string]>([
    // Nous-Hermes-13b is LLaMA-1 13B (c1971's file); a Hermes naming its base keeps it.
    ['loading nous-hermes-13b.ggmlv3.q4_0.bin with llama.cpp on a 3060 12GB', 'llama-1-13b'],
    ['Hermes-3-Llama-3.1-8B in vllm on a single L4 runs out of memory', 'llama-3.1-8b'],
    ['hermes-kimiko-13b q5_k_m in koboldcpp on 3060 12GB', 'llama-2-13b'],
    // Oryx-7B is Qwen2-7B.
    ['I want to lora finetune Oryx-7B on 2x 3090', 'qwen2-7b'],
    ['Oryx 7B 全参微调 zero3，单卡 A100 40G 够吗', 'qwen2-7b'],
  ])('%s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});
