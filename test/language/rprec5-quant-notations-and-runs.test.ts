import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * rprec5 (issue 22, the weights and precision fields): phrasings the reader had not understood.
 * - GGUF types written loosely: a K-quant without its Q ("8B_5_K_M"), the width before the Q ("4Q").
 * - A GPU said to be absent ("~13 without GPU") counts no GPUs.
 * - A run said to be successful is the working run; one said to be invalid, the run asked about.
 * - A file another flag of a llama.cpp command loads (the projector's -mm) names no dtype of the run.
 * - TRL's use_bnb_nested_quant is bitsandbytes' double quantisation.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function gpus(text: string): number {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario.hardware?.count ?? r.scenario.unnamedGpus ?? 1;
}

describe('GGUF types written without their Q or with the width first', () => {
  it('c2033: "a llama 8B_5_K_M and GPU and ~13 without GPU on" is Q5_K_M on no counted GPUs (psugihara/FreeChat#71)', () => {
    const s = read(line('c2033').text).scenario;
    expect(s.weights).toBe('q5_k_m');
    expect(s.hardware?.count ?? s.unnamedGpus ?? 1).toBe(1);
  });

  it('c1612: "4Q" works, "2Q" fails: the run asked about is Q2_K (meta-llama/llama#964)', () => {
    expect(read(line('c1612').text).scenario.weights).toBe('q2_k');
  });

  it.each([
    ['llama.cpp with mistral 7B_4_K_S on my 3060', 'q4_k_m'],
    ['ollama: qwen2.5 14b 6_K gguf? no: qwen2.5 14b (5_K_M) on a 4070', 'q5_k_m'],
    ['running a 13b_3_K_L with llama-server on 1x rtx 3060', 'q3_k_m'],
    ['Ollama runs the 8Q version of llama3 8b on my 4060', 'q8_0'],
    ['gguf of qwen2.5 32b: the 3Q one on a 4090', 'q3_k_m'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('"4Q" with no GGUF runner or file named is no quant type (a year\'s quarter)', () => {
    expect(read('we plan to buy 4 A100 in 4Q, fine-tune llama 7b').scenario.weights).not.toBe('q4_k_m');
  });
});

describe('a GPU said to be absent counts none', () => {
  it.each([
    'llama.cpp llama 8b q4_k_m: 24 tokens/sec on GPU and 13 without GPU',
    'mistral 7b gguf runs at 5 tok/s without a GPU',
    'with ollama qwen2.5 7b I get 3 without any GPUs on',
  ])('%s', (text) => {
    expect(gpus(text)).toBe(1);
  });

  it('a count said with its GPUs stays: "4 GPUs without offload"', () => {
    expect(gpus('fine-tune llama 7b on 4 GPUs without offload')).toBe(4);
  });
});

describe('a run said to be successful works; one said to be invalid is asked about', () => {
  it('c2008: QUANTIZE_8bit can be successful, but QUANTIZE_4bit is invalid: the 4-bit run (eosphoros-ai/DB-GPT#1481)', () => {
    expect(read(line('c2008').text).scenario.weights).toBe('nf4');
  });

  it.each([
    ['chatglm3-6b: load_in_8bit was successful, but load_in_4bit is invalid and OOMs on a 3060 12GB', 'nf4'],
    ['Qwen-7B with load_in_4bit is successful on my T4, but load_in_8bit fails with OOM', 'int8'],
    ['Able to run llama 13b in 4bit on a 3060, but 8bit OOMs', 'int8'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('a file another flag of a llama.cpp command loads names no dtype of the run', () => {
  it('c2006: "-mm …mmproj-BF16.gguf" beside "-m …Q4_K_M.gguf" is no bf16 run (ggml-org/llama.cpp#27264)', () => {
    const s = read(line('c2006').text).scenario;
    expect(s.weights).toBe('q4_k_m');
    expect(s.compute).toBe('fp16');
  });

  it.each([
    './llama-server -m models/gemma-3-12b-it-Q4_K_M.gguf --mmproj models/mmproj-gemma-3-12b-f32.gguf -c 8192 -ngl 99',
    'llama-cli -m qwen2.5-32b-instruct-q4_k_m.gguf -md qwen2.5-0.5b-instruct-bf16.gguf -ngl 99 -c 4096',
    'llama-server -mm mmproj-F16.gguf -m Qwen2.5-VL-7B-Instruct-Q4_K_M.gguf -ngl 99',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect(s.weights).toBe('q4_k_m');
    expect(s.compute).toBe('fp16');
  });
});

describe("TRL's use_bnb_nested_quant is double quantisation", () => {
  it('c338: load_in_4bit with use_bnb_nested_quant is NF4-DQ (huggingface/trl#2864)', () => {
    expect(read(line('c338').text).scenario.weights).toBe('nf4-dq');
  });

  it.each([
    'qlora llama 7b on 1x 3090\n```yaml\nload_in_4bit: true\nuse_bnb_nested_quant: true\nlora_r: 16\n```',
    'python sft.py --model_name_or_path meta-llama/Llama-2-7b-hf --use_peft --load_in_4bit --use_bnb_nested_quant on a 4090',
  ])('%s', (text) => {
    expect(read(text).scenario.weights).toBe('nf4-dq');
  });

  it('use_bnb_nested_quant false leaves plain NF4', () => {
    expect(read('qlora llama 7b on 1x 3090\n```yaml\nload_in_4bit: true\nuse_bnb_nested_quant: false\n```').scenario.weights).toBe('nf4');
  });
});

describe("SGLang's --torchao-config quantises the weights at load", () => {
  it('c1665: --torchao-config int8dq is int8 weights (sgl-project/sglang#10736)', () => {
    expect(read(line('c1665').text).scenario.weights).toBe('int8');
  });

  it.each([
    ['python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --torchao-config int8wo on 1x l4', 'int8'],
    ['python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-14B-Instruct --torchao-config int4wo-128 --port 30000 on an A10G', 'gptq'],
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-32B-Instruct --torchao-config fp8wo on 1x h100', 'fp8'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('a checkpoint named "-4bit" after its size is quantised already (int4), not bitsandbytes', () => {
  it('c543: internlm-20b-4bit loaded by transformers (InternLM/InternLM#433)', () => {
    expect(read(line('c543').text).scenario.weights).toBe('gptq');
  });

  it.each([
    ['deploy internlm-20b-4bit on 3x 3090 with transformers', 'gptq'],
    ['python server.py --model llama-13b-4bit on a 3060', 'gptq'],
    ['我用两张4090部署qwen-72b-chat-4bit模型', 'gptq'],
    // bitsandbytes named in the name, or a release whose int4 is a bitsandbytes save, stays NF4.
    ['inference with unsloth/llama-3-8b-bnb-4bit on a T4', 'nf4'],
    ['使用两张12G显卡运行cogvlm2-llama3-chinese-chat-19B-int4模型', 'nf4'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('a key or a script named "_4bit" without a size stays bitsandbytes', () => {
    expect(read(line('c2008').text).scenario.weights).toBe('nf4');
    expect(read("what's a minimum fine tune setup for train_4bit on 70b? Does this work in 48GB?").scenario.weights).toBe('nf4');
  });
});

describe("the values a program accepts, listed, are no setting of the run", () => {
  it('c1781: "only supports following values bitsandbytes and gptq", then "with --quantize bitsandbytes": int8 (huggingface/text-generation-inference#828)', () => {
    expect(read(line('c1781').text).scenario.weights).toBe('int8');
  });

  it.each([
    ["vllm's --quantization only supports awq and gptq here; I serve llama-2-13b with --quantization awq on a T4", 'awq'],
    ['the loader accepts the following values: nf4, fp4 and int8. I load mistral 7b with load_in_8bit on a 3060', 'int8'],
    ['ollama quant option only accepts q4_0 or q8_0. running llama3 8b q8_0 on a 3060', 'q8_0'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('a card\'s capability with no list noun stays read: "which supports bf16 and tf32"', () => {
    expect(read('fine-tune llama 7b in bf16 on an A100, which supports bf16 and tf32').scenario.compute).toBe('bf16');
  });
});

describe('a run said not to run out of memory (不会OOM) is one that works', () => {
  it('c504: "在单卡A100 80G开了pure_bf16则不会OOM" beside the A40s that OOM: no pure bf16 read (hiyouga/LlamaFactory#4199)', () => {
    expect(read(line('c504').text).scenario.recipe).not.toBe('pure');
  });

  it.each([
    ['4张A40全参微调qwen2-7b每次都会OOM（在A100 80G上开了pure_bf16就不会OOM）', 'pure'],
    ['用4张4090微调llama 7b报OOM, 换成8张4090开zero3 offload就没有爆显存', 'zero3'],
  ])('%s: the working run\'s setting is not the request\'s', (text, setting) => {
    const s = read(text).scenario;
    expect(setting === 'pure' ? s.recipe : s.sharding?.kind === 'zero' ? `zero${s.sharding.stage}` : 'none').not.toBe(setting);
  });

  it('会不会OOM asks: the setting stays the request\'s', () => {
    expect(read('4张A40全参微调qwen2-7b开pure_bf16会不会OOM？').scenario.recipe).toBe('pure');
  });
});
