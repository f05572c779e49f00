import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { kNumber } from '../../src/language/numbers.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Session 28, helper rseq7 (issue 22): causes of misread lengths and batches, each with the real line it was
 * drawn from and invented strangers' phrasings of the same class.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const batches = (t: string) => {
  const outcome = parseRequest(t);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.items.flatMap((i) => (i.kind === 'batch' ? [i.value] : []));
};

describe('a keyword whose nearest number was set aside takes no farther one (keyword-reach.ts)', () => {
  it('c2070: "1 batch 的速度是8 tokens / s, 只有4090的1/20" is no micro-batch of 4090', () => {
    expect(read(text('c2070')).scenario.microBatch).not.toBe(4090);
  });

  it.each([
    'llama-2-7b on a p40, batch 的速度是8 tokens/s，只有4090的1/20',
    'llama-2-7b on a p40: at batch 1 the speed is 8 tokens/s, about 1/20 of a 4090',
    'llama-2-7b on a p40, batch speed 12 tok/s vs 240 on a 4090',
    'llama-2-7b 在 p40 上 batch 速度 8 tokens/s 而 4090 是 160',
  ])('%s', (t) => {
    expect(batches(t)).not.toContain(4090);
    expect(batches(t)).not.toContain(240);
    expect(batches(t)).not.toContain(160);
  });

  it('a keyword and its own number stay', () => {
    expect(batches('llama-2-7b lora on a 4090, batch size 8')).toEqual([8]);
    expect(batches('llama-2-7b lora on a 4090, batch size of 8. 2 epochs')).toEqual([8]);
  });
});

describe('a heading over a bullet list of sentences is prose, not a config (config-block.ts)', () => {
  it('c1319: the changed n_ctx=2048 and n_gpu_layers=20 are read', () => {
    const s = read(text('c1319')).scenario;
    expect(s.seq).toBe(2048);
    expect(s.inference?.gpuLayers).toBe(20);
  });

  it.each([
    'qwen3-4b q4_k_m gguf on a gtx 1060\n\nSymptoms:\n- With default n_ctx=512 the model loads fine.\n- After changing n_ctx=2048 the CUDA error still happens.',
    'qwen3-4b q4_k_m gguf on a gtx 1060\n\nWhat I tried:\n- I set n_ctx=2048 and it still crashes on load\n- the same happens with flash attention on',
    'qwen3-4b q4_k_m gguf on a gtx 1060\n\n现象:\n- 默认 n_ctx=512 时 直接 报错 CUDA error\n- 改成 n_ctx=2048 之后 还是 报错 CUDA error',
  ])('%s', (t) => {
    expect(read(t).scenario.seq).toBe(2048);
  });

  it('a list of plain values is still a config', () => {
    const r = parseRequest('lora_target:\n- q_proj\n- v_proj\nmodel: llama-2-7b\nper_device_train_batch_size: 4\ncutoff_len: 1024');
    expect(r.ok && r.items.some((i) => i.kind === 'seq' && i.value === 1024)).toBe(true);
  });
});

describe('a count of tokens said as generated is the generation, not the sequence (generated-tokens.ts)', () => {
  it('c1668: "exceeded after ~10.3k generated tokens" is no sequence; the command\'s --max-tokens 70960 stays', () => {
    const s = read(text('c1668')).scenario;
    expect(s.seq).not.toBe(10547);
    expect(s.inference?.newTokens).toBe(70960);
  });

  it.each([
    ['mistral 7b on an rtx 3090 with --max-tokens 4096: it dies after 3000 generated tokens', 4096],
    ['mistral 7b on an rtx 3090, max_new_tokens=1024, OOM after ~900 new tokens', 1024],
  ])('beside the option, a count reached is set aside: %s', (t, gen) => {
    expect(read(t).scenario.inference?.newTokens).toBe(gen);
  });

  it.each([
    ['llama-3-8b inference on a 4090, 512 generated tokens', 512],
    ['llama-3-8b on a 4090 runs out of memory after 2000 new tokens', 2000],
    ['mistral 7b on an rtx 3090, prompts of 1k tokens and 256 output tokens', 256],
    ['mistral 7b on an rtx 3090 crashes at 10,320 tokens generated', 10_320],
    ['qwen2.5-7b 在 4090 上 生成了8000个token 后 OOM', 8000],
  ])('%s', (t, gen) => {
    const s = read(t).scenario;
    expect(s.inference?.newTokens).toBe(gen);
    expect(s.seq).toBeGreaterThanOrEqual(gen);
  });
});

describe('a k-number naming a power of two by its thousands (numbers.ts kMultiple)', () => {
  it.each([
    ['65k', 65_536],
    ['131K', 131_072],
    ['262k', 262_144],
    ['524k', 524_288],
    ['4k', 4096],
    ['40k', 40_960],
    ['100k', 100_000],
    ['58k', 59_392],
  ])('%s is %d', (k, n) => {
    expect(kNumber(k.toLowerCase())).toBe(n);
  });
});

describe('max_ctx and its spellings are the served context (config-keys/sequence.ts)', () => {
  it('c1901: "max_ctx=262K" is seq 262144, not the 240K observed', () => {
    expect(read(text('c1901')).scenario.seq).toBe(262_144);
  });

  it.each([
    ['qwen3-30b-a3b vllm on 2x rtx 5090, TP=2, max_ctx=131K', 131_072],
    ['qwen3-30b-a3b vllm on 2x rtx 5090\nmax_ctx: 32768', 32_768],
    ['qwen3-30b-a3b vllm on 2x rtx 5090 --max-context-length 65536', 65_536],
  ])('%s', (t, seq) => {
    expect(read(t).scenario.seq).toBe(seq);
  });
});

describe('a CPU named without its tier is no length (prose.cpu)', () => {
  it('c2035: "Intel Core Ultra 265K" is no 265K-token sequence', () => {
    expect(read(text('c2035')).scenario.seq).not.toBe(271_360);
  });

  it.each(['tinyllama q4_k_m gguf on an rtx 2080 ti, Intel Core Ultra 265K, 64GB RAM', 'tinyllama q4_k_m gguf on an rtx 2080 ti in a Core Ultra 155H laptop'])('%s', (t) => {
    expect(read(t).scenario.seq).toBeLessThan(100_000);
  });
});

describe('a tip addressed to the reader is no run (owners/rules.ts owner.reference.advice)', () => {
  it('c2107: the guide\'s "--max-model-len=65536 is usually good" is no served length', () => {
    expect(read(text('c2107')).scenario.seq).not.toBe(65_536);
  });

  it.each([
    'vllm serve Qwen/Qwen2.5-7B-Instruct on 1x a100-80g\n* You can set `--max-model-len` to preserve memory. `--max-model-len=16384` is usually good for most scenarios.',
    'qwen2.5-7b with vllm on 1x a100-80g. Tip: you can also set --max-model-len 16384 to save memory',
    'qwen2.5-7b with vllm on 1x a100-80g; we recommend --max-model-len 16384 for chat',
    'qwen2.5-7b with vllm on 1x a100-80g. For chat, --max-model-len 16384 is generally enough.',
  ])('%s', (t) => {
    expect(read(t).scenario.seq).not.toBe(16_384);
  });

  it.each([
    'qwen2.5-7b with vllm on 1x a100-80g, --max-model-len 16384',
    'I set --max-model-len 16384 for qwen2.5-7b with vllm on 1x a100-80g, can you tell me why it OOMs?',
  ])('the user\'s own setting stays: %s', (t) => {
    expect(read(t).scenario.seq).toBe(16_384);
  });
});
