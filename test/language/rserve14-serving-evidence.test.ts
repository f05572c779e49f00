import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read, readNoticed, shape } from './reading-fixtures.js';

/**
 * rserve14 (thirty-fifth session): serving runs read from evidence the reader missed, or read from evidence that
 * belongs to something else. Invented variations, written and scored before the fix (figures in the commit):
 * - vLLM's issue template heading "### Your current environment" names vLLM, weak (c1247, c3041: read as Hugging
 *   Face's layer split, pp 4, where the run is vLLM's tensor split at its default length);
 * - a fine-tune done before the serving run, said with Chinese 了 / 完 or Korean 후 (c3038: "lora微调了… 使用vllm …
 *   两张a100启动报错" read as LoRA training);
 * - a release of an engine other than the run's ("pip3 install lmdeploy==0.5.1" beside an SGLang run, c3002);
 * - lengths: a length keyword reached over "passes / exceeds" (c3045: "context passes 6 - 7K" beside "64K context"
 *   read as seq 6), and ExLlamaV2's "_HF" loader name (c3045: 6.0bpw read as GGUF Q6_K).
 */

const same = (text: string, reading: string) => {
  const s = read(text).scenario;
  const r = read(reading).scenario;
  expect(canonicalText({ ...s, model: r.model })).toBe(canonicalText(r));
  expect(shape({ ...s, model: r.model })).toBe(shape(r));
};

