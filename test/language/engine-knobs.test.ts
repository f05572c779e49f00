import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The inference field's knobs (util, batched tokens, max seqs, generated tokens) read where the user set
 * them: a deploy script's variables set to their own defaults, the fraction SGLang's error says took effect,
 * a generation cap equal to the context, and the spellings users write vLLM's fraction in.
 */

/** vllm-project/vllm-ascend#10872 (corpus c1607): the deploy script as posted, its comments and prose cut. */
const VLLM_ASCEND_C1607 = `vllm 版本用的是 quay.io/ascend/vllm-ascend:v0.21.0rc1-310p-openeuler

部署命令:
\`\`\`bash
MODEL_PATH="\${MODEL_PATH:-/home/models/Qwen3.6-35B-A3B}"
PORT="\${PORT:-8040}"
GPU_MEMORY_UTIL="\${GPU_MEMORY_UTIL:-0.85}"
MAX_NUM_SEQS="\${MAX_NUM_SEQS:-4}"
MAX_MODEL_LEN="\${MAX_MODEL_LEN:-65536}"
TP_SIZE="\${TP_SIZE:-4}"

exec vllm serve "\${MODEL_PATH}" \\
  --dtype float16 \\
  --tensor-parallel-size "\${TP_SIZE}" \\
  --max-model-len "\${MAX_MODEL_LEN}" \\
  --max-num-batched-tokens "\${MAX_MODEL_LEN}" \\
  --max-num-seqs "\${MAX_NUM_SEQS}" \\
  --gpu-memory-utilization "\${GPU_MEMORY_UTIL}" \\
  --enforce-eager
\`\`\`

使用310p 四个npu 部署 Qwen3.6-35b-a3b, 一直卡在这里`;

describe('a deploy script\'s variables set to their own defaults are the values its flags take', () => {
  it('reads c1607\'s util 0.85, max seqs 4, batched tokens and length 65536 through "${VAR}"', () => {
    const { scenario: s } = read(VLLM_ASCEND_C1607);
    expect(s.inference).toMatchObject({ engine: 'vllm', gpuMemoryUtilization: 0.85, maxSeqs: 4, batchedTokens: 65536, enforceEager: true });
    expect(s.seq).toBe(65536);
    expect(s.parallel.tp).toBe(4);
  });

  it.each([
    // bare default, no quotes, exported
    ['export UTIL=${UTIL:-0.7}\nexport SEQS=${SEQS:-16}\nvllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization $UTIL --max-num-seqs $SEQS on 1x a100-80g', 0.7, 16],
    // single-quoted default, braced reference without quotes
    ["GPU_UTIL=\"${GPU_UTIL:-'0.6'}\"\nNUM_SEQS=\"${NUM_SEQS:-8}\"\nvllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization ${GPU_UTIL} --max-num-seqs ${NUM_SEQS} on 1x a100-80g", 0.6, 8],
    // the "-" form without the colon
    ['MEM=${MEM-0.8}\nSEQ=${SEQ-32}\nvllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization=$MEM --max-num-seqs=$SEQ on 1x a100-80g', 0.8, 32],
  ])('%s', (text, util, seqs) => {
    expect(read(text).scenario.inference).toMatchObject({ gpuMemoryUtilization: util, maxSeqs: seqs });
  });

  it('keeps a value the script sets plainly over the default it would fall back to', () => {
    const text = 'UTIL=0.75\nvllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization $UTIL on 1x a100-80g';
    expect(read(text).scenario.inference.gpuMemoryUtilization).toBe(0.75);
  });

  it('leaves a flag whose variable has no value unread (vLLM\'s default stays)', () => {
    const text = 'vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization "${GPU_MEMORY_UTIL}" on 1x a100-80g';
    expect(read(text).scenario.inference.gpuMemoryUtilization).toBe(0.9);
  });
});

/** gpustack/gpustack#3831 (corpus c1604), the first message up to its error. */
const GPUSTACK_C1604 = `The default value of mem_fraction_static in SGLang did not take effect, resulting in model deployment failure

### ▶️ Steps to reproduce

1. Deploy Qwen/Qwen3-8B using SGLang 0.5.6.post1 (gpustack/runner:cann8.3-910b-sglang0.5.6.post1) with default parameters.
2. Check the deployment status.

### ❌ Actual result

Model deployment failed. The default value of \`mem_fraction_static\` should be 0.9 (scheduling calculations are based on this value)

\`\`\`
RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.2
\`\`\``;

describe('the fraction SGLang\'s error says took effect', () => {
  it('reads c1604\'s 0.2 from the error, not the 0.9 the user expected', () => {
    const { scenario: s } = read(GPUSTACK_C1604);
    expect(s.inference).toMatchObject({ engine: 'vllm', server: 'sglang', gpuMemoryUtilization: 0.2 });
  });

  it.each([
    // the value on the line under the message, as SGLang prints it in later releases
    ['sglang serving qwen3-32b on 1x h100\n```\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\nCurrent value: self.server_args.mem_fraction_static=0.805\n```', 0.805],
    // inside a traceback's last line, after the worker's prefix
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct on 1x a10\n[2025-01-02 10:00:00 TP0] Scheduler hit an exception: Traceback (most recent call last):\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.34', 0.34],
  ])('%s', (text, util) => {
    expect(read(text).scenario.inference.gpuMemoryUtilization).toBe(util);
  });

  it('reads no fraction from a default the prose only says it should have', () => {
    const text = 'qwen3-8b with sglang on 1x h100: the default value of mem_fraction_static should be 0.9';
    expect(read(text).scenario.inference.gpuMemoryUtilization).not.toBe(0.9);
  });
});

