import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read, shape } from './reading-fixtures.js';

/**
 * rserve11 (thirty-second session): serving lines where the load, a deploy word or a runner's tag was read as a
 * setting it is not. Invented variations, written and scored before the fix (figures in the commit messages):
 * - the load a client sends (a benchmark's concurrency, Apache Bench's -c, 请求并发度, 동시 요청) is not a server
 *   setting: it sets no micro-batch (vllm-project/vllm#2988, c2697; modelscope/ms-swift#7892, c2783);
 * - a deploy word (部署, deploy) beside a repository's demo script or transformers code names no engine: the model
 *   runs in transformers (zai-org/ChatGLM2-6B#495, c2763; OpenMOSS/MOSS#362, c2758);
 * - an Ollama tag or a GGUF file with no training word is inference; tuning a runner's settings trains nothing
 *   (ionfury/homelab#1352, c2737);
 * - a duration ("2个小时后") counts hours, not cards, and memory said to become or stay at an amount is a reading
 *   (QwenLM/Qwen3-VL#55, c2768);
 * - a serving setup's engine, release and size in its own words: a recipe's `tensor_parallel` key
 *   (eugr/spark-vllm-docker#200, c2731), `pip install -U vllm==0.3.2` (skypilot-org/skypilot#3489, c2735), vLLM's tree
 *   at a release tag (vllm-project/vllm#2988, c2697), and transformers' `device_map` beside a deploy word
 *   (zai-org/ChatGLM-6B#120, c2762).
 */

const same = (text: string, reading: string) => {
  const s = read(text).scenario;
  const r = read(reading).scenario;
  // The canonical text with the reading's model words: the model as written ("qwen2.5:7b-instruct-q8_0") is compared by its shape.
  expect(canonicalText({ ...s, model: r.model })).toBe(canonicalText(r));
  expect(shape(s)).toBe(shape(r));
};

