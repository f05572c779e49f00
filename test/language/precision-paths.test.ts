import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { readInThread } from '../../src/core/opening.js';
import { corpusLineRead, noticesInThread } from './reading-fixtures.js';

/**
 * Precision and weight format read by evidence (session 19, branch rprec): a width that names no format
 * ("72B-4bit", "int4", "4bit") is said as weak with the formats it may be; a loader flag that names GPTQ
 * (text-generation-webui's --gptq-bits) is read as GPTQ; a card without bf16 says the fp16 it sets for
 * the weights and the compute, not the compute alone.
 */

const traceOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, weights: (r.trace ?? []).find((f) => f.fact === 'weights' && f.at !== null), said: r.assumptions.join(' | ') };
};

describe('a 4-bit width glued to a name is weak, with GPTQ and AWQ as the switch', () => {
  it('c1456 (QwenLM/Qwen3-VL#894): "72B-4bit模型部署" says its 4 bits may be GPTQ or AWQ, and the precision with them', () => {
    const { said } = corpusLineRead('c1456');
    expect(said).toContain('weights nf4 — from "72B-4bit"? say "gptq", "awq" or "q4_k_m" if your 4 bits are one of those (another compute precision too)');
  });

  // A single .pt / .safetensors file named for its width is GPTQ's (prose/rules/gptq-files.ts, branch rprec4), as the corpus reads c574.
  it('c574 (oobabooga/textgen#1861): "llama13b-4bit.pt", a single 4-bit file, is GPTQ', () => {
    expect(corpusLineRead('c574').scenario.weights).toBe('gptq');
  });

  it.each([
    ['deploy Qwen2.5-72B-4bit with vllm on 2x 4090', 'Qwen2.5-72B-4bit'],
    ['部署 qwen2-72b-4bit 至少需要多少G的卡', 'qwen2-72b-4bit'],
    ['running llama-30b_4bit on my 3090', 'llama-30b_4bit'],
  ])('%j is weak from %j', (text, words) => {
    const { weights } = traceOf(text);
    expect(weights?.weak).toBe(true);
    expect(noticesInThread(text).join(' | ')).toContain(`from "${words}"`);
  });

  it.each([
    'qwen2.5-7b-4bit with load_in_4bit=True on a 3060',
    'llama-2-13b-4bit bnb nf4 inference on a 3060',
  ])('a bitsandbytes loader named keeps the width strong: %j', (text) => {
    expect(traceOf(text).weights?.weak).not.toBe(true);
  });
});

describe("text-generation-webui's --gptq-bits 4 loads a GPTQ checkpoint, as --wbits 4 does", () => {
  it('c584 (qwopqwop200/GPTQ-for-LLaMa#71): "--auto-devices --gptq-bits 4" beside "4bit mode" is gptq', () => {
    expect(corpusLineRead('c584').scenario.weights).toBe('gptq');
  });

  it.each([
    'python server.py --gptq-bits 4 --model llama-13b-hf on a 3090',
    'python server.py --model llama-7b-hf --gptq-bits 4 --gptq-pre-layer 20 on a 4gb card',
    'python server.py --model llama-7b-hf --gptq_bits=4 on a 3060',
  ])('%j reads gptq weights', (text) => {
    expect(traceOf(text).scenario.weights).toBe('gptq');
  });
});

describe('a bare int4 read as GPTQ is weak, with NF4 as the switch', () => {
  it('c1338 (zai-org/GLM-4-Voice#25): "int4量化" says bitsandbytes as the other reading', () => {
    expect(corpusLineRead('c1338').said).toContain('weights gptq — from "int4"? say "nf4" if bitsandbytes quantises it on load');
  });

  it.each(['glm-4-9b int4 inference on 1x 3090', 'chatglm3-6b int4量化 推理 单卡 3060', 'run llama-2-13b in INT4 on a 16GB card'])('%j is weak', (text) => {
    const { weights } = traceOf(text);
    expect(weights?.value).toBe('gptq');
    expect(weights?.weak).toBe(true);
  });

  it.each(['qwen2.5-72b-instruct-gptq-int4 with vllm on 2x a100 80g', 'qwen2.5-7b awq int4 serve on a 4090'])('a format named makes int4 its width: %j', (text) => {
    expect(traceOf(text).weights?.weak).not.toBe(true);
  });
});

