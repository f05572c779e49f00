import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Session 35 (rengine2): which engine serves, read from every place the message writes it.
 * - TGI known by its own settings (config-keys/config-shape.ts, the `tgi` row): SageMaker's LLM container keys
 *   (`SM_NUM_GPUS`, `HF_MODEL_ID`, `HF_MODEL_QUANTIZE`) and the launcher's flags and variables (`--num-shard`,
 *   `MAX_BATCH_PREFILL_TOKENS`, `MAX_INPUT_TOKENS`), read in TGI's namespace (its --max-batch-size caps requests:
 *   max seqs); its shard count is the cards it uses on a larger instance (reconcile/cards.ts TGI_SHARDS).
 *   Corpus c2608, c2610 (read as vLLM). Variations T*: 0 of 8 right at first sight, 8 of 8 after.
 * - A key's value that is a variable the message sets to a number (`number_of_gpu = 2` … `json.dumps(number_of_gpu)`;
 *   config-keys/read.ts variableHeld), and a one-line dict of snake_case settings read as settings (code-dump.ts).
 *   Variations V*: 4 of 6 right at first sight, 6 of 6 after.
 * - An engine's documentation path names it, weak (prose/rules/engine-links.ts prose.engine-docs-path): corpus c2656
 *   ("docs/USAGE.sglang.md", read as a full fine-tune). Variations D*: 2 of 6 right at first sight, 5 of 6 after
 *   (D6's model name is left to the model rules).
 * - An engine ruled out ("## Why not vLLM", "stop using vLLM"; reconcile/engine-choice.ts LEFT_BEFORE), and a markdown
 *   table's row is prose, not a pipe (reconcile/asked-run.ts): corpus c2650's engine. Variations N*: 5 of 7 right at
 *   first sight, 6 of 7 after (N2, an engine said to be unable, stays open).
 */

const read = (id: string, text: string, reading: string) => judge({ id, text, source: 'invented', reading, intent: 'stated' });

describe('TGI known by its own settings', () => {
  it.each([
    ["Ta", "Deploying mistral-7b on SageMaker, keeps dying with CUDA OOM\nhub = {\n    'HF_MODEL_ID': 'mistralai/Mistral-7B-Instruct-v0.2',\n    'SM_NUM_GPUS': json.dumps(1),\n    'MAX_INPUT_LENGTH': json.dumps(3072),\n    'MAX_TOTAL_TOKENS': json.dumps(4096),\n}\ninstance_type=\"ml.g5.2xlarge\"", "mistral-7b tgi seq 4096 on 1x a10g"],
    ["Tb", "llama-2-70b with HuggingFaceModel on ml.p4d.24xlarge, SM_NUM_GPUS = \"4\", MAX_TOTAL_TOKENS = \"8192\", MAX_BATCH_PREFILL_TOKENS = \"4096\" -> out of memory at warmup", "llama-2-70b tgi tp 4 seq 8192 batched tokens 4096 on 4x a100-40g"],
    ["Tc", "用 HuggingFaceModel 在 ml.g5.12xlarge 上部署 Qwen2-7B，env 里设了 SM_NUM_GPUS=2, MAX_INPUT_TOKENS=6000, MAX_TOTAL_TOKENS=8192，还是爆显存", "qwen2-7b tgi tp 2 seq 8192 on 2x a10g"],
    ["Td", "env:\n  NUM_SHARD: \"2\"\n  MODEL_ID: meta-llama/Llama-2-13b-chat-hf\n  MAX_INPUT_LENGTH: \"2048\"\n  MAX_TOTAL_TOKENS: \"4096\"\nrunning on 2x A10G, the pod OOMs", "llama-2-13b tgi tp 2 seq 4096 on 2x a10g"],
    ["Te", "--model-id meta-llama/Llama-2-7b-hf --num-shard 2 --max-batch-prefill-tokens 2048 --max-total-tokens 4096 on two L4s, warmup fails", "llama-2-7b tgi tp 2 seq 4096 batched tokens 2048 on 2x l4"],
    ["Tf", "SageMaker 엔드포인트 배포 중 OOM: HuggingFaceModel, 'HF_MODEL_ID': 'meta-llama/Meta-Llama-3-8B-Instruct', 'SM_NUM_GPUS': '1', 'MAX_TOTAL_TOKENS': '8192', 인스턴스 ml.g5.xlarge", "llama-3-8b tgi seq 8192 on 1x a10g"],
    ["Tg", "config = {\n  'HF_MODEL_ID': \"tiiuae/falcon-40b-instruct\",\n  'SM_NUM_GPUS': json.dumps(4),\n  'HF_MODEL_QUANTIZE': \"bitsandbytes\",\n  'MAX_TOTAL_TOKENS': json.dumps(2048),\n}\ninstance: ml.g5.48xlarge", "falcon-40b tgi int8 tp 4 seq 2048 on 4x a10g"],
    ["Th", "NUM_SHARD=4 MAX_TOTAL_TOKENS=16384 MAX_INPUT_TOKENS=15000 MODEL_ID=Qwen/Qwen2.5-32B-Instruct on an 8x L40S box", "qwen2.5-32b tgi tp 4 seq 16384 on 4x l40s"],
  ])('%s reads as TGI', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('the real SageMaker lines read as TGI on the cards their shard count uses', () => {
    for (const id of ['c2608', 'c2610']) {
      const r = judge(loadCorpus().find((l) => l.id === id)!);
      expect(r.verdict, `${id}: ${r.detail}`).toBe('right');
    }
  });
});

describe('a key set to a variable the message sets', () => {
  it.each([
    ["Va", "from vllm import LLM\ntp = 4\nmax_len = 8192\nllm = LLM(model=\"meta-llama/Llama-2-13b-chat-hf\", tensor_parallel_size=tp, max_model_len=max_len)\nOOM on 4x A10G", "llama-2-13b serve vllm tp 4 seq 8192 on 4x a10g"],
    ["Vb", "number_of_gpu = 4\nconfig = {\n  'HF_MODEL_ID': \"mistralai/Mixtral-8x7B-Instruct-v0.1\",\n  'SM_NUM_GPUS': json.dumps(number_of_gpu),\n  'MAX_TOTAL_TOKENS': json.dumps(8192),\n}\ninstance_type = \"ml.g5.48xlarge\"", "mixtral-8x7b tgi tp 4 seq 8192 on 4x a10g"],
    ["Vc", "NUM_GPUS = 2\nhub = {'HF_MODEL_ID': 'meta-llama/Llama-2-13b-chat-hf', 'SM_NUM_GPUS': str(NUM_GPUS), 'MAX_INPUT_LENGTH': '3000', 'MAX_TOTAL_TOKENS': '4096'}\non ml.g5.12xlarge", "llama-2-13b tgi tp 2 seq 4096 on 2x a10g"],
    ["Vd", "gpus = 2\nmax_model_len = 16384\nllm = LLM(model=\"Qwen/Qwen2-7B-Instruct\", tensor_parallel_size=gpus, max_model_len=max_model_len)  # vllm\n2 RTX 4090", "qwen2-7b serve vllm tp 2 seq 16384 on 2x rtx-4090"],
    ["Ve", "TP=2\npython -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-2-7b-hf --tensor-parallel-size $TP on 2x 3090", "llama-2-7b serve vllm tp 2 on 2x rtx-3090"],
    ["Vf", "number_of_gpu = 1\nhealth_check_timeout = 300\n# 部署到 ml.g5.2xlarge\nconfig = {\n  'HF_MODEL_ID': \"Qwen/Qwen1.5-7B-Chat\",\n  'SM_NUM_GPUS': json.dumps(number_of_gpu),\n  'MAX_INPUT_LENGTH': json.dumps(2048),\n  'MAX_TOTAL_TOKENS': json.dumps(4096),\n}", "qwen1.5-7b tgi seq 4096 on 1x a10g"],
  ])('%s reads the variable\'s value', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});

describe('an engine named by its documentation path', () => {
  it.each([
    ["Da", "docs/USAGE.sglang.md\n## Qwen/Qwen3-32B\n- 128k context length\n- Tested GPU: 4x H100 80GB", "qwen3-32b sglang seq 131072 on 4x h100"],
    ["Db", "feat: add deepseek guide\n\nexamples/sglang/README.md\n+ Llama-3.1-70B-Instruct on 4x A100 80GB, 32k context", "llama-3.1-70b sglang seq 32768 on 4x a100-80g"],
    ["Dc", "## SGLang\nQwen2.5-72B-Instruct, 4x H100, context 32768", "qwen2.5-72b sglang seq 32768 on 4x h100"],
    ["Dd", "sglang部署文档 docs/sglang_deploy.md：Qwen2.5-72B-Instruct，4卡 A100 80G，上下文 32k", "qwen2.5-72b sglang seq 32768 on 4x a100-80g"],
    ["De", "recipes/vllm/llama3_70b.md\n### Llama-3.1-70B on 4x H100\n- max context 65536", "llama-3.1-70b serve vllm seq 65536 on 4x h100"],
  ])('%s reads the engine of the page', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});

describe('an engine ruled out is not the run', () => {
  it.each([
    ["Na", "We use llama.cpp instead of vLLM for qwen2.5-32b q4_k_m on 2x rtx 3090", "qwen2.5-32b llamacpp q4_k_m pp 2 on 2x rtx-3090"],
    ["Nc", "不用vllm了，改用llama.cpp跑qwen2.5-14b q4_k_m，单卡4090", "qwen2.5-14b llamacpp q4_k_m on 1x rtx-4090"],
    ["Nd", "Temporarily hand the 4090 over from vLLM to llama-cpp to evaluate Qwen2.5-14B GGUF Q4_K_M", "qwen2.5-14b llamacpp q4_k_m on 1x rtx-4090"],
    ["Ne", "vLLM 대신 llama.cpp로 Qwen2.5-32B Q4_K_M 을 RTX 3090 2장에서 돌립니다", "qwen2.5-32b llamacpp q4_k_m pp 2 on 2x rtx-3090"],
    ["Nf", "Switched from vllm to ollama: mistral-7b q4_k_m on a 3060 12GB", "mistral-7b ollama q4_k_m on 1x rtx-3060"],
    ["Ng", "Stop using vLLM for the 3090 box; llama.cpp serves llama-3-8b q8_0 there now", "llama-3-8b llamacpp q8_0 on 1x rtx-3090"],
  ])('%s reads the engine moved to', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});
