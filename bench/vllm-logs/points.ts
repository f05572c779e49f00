/**
 * vLLM start-up logs users pasted, with the numbers vLLM itself printed (issue 23 item 1): each a
 * request in headroom's language for the setup the thread states, and the log's terms per GPU.
 * GiB throughout ("Loading model weights took X GB" divides by 2**30 in every release read:
 * vllm/worker/model_runner.py load_model, `self.model_memory_usage / float(2**30)`). Pool tokens are
 * "# GPU blocks" × 16 (the default block size), "GPU KV cache size: N tokens", or the token count of
 * a "maximum number of tokens that can be stored in KV cache (N)" error.
 *
 * From the reader corpus (test/corpus/requests.jsonl, batch b30 left out) and the verdict corpus
 * (vb13 left out), and one stranger's message kept in test/diagnose/log-against-fits.test.ts.
 */

export interface LogPoint {
  id: string;
  source: string;
  /** The setup, in the request language. */
  request: string;
  /** What the thread says of the release, when it says it. */
  release: string;
  log: {
    weights?: number;
    nonTorch?: number;
    /** "PyTorch activation peak memory" (V0 0.6.5+, V1): the profile run's torch peak over the weights, sampler included. */
    activation?: number;
    /** 0.6.0–0.6.4's "peak_torch_memory": weights + activation peak. */
    peakTorch?: number;
    graphs?: number;
    kvGiB?: number;
    kvTokens?: number;
  };
  note?: string;
}

