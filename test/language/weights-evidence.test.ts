import { describe, expect, it } from 'vitest';
import { OWNER_RULES } from '../../src/language/owners/index.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Weight formats read by their evidence (the sixteenth session's weights class): a format the GPU never
 * holds is set aside with a note (reconcile/weights-evidence.ts), and a format said in a failing run's
 * clause is not given to a working run by a cue that says the opposite (owners/rules.ts).
 */

describe('a GPTQ / AWQ checkpoint chosen with the llama.cpp loader: the checkpoint format stands', () => {
  it('c1619 (dusty-nv/jetson-containers#331): TheBloke_Llama-2-7b-Chat-GPTQ with --loader=llamacpp --n-gpu-layers=128', () => {
    const { scenario, said } = corpusLineRead('c1619');
    expect(scenario.weights).toBe('gptq');
    expect(scenario.framework).toBe('hf');
    expect(said).toMatch(/llama\.cpp loads GGUF files only/);
  });

  it.each([
    'python server.py --model TheBloke_Llama-2-13B-chat-GPTQ --loader llama.cpp on a 3060 12GB',
    'python server.py --loader=llama.cpp --model=TheBloke_Llama-2-13B-chat-GPTQ --n-gpu-layers 40 on a 3060 12GB',
    'I select TheBloke/Llama-2-13B-chat-GPTQ and the llama.cpp model loader, 12GB card, OOM',
    'python server.py --model TheBloke_Llama-2-13B-chat-AWQ --loader llamacpp on a 3060 12GB',
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(['gptq', 'awq']).toContain(scenario.weights);
    expect(scenario.framework).not.toBe('llamacpp');
    expect(said).toMatch(/set aside as your setup's framework/);
  });

  it('a GGUF file with the llama.cpp loader is still llama.cpp', () => {
    const { scenario } = read('python server.py --model llama-2-13b-chat.Q4_K_M.gguf --loader llamacpp on a 3060');
    expect(scenario.framework).toBe('llamacpp');
    expect(scenario.weights).toBe('q4_k_m');
  });
});

describe("kt-kernel's INT4 / INT8 is the CPU experts' copy", () => {
  it('c1605 (kvcache-ai/ktransformers#1678): the INT8 of the 30B run is not the GPU weights', () => {
    const { scenario } = corpusLineRead('c1605');
    expect(scenario.weights).not.toBe('int8');
    expect(scenario.weights).not.toBe('gptq');
  });

  it.each([
    'python -m sglang.launch_server --model /m/Qwen3-30B-A3B --kt-method AMXINT8 --kt-weight-path /m/cpu on a 4090: Qwen3-30B-A3B (INT8) OOMs',
    'ktransformers 跑 Qwen3-30B-A3B(INT4) 在一张 4090 上 OOM',
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(['int8', 'gptq']).not.toContain(scenario.weights);
    expect(said).toMatch(/CPU from an AMX INT4\/INT8 copy/);
  });

  it('without kt-kernel an int8 is the weights', () => {
    expect(read('sglang serve Qwen3-30B-A3B int8 on a 4090').scenario.weights).toBe('int8');
  });
});

describe('the format a quantisation pass makes is read, its 16-bit pass said (the corpus since b91)', () => {
  it('c1617 (casper-hansen/AutoAWQ#280): AWQ is what the user makes of Mixtral, read weak with the pass said', () => {
    const { scenario, said } = corpusLineRead('c1617');
    expect(scenario.weights).toBe('awq');
    expect(said).toMatch(/the pass itself loads the model in 16 bits/);
  });

  it.each([
    ['When I try to quantize llama-2-13b to AWQ on an A100 40GB I get OOM', 'awq'],
    ['quantizing mixtral 8x7b with GPTQ, how much VRAM?', 'gptq'],
    ['trying to quantise Llama-2-70B into int4 on 2x 3090 and it runs out of memory', 'gptq'],
  ])('%s', (text, weights) => {
    const { scenario, said } = read(text);
    expect(scenario.weights).toBe(weights);
    expect(said).toMatch(/read as the \w+ model the message's quantisation makes; the pass itself loads the model in 16 bits/);
  });

  it.each([
    ['after quantizing llama-2-13b to AWQ, serving it with vllm on a 3090 OOMs', 'awq'],
    ['I quantized llama 13b with GPTQ and now run it on a 3090', 'gptq'],
    ['run TheBloke/Llama-2-13B-chat-GPTQ on a 3090', 'gptq'],
  ])('a checkpoint already made is run: %s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('a clause that reports the failure is not a working run', () => {
  const worksZh = OWNER_RULES.find((r) => r.id === 'owner.past.works-zh')!;
  const works = OWNER_RULES.find((r) => r.id === 'owner.past.works')!;
  const matches = (rule: typeof works, text: string) => new RegExp(rule.pattern.source, rule.pattern.flags).test(text);

  it('不够用 is not enough (OpenBMB/MiniCPM-V, c1345): the title\'s int4 is the run', () => {
    expect(matches(worksZh, 'MiniCPM-V 2.6 int4 24G显存不够用')).toBe(false);
    expect(matches(worksZh, '为什么24g显存不够用')).toBe(false);
    expect(matches(worksZh, 'int4 显存够用')).toBe(true);
    const { scenario } = corpusLineRead('c1345');
    expect(['gptq', 'nf4', 'nf4-dq', 'awq']).toContain(scenario.weights);
  });

  it('"worked well until" (mlc-ai/mlc-llm#974, c1618): the step it fails at is the run, q4f16_1 its weights', () => {
    expect(matches(works, 'every steps worked well until I went to this step')).toBe(false);
    expect(matches(works, 'the training works fine until all epochs are done')).toBe(false);
    expect(matches(works, 'TP4 works fine with it')).toBe(true);
    expect(corpusLineRead('c1618').scenario.weights).toBe('gptq');
  });

  it.each([
    'everything worked fine until I ran mlc_chat_cli --model Llama-2-7b-chat-hf-q4f16_1, it pops up VK_ERROR_OUT_OF_DEVICE_MEMORY on my 4GB card',
    'all steps ran well until this one: mlc_llm chat ./dist/Llama-2-7b-chat-hf-q4f16_1 fails with out of memory on a 4GB GPU',
  ])('%s', (text) => {
    expect(read(text).scenario.weights).toBe('gptq');
  });
});
