import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';
import type { Scenario } from '../../src/scenario/schema.js';

const clientLoad = (s: Scenario): unknown => (s.inference as Record<string, unknown>)['clientLoad'];

/**
 * rserve17 (thirty-eighth session): what a serving "batch" or "users" number counts. Invented variations, written
 * from the phenomenon before the fix and scored before it (figures in the commit messages).
 *
 * 1. An engine's batch setting is a cap on the sequences in flight (vLLM max_num_seqs, TensorRT-LLM max_batch_size,
 *    TGI --max-batch-size, LMDeploy max_batch_size, SGLang --max-running-requests) or a token budget
 *    (max_num_batched_tokens, TensorRT-LLM max_num_tokens, TGI --max-batch-total-tokens), never a training
 *    micro-batch (TGI's --max-batch-total-tokens is its KV budget, said as not modelled, not a prefill budget). Real lines: NVIDIA/TensorRT-LLM#4917 (c3251, b97), weicj/vLLM-2080Ti-Definitive#40 (c3307, b99),
 *    NVIDIA/TensorRT-LLM#2125 (c2175, b61), NVIDIA/TensorRT-LLM#16891 (c2730, b80), NVIDIA/TensorRT-LLM#2429 (c3068, b91).
 * 2. A stated concurrency ("10 concurrent users", "100 requests concurrently", 并发 20, 동시 사용자 20명, 同時10人)
 *    is one meaning: the load the clients send, carried in the scenario (inference.clientLoad), never a micro-batch.
 *    Real lines: h2oai/h2ogpt#997 (c1278, b38), triton-inference-server/server#8691 (c2113, b59),
 *    cloudrift-ai/emmy#130 (c2822, b83).
 */

describe("an engine's batch setting is a cap on sequences in flight, not a micro-batch", () => {
  it.each([
    ['TensorRT-LLM llm-api config for llama-3.1-8b on 1x L40S:\n```yaml\nbackend: pytorch\nbuild_config:\n  max_batch_size: 64\n  max_num_tokens: 4096\n  max_seq_len: 4096\n```', 64, 4096],
    ['text-generation-launcher --model-id mistralai/Mistral-7B-Instruct-v0.2 --max-batch-size 32 --max-batch-total-tokens 16000 on one A10G', 32, undefined],
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --max-running-requests 48 on a single H100', 48, undefined],
    ['llm = LLM(model="Qwen/Qwen2.5-7B-Instruct", max_num_seqs=16, max_num_batched_tokens=8192) on a 4090 with vllm', 16, 8192],
    ['We built a TensorRT-LLM engine for llama-3-8b with a max batch size of 16 and run it on an L4', 16, undefined],
    ['用TensorRT-LLM部署qwen2-7b，max_batch_size设为64，单卡A100 80G', 64, undefined],
    ['vLLM launch options for qwen2.5-14b on 2x L40S:\n```\n     Context tokens:   32768\n     Batch tokens:     8192\n     Max sequences:    4\n```', 4, 8192],
    ['vLLM으로 llama-3-8b 서빙 중, max_num_seqs 32, A100 80GB 한 장', 32, undefined],
    ['```json\n{"model": "meta-llama/Llama-3.1-8B-Instruct", "max_num_seqs": 256, "max_model_len": 8192}\n```\nvllm on one H100', 256, undefined],
    ['trtllm-serve meta-llama/Llama-3.1-8B-Instruct --max_batch_size 128 --max_num_tokens 8192 on 1x H100', 128, 8192],
    ['TGI on an A100 40GB serving llama-2-13b, MAX_BATCH_SIZE=4 and MAX_BATCH_TOTAL_TOKENS=8192 in the env', 4, undefined],
  ])('%s → max seqs %s, batched tokens %s, micro-batch 1', (text, seqs, tokens) => {
    const { scenario } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.inference.maxSeqs).toBe(seqs);
    if (tokens !== undefined) expect(scenario.inference.batchedTokens).toBe(tokens);
  });

  it("trtllm-build's --max_batch_size is the cap the engine is built to schedule: max seqs, as audit3 writes the corpus", () => {
    // audit3 (test/corpus/README.md) rewrote the build lines (c382 … c2828) from `bs N` to `max seqs N` (rbatch1).
    const { scenario } = read('trtllm-build --checkpoint_dir ./llama-2-7b-ckpt --output_dir ./engine --max_batch_size 8 --max_input_len 2048 --max_seq_len 4096 on an A100 80GB, llama-2-7b');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.inference.maxSeqs).toBe(8);
  });

  it("Meta's own example script keeps its batch: it sizes its cache by max_batch_size", () => {
    const { scenario } = read('torchrun --nproc_per_node 1 example_text_completion.py --ckpt_dir llama-2-7b/ --max_seq_len 128 --max_batch_size 4 on a 3090');
    expect(scenario.microBatch).toBe(4);
  });

  it('a training batch stays a micro-batch', () => {
    expect(read('finetune llama-3-8b with lora, per_device_train_batch_size 8, on a 4090').scenario.microBatch).toBe(8);
  });
});

describe('a stated concurrency is one meaning in every phrasing: the load, not a micro-batch', () => {
  it.each([
    ['serve llama-3.1-8b on vllm for 10 concurrent users on 1x L4', 10],
    ['expect about 10 concurrent users, llama-3.1-8b on vLLM, one L4', 10],
    ['mistral-7b, 50 concurrent users, a100', 50],
    ['vllm部署qwen2.5-7b，4090，并发数 50', 50],
    ['用vllm部署qwen2.5-7b，单卡4090，需要支持20个并发用户', 20],
    ['vLLM으로 llama-3-8b 서빙, 동시 사용자 20명, A100 80GB', 20],
    ['vLLMでllama-3-8bを提供します。同時10人が使います。L4一枚', 10],
    ['We need to serve qwen2.5-14b to about 30 people at once on 2x L40S', 30],
    ['Serving llama-3-70b for 100 simultaneous requests on 4x H100', 100],
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 8192 on a 4090; we have 16 concurrent users', 16],
    ['How much GPUs power required to serve like 100 requests concurrently when running Llama-2-13b model on an A100 80GB?', 100],
    ['10个并发用户，qwen2-7b，vllm，L4', 10],
  ])('%s → concurrency %i, micro-batch 1', (text, load) => {
    const { scenario } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.microBatch).toBe(1);
    expect(clientLoad(scenario)).toBe(load);
  });

  it("a benchmark's load is the same meaning as a user's", () => {
    expect(clientLoad(read('vllm serve meta-llama/Llama-3.1-8B-Instruct on one A100 80GB, tested with 64 concurrent requests').scenario)).toBe(64);
  });

  it('the load is written back as the load, so a follow-up keeps it', () => {
    expect(canonicalText(read('serve llama-3.1-8b on vllm for 10 concurrent users on 1x L4').scenario)).toContain('concurrency 10');
  });

  it("a training run's batch words are untouched", () => {
    expect(read('sft llama-3-8b with lora, micro batch 4, on 2x a100').scenario.microBatch).toBe(4);
  });
});