describe("the client's load is not a server setting", () => {
  it.each([
    ['vllm serve meta-llama/Llama-3.1-8B-Instruct on one A100 80GB, tested with 64 concurrent requests', 'llama-3.1-8b serve vllm concurrency 64 on 1x a100-80g'],
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --tp 2\non 2x L40S; a locust load test at 128 concurrent users OOMs', 'qwen2.5-7b serve sglang tp 2 concurrency 128 on 2x l40s'],
    ['ab -n 1000 -c 256 against vLLM serving llama-2-13b with --tensor-parallel-size 2 on 2x A100 40GB', 'llama-2-13b serve vllm tp 2 concurrency 256 on 2x a100-40g'],
    ['用vllm部署qwen2.5-14b，单卡A100 80G，压测并发100的时候显存占满了', 'qwen2.5-14b serve vllm concurrency 100 on 1x a100-80g'],
    ['sglang部署Qwen3-32B，4张H100，tp 4，请求并发度16时显存爆了', 'qwen3-32b serve sglang tp 4 concurrency 16 on 4x h100'],
    ['vLLM으로 qwen2.5-7b 서빙 중인데 동시 요청 32개에서 OOM, RTX 4090', 'qwen2.5-7b serve vllm concurrency 32 on 1x rtx-4090'],
    ['vllm serve mistral-7b --max-num-seqs 64 on an L4, benchmark at concurrency 128', 'mistral-7b serve vllm max seqs 64 concurrency 128 on 1x l4'],
    // (A tenth, "vllm bench serve --max-concurrency 32 against Qwen2.5-32B-Instruct-AWQ, served with tp 2 on 2x RTX 3090",
    // still fails on another cause: the model after a flag's value in a command line goes unread.)
    ['llama-3-70b served by vLLM on 4x A100 80GB (tp 4); with concurrency=64 from genai-perf it OOMs', 'llama-3-70b serve vllm tp 4 concurrency 64 on 4x a100-80g'],
    ['Used Apache Bench with 256 concurrent requests against the vLLM server: llama-2-70b fp16, tp 8 on 8x H100', 'llama-2-70b serve vllm fp16 tp 8 concurrency 256 on 8x h100'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it('the load is said, not dropped in silence', () => {
    expect(read('vllm serve meta-llama/Llama-3.1-8B-Instruct on one A100 80GB, tested with 64 concurrent requests').said).toMatch(/64 concurrent requests.*load/);
  });

  // rserve17: one meaning for a load in every phrasing — the clients' load, held against what the server serves at once.
  it('a load said with no engine running is the same load', () => {
    const { scenario } = read('mistral-7b, 50 concurrent users, a100');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.inference.clientLoad).toBe(50);
  });
});

describe('a deploy word beside a demo script or transformers code runs the model in transformers', () => {
  it.each([
    ['微调后用web_demo.py部署chatglm2-6b，两张3090，还是爆显存', 'chatglm2-6b inference pp 2 on 2x rtx-3090'],
    ['python cli_demo.py 部署 qwen-7b-chat 在一张 T4 上 OOM', 'qwen-7b inference on 1x t4'],
    ['deploying baichuan2-13b-chat with web_demo.py on a single A10, CUDA OOM', 'baichuan2-13b inference on 1x a10'],
    ['部署internlm-chat-7b，用的是 streamlit run web_demo.py，3090 24G 显存不够', 'internlm-7b inference on 1x rtx-3090'],
    ['两张v100 32G部署moss-moon-003-sft，运行 python moss_cli_demo.py --gpu 0,1 报OOM', 'moss-moon-003-16b inference pp 2 on 2x v100-32g'],
    ['Deploying Qwen-7B-Chat with the repo\'s cli_demo.py on 2x RTX 2080 Ti 11GB, it still OOMs', 'qwen-7b inference pp 2 on 2x rtx-2080-ti'],
    ['部署 chatglm3-6b 用 basic_demo/web_demo_gradio.py，单卡 4060 8G 爆显存', 'chatglm3-6b inference on 1x rtx-4060'],
    ['两张v100（32G*2）部署moss，改成 raw_model = MossForCausalLM._from_config(config, torch_dtype=torch.float32) 后运行 python moss_cli_demo.py --model_name fnlp/moss-moon-003-sft --gpu 0,1', 'moss-moon-003-16b inference fp32 pp 2 on 2x v100-32g'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it.each([
    ['用vllm部署qwen2.5-7b，单卡4090', 'qwen2.5-7b serve vllm on 1x rtx-4090'],
    ['用lmdeploy部署internlm2-chat-7b，单卡A10', 'internlm2-7b lmdeploy on 1x a10'],
  ])('an engine named by its own words stays: %s', (text, reading) => same(text, reading));
});

describe('an Ollama tag or a GGUF file with no training word is inference', () => {
  it.each([
    ['feat: tune LLM settings for local Ollama. Switch to qwen2.5:7b-instruct-q8_0, it fits the P4000\'s 8 GB VRAM', 'qwen2.5-7b ollama inference q8_0 on 1x 8GB'],
    ['tuning ollama settings for llama3.1:8b-instruct-q4_K_M on an RTX 3060 12GB', 'llama-3.1-8b ollama inference q4_k_m on 1x rtx-3060'],
    ['tune the context settings: ollama run qwen2.5:14b-instruct-q4_K_M on a 4090', 'qwen2.5-14b ollama inference q4_k_m on 1x rtx-4090'],
    ['调优 ollama 参数，模型 qwen2.5:7b-instruct-q8_0，显卡 RTX 4060 Ti 16G', 'qwen2.5-7b ollama inference q8_0 on 1x rtx-4060-ti-16g'],
    ['performance tuning of llama.cpp with Meta-Llama-3-8B-Instruct-Q4_K_M.gguf on a 3060 12GB', 'llama-3-8b llamacpp inference q4_k_m on 1x rtx-3060'],
    ['Tune Ollama parameters (num_ctx, num_parallel) for mistral:7b-instruct-q8_0 on an RTX 3090', 'mistral-7b ollama inference q8_0 on 1x rtx-3090'],
  ])('%s → %s', (text, reading) => same(text, reading));
});

describe('a duration counts hours, not cards', () => {
  it.each([
    ['vllm serve Qwen2-VL-7B-Instruct-AWQ --quantization awq，1个多小时之后显存占用变成了18G，2个小时后占用变成了20G', 'qwen2-vl-7b serve vllm awq'],
    ['vllm serve Qwen2-VL-7B-Instruct-AWQ --quantization awq，运行3个小时后显存涨到了22G', 'qwen2-vl-7b serve vllm awq'],
    ['vllm serve Qwen2-VL-7B-Instruct-AWQ --quantization awq, after 2 hours memory use grew to 20GB', 'qwen2-vl-7b serve vllm awq'],
  ])('%s → %s', (text, reading) => same(text, reading));
});

describe("a serving setup's engine, release and split in its own words", () => {
  it.each([
    ['vllm serving config for llama-3.1-70b on 2x H100 80GB:\n```yaml\ntensor_parallel: 2\nmax_model_len: 8192\n```', 'llama-3.1-70b serve vllm tp 2 seq 8192 on 2x h100'],
    ['serve.yaml\n```yaml\nresources:\n  accelerators: A100-80GB:4\nsetup: |\n  pip install -U vllm==0.4.2\n```\nserving llama-3-70b', 'llama-3-70b serve vllm 0.4.2 on 4x a100-80g'],
    ['pip install -q vllm==0.5.4 then serve qwen2-7b on one L4', 'qwen2-7b serve vllm 0.5.4 on 1x l4'],
    ['checked out [v0.4.0](https://github.com/vllm-project/vllm/tree/v0.4.0) and served mistral-7b on an A10G', 'mistral-7b serve vllm 0.4.0 on 1x a10g'],
    ['能否将模型部署在两张卡上？chatglm2-6b，两张3060 12G，通过device_map还是OOM', 'chatglm2-6b inference pp 2 on 2x rtx-3060'],
    ["deploying baichuan-13b across 2x RTX 4090 with device_map='auto', still OOM", 'baichuan-13b inference pp 2 on 2x rtx-4090'],
    ['recipe.yaml:\n```yaml\nmodel: Qwen/Qwen2.5-32B-Instruct\ntensor_parallel: 4\ngpu_memory_utilization: 0.9\n```\nvLLM on 4x L40S', 'qwen2.5-32b serve vllm tp 4 util 0.9 on 4x l40s'],
    ['uv pip install -U vllm==0.6.3, then vllm serve meta-llama/Llama-3.1-8B-Instruct on a 4090', 'llama-3.1-8b serve vllm 0.6.3 on 1x rtx-4090'],
    ['vllm部署qwen2-7b，单卡4090，100个并发请求就OOM', 'qwen2-7b serve vllm concurrency 100 on 1x rtx-4090'],
    ['sglang serving qwen2.5-32b on 2x A100 80GB tp 2, the concurrency-64 benchmark OOMs', 'qwen2.5-32b serve sglang tp 2 concurrency 64 on 2x a100-80g'],
    ['部署 qwen-14b-chat 到两张 2080ti 上，按 README 用了 device_map="auto"，还是爆显存', 'qwen-14b inference pp 2 on 2x rtx-2080-ti'],
  ])('%s → %s', (text, reading) => same(text, reading));

  it("a concurrency stated as the server's target is the same load (rserve17: it was the serving batch)", () => {
    expect(read('vllm部署qwen2.5-7b，4090，并发数 50').scenario.inference.clientLoad).toBe(50);
  });

  it("a server's own --device_map flag keeps the server", () => {
    expect(read('部署Qwen2.5-VL-3B\nswift deploy --model Qwen2.5-VL-3B-Instruct --infer_backend pt --device_map auto on 4 GPUs').scenario.inference.engine).toBe('vllm');
  });
});
