import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * Weights format and compute dtype as each tool sets them (rquant2, thirtieth session; b73–b75's silent lines
 * c2521, c2527, c2567 and invented variations of their causes, scored before the fix: 5 of 25 right, after: 23).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const weakWeights = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.trace?.find((f) => f.fact === 'weights')?.weak === true;
};

describe('a named format is itself (config-keys/weight-format-names.ts, prose/rules/float4-words.ts)', () => {
  it('c2521: vLLM --quantization mxfp4 for gpt-oss-20b is MXFP4, not NF4', () => {
    expect(read(line('c2521').text).scenario.weights).toBe('mxfp4');
  });

  it.each([
    'vllm serve openai/gpt-oss-20b --quantization mxfp4 --max-model-len 8192 on my rtx 5090',
    'python -m sglang.launch_server --model-path openai/gpt-oss-120b --quantization mxfp4 --tp 2 on 2x h100',
    'my vllm config:\n```yaml\nmodel: openai/gpt-oss-20b\nquantization: MXFP4\ngpu_memory_utilization: 0.85\nmax_model_len: 16384\n```\non an L40S',
    'gpt-oss-20b를 vllm으로 --quantization mxfp4 옵션 주고 RTX 5080 16GB에서 돌리면 OOM 나요',
    'docker run vllm/vllm-openai --model openai/gpt-oss-20b --quantization=mxfp4 --dtype auto',
  ])('MXFP4 named in a flag or a config (invented): %s', (text) => {
    expect(read(text).scenario.weights).toBe('mxfp4');
  });

  it.each([
    'vllm serve nvidia/Llama-3.3-70B-Instruct-FP4 --quantization modelopt_fp4 --tensor-parallel-size 2 on 2x B200',
    'serve llama-3.1-70b in nvfp4 on 2x B200 with vllm',
    '用vllm跑qwen3-32b的nvfp4量化版本，一张5090够吗',
    'python examples/quantization/quantize.py --model_dir ./Llama-3.1-70B --qformat nvfp4 --tp_size 2 on 2x B200',
  ])('NVFP4 has no item: read as MXFP4, the nearest, weak and said (invented): %s', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.weights).toBe('mxfp4');
    expect(said).toMatch(/NVFP4/);
  });

  it.each([
    ['python quantize.py --model_dir llama-3-8b --qformat int4_awq --output_dir ckpt, then trtllm-build, on a 4090', 'awq'],
    ['python convert_checkpoint.py --model_dir llama-2-13b --use_weight_only --weight_only_precision int8 on an A10G', 'int8'],
    ['python quantize.py --model_dir llama-3-8b --qformat fp8 on an H100', 'fp8'],
  ])("TensorRT-LLM's format names (invented): %s", (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe("a format's width is that format's, at 8 bits int8 (prose.format-width)", () => {
  it.each([
    ['llama-2-13b 8bit gptq on a 3090', 'int8'],
    ['qwen2.5-14b gptq int8 vllm on a 4090', 'int8'],
    ['qwen2.5-14b GPTQ 8-bit on a 4090', 'int8'],
    ['llama-3-8b int8 gptq with vllm on a T4', 'int8'],
    ['qwen2.5-72b 4-bit AWQ on 2x 4090 vllm', 'awq'],
    ['部署qwen2.5-32b的gptq 4bit版本 vllm 4090', 'gptq'],
  ])('%s → %s (invented)', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('the compute dtype follows the engine (scenario/resolve-quantised-serving.ts)', () => {
  it('c2567: "Load a 16-bit model with --load-in-4bit" computes in fp16, the loader\'s dtype', () => {
    expect(read(line('c2567').text).scenario.compute).toBe('fp16');
  });

  it.each([
    'Load a 16-bit model with `--load-in-4bit`:\n```\npython server.py --model llama-2-13b --load-in-4bit\n```',
    'I load the 16-bit mistral-7b with BitsAndBytesConfig(load_in_4bit=True) in transformers on a 4090 for inference',
    '16비트 llama-2-7b 모델을 load_in_4bit=True로 불러와서 3090에서 추론하는데 메모리가 얼마나 드나요',
    'text-generation-webui: 16bit llama-2-13b with --load-in-4bit on a 3090',
  ])('a bare "16-bit" names no dtype: the 4-bit load runs fp16 (invented): %s', (text) => {
    const { scenario } = read(text);
    expect(scenario.weights).toBe('nf4');
    expect(scenario.compute).toBe('fp16');
  });

  it('c2527: --dtype=bfloat16 for an AWQ model on vLLM with no card named stays bf16, said with the fp16 kernel', () => {
    const { scenario, said } = read(line('c2527').text);
    expect(scenario.compute).toBe('bf16');
    expect(said).toMatch(/bf16 precision as "--dtype=bfloat16" says: vLLM runs AWQ in bf16 only on its awq_marlin/);
  });

  it.each([
    ['services:\n  vllm:\n    command: >\n      --model /models/Qwen2.5-14B-Instruct-GPTQ-Int4\n      --dtype=bfloat16\n      --max-model-len=16384\n', 'bf16', true],
    ['vllm serve Qwen/Qwen2.5-32B-Instruct-AWQ --dtype bfloat16 --max-model-len 8192 on a 4090', 'bf16', false],
    ['python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2-7B-Instruct-GPTQ-Int4 --dtype auto on a 3090', 'fp16', false],
    ['vllm serve casperhansen/llama-3-70b-instruct-awq --dtype half -tp 2 on 2x 4090', 'fp16', false],
  ])('vLLM AWQ/GPTQ dtypes (invented): %s', (text, compute, marlinSaid) => {
    const { scenario, said } = read(text);
    expect(scenario.compute).toBe(compute);
    expect(/_marlin kernel/.test(said)).toBe(marlinSaid);
  });
});

describe('a bare width is weak in every language (prose/rules/width-only.ts)', () => {
  it.each([
    ['qwen2.5-7b를 4비트 양자화해서 4090에서 돌리고 싶어요', 'nf4'],
    ['llama-3-8b を4ビットで推論したい、RTX 3060 12GB', 'nf4'],
    ['qwen2.5-14b 量化到4位 在3090上推理', 'nf4'],
    ['想把qwen2.5-14b做4位量化，然后在一张4090上推理', 'nf4'],
    ['mistral-7b 8비트로 로드해서 추론, T4 16GB', 'int8'],
    ['llama-3-70b 4ビット量子化で2x 3090、transformersで推論', 'nf4'],
    // vLLM serves a bare 4-bit release as a GPTQ-sized int4, not bitsandbytes (rprec3, prose/rules/width-context.ts).
    ['qwen2.5-32b 4bit量化版 用vllm部署 4090', 'gptq'],
  ])('%s → %s, weak', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
    expect(weakWeights(text)).toBe(true);
  });

  it('llama.cpp decides a Korean width: its GGUF type (invented)', () => {
    expect(read('llama-2-13b 4비트로 llama.cpp에서 돌려요 3060 12GB').scenario.weights).toBe('q4_k_m');
  });

  it('a Hangul width under LoRA is still QLoRA (the training rule it replaces)', () => {
    expect(read('llama-3-8b 4비트로 로드해서 LoRA 파인튜닝 하는데 A100 40GB 한 장에서 OOM').scenario.mode).toBe('qlora');
  });

  it('"4位" that is no width stays unread: "4位同事" (four colleagues)', () => {
    expect(read('我们4位同事共用一张A100 80G，跑qwen2.5-7b推理').scenario.weights).toBe('bf16');
  });
});