export const LOG_POINTS: LogPoint[] = [
  {
    id: 'v031',
    source: 'vllm-project/vllm#10517',
    request: 'serve llama-3.1-8b max-model-len 29000 vllm 0.6.4 on 1x 3090',
    release: '0.6.4 era (Dec 2024, "Memory profiling results" with peak_torch_memory)',
    log: { peakTorch: 17.98, kvTokens: 23_648 },
  },
  {
    id: 'v031-35k',
    source: 'vllm-project/vllm#10517',
    request: 'serve llama-3.1-8b max-model-len 35000 vllm 0.6.4 on 1x 3090',
    release: '0.6.4 era',
    log: { peakTorch: 15.05 },
    note: 'above 32K V0 chunks prefill: a 512-token profile run',
  },
  {
    id: 'c648-0.2.4',
    source: 'vllm-project/vllm#2136',
    request: 'serve codellama-13b fp16 util 0.95 tp 2 seq 16384 max seqs 16 vllm 0.2.4 on 2x rtx-4090',
    release: '0.2.3 / 0.2.4',
    log: { kvTokens: 1464 * 16 },
  },
  {
    id: 'c648-0.2.5',
    source: 'vllm-project/vllm#2136',
    request: 'serve codellama-13b fp16 util 0.95 tp 2 seq 16384 max seqs 16 vllm 0.2.5 on 2x rtx-4090',
    release: '0.2.5',
    log: { kvTokens: 112 * 16 },
    note: 'the same run after 0.2.5: 13× fewer blocks ("something broke in VRAM profiling")',
  },
  {
    id: 'c602',
    source: 'vllm-project/vllm#1267',
    request: 'serve llama-2-7b seq 65536 vllm 0.2.0 on 1x rtx-6000-ada',
    release: '0.2.0 era (Oct 2023)',
    log: { kvTokens: 3028 * 16 },
    note: 'LlongOrca-7B-16k (Llama-2-7B); max_model_len 65536 from its config',
  },
  {
    id: 'c766',
    source: 'vllm-project/vllm#16199',
    request: 'serve gemma-3-27b awq fp16 util 0.98 seq 4096 vllm v0 on 1x 24GB',
    release: '0.8.3, V0',
    log: { weights: 17.611, kvTokens: 3584 },
  },
  {
    id: 'c368',
    source: 'vllm-project/vllm#15664',
    request: 'serve llama-3.3-nemotron-super-49b gptq seq 32768 vllm v0 on 1x l40s',
    release: '0.8.3, V0',
    log: { graphs: 3.34 },
  },
  {
    id: 'c814',
    source: 'vllm-project/recipes#12',
    request: 'serve qwen3-coder-480b-a35b vllm 0.10.1 fp8 dp 8 ep 8 seq 262144 on 8x h20',
    release: '0.10.1',
    log: { kvGiB: 48.66, kvTokens: 205_728 },
  },
  {
    id: 'c1015',
    source: 'deepseek-ai/DeepSeek-V3#205',
    request: 'serve deepseek-v3 fp8 util 0.98 seq 128 tp 8 pp 4 vllm 0.6.6 on 4 nodes of 8x rtx-4090 enforce eager',
    release: '0.6.6',
    log: { weights: 16.9687 },
  },
  {
    id: 'c1152',
    source: 'kaito-project/kaito#2132',
    request: 'serve mistral-small-4-119b seq 1048576 on 2x h100-nvl',
    release: 'V1, unnamed',
    log: { kvGiB: 17.39, kvTokens: 810_208 },
  },
  {
    id: 'c876',
    source: 'vllm-project/vllm#18478',
    request: 'serve qwen2.5-7b vllm fp16 tp 2 on 2x rtx-2080-ti',
    release: 'V1 (May 2025)',
    log: { kvTokens: Math.round(6.05 * 32_768) },
    note: '"Maximum concurrency for 32768 tokens per request: 6.05x"',
  },
  {
    id: 'v269',
    source: 'LMCache/LMCache#3430',
    request: 'serve qwen3-8b vllm 0.21.0 --max-model-len 16384 --gpu-memory-utilization 0.9764 batched tokens 8192 on 1x rtx-a5000',
    release: '0.21.0',
    log: { kvTokens: 46_368 },
    note: 'the LLM class at the printed 0.9764 (vllm-offline-logs.test.ts)',
  },
  {
    id: 'v387',
    source: 'vllm-project/vllm#6496',
    request: 'serve llama-3-70b vllm 0.5.2 --cpu-offload-gb 70 --gpu-memory-utilization 0.95 on 1x gh200',
    release: '0.5.2',
    log: { weights: 61.2922 },
  },
  {
    id: 'v411',
    source: 'triton-inference-server/server#7562',
    request: 'serve gemma-2b vllm fp16 --gpu-memory-utilization 0.47 --max-model-len 64 --enforce-eager on 1x t4',
    release: 'Aug 2024, unnamed',
    log: { weights: 4.7384 },
  },
  {
    id: 'v445',
    source: 'vllm-project/vllm#5993',
    request: 'serve qwen2-72b int8 vllm tp 4 on 4x 22GB',
    release: 'June 2024, unnamed',
    log: { weights: 17.9828 },
  },
  {
    id: 'v102',
    source: 'vllm-project/vllm#7593',
    request: 'gemma-2-9b serve vllm 0.5 tp 8 on 8x l4',
    release: '0.5 (Aug 2024)',
    log: { weights: 2.3463, kvTokens: 22_982 * 16 },
  },
  {
    id: 'v110',
    source: 'vllm-project/vllm#6746',
    request: 'llama-3.1-405b fp8 serve vllm 0.5 tp 8 on 8x h100-80g',
    release: '0.5 (July 2024)',
    log: { weights: 57.752, kvTokens: 79_392 },
  },
  {
    id: 'v112',
    source: 'vllm-project/vllm#17327',
    request: 'qwen3-30b-a3b int4 serve vllm v0 --gpu-memory-utilization 0.9 --max-num-seqs 8 on 1x rtx-3090',
    release: '0.8.5, V0',
    log: { weights: 15.68, nonTorch: 0.06, activation: 0.12, kvGiB: 5.34 },
  },
  {
    id: 'v199',
    source: 'vllm-project/vllm#13882',
    request: 'qwen2.5-7b nf4 serve vllm 0.7 --max-model-len 4096 --gpu-memory-utilization 0.7 on 1x rtx-4060',
    release: '0.7.3, V0',
    log: { weights: 5.2, nonTorch: 0.03, activation: 1.42, kvGiB: -1.05 },
  },
  {
    id: 'qwen32-awq',
    source: 'test/diagnose/log-against-fits.test.ts (a stranger, 2026-12-03)',
    request: 'vllm serve qwen2.5-32b awq --tensor-parallel-size 2 --max-model-len 32768 --gpu-memory-utilization 0.92 vllm v0 on 2x rtx-3090',
    release: 'V0 message ("maximum number of tokens that can be stored in KV cache"), unnamed',
    log: { kvTokens: 21_360 },
    note: "the error is V0's raise_if_cache_size_invalid, so read as V0 (a whole-length 32,768-token profile run); unnamed, the V1 reading gives 90,426 tokens. A composed probe with no thread and no other log line",
  },
];
