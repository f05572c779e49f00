import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Branch reng: the serving engine read from evidence the reader used to pass over. TensorRT-LLM by
 * its other names ("convert … to trt engine", trtllm-build, Triton's `--backend tensorrtllm`), and a
 * launcher's engine choice (`--backend vllm|turbomind`, Xinference's `--model-engine vllm`): with the
 * engine comes its split (tp, not HF's pp) and its served length (the model's window).
 */
const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

describe('TensorRT-LLM named by its other names', () => {
  it('c1250 (NVIDIA/TensorRT-LLM, "convert … to trt engine", build.py --tp_size 2 --pp_size 2): the serving engine, seq from the model', () => {
    const { scenario } = read(line('c1250').text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.parallel.pp).toBe(2);
    expect(scenario.seq).toBe(4096);
  });

  it.each([
    'I want to convert llama-2-13b to a TRT engine, OOM on 1x A100 40GB',
    'convert llama-2-13b into a TensorRT engine: OOM on one A100 40GB',
    'trtllm-build of llama-2-13b runs out of memory on 1x A100 40GB',
    'llama-2-13b with TRT-LLM OOM on 1x A100 40GB',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.engine).toBe('vllm');
  });

  it('without a TensorRT word the same request stays Hugging Face generate', () => {
    expect(read('I want to convert llama-2-13b to safetensors, OOM on 1x A100 40GB').scenario.inference?.engine ?? 'hf').not.toBe('vllm');
  });
});

describe("a launcher's engine choice by its value", () => {
  it('c1135 (Triton CLI `triton import --backend tensorrtllm`): serving, one replica, the model window', () => {
    const { scenario } = read(line('c1135').text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.parallel.pp ?? 1).toBe(1);
    expect(scenario.seq).toBe(8192);
  });

  it.each([
    'triton import -m llama-3-8b --backend vllm OOM on 1x A10 24GB',
    'xinference launch --model-name qwen2-instruct --size-in-billions 7 --model-engine vllm, OOM on a 4090',
    'xinference launch --model-engine=vLLM -n qwen2-7b-instruct on 1x RTX 4090',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.engine).toBe('vllm');
  });

  it('a --backend naming no serving engine (nccl, pytorch) sets nothing', () => {
    expect(read('torchrun --backend nccl infer.py llama-3-8b on 1x A10 24GB').scenario.inference?.engine ?? 'hf').not.toBe('vllm');
  });
});

/**
 * Branch rengine: the engine named by evidence in the message's own text that the reader had set aside
 * or read as another engine: an engine's own option names (SGLang's ServerArgs), a link to the engine's
 * documentation (weak, said), a logger quoted with a Markdown marker or beside a shell prompt whose
 * virtual environment spells the engine, and "build TensorRT engines" naming TensorRT itself.
 */
const first = (text: string) => readNoticed(text).said;

describe("SGLang named by its own options (ServerArgs fields no other engine has)", () => {
  it('c177 (sgl-project/sglang#12496): the SGLang container\'s dump leads over "vLLM" in prose, which is said as another engine', () => {
    const { scenario, said } = read(line('c177').text);
    expect(scenario.inference?.server).toBe('sglang');
    expect(scenario.inference?.gpuMemoryUtilization).toBe(0.717);
    expect(said).toMatch(/read SGLang from "mem_fraction_static=0\.717" \(a setting\); "vLLM" is another engine the message mentions/);
  });

  it('c176 (sgl-project/sglang#1463): the dump alone is SGLang, not the generic server', () => {
    const { scenario, said } = read(line('c176').text);
    expect(scenario.inference?.server).toBe('sglang');
    expect(said).not.toMatch(/served with vLLM's memory layout \(assumed/);
  });

  it.each([
    'qwen2.5-7b-instruct on a 4090 with --mem-fraction-static 0.85 runs out of memory',
    'Qwen2.5-7B-Instruct OOM on 1x RTX 4090, mem_fraction_static=0.8',
    'on 1x A100 80GB: Qwen2.5-32B-Instruct, --max-running-requests 8 --chunked-prefill-size 4096, OOM',
    'Qwen2.5-7B-Instruct 在一张4090上 OOM，--mem-fraction-static 0.7',
    'it works with vLLM, but with --mem-fraction-static 0.8 Qwen2.5-7B-Instruct OOMs on a 4090',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.server).toBe('sglang');
  });

  it("a flag two engines share names neither: TGI's --max-total-tokens has SGLang's spelling", () => {
    expect(read('Qwen2.5-7B-Instruct on a 4090 with --max-total-tokens 4096 OOM').scenario.inference?.server).toBeUndefined();
  });
});

