import { describe, expect, it } from 'vitest';
import { kNumber } from '../../src/language/numbers.js';
import { numberOf } from '../../src/language/config-keys/values.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Lengths (session 17, branch rlen): what a "k" stands for, and lengths a program's settings print
 * that are not the length the run is sized for.
 */

function resolved(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, said: [...r.assumptions, ...r.notices].join(' | '), trace: r.trace ?? [] };
}

describe('a "k" is 1024 for binary lengths, 1000 for round decimal ones (numbers.ts kMultiple)', () => {
  it.each([
    ['4k', 4096],
    ['1.5k', 1536],
    ['12k', 12288],
    ['32k', 32768],
    ['40k', 40960], // Qwen3's max_position_embeddings
    ['128k', 131072], // Llama 3.1's
    ['160k', 163840], // DeepSeek-V3's
    ['256k', 262144],
    ['25k', 25000],
    ['50k', 50000],
    ['100k', 100000], // Code Llama's "100K tokens" (meta-llama/codellama#75)
    ['200k', 200000], // Yi-34B-200K's max_position_embeddings
  ])('%s is %i', (k, n) => {
    expect(kNumber(k)).toBe(n);
  });

  it('a config value reads the same way', () => {
    expect(numberOf('100k')).toBe(100000);
    expect(numberOf('"32k"')).toBe(32768);
  });

  it('c1202 (meta-llama/codellama#75): "100K context length" is seq 100000', () => {
    expect(corpusLineRead('c1202').scenario.seq).toBe(100000);
  });

  it('c1187 (huggingface/transformers#27755): Yi-34B-200k tested "to 200k context length" is seq 200000', () => {
    expect(corpusLineRead('c1187').scenario.seq).toBe(200000);
  });

  it.each([
    ['run codellama-34b at 100K context on 2x a100 80gb', 100000],
    ['codellama-34b inference with a 100k context length on 2x A100 80GB', 100000],
    ['yi-34b inference, seq 200k, 8x a100', 200000],
    ['yi-34b inference with 200K tokens of context on 8x a100', 200000],
    ['yi-34b 推理 200k上下文 8张a100', 200000],
    ['llama-3.1-8b inference, 128k context on an h100', 131072],
    ['qwen2.5-7b inference with 32K context on a 4090', 32768],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('c589: "Prompt length: 40K tokens, Response length: 10K tokens" adds in k, a 50K sequence', () => {
    expect(corpusLineRead('c589').scenario.seq).toBe(50000);
    expect(read('qwen2.5-7b ppo on 8x a100 80gb, prompt length 40k tokens and response length 10k tokens').scenario.seq).toBe(50000);
  });
});

describe("a benchmark request's input + output length is not the engine's length", () => {
  it("c1160 (vllm-project/vllm#2447): vLLM's benchmark_throughput --input-len=1 --output-len=128 reads no seq 129", () => {
    const r = resolved(
      'Can Falcon-40B run at single A100 80gb? I run with the following command "python benchmark_throughput.py --input-len=1 --output-len=128 --model=/models/falcon-40B/ --tokenizer=/models/falcon-40B/ --n 1 --num-prompts=1 --enforce-eager"',
    );
    expect(r.scenario.seq).not.toBe(129);
    expect(r.scenario.inference?.newTokens).toBe(128);
    expect(r.said).toMatch(/input_len 1 \+ output_len 128 is each benchmark request's length/);
  });

  it.each([
    'python benchmarks/benchmark_latency.py --model meta-llama/Meta-Llama-3-70B --input-len 32 --output-len 128 --tensor-parallel-size 4 on 4x a100 80gb',
    'python benchmark_throughput.py --num-prompts 100 --input-len 512 --output-len 256 --model mistralai/Mistral-7B-v0.1 on an a100',
    'vllm benchmark_throughput.py --gpu-memory-utilization 0.95 --output-len 64 --input-len 2000 --model llama-2-13b on an a100 80gb',
  ])('%s', (text) => {
    const r = resolved(text);
    expect(r.scenario.seq).not.toBe(Number(/input-len (\d+)/.exec(text)![1]) + Number(/output-len (\d+)/.exec(text)![1]));
    expect(r.said).toMatch(/each benchmark request's length/);
  });

  it('with --max-model-len the cap is the length (c007)', () => {
    expect(corpusLineRead('c007').scenario.seq).toBe(1024);
  });

  it('a program with no engine flags: input + output is the sequence, said as weak', () => {
    const r = resolved('python bench.py --input-len 1000 --output-len 200 --model llama-2-7b on an a10');
    expect(r.scenario.seq).toBe(1200);
    expect(r.trace.find((f) => f.fact === 'seq')?.weak).toBe(true);
  });
});

describe("GLM-4V's max_input_length + max_output_length count text only", () => {
  it('c1097 (zai-org/GLM-4#785): beside freezeV, 256 + 64 is not the sequence', () => {
    const r = corpusLineRead('c1097');
    expect(r.scenario.seq).not.toBe(320);
  });

  it.each([
    ['glm-4v-9b lora on 4x 4090\nfreezeV: True\nmax_input_length: 512\nmax_output_length: 128', 640],
    ['glm-4v-9b lora on 2x a100 80gb\nmax_input_length: 1024\nmax_output_length: 512\nfreezeV: false', 1536],
  ])('%s', (text, sum) => {
    const r = resolved(text);
    expect(r.scenario.seq).not.toBe(sum);
    expect(r.said).toMatch(/count text tokens only/);
  });

  it('ChatGLM3 without freezeV still sums them (c622)', () => {
    expect(read('chatglm3-6b lora on 4090 24G\nmax_input_length: 2048\nmax_output_length: 512').scenario.seq).toBe(2560);
  });
});

describe('a length partly in characters is not read as tokens (prose.tokens-plus-characters)', () => {
  it('c1013 (QwenLM/Qwen3#442): "约1500 tokens）+3000~3500字符串长度的内容" reads no seq 1500', () => {
    const r = corpusLineRead('c1013');
    expect(r.scenario.seq).not.toBe(1500);
    expect(r.scenario.inference?.newTokens).toBe(1024);
  });

  it.each([
    'qwen1.5-72b inference on 8x v100, the prompt is 1500 tokens + 3000 characters of content',
    'qwen-14b 推理，输入是 2000 tokens + 约3000个汉字, 2张a100',
    'llama-2-13b inference on an a100: system prompt 800 tokens plus 1200 words of document',
  ])('%s', (text) => {
    const r = resolved(text);
    expect([1500, 2000, 800]).not.toContain(r.scenario.seq);
    expect(r.said).toMatch(/partly in characters or words/);
  });

  it('tokens + tokens is still a sum (prose.input-output)', () => {
    expect(read('llama-3-8b on an a100, input 2k output 512, how many users?').scenario.seq).toBe(2560);
  });
});

describe("text-generation-webui's \"Output generated in …\" line is no setting (prose.textgen-output-line)", () => {
  it('c508: "context 16" is one reply\'s prompt, not the loader\'s n_ctx', () => {
    expect(corpusLineRead('c508').scenario.seq).not.toBe(16);
  });

  it.each([
    ['llama-2-13b with llama.cpp on a 3090\nOutput generated in 43.51 seconds (5.38 tokens/s, 234 tokens, context 1088, seed 1691237008)', 1088],
    ['13b exllama on a 4090:\nOutput generated in 10.28 seconds (48.56 tokens/s, 499 tokens, context 3550, seed 1197861167)\nOutput generated in 9.69 seconds (51.50 tokens/s, 499 tokens, context 3550, seed 909082919)', 3550],
    ['llama-7b on a 3060: Output generated in 4.07 seconds (2.21 tokens/s, 9 tokens, context 1848)', 1848],
  ])('%s', (text, context) => {
    const r = resolved(text);
    expect(r.scenario.seq).not.toBe(context);
    expect(r.said).toMatch(/one reply's prompt, not the loader's n_ctx/);
  });

  it('a context the user sets beside it is still read', () => {
    const r = resolved('llama-2-13b with llama.cpp on a 3090, n_ctx 4096\nOutput generated in 43.51 seconds (5.38 tokens/s, 234 tokens, context 1088, seed 1691237008)');
    expect(r.scenario.seq).toBe(4096);
  });
});

describe("mlx_lm's truncation warning prints the run's own length (log.truncated-to-length)", () => {
  it('c1073: "Some sequences are longer than 8192 tokens … truncated to 8192" is seq 8192, not the longest sentence', () => {
    expect(corpusLineRead('c1073').scenario.seq).toBe(8192);
  });

  it.each([
    [
      'mlx_lm.lora on llama-3.1-8b on a macbook m3 max 128gb\n```\n2024-11-15 12:24:00,127 - [WARNING] Some sequences are longer than 2048 tokens. The longest sentence 2822 will be truncated to 2048. Consider pre-splitting your data to save memory.\n```',
      2048,
    ],
    [
      'lora qwen2.5-7b with mlx_lm on an m2 ultra 192gb\nIter 30: Train loss 1.339, Learning Rate 1.000e-05, It/sec 5.919, Tokens/sec 65.113, Trained Tokens 330, Peak mem 9.759 GB\n[WARNING] Some sequences are longer than 4096 tokens. The longest sentence 5110 will be truncated to 4096. Consider pre-splitting your data to save memory.',
      4096,
    ],
  ])('%s', (text, seq) => {
    const r = resolved(text);
    expect(r.scenario.seq).toBe(seq);
    expect(r.scenario.seq).not.toBe(Number(/longest sentence (\d+)/.exec(text)![1]));
    // Read from the warning, not the generic default that 2048 also is.
    expect(r.trace.find((f) => f.fact === 'seq')?.rules).toContain('log.truncated-to-length');
  });
});

describe('a -c too short to hold a prompt is no context length', () => {
  it("c1164 (intel/ipex-llm#12080): numactl's -C 11-15 before the command is no 11-token context; --max-model-len 4096 is the length", () => {
    expect(corpusLineRead('c1164').scenario.seq).toBe(4096);
  });

  it.each([
    ['numactl -C 0-7 python benchmark_throughput.py --model qwen2-7b --max-model-len 8192 on an a100', 8192],
    ['taskset -c 4 ./llama-server -m llama-2-7b.Q4_K_M.gguf --ctx-size 4096 on a 3090', 4096],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a real -c is still read', () => {
    expect(read('./llama-server -m llama-2-13b.Q4_K_M.gguf -c 8192 -ngl 99 on a 4090').scenario.seq).toBe(8192);
  });
});

describe('a prompt and a response length written with "max" add up (prose.input-output)', () => {
  it('c296 (verl GRPO settings): "max prompt length=2048, max response length=1024" is seq 3072', () => {
    expect(corpusLineRead('c296').scenario.seq).toBe(3072);
  });

  it.each([
    ['qwen2.5-7b grpo on 2x h100, max prompt length=1024, max response length=4096', 5120],
    ['qwen2.5-3b grpo on 8x a100, maximum prompt length 512 and maximum response length 2048', 2560],
    ['llama-3-8b on an a100, max input length 2000, max output length 500, how many users?', 2500],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });
});
