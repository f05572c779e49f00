import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * rmodel3: the model a name means where the name is a fine-tune's own, a family misspelt, or a family and a size
 * given in two of a launcher's flags. Each reads as the catalog model the user means, never a neighbour.
 */

describe("a fine-tune named by its own name reads as its card's base", () => {
  it.each([
    // henk717/KoboldAI#508: "your Tiefighter 13B with my 12GB VRAM" (KoboldAI/LLaMA2-13B-Tiefighter).
    ['c1793', 'llama-2-13b'],
    // JIA-Lab-research/LongLoRA#163: "--base_model /home/models/LongAlpaca-7B".
    ['c1860', 'llama-2-7b'],
  ])('%s: %s', (id, model) => {
    expect(corpusLineRead(id).scenario.model.id).toBe(model);
  });

  it.each([
    ['run tiefighter 13b on 12gb', 'llama-2-13b'],
    ['run Tiefighter-13B with koboldcpp on a 3060', 'llama-2-13b'],
    ['run KoboldAI/LLaMA2-13B-Tiefighter on 1x 4090', 'llama-2-13b'],
    ['run Psyfighter2 13B on 12gb', 'llama-2-13b'],
    ['run psyfighter 13b q4_k_m on 1x 3060', 'llama-2-13b'],
    ['run LongAlpaca-13B on 1x a100', 'llama-2-13b'],
    ['lora longalpaca 70b on 8x a100', 'llama-2-70b'],
    ['推理 LongAlpaca-7B 两张3090', 'llama-2-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});

describe('a family misspelt reads as that family, never a neighbour', () => {
  it('c410: "interlm2-chat-20b" is InternLM2-20B (InternLM/xtuner#424)', () => {
    expect(corpusLineRead('c410').scenario.model.id).toBe('internlm2-20b');
  });

  it.each([
    ['full finetune interlm2-chat-20b on 8x a100', 'internlm2-20b'],
    ['lora interlm2 7b on 1x 4090', 'internlm2-7b'],
    ['lora interlm2_7b on 1x 4090', 'internlm2-7b'],
    ['用4张A100对interlm-20b全量微调', 'internlm-20b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('c1817: "Mixtral Large" with a Mistral-Large GGUF is Mistral Large 2 (ollama/ollama#5949)', () => {
    expect(corpusLineRead('c1817').scenario.model.id).toBe('mistral-large-123b');
  });

  it.each(['serve Mixtral Large q2_k with llama.cpp on 2x 24gb', 'mixtral-large inference on 4x a100', 'run mixtral  large 2407 on 4x 48gb'])(
    '%s: Mistral Large, said as read from "Mixtral"',
    (text) => {
      const r = read(text);
      expect(r.scenario.model.id).toBe('mistral-large-123b');
      expect(r.said).toMatch(/Mixtral/i);
    },
  );

  it('Mixtral itself stays Mixtral', () => {
    expect(read('serve mixtral 8x7b on 2x a100').scenario.model.id).toBe('mixtral-8x7b');
    expect(read('serve Mixtral-8x22B on 8x a100').scenario.model.id).toBe('mixtral-8x22b');
  });
});

describe("Xinference's --model-name and --size-in-billions are one model", () => {
  it('c349: "--model-name qwen1.5-chat --size-in-billions 72" is Qwen1.5-72B (xorbitsai/inference#1183)', () => {
    expect(corpusLineRead('c349').scenario.model.id).toBe('qwen1.5-72b');
  });

  it.each([
    ['xinference launch --model-name qwen1.5-chat --size-in-billions 72 --model-format gptq on 4x 3090', 'qwen1.5-72b'],
    ['xinference launch --size-in-billions 14 --model-name qwen1.5-chat -e http://127.0.0.1:9997 on 1x a100', 'qwen1.5-14b'],
    ['xinference launch --model-name qwen2-instruct --size-in-billions 1_5 on 1x t4', 'qwen2-1.5b'],
    ['xinference launch --model-name llama-2-chat --size-in-billions 13 --model-format pytorch on 1x a100', 'llama-2-13b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('a name with its own size keeps it', () => {
    expect(read('xinference launch --model-name qwen2.5-7b-instruct --size-in-billions 7 on 1x a10').scenario.model.id).toBe('qwen2.5-7b');
  });
});

describe('an Ollama tag written with an underscore in its name is a tag, not a config key', () => {
  it('c1370: "The model is gpt_oss:20b." is gpt-oss-20b on Ollama (ollama/ollama#11864)', () => {
    const s = corpusLineRead('c1370').scenario;
    expect(s.model.id).toBe('gpt-oss-20b');
    expect(s.framework).toBe('llamacpp');
  });

  it.each([
    ['The model is gpt_oss:20b. on 1x 4090', 'gpt-oss-20b'],
    ['run gpt_oss:120b on 2x h100', 'gpt-oss-120b'],
    ['ollama pull gpt_oss:20b and run it on a 16gb card', 'gpt-oss-20b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('a snake_case key with a value after a space stays a key', () => {
    expect(read('lora llama-2-7b on 1x a100\nlora_rank: 16').scenario.lora?.rank).toBe(16);
  });
});

describe("ChatGLM's own quantize(4) / quantize(8) on load is its int4 / int8 weights", () => {
  it('c761: ".quantize(4)" after chatglm3-6b is int4, not the nf4 of its "4Bit" (zai-org/ChatGLM3#117)', () => {
    expect(corpusLineRead('c761').scenario.weights).toBe('gptq');
  });

  it.each([
    ['model = AutoModel.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True).quantize(4).half().cuda() on 1x 6gb', 'gptq'],
    ['model = AutoModel.from_pretrained("THUDM/chatglm2-6b", trust_remote_code=True).quantize(8).cuda() on 1x t4', 'int8'],
    ['chatglm3-6b with .quantize( 4 ) on a 1080ti', 'gptq'],
    ['chatglm3-6b 加上 quantize(8) 跑在 2080ti 上', 'int8'],
  ])('%s: %s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('"quantize 4 models" is no width', () => {
    expect(read('I want to quantize 4 models; run chatglm3-6b on a 1080ti').scenario.weights).not.toMatch(/gptq|int8/);
  });
});

describe('a vision variant written apart after the size is that variant, not the text model of the size', () => {
  it('c1874: "the Qwen-2.5-72B Vision-Language model" is Qwen2.5-VL-72B (vllm-project/vllm#20745)', () => {
    expect(corpusLineRead('c1874').scenario.model.id).toBe('qwen2.5-vl-72b');
  });

  it.each([
    ['serve the Qwen-2.5-72B Vision-Language model using vLLM on 8x h200', 'qwen2.5-vl-72b'],
    ['serve Qwen3-8B VL on 1x h200', 'qwen3-vl-8b'],
    ['serve Qwen2.5 7B vl on 1x 4090', 'qwen2.5-vl-7b'],
    ['serve qwen2.5 7b  vision language on 1x 4090', 'qwen2.5-vl-7b'],
    ['run Llama 3.2 11B Vision on 1x a100', 'llama-3.2-11b-vision'],
    ['run llama-3.2-11b vision instruct on 1x a100', 'llama-3.2-11b-vision'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('"vision tower" after a text model names a part, not a variant', () => {
    expect(read('fine-tune qwen2.5 7b vision tower frozen on 1x a100').scenario.model.id).toBe('qwen2.5-7b');
  });
});
