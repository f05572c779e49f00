import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * How people name a model that the reader did not see (rmodel9, session 31). The invented lines vary the
 * phenomenon (script, spacing, a version, a size, a sentence around it), not one corpus line.
 *
 * A family said by its Chinese or Korean name (family-names-cjk.ts): first sight 0 of 14 right, after 14 of 14.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("a family's Chinese or Korean name is that family", () => {
  // [text, the model read]
  it.each<[string, string]>([
    ['RTX4090跑不动医疗百川13B模型', 'baichuan-13b'],
    ['百川2-13B 全参微调 8张A100', 'baichuan2-13b'],
    ['4090上部署百川7B', 'baichuan-7b'],
    ['百川-13B-Chat 推理 24G显卡', 'baichuan-13b'],
    ['百川2 7B lora 单卡3090', 'baichuan2-7b'],
    ['书生浦语 20B 推理要多少显存', 'internlm-20b'],
    ['书生·浦语2 7B 全参微调', 'internlm2-7b'],
    ['用零一万物 34B 做推理，两张3090', 'yi-34b'],
    ['混元 A13B 部署 vllm', 'hunyuan-80b-a13b'],
    ['混元A13B 部署 vllm', 'hunyuan-80b-a13b'],
    ['라마 2 13B 파인튜닝 A100 80G', 'llama-2-13b'],
    ['젬마 7B 추론 4090', 'gemma-7b'],
    ['미스트랄 7B 4090에서 추론', 'mistral-7b'],
    ['큐웬 2.5 7B LoRA 학습', 'qwen2.5-7b'],
  ])('%s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('an idiom or a longer word holding the name is no model: 海纳百川, 드라마', () => {
    expect(String(read('海纳百川 13B 模型 推理').scenario.model.id)).not.toMatch(/baichuan/);
    expect(String(read('드라마 2 13B 모델 추론 4090').scenario.model.id)).not.toMatch(/llama/);
  });

  it('a Latin word glued after 千问 is its own name part ("千问vl3B", c1686), left as written', () => {
    expect(read('千问vl3B 上OOM问题 Qwen/Qwen2.5-VL-3B-Instruct').scenario.model.id).toBe('qwen2.5-vl-3b');
  });

  it('c2326: the medical 百川13B is Baichuan-13B', () => {
    expect(read(line('c2326').text).scenario.model.id).toBe('baichuan-13b');
  });
});

/**
 * A model said by a short name before its size (model-spellings.ts): DeepSeek's R1 as "R1" (prose.r1-short-name)
 * and ChatGLM2/3 without "chat" (prose.chatglm-short-name). First sight 0 of 11 right, after 11 of 11.
 */
describe('a short name before a size: "R1-32B" is the R1 distill, "glm3-6b" ChatGLM3-6B', () => {
  it.each<[string, string]>([
    ['R1-32B qlora on 2 A100 40G', 'qwen2.5-32b'],
    ['R1 70B inference on 4x A100', 'llama-3.1-70b'],
    ['r1-14b lora on a 4090', 'qwen2.5-14b'],
    ['R1-7B 蒸馏版 推理 3090', 'qwen2.5-7b'],
    ['R1 1.5B on my laptop 3060', 'qwen2.5-1.5b'],
    ['R1-8B 4bit 추론 4090', 'llama-3.1-8b'],
    ['glm3-6b lora on 4090', 'chatglm3-6b'],
    ['glm2-6b 推理 单卡 3090', 'chatglm2-6b'],
    ['GLM3 6B 微调 A100', 'chatglm3-6b'],
    ['glm2 6b int4 推理 2080ti', 'chatglm2-6b'],
    ['GLM-3-6B-32k lora 微调', 'chatglm3-6b'],
  ])('%s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('a LoRA rank of 1 before a size stays a rank: "lora r1 7b model"', () => {
    expect(String(read('lora r1 7b model on a 3090').scenario.model.id)).not.toMatch(/qwen|llama-3/);
  });

  it('c2281: "R1-32b-gptq-int4" is the Qwen2.5-32B distill; c2193: glm3-6b-32k is ChatGLM3-6B', () => {
    expect(read(line('c2281').text).scenario.model.id).toBe('qwen2.5-32b');
    expect(read(line('c2193').text).scenario.model.id).toBe('chatglm3-6b');
  });
});