describe("a link to an engine's documentation names the engine, weak and said", () => {
  it('c1333 (sgl-project/sglang#29092, "Based on the docs https://docs.sglang.io/…"): SGLang, said on the first screen with the link', () => {
    const text = line('c1333').text;
    expect(read(text).scenario.inference?.server).toBe('sglang');
    expect(first(text)).toMatch(/from\s+"https:\/\/docs\.sglang\.io\/docs\/advanced_features\/server_arguments"\?/);
  });

  it('c1335 (NVIDIA/TensorRT-LLM#2123): the tutorial link and "build TensorRT engines" are TensorRT-LLM, counted with vLLM\'s layout', () => {
    const { scenario, said } = read(line('c1335').text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(said).toMatch(/TensorRT-LLM \("build TensorRT engines"\) counted with vLLM's memory layout/);
  });

  it.each([
    ['llama 3 8b on a 4090 OOM, I followed https://github.com/NVIDIA/TensorRT-LLM/blob/main/examples/llama/README.md.', 'TensorRT-LLM'],
    ['following https://nvidia.github.io/TensorRT-LLM/quick-start-guide.html with llama-3-8b on 1x L4', 'TensorRT-LLM'],
    ['Qwen2.5-7B-Instruct on a 4090: the docs (https://docs.sglang.ai/backend/server_arguments.html) say it fits?', 'SGLang'],
  ])('%s', (text, engine) => {
    const { scenario, said } = read(text);
    expect(scenario.inference?.engine).toBe('vllm');
    if (engine === 'SGLang') expect(scenario.inference?.server).toBe('sglang');
    if (engine === 'LMDeploy') expect(scenario.inference?.server).toBe('lmdeploy');
    if (engine === 'TensorRT-LLM') expect(said).toMatch(/TensorRT-LLM \("https:\/\/[^"]*"\) counted with vLLM's memory layout/);
    expect(first(text)).toMatch(/— from\s+"https:\/\//);
  });

  it('in Chinese, beside 部署 (deploy), the link names LMDeploy', () => {
    expect(read('按照 https://lmdeploy.readthedocs.io/zh-cn/latest/get_started.html 部署 internlm2-chat-7b，4090 显存不够').scenario.inference?.server).toBe('lmdeploy');
  });

  it("an issue, a pull request or an attachment of the engine's repository is another thread, not the engine run", () => {
    for (const text of [
      'llama-2-7b on a 4070 Ti OOM. I opened an issue [issues/1045](https://github.com/NVIDIA/TensorRT-LLM/issues/1045) there',
      'llama-2-7b on a 4070 Ti OOM, possibly related to https://github.com/sgl-project/sglang/pull/1234',
      'llama-2-7b on a 4070 Ti OOM ![image](https://github.com/InternLM/lmdeploy/assets/34083603/ccdba60d-955e)',
    ]) {
      expect(read(text).scenario.inference?.engine ?? 'hf').toBe('hf');
    }
  });

  it('a link is the weakest evidence: the engine a command runs leads over it', () => {
    const { scenario, said } = read('vllm serve Qwen/Qwen2.5-7B-Instruct on a 4090 OOM (compare https://docs.sglang.io/basic_usage/send_request.html)');
    expect(scenario.inference?.server).toBeUndefined();
    expect(said).toMatch(/read vLLM from "vllm" \([^)]*\); "https:\/\/docs\.sglang\.io[^"]*" is another engine the message mentions/);
  });
});

describe('an engine logger read past a quote marker and past a shell prompt', () => {
  it('c1218 (NVIDIA/TensorRT-LLM#772, "> [12/29/2023-05:24:11] [TRT] [I] …"): the quoted log is a log, its logger TensorRT-LLM (weak)', () => {
    const text = line('c1218').text;
    expect(read(text).scenario.inference?.engine).toBe('vllm');
    expect(first(text)).toMatch(/— from\s+"\[TRT\]"\?/);
  });

  it('c1343 (noahc1510/trt-llm-rag-linux#5): a prompt\'s "(trtllm)" environment is no engine named, so the [TRT-LLM] logger is read', () => {
    expect(read(line('c1343').text).scenario.inference?.engine).toBe('vllm');
  });

  it.each([
    'llama 2 13b on 1x A10 24GB OOM:\n> [03/22/2024-20:50:37] [TRT-LLM] [I] Serially build TensorRT engines.\n[03/22/2024-20:50:38] [TRT] [E] 2: OutOfMemory',
    'llama 2 13b on 1x A10 24GB OOM\n>[01/02/2024-10:00:00] [TRT] [W] Requested amount of GPU memory could not be allocated.',
    'mistral 7b on an 8GB laptop card\n(trt-env) me@box:~/trtllm-demo$ bash build.sh\n[03/22/2024-20:50:37] [TRT-LLM] [I] Serially build TensorRT engines.',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.engine).toBe('vllm');
  });

  it('a prompt naming an engine with no log of it says nothing of the engine', () => {
    expect(read('mistral 7b inference on an 8GB card\n(vllm-env) me@box:~/work$ python run.py').scenario.inference?.engine ?? 'hf').toBe('hf');
  });
});

describe("ggml's CUDA backend lines are llama.cpp's logger", () => {
  it('c1200 (TabbyML/tabby#1498, `tabbyml/tabby serve` then "ggml_init_cublas: found 4 CUDA devices:"): llama.cpp, said as weak, split layer by layer', () => {
    const text = line('c1200').text;
    const { scenario } = read(text);
    expect(scenario.framework).toBe('llamacpp');
    expect(scenario.parallel.pp).toBe(4);
    expect(first(text)).toMatch(/framework llamacpp — from\s+"ggml_init_cublas"\?/);
  });

  it.each([
    'docker run --gpus all my/server serve --model deepseek-coder-6.7b on 2x RTX 3090\nggml_init_cublas: found 2 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6',
    'mistral 7b q4_k_m on a 6GB laptop card, it crashes:\nggml_cuda_init: GGML_CUDA_FORCE_MMQ:    no\nggml_cuda_init: found 1 CUDA devices:',
  ])('%s', (text) => {
    expect(read(text).scenario.framework).toBe('llamacpp');
  });

  it('an engine named outside the log leads: Ollama runs ggml too', () => {
    expect(read('ollama run llama3:8b on a 6GB card OOM\nggml_cuda_init: found 1 CUDA devices:').scenario.framework).not.toBe('hf');
  });
});

describe('a vLLM release said beside a deploy word names the engine', () => {
  // The forty-first session's stranger check: "部署" (deploy) set the mode and "vllm 0.8.5" the engine, yet the reply
  // said the engine was assumed for "部署".
  it.each([
    '用两张L40S部署Qwen3-32B-AWQ，vllm 0.8.5，tp 2',
    'deploying qwen2.5-14b on 2x L40S, vllm 0.6.3, tp 2',
  ])('%s: vLLM, not said as assumed', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(said).not.toMatch(/served with vLLM's memory layout \(assumed/);
  });

  it('a deploy word with no engine and no release still says the assumption', () => {
    const { said } = read('deploying qwen2.5-14b on 2x L40S, tp 2');
    expect(said).toMatch(/served with vLLM's memory layout \(assumed for "deploying"/);
  });
});
