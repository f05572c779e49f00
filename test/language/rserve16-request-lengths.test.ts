import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * A benchmark's request written as a pair: the prompt's tokens and the tokens generated, in a short form
 * (`--input 128 --output 8`, `-i 6707 -o 160`, "input/output 1024/128", "2048 in / 256 out"). The item language counts
 * the prompt and the generated tokens in `seq` (test/corpus/README.md: c1171 "Input/output token (1024/128)" is
 * seq 1152 gen 128; c2210 mlx_lm.benchmark -p 128 -g 128 is seq 256 gen 128), so a pair is seq = in + out, gen = out.
 * Real lines: sgl-project/sglang (c3104, b92, `--input 128 --output 8`), intel/ipex-llm (c3170, b94, `-i 6707 -o 160`),
 * intel/ipex-llm (c1171, b34, "Input/output token (1024/128)").
 */
const lengths = (text: string) => {
  const s = read(text).scenario;
  return { seq: s.seq, gen: s.inference?.newTokens };
};

describe('a request length pair, prompt and output, written short', () => {
  it.each([
    ['python3 -m sglang.bench_latency --model meta-llama/Meta-Llama-3-8B --batch-size 1 --input 128 --output 8 on an H100', 136, 8],
    ['python -m sglang.bench_one_batch --model-path Qwen/Qwen2-7B-Instruct --batch-size 4 --input 1024 --output 256 on 1x A100 80GB', 1280, 256],
    ['qwen-7b int4 on an Arc A770 16GB, running one task with -i 1024 -o 128, OOM', 1152, 128],
    ['Qwen-7B-Chat int4 on a 16GB Arc: input/output tokens 2048/256 runs out of memory', 2304, 256],
    ['llama-2-7b fp16 on a 4090, input/output token (1024/128) runs fine', 1152, 128],
    ['mistral-7b on a 3090: 2048 in / 256 out, batch 1', 2304, 256],
    ['vllm serving llama-3-8b on 1x L4, benchmark with input 3000 output 500 tokens', 3500, 500],
    ['chatglm3-6b 在 T4 上推理，输入 2048 输出 512 token 就 OOM 了', 2560, 512],
    ['llama-2-13b A100 40GB 에서 입력 1024 출력 256 토큰으로 벤치마크', 1280, 256],
    ['TensorRT-LLM llama-3.1-8b fp8 on 1x H100, ISL/OSL 2000/500', 2500, 500],
    ['mlx_lm.benchmark --model mlx-community/Qwen3-8B-4bit -p 512 -g 128 on an M2 Max 32GB', 640, 128],
    ['python -m sglang.bench_latency --model-path meta-llama/Llama-2-7b-hf --input=256 --output=64 on 1x A10G', 320, 64],
  ])('%s: seq %i gen %i', (text, seq, gen) => {
    expect(lengths(text)).toEqual({ seq, gen });
  });
});

describe('one short flag alone, or a path, is no length', () => {
  it.each([
    ['llama-2-7b on a 3090: python convert.py -i ./llama-2-7b -o ./out --dtype fp16', 0],
    ['vllm serve meta-llama/Llama-3.1-8B on 1x L4, then python bench.py --input prompts.jsonl --output 8', 0],
    ['qwen-7b on an A10, docker run -p 8080:80 -g 1', 0],
  ])('%s', (text, gen) => {
    expect(read(text).scenario.inference?.newTokens ?? 0).toBe(gen);
  });

  it('the pair is said, as one request length may not be what the program is sized for', () => {
    expect(read('qwen-7b int4 on an Arc A770 16GB, running one task with -i 1024 -o 128, OOM').said).toMatch(/1152|-i 1024 -o 128/);
  });
});