describe('a card without bf16 says the fp16 precision it sets for the weights and the compute', () => {
  // c1190 (FlashML-org/FreeToken#179, "RTX 2060 8GB") had been read as the 6 GB 2060 and said its fp16; it now reads
  // as a card of the 8 GB said (reconcile/cards.ts, card-memory-geforce-laptop.test.ts), which carries no compute
  // capability, so no fp16 is said there (a memory-only card, as "RTX 3060 6GB" was before). The named cards below say it.
  it('c1190 (FlashML-org/FreeToken#179): "RTX 2060 8GB" reads as the 8 GB said', () => {
    expect(corpusLineRead('c1190').said).toContain('read as RTX 2060 with 8 GB as you said');
  });

  it.each([
    ['llama-2-7b inference on a T4', 'T4'],
    ['在V100上推理qwen2.5-7b', 'V100'],
    ['run mistral-7b on 1x rtx 2080 ti', 'RTX 2080 Ti'],
  ])('%j says it', (text, card) => {
    const { said, scenario } = traceOf(text);
    expect(scenario.compute).toBe('fp16');
    expect(said).toMatch(new RegExp(`fp16 precision for weights and compute \\(the [^)]*${card}`));
  });
});

describe('a 4-bit width in prose says the formats it may be', () => {
  it('c1229 (kvcache-ai/ktransformers#187): "4bit量化版本" of a 70B says GPTQ, AWQ or Q4_K_M', () => {
    expect(corpusLineRead('c1229').said).toContain('say "gptq", "awq" or "q4_k_m" if your 4 bits are one of those');
  });

  it.each(["I'm running 30B in 4bit on my 4090", 'llama-2-13b 4-bit inference on a 3060 12gb'])('%j', (text) => {
    expect(noticesInThread(text).join(' | ')).toContain('say "gptq", "awq" or "q4_k_m"');
  });
});

describe("DJL LMI's OPTION_QUANTIZE names the weight format, as option.quantize does", () => {
  it('c1505 (deepjavalibrary/djl#3445): "OPTION_QUANTIZE": "awq" in a SageMaker env map reads awq', () => {
    expect(corpusLineRead('c1505').scenario.weights).toBe('awq');
  });

  it.each([
    'serve mixtral-8x7b with vllm on 8x a10g OPTION_QUANTIZE=awq',
    'option.quantize=awq option.model_id=mistralai/Mixtral-8x7B-Instruct-v0.1 option.tensor_parallel_degree=8 on 8x a10g',
    'serve llama-2-13b on 1x a10g env:\n  OPTION_QUANTIZE: gptq',
  ])('%j', (text) => {
    expect(['awq', 'gptq']).toContain(traceOf(text).scenario.weights);
  });
});

describe("a follow-up moving the thread's model to llama.cpp or Ollama keeps the format the checkpoint ships in", () => {
  it('c743 (ollama/ollama): "GPT OSS 120b only uses 14gb of vram", then Ollama\'s template, is MXFP4', () => {
    expect(corpusLineRead('c743').scenario.weights).toBe('mxfp4');
  });

  it.each(['ollama', 'I run it with llama.cpp', '用 ollama 跑'])('gpt-oss-120b on a 24gb card, then %j, is mxfp4', (followUp) => {
    const opened = readInThread('gpt-oss-120b on a 24gb card', null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('not read');
    const r = readInThread(followUp, { scenario: opened.scenario, history: [] }).outcome;
    expect(r.ok && r.scenario?.weights).toBe('mxfp4');
  });

  it('a format the follow-up names stands: "ollama q8_0" is q8_0', () => {
    const opened = readInThread('gpt-oss-120b on a 24gb card', null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('not read');
    const r = readInThread('ollama q8_0', { scenario: opened.scenario, history: [] }).outcome;
    expect(r.ok && r.scenario?.weights).toBe('q8_0');
  });
});
