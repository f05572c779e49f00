import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read } from './reading-fixtures.js';

const canonical = (text: string) => ` ${canonicalText(read(text).scenario)} `;
const hasAll = (text: string, words: readonly string[]) => {
  const c = canonical(text);
  for (const w of words) expect(c).toContain(` ${w} `);
};

/**
 * An engine's settings in every dump shape a serving engine or its wrapper prints (segments/wrapper-echo-rules.ts;
 * the key tables read each shape alike): GPUStack's "arguments: [vllm serve … --max-model-len=32768" log line
 * (gpustack/gpustack#4963, c2448, read as the model's 262,144-token window), vLLM's non-default args and Namespace
 * echoes, SGLang's ServerArgs, TGI's Args, a wrapper's backend parameters. First sight of these variations on the
 * code before the rule: 6 of 8 right (rserve12, 2026-12-05).
 */
describe("an engine's settings echoed by the engine or its wrapper", () => {
  it.each<[string, string[]]>([
    ['Deploy qwen3-8b on a 4090 fails\n\n2026-03-20 17:38:40.875642+08:00 - gpustack.worker.backends.vllm - INFO - With image: gpustack/runner:cuda12.8-vllm0.10.2, command: [], arguments: [vllm serve /var/lib/gpustack/cache/huggingface/Qwen/Qwen3-8B --max-model-len=16384 --gpu-memory-utilization=0.85]', ['seq 16384', 'util 0.85']],
    ["qwen2.5-7b OOM on 2x 3090\nINFO 07-24 17:34:57 [cli_args.py:325] non-default args: {'model': 'Qwen/Qwen2.5-7B-Instruct', 'max_model_len': 8192, 'tensor_parallel_size': 2}", ['seq 8192', 'tp 2']],
    ["llama-2-7b on a T4 fails\nINFO 05-02 10:11:12 api_server.py:149] args: Namespace(host=None, port=8000, model='meta-llama/Llama-2-7b-hf', max_model_len=4096, tensor_parallel_size=1, gpu_memory_utilization=0.8)", ['seq 4096', 'util 0.8']],
    ["qwen2.5-14b on a L40S OOM\n[2025-03-01 10:00:00] server_args=ServerArgs(model_path='Qwen/Qwen2.5-14B-Instruct', context_length=16384, mem_fraction_static=0.8, tp_size=1)", ['sglang', 'seq 16384', 'util 0.8']],
    ["部署 Qwen2.5-32B-Instruct-AWQ 在 4090 上报错，日志：\nINFO 03-01 12:00:00 [cli_args.py:325] non-default args: {'model': '/models/Qwen2.5-32B-Instruct-AWQ', 'max_model_len': 32768, 'quantization': 'awq'}", ['seq 32768']],
    ['llama-3.1-8b on an A10G\n2024-07-01T10:00:00.000Z  INFO text_generation_launcher: Args { model_id: "meta-llama/Llama-3.1-8B", max_input_tokens: Some(4096), max_total_tokens: Some(8192), cuda_memory_fraction: 1.0 }', ['tgi', 'seq 8192']],
    ['GPUStack 部署 glm-4-9b-chat 失败 (RTX 4090)\nBackend: vLLM\nBackend version: 0.8.5\nBackend parameters: --max-model-len=8192 --gpu-memory-utilization=0.8', ['seq 8192', 'util 0.8']],
    ['Qwen3-14B 배포 실패 (A100 40GB)\n2026-01-02 10:11:12 - gpustack.worker.backends.sglang - INFO - arguments: [sglang serve --model-path /cache/Qwen/Qwen3-14B --context-length=40960 --mem-fraction-static=0.85]', ['sglang', 'seq 40960', 'util 0.85']],
  ])('%s', (text, words) => hasAll(text, words));

  it("c2448: GPUStack's arguments line sets --max-model-len=32768", () => {
    expect(` ${canonicalText(corpusLineRead('c2448').scenario)} `).toContain(' seq 32768 ');
  });

  it('the user\'s own flags win over the echo', () => {
    hasAll('vllm serve Qwen/Qwen3-8B --max-model-len 4096 on a 4090\n2026-03-20 17:38:40+08:00 - gpustack.worker.backends.vllm - INFO - arguments: [vllm serve /cache/Qwen/Qwen3-8B --max-model-len=16384]', ['seq 4096']);
  });
});

