import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * rmodel4 (issue 22): where the model comes from when the message holds more than one candidate.
 * - A disk's size in a spec list ("硬盘：2T", "SSD 2TB") is no 2-trillion model (QwenLM/Qwen3-Coder, c1757).
 * - llama.cpp's GGML loader guess "assuming 70B model based on GQA == 8" is Llama-2-70B, weak (c1797).
 * - A script's logger line "INFO - Loading Qwen3-14B model..." names the model where the rest names only
 *   the family (Unsloth's "Fast Qwen3 patching", c1868), weak.
 * - Of two catalog models of one size and family, the one said again and again wins over a longer spelling
 *   said once (ollama's "qwen3:32b-fp16" six times, "deepseekr1:32b-fp16" once, c1883).
 * - A laptop part written "max q mobile" is a laptop part (LostRuins/koboldcpp#365, c1946).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  const model = r.trace?.find((f) => f.fact === 'model');
  return { s: r.scenario, model, trace: r.trace, said: [...r.notices, ...r.assumptions].join(' | ') };
}

describe("a disk's size is no model's", () => {
  it('c1757: 硬盘：2T beside 模型：Qwen3-Coder-480B-A35B-Instruct-FP8', () => {
    expect(reply(line('c1757').text).s.model.id).toBe('qwen3-coder-480b-a35b');
  });

  it.each([
    ['显卡：4090 （24G）\n内存：128G\n硬盘：2T\n模型：Qwen3-32B', 'qwen3-32b'],
    ['显卡：4090 （24G）\n内存：64G\n固态硬盘 1T\n跑 Qwen2.5-7B-Instruct 推理', 'qwen2.5-7b'],
    ['GPU: RTX 4090 24GB, RAM: 128GB, SSD: 2TB, running Llama-3.1-8B with vLLM', 'llama-3.1-8b'],
    ['My box: 2x 3090, 256GB RAM, 4TB NVMe SSD. Serving Qwen2.5-72B-Instruct-AWQ with vllm', 'qwen2.5-72b'],
    ['4090 24G, 内存128G, 2T硬盘, 用vllm跑Qwen3-14B', 'qwen3-14b'],
    ['disk space: 1TB; llama 3 8b inference on one a10g', 'llama-3-8b'],
  ])('%s', (text, id) => {
    expect(reply(text).s.model.id).toBe(id);
  });

  it('a disk with no size is left alone: offload to NVMe still reads as an offload', () => {
    const r = reply('full fine-tune llama-2-7b with zero3, offload params to nvme ssd, on 1x t4');
    expect(r.s.model.id).toBe('llama-2-7b');
    expect(r.s.offload.params).not.toBe('none');
  });
});

describe("llama.cpp's GGML loader guess of a 70B with grouped KV heads", () => {
  it('c1797: "warning: assuming 70B model based on GQA == 8" is llama-2-70b, weak', () => {
    const r = reply(line('c1797').text);
    expect(r.s.model.id).toBe('llama-2-70b');
    expect(r.model?.weak).toBe(true);
  });

  it.each([
    'ollama runs out of memory on 2x rtx 3060\nllama_model_load_internal: warning: assuming 70B model based on GQA == 8\nllama_model_load_internal: format = ggjt v3 (latest)',
    'llama.cpp crashes on one 4090:\n```\nllama_model_load_internal: warning: assuming 70B model based on GQA == 8\n```',
    'koboldcpp log says "assuming 70B model based on GQA == 8" and then OOM on my 3090',
  ])('%s', (text) => {
    const r = reply(text);
    expect(r.s.model.id).toBe('llama-2-70b');
    expect(r.model?.weak).toBe(true);
  });

  it('a model the user names wins over the guess', () => {
    const r = reply('running Meta-Llama-3-70B-Instruct gguf in llama.cpp on 2x 3090\nllama_model_load_internal: warning: assuming 70B model based on GQA == 8');
    expect(r.s.model.id).toBe('llama-3-70b');
  });
});

describe("a script's logger names the model it loads", () => {
  it('c1868: "INFO - Loading Qwen3-14B model..." under Unsloth\'s "Fast Qwen3 patching"', () => {
    const r = reply(line('c1868').text);
    expect(r.s.model.id).toBe('qwen3-14b');
  });

  it.each([
    ['```\n2025-01-02 10:00:00,123 - INFO - Loading Llama-3.1-8B model...\nTraceback (most recent call last):\ntorch.OutOfMemoryError: CUDA out of memory.\n```\nfine-tuning on one rtx 4090', 'llama-3.1-8b'],
    ['```\n[2024-05-01 12:00:00] INFO: loading the Qwen2.5-7B-Instruct model\nERROR: CUDA out of memory\n```\ninference on a T4', 'qwen2.5-7b'],
  ])('%s', (text, id) => {
    const r = reply(text);
    expect(r.s.model.id).toBe(id);
    expect(r.model?.weak).toBe(true);
  });
});

describe('of two catalog models of one size, the one said most', () => {
  it('c1883: qwen3:32b-fp16 said six times, deepseekr1:32b-fp16 once', () => {
    expect(reply(line('c1883').text).s.model.id).toBe('qwen3-32b');
  });

  it.each([
    'qwen3:32b-fp16 will not load on the GPU. ollama ps shows deepseekr1:32b-fp16 on gpu and qwen3:32b-fp16 on cpu. why does qwen3:32b-fp16 not run on 8x A10?',
    'Qwen2.5-32B fails on my 2x 3090; DeepSeek-R1-Distill-Qwen-32B works. Qwen2.5-32B OOMs every time; is Qwen2.5-32B too big for vllm here?',
  ])('%s', (text) => {
    const r = reply(text);
    expect(r.s.model.id).toMatch(/^qwen/);
    expect(r.s.model.id).not.toBe(text.startsWith('qwen3') ? 'qwen2.5-32b' : 'qwen3-32b');
  });

  it('one restatement more is no majority: the longer spelling stays the pick', () => {
    const r = reply('I run Llama-3.1-8B-Instruct on one 4090 (llama3 8b), inference, llama3 8b');
    expect(r.s.model.id).toBe('llama-3.1-8b');
  });
});

describe('a laptop part written "max q mobile"', () => {
  it.each(['16gb ram, 8gb vram (rtx 2070 max q mobile)', 'RTX 3060 Max-Q laptop, 6GB', 'rtx 2080 maxq mobile gpu'])('%s', (text) => {
    const r = reply(`llama-2-7b q4_k_m in llama.cpp on ${text}`);
    expect(r.said).toMatch(/laptop part/);
  });
});

describe("a number far from a shape word, or a runner's layer total, is no shape", () => {
  it('c1349: "2 layers caching VRAM + pinned RAM and got up to 85% cache hit rate" is no 85-layer model', () => {
    const r = reply(line('c1349').text);
    expect(r.s.model.id).toBe('qwen3-next-80b-a3b');
    expect(r.trace?.find((f) => f.fact === 'layers')).toBeUndefined();
    // "85%" is a share, set aside before any shape word could reach it (read-tokens: a share is no count, s43):
    // neither read as layers nor listed as unread.
    expect(r.said).not.toMatch(/not read:[^\n]*"85"/);
  });

  it.each([
    'qwen3 32b on a 4090: I cache 2 layers in VRAM and pinned RAM and get about 85% hit rate',
    // c652 (ollama/ollama#6741): the runner's total of 81 had overridden Llama-3.1-70B's 80 layers.
    'llama 3.1 70b in ollama, offloading only 10 layers out of 81, on 4x 4090',
    'qwen2.5 72b in llama.cpp, only 20 layers of the 81 fit on my 3090',
    'Mixtral 8x7B: ollama puts 12 layers from 33 on the gpu, rest on cpu, rtx 3060',
  ])('%s', (text) => {
    const r = reply(text);
    expect(r.trace?.find((f) => f.fact === 'layers')).toBeUndefined();
  });

  it.each([
    ['a 13b llama-style model, layers 40, hidden 5120, heads 40, inference on one a100', 40],
    ['a custom 20b model: layers 48, hidden size of 6144, heads 48, full fine-tune on 8x h100', 48],
  ])('a shape said beside its word still reads: %s', (text, layers) => {
    const r = reply(text);
    expect(r.trace?.find((f) => f.fact === 'layers')?.value).toContain(String(layers));
  });
});