/** hiyouga/LlamaFactory#4056 (corpus c1221), the launch command as posted. */
const LLAMAFACTORY_C1221 = `vllm部署，GPU显存占用与vllm_gpu_util设置不一致

CUDA_VISIBLE_DEVICES=0 API_PORT=9092 python src/api_demo.py \\
    --model_name_or_path /save_model/qwen1_5_7b_pcb_merge \\
    --template qwen \\
    --infer_backend vllm \\
    --max_new_tokens 32768 \\
    --vllm_maxlen 32768 \\
    --vllm_enforce_eager \\
    --vllm_gpu_util 0.95

推理环境：单张A100 80G显卡`;

describe('a generation cap equal to the context is a cap, not a length generated', () => {
  it('reads c1221\'s --max_new_tokens 32768 beside --vllm_maxlen 32768 as no generated share, said', () => {
    const { scenario: s, said } = read(LLAMAFACTORY_C1221);
    expect(s.seq).toBe(32768);
    expect(s.inference.newTokens).toBe(0);
    expect(s.inference.gpuMemoryUtilization).toBe(0.95);
    expect(said).toMatch(/32,768 generated tokens \(from "--max_new_tokens 32768"\) equal the 32,768-token context.*a cap on each reply/);
  });

  it.each([
    'API_PORT=8000 python src/api_demo.py --model_name_or_path Qwen/Qwen1.5-7B-Chat --template qwen --infer_backend vllm --vllm_maxlen 8192 --max_new_tokens 8192 on 1x a100-80g',
    'llamafactory-cli api --model_name_or_path Qwen/Qwen2.5-7B-Instruct --infer_backend vllm --max_new_tokens=4096 --vllm_maxlen=4096, one A100 80GB',
  ])('%s', (text) => {
    const { scenario: s, said } = read(text);
    expect(s.inference.newTokens).toBe(0);
    expect(said).toMatch(/a cap on each reply/);
  });

  it('keeps a request\'s max_tokens as long as the window as the window\'s share (generation-share.test.ts)', () => {
    const { scenario: s, said } = read('llama-2-70b vllm on 8x L4, max_model_len=4096, max_tokens=4096');
    expect(s.inference.newTokens).toBeGreaterThan(0);
    expect(said).toMatch(/generated after a/);
  });

  it('still takes a generation longer than the context as the window\'s share, said', () => {
    const { scenario: s, said } = read('vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 8192 on 1x a100-80g\nmax_new_tokens: 10000');
    expect(s.inference.newTokens).toBeGreaterThan(0);
    expect(said).toMatch(/generated after a/);
  });
});

describe('vLLM\'s fraction in the spellings users write it', () => {
  it.each([
    'vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization=0.85 on 1x a100-80g',
    'vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization 0.85 on 1x a100-80g',
    'serving qwen2.5-7b with vllm on one A100 80GB\ngpu_memory_utilization: 0.85',
    'GPU_MEMORY_UTILIZATION=0.85 vllm serve Qwen/Qwen2.5-7B-Instruct on 1x a100-80g',
    'docker run --gpus all -e GPU_MEMORY_UTILIZATION=0.85 vllm/vllm-openai --model Qwen/Qwen2.5-7B-Instruct on 1x a100-80g',
    "llm = LLM(model='Qwen/Qwen2.5-7B-Instruct', gpu_memory_utilization=0.85) on 1x a100-80g",
    '用vllm部署qwen2.5-7b，显存占用0.85，一张A100 80G',
    'vllm qwen2.5-7b at 85% gpu memory utilization on 1x a100-80g',
    // argparse's prefix of the long flag, as intel/llm-scaler#129 (c1125) writes it
    'python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B-Instruct --gpu-memory-util=0.85 on 1x a100-80g',
    'vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-util 0.85 --max-model-len 8192 on 1x a100-80g',
  ])('%s', (text) => {
    expect(read(text).scenario.inference).toMatchObject({ engine: 'vllm', gpuMemoryUtilization: 0.85 });
  });

  it.each([
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-num-seqs 4 --max-num-batched-tokens 65536 on 1x a100-80g', 4, 65536],
    ["llm = LLM(model='Qwen/Qwen2.5-7B-Instruct', max_num_seqs=4, max_num_batched_tokens=65536) on 1x a100-80g", 4, 65536],
    ['serving qwen2.5-7b with vllm on one A100 80GB\nmax_num_seqs: 8\nmax_num_batched_tokens: 16384', 8, 16384],
  ])('%s', (text, seqs, tokens) => {
    expect(read(text).scenario.inference).toMatchObject({ maxSeqs: seqs, batchedTokens: tokens });
  });
});