describe("vLLM's issue template heading names vLLM, weak", () => {
  it.each([
    ['[Bug]: Gemma3 GPU memory usage is always oom\n\n### Your current environment\n\nWhy does 4 4090s always crash when loading gemma-3-12b?', 'gemma-3-12b serve vllm tp 4 on 4x rtx-4090'],
    ['4卡V100 16G每张卡显存占用14.5G\n\n### Your current environment\n\nubuntu 24.04 ，4卡V100 16G，模型：tclf90/Qwen3.5-35B-A3B-AWQ', 'qwen3.5-35b-a3b serve vllm awq tp 4 on 4x v100-16g'],
    ['### Your current environment\nGPU: 2x A100 80GB\nmodel: meta-llama/Llama-3.1-70B-Instruct\n\n### 🐛 Describe the bug\nOOM at startup', 'llama-3.1-70b serve vllm tp 2 on 2x a100-80g'],
    ['[Bug]: OOM with Llama-3.1-8B on a single L4\n\n### Your current environment\n\nL4 24GB, driver 550\n\n### 🐛 Describe the bug\n\nthe server dies with CUDA out of memory', 'llama-3.1-8b serve vllm on 1x l4'],
    ['[Performance]: Qwen2-7B slow on 2 T4\n\n### Your current environment\n2x T4 16GB\n\n### Proposal to improve performance\nit is slow', 'qwen2-7b serve vllm tp 2 on 2x t4'],
    ['[Usage]: how to run qwen2.5-72b-instruct-awq on 2x rtx 4090\n\n### Your current environment\n\n### How would you like to use vllm\n\nI want to run qwen2.5-72b-instruct-awq on two 4090s', 'qwen2.5-72b serve vllm awq tp 2 on 2x rtx-4090'],
    ['### Your current environment\n\n8张A800 80G，deepseek-r1-distill-qwen-32b 部署后显存占满', 'qwen2.5-32b serve vllm tp 8 on 8x a800-80g'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it.each([
    // Another program named, or a training run: the heading adds nothing.
    ['### Your current environment\n\nLlama-3-8B-Instruct on one 4090 with llama.cpp -c 8192 -ngl 99 runs out of memory', 'llama-3-8b llamacpp inference q4_k_m seq 8192 ngl 99 on 1x rtx-4090'],
    ['### Your current environment\n\ntraining llama-2-7b with lora on 2x 3090 runs out of memory', 'llama-2-7b lora on 2x rtx-3090'],
    ['### Your current environment\nsglang 0.4.1, 2x H100, DeepSeek-V2-Lite', 'deepseek-v2-lite serve sglang tp 2 on 2x h100-80g'],
  ])('unchanged: %s → %s', (text, reading) => same(text, reading));

  it('says the engine is read from the template, on the first screen', () => {
    const { said } = readNoticed('[Bug]: OOM with Llama-3.1-8B on a single L4\n\n### Your current environment\n\nL4 24GB, driver 550');
    expect(said).toMatch(/vllm[^|]*Your current environment/i);
  });

  it('c3041: vLLM over the four V100s is tp 4 at the model window vLLM defaults to', () => {
    const s = corpusLineRead('c3041').scenario;
    expect([s.inference.engine, s.parallel.tp, s.parallel.pp]).toEqual(['vllm', 4, 1]);
  });
});

describe('a fine-tune done before the serving run is where the weights came from', () => {
  it.each([
    ['lora微调了qwen2-72b-instruct，导出量化4位gptq，使用vllm单张卡启动成功，但是上下文长度太少，使用两张a100启动报错', 'qwen2-72b serve vllm tp 2 on 2x a100-80g'],
    ['qwen2-72b-instruct lora微调完，用vllm在两张a100上部署报错', 'qwen2-72b serve vllm tp 2 on 2x a100-80g'],
    ['我全参微调了qwen2.5-7b，用vllm部署在一张4090上，显存占满了', 'qwen2.5-7b serve vllm on 1x rtx-4090'],
    ['qwen2.5-14b를 lora로 파인튜닝한 후 vllm으로 서빙하는데 A100 1장에서 OOM', 'qwen2.5-14b serve vllm on 1x a100-80g'],
    ['用lora微调了llama-3-8b，合并后用vllm推理，2张3090报OOM', 'llama-3-8b serve vllm tp 2 on 2x rtx-3090'],
    ['微调了 qwen2-7b-instruct 之后用 vllm 部署，tp 2，两张 a10', 'qwen2-7b serve vllm tp 2 on 2x a10'],
    ['I fine-tuned llama-3-8b with lora, merged it, and now serving it with vllm on 2x 3090 gives OOM', 'llama-3-8b serve vllm tp 2 on 2x rtx-3090'],
    ['Fine-tuned qwen2-7b with LoRA, then deployed the merged model with vllm on one A10', 'qwen2-7b serve vllm on 1x a10'],
    ['I LoRA-finetuned qwen2-72b-instruct, exported it as 4-bit GPTQ; vllm on two A100s fails at startup', 'qwen2-72b serve vllm gptq tp 2 on 2x a100-80g'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it('with no running word after it, the fine-tune is the run', () => {
    same('我用lora微调了qwen2-7b，单张4090训练显存不够', 'qwen2-7b lora on 1x rtx-4090');
  });
});

describe("a release of another engine is not the run's", () => {
  it.each([
    ['tested on A100 80G\npython3 -m sglang.launch_server --model internlm/internlm2-chat-7b\npip3 install lmdeploy==0.5.1\npython3 -m lmdeploy serve api_server internlm/internlm2-chat-7b', 'internlm2-7b serve sglang on 1x a100-80g'],
    ['python3 -m sglang.launch_server --model-path Qwen/Qwen2-7B-Instruct on an A100 80GB; for comparison I also tried lmdeploy 0.5.1', 'qwen2-7b serve sglang on 1x a100-80g'],
    ['我用 sglang 部署 qwen2-7b，单张 A100 80G，之前用 lmdeploy 0.5.0 没问题', 'qwen2-7b serve sglang on 1x a100-80g'],
    ['vllm serve Qwen/Qwen2-7B-Instruct on 1x A100 80GB, lmdeploy==0.4.2 is installed too', 'qwen2-7b serve vllm on 1x a100-80g'],
    ['lmdeploy serve api_server internlm/internlm2-chat-7b --tp 2 on 2x A10, vllm 0.5.3 works fine with the same model', 'internlm2-7b serve lmdeploy tp 2 on 2x a10'],
    ['python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2-7B-Instruct on a 4090; with tgi 2.0.4 the same model fits', 'qwen2-7b serve vllm on 1x rtx-4090'],
    ['text-generation-launcher --model-id mistralai/Mistral-7B-v0.1 on an L4, vllm 0.4.0 gives OOM for me too', 'mistral-7b serve tgi on 1x l4'],
    ['sglang serving qwen2-7b on one a100 80g is slower than lmdeploy 0.5.1', 'qwen2-7b serve sglang on 1x a100-80g'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it.each([
    ['lmdeploy serve api_server internlm/internlm2-chat-7b on an A100 80G, lmdeploy 0.5.1', 'internlm2-7b serve lmdeploy 0.5.1 on 1x a100-80g'],
    ['vllm 0.6.4 serve Qwen/Qwen2-7B-Instruct on a 4090', 'qwen2-7b serve vllm 0.6.4 on 1x rtx-4090'],
  ])("unchanged, the run's own release: %s → %s", (text, reading) => same(text, reading));

  it('says the release set aside', () => {
    expect(read('python3 -m sglang.launch_server --model-path Qwen/Qwen2-7B-Instruct on an A100 80GB; for comparison I also tried lmdeploy 0.5.1').said).toMatch(/lmdeploy 0\.5\.1" set aside: a release of LMDeploy, not of SGLang/);
  });

  it('c3002: the SGLang run keeps no LMDeploy release', () => {
    expect(corpusLineRead('c3002').scenario.inference.lmdeployVersion).toBeUndefined();
  });
});

describe('lengths: where a run got to, a table header, a loader name', () => {
  it.each([
    ['I am running Llama 3.1 70B at 6.0BPW with ExLlamav2_HF loader, 64K context, and autosplit. as soon as the context passes 6 - 7K, it gives me an OOM error', 'llama-3.1-70b exllamav2 bpw 6 seq 65536'],
    ['Llama 3.1 70B at 6.0BPW with ExLlamav2_HF loader, 64K context', 'llama-3.1-70b exllamav2 bpw 6 seq 65536'],
    ['Llama 3.1 70B at 6.0BPW with exllamav2, 64K context. as soon as the context passes 6 - 7K, it gives me an OOM error', 'llama-3.1-70b exllamav2 bpw 6 seq 65536'],
    ['exllamav2 llama-3.1-70b 6.0 bpw, 64k context, OOM once the chat passes 6 - 7k', 'llama-3.1-70b exllamav2 bpw 6 seq 65536'],
    ['llama-server -m qwen2.5-14b-instruct-q4_k_m.gguf -c 32768 -ngl 99 on a 4090, it crashes as soon as the context goes past 12k', 'qwen2.5-14b llamacpp inference q4_k_m seq 32768 ngl 99 on 1x rtx-4090'],
    ['上下文设置64K，exllamav2 llama-3.1-70b 6.0bpw，聊到 6 - 7K 就 OOM', 'llama-3.1-70b exllamav2 bpw 6 seq 65536'],
    ['TabbyAPI Mistral-Large 4.0BPW with max_seq_len 32768 on 3x 3090, crashes past 10 - 12K context', 'mistral-large exllamav2 bpw 4 seq 32768 on 3x rtx-3090'],
    ['ollama run qwen2.5:14b with num_ctx 16384 on a 3090, it gets slow once the conversation passes 8k tokens', 'qwen2.5-14b ollama inference q4_k_m seq 16384 on 1x rtx-3090'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it('a lone length said as reached is still read', () => {
    expect(read('exllamav2 llama-3.1-70b 6.0bpw, OOM when the context passes 7K').scenario.seq).toBe(7168);
  });

  it("c3045: the 64K context and the EXL2 width are read, not seq 6 and Q6_K", () => {
    const s = corpusLineRead('c3045').scenario;
    expect([s.seq, s.inference.bpw, s.weights]).toEqual([65536, 6, 'exl2']);
  });

});

describe('"host" the machine is no hosting', () => {
  const engineOf = (text: string) => {
    const s = read(text).scenario;
    return [s.mode, s.inference?.engine ?? null];
  };
  it.each([
    'When I run inference with gpt-neo 1.3b on 4 A100 gpus, host ram consumption increases and I met host OOM',
    'mistral-7b inference on a 4090, host memory usage goes to 60GB during loading',
    'qwen2-7b 推理，4090，host 内存不够',
    'generating with llama-2-7b on a T4 colab, the host process gets killed (host OOM)',
    'llama-2-13b inference with transformers on 2x A100 80GB, the host runs out of memory while loading',
    'loading llama-2-70b with device_map auto on 2x a100-80g fills the host RAM',
  ])('%s: Hugging Face generate, not a server', (text) => expect(engineOf(text)).toEqual(['inference', 'hf']));

  it.each([
    'I want to host llama-3-8b for my team on one L4',
    'hosting qwen2.5-14b on an A10G for my team',
    'we host mistral-7b on 2x 4090',
    'deploy llama-3-8b on the host with one 4090',
  ])('unchanged, hosting a model: %s', (text) => expect(engineOf(text)).toEqual(['inference', 'vllm']));

  it('c2980: DeepSpeed-Inference with "host OOM" is not vLLM serving', () => {
    expect(corpusLineRead('c2980').scenario.inference.engine).not.toBe('vllm');
  });
});