/**
 * SGLang named by the options only it has, in any dump shape (config-keys/engines/sglang.ts SGLANG_DUMP_ONLY_KEYS):
 * a run of its ServerArgs repr cut before the class name (gpustack/gpustack#4770, c2449) had read as vLLM, the
 * default for "deploy". First sight of these variations (on main's build, before the keys): 0 of 5 right.
 */
describe('SGLang named by its own option names', () => {
  it.each<string>([
    "Failed to deploy llama-3.1-8b on an L4\n\nserved_model_name='llama', chat_template=None, completion_template=None, file_storage_path='sglang_storage', enable_cache_report=False, dp_size=1",
    'deploy on a 4090 fails with this config: {"model_path": "Qwen/Qwen2.5-7B-Instruct", "enable_cache_report": false, "sampling_defaults": "model"}',
    'serving Qwen3-8B on an H100 with --model-path Qwen/Qwen3-8B --enable-cache-report --file-storage-path /tmp/x',
    'deploying qwen2.5-14b on an A100 80GB:\n```yaml\nmodel_path: Qwen/Qwen2.5-14B-Instruct\nhf_chat_template_name: chatml\nweight_version: default\n```',
    "在 4090 上部署 Qwen3-8B 失败，参数：weight_version='default', sampling_defaults='model', completion_template=None",
  ])('%s', (text) => hasAll(text, ['sglang']));

  it('says which option named SGLang', () => {
    expect(read("在 4090 上部署 Qwen3-8B 失败，参数：weight_version='default', sampling_defaults='model'").said).toMatch(/only SGLang has/);
  });

  it('c2449: the ServerArgs run is SGLang', () => {
    expect(` ${canonicalText(corpusLineRead('c2449').scenario)} `).toContain(' sglang ');
  });
});

/**
 * max_tokens as a generating call's keyword argument in the user's own script, its prompt a variable
 * (config-keys/sequence.ts requestCap): mlx_lm's `generate(model, tokenizer, prompt=prompt, max_tokens=30000)`
 * (ml-explore/mlx-examples#910, c2452) had been set aside as a request body's cap. First sight of these variations
 * (on main's build): 1 of 6 right, the request body's guard only.
 */
describe("a generating call's max_tokens", () => {
  it.each<[string, string]>([
    ['Running Meta-Llama-3.1-8B 4bit with mlx_lm on a Mac:\nresponse = generate(model, tokenizer, prompt=text, max_tokens=20000, verbose=True)', 'gen 20000'],
    ['qwen2.5-7b on a 4090 with vllm\nouts = llm.generate(prompt=prompts, max_tokens=4096)', 'gen 4096'],
    ['mlx_lm 로 Qwen2.5-14B-Instruct-4bit 실행: generate(model, tokenizer, prompt=p, max_tokens=12000) 메모리 부족', 'gen 12000'],
    ['用 mlx_lm 跑 Llama-3.1-70B-4bit，generate(model, tokenizer, prompt=prompt, max_tokens=30000, temp=0.7) 时内存不够', 'gen 30000'],
  ])('%s', (text, words) => hasAll(text, [words]));

  it("a request body's max_tokens stays one request's cap", () => {
    expect(canonical('llama-3-8b served by vllm on a 4090; my request: {"prompt": "hello", "max_tokens": 512}')).not.toContain(' gen 512 ');
  });

  it('says the call it read the generation from', () => {
    expect(read('用 mlx_lm 跑 Llama-3.1-70B-4bit，generate(model, tokenizer, prompt=prompt, max_tokens=30000, temp=0.7) 时内存不够').said).toMatch(/max_tokens=30000/);
  });

  it('c2452: mlx_lm generate(…, max_tokens=30000) is the generation', () => {
    expect(` ${canonicalText(corpusLineRead('c2452').scenario)} `).toContain(' gen 30000 ');
  });
});
