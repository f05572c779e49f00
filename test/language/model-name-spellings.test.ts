import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { corpusLineRead, read, readNoticed } from './reading-fixtures.js';

/**
 * rname: the model a name means. A derivative whose base the catalog knows reads as that base (Llama Guard by
 * its version, Wayfarer, West-Maid); a release's version glued ("Qwen25 VL") or its Chinese name (通义千问) is
 * that release; a release said with a size it never shipped, a fifth from one it did, is that size, said as a
 * guess; a memory in a kernel log's bare megabytes ("98304M of VRAM") is no model of millions.
 */

const sizes = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.items.filter((i) => i.kind === 'size');
};

describe('a derivative reads as the base its card states', () => {
  it.each([
    // meta-llama/llama-cookbook#831: "Fine-tuning Llama Guard 3 1B takes much more VRAM than expected."
    ['c1690', 'llama-3.2-1b'],
    // turboderp-org/exllamav2#725: LatitudeGames/Wayfarer-12B, base_model Mistral-Nemo-Base-2407.
    ['c1650', 'mistral-nemo-12b'],
    // LostRuins/koboldcpp#1314: mradermacher/West-Maid-7B-GGUF, a Mistral-7B merge.
    ['c484', 'mistral-7b'],
  ])('%s: %s', (id, model) => {
    expect(corpusLineRead(id).scenario.model.id).toBe(model);
  });

  it.each([
    ['fine-tune Llama Guard 3 1B on 1x v100', 'llama-3.2-1b'],
    ['fine-tune llama-guard-3-1b on 1x v100', 'llama-3.2-1b'],
    ['serve meta-llama/Llama-Guard-3-1B with vllm on 1x t4', 'llama-3.2-1b'],
    ['serve meta-llama/Llama-Guard-3-8B with vllm on 1x a10g', 'llama-3.1-8b'],
    ['run Llama Guard 3 8B on a 4090', 'llama-3.1-8b'],
    ['run Llama-Guard-2-8B on a 4090', 'llama-3-8b'],
    ['run LlamaGuard-7b on a 4090', 'llama-2-7b'],
    ['llama guard 7b inference on 1x 3090', 'llama-2-7b'],
    ['Wayfarer 12B on a 3090', 'mistral-nemo-12b'],
    ['run LatitudeGames/Wayfarer-12B-GGUF on a 2080ti', 'mistral-nemo-12b'],
    ['koboldcpp West-Maid-7B q4_k_m on 1x a5000', 'mistral-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('a Guard of another family is no Llama (Qwen3-Guard-8B)', () => {
    expect(read('run Qwen3-Guard-8B on a 4090').scenario.model.id).not.toMatch(/^llama/);
  });
});

describe("a release's version glued or its Chinese name", () => {
  it('c1635: "0.9.2-Qwen25 VL 32B AWQ" is Qwen2.5-VL-32B (InternLM/lmdeploy#3780)', () => {
    expect(corpusLineRead('c1635').scenario.model.id).toBe('qwen2.5-vl-32b');
  });

  it('c1647: "通义千问2-VL-7B-Instruct" is Qwen2-VL-7B (modelscope/ms-swift#2854)', () => {
    expect(corpusLineRead('c1647').scenario.model.id).toBe('qwen2-vl-7b');
  });

  it.each([
    ['serve qwen25 vl 32b awq on 2x 16GB', 'qwen2.5-vl-32b'],
    ['serve Qwen25-VL-7B on 1x 4090', 'qwen2.5-vl-7b'],
    ['lora qwen25_7b on 1x 4090', 'qwen2.5-7b'],
    // The coder reads as its release's shape, as "Qwen2.5-Coder-7B" does.
    ['lora Qwen25-Coder-7B on 1x 4090', 'qwen2.5-7b'],
    ['lora qwen15-7b on 1x 4090', 'qwen1.5-7b'],
    ['通义千问2-VL-7B 推理 A800 80G', 'qwen2-vl-7b'],
    ['通義千問2.5-7B 推理 A800 80G', 'qwen2.5-7b'],
    ['千问7B 单卡 3090 lora', 'qwen-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});

describe('a release said with a size it never shipped', () => {
  it('c1660: "Gemma3-13b" is Gemma-3-12B, said as a guess (GoogleCloudPlatform/vertex-ai-samples#4068)', () => {
    expect(corpusLineRead('c1660').scenario.model.id).toBe('gemma-3-12b');
  });

  it('c1317: "Gemma2:32b-fp16" is Gemma-2-27B (ollama/ollama#5832)', () => {
    expect(corpusLineRead('c1317').scenario.model.id).toBe('gemma-2-27b');
  });

  it.each([
    ['lora gemma3-13b on 1x a100', 'gemma-3-12b'],
    ['lora Gemma 3 13B on 1x a100', 'gemma-3-12b'],
    ['ollama run gemma2:32b on a 4090', 'gemma-2-27b'],
    ['lora qwen2.5-13b on 1x a100', 'qwen2.5-14b'],
  ])('%s: %s, said', (text, model) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe(model);
    expect(r.said).toContain(`read as ${model}`);
  });

  it('a size far from every member is no member (llama-3-13b)', () => {
    expect(String(read('lora llama-3-13b on 1x a100').scenario.model.id)).not.toMatch(/^llama-3-/);
  });

  it('a size the release has stays itself', () => {
    expect(read('lora gemma3-12b on 1x a100').scenario.model.id).toBe('gemma-3-12b');
  });
});

describe("a kernel log's megabytes of VRAM are no model size", () => {
  it('c1642: "98304M of VRAM memory ready" reads no 98304M model (ROCm/legacy-rocm-build#5902)', () => {
    const text = 'qwen3:14b-q8_0 on ollama\nkernel: [drm] amdgpu: 98304M of VRAM memory ready';
    expect(sizes(text).some((s) => /98304/.test(JSON.stringify(s)))).toBe(false);
    expect(read(text).scenario.model.id).toBe('qwen3-14b');
  });

  it.each([
    '[    2.719061] [drm] amdgpu: 8192M of VRAM memory ready\n[    2.719064] [drm] amdgpu: 11867M of GTT memory ready.\nollama run llama3:8b',
    'amdgpu: 16384M of VRAM memory ready; running llama-3-8b with ollama',
  ])('%s', (text) => {
    expect(sizes(text).every((s) => !/(8192|11867|16384)/.test(JSON.stringify(s)))).toBe(true);
    expect(read(text).scenario.model.id).toMatch(/^llama-3-8b/);
  });
});

describe('a bare size and a name of that size are one model said twice', () => {
  it.each([
    // hpcaitech/ColossalAI#6272: "cannot training a 7B model … with a 7B model Llama2-Chinese-7b-Chat-ms".
    ['c1625', 'llama-2-7b'],
    // TabbyML/tabby#1498: "loading 7b model … --model TabbyML/DeepseekCoder-6.7B".
    ['c1200', 'deepseek-coder-6.7b'],
  ])('%s: %s', (id, model) => {
    expect(corpusLineRead(id).scenario.model.id).toBe(model);
  });

  it.each([
    ['fine-tuning a 7B model OOMs on 1x 3090. The model is Qwen2-7B-Instruct, lora r8', 'qwen2-7b'],
    ['I run the 70B model (Llama-2-70B-chat) on 4x a100 80gb', 'llama-2-70b'],
    ['serve a 8b model with vllm: meta-llama/Llama-3.1-8B-Instruct on 1x l4', 'llama-3.1-8b'],
    ['lora llama-2-13b on 1x a100, is 13B too big?', 'llama-2-13b'],
    ['一个7B模型 用 qwen2-7b lora 3090 爆显存', 'qwen2-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('the same bare size said twice is one size, not another run', () => {
    expect(read('How can i run 8B with 2 GPU? when i run 8B on 2x 1080ti it OOMs').said).not.toMatch(/sets it differently/);
  });

  // Two runs, never one model said twice; since "works on 1x 3090" is read as a run that works (rmodel8, s30), the one
  // that OOMs is the setup and the 7B is said as the other (it had been the first read, for want of that cue).
  it('a bare size and a name of another size stay two runs, the one that OOMs read', () => {
    const r = read('a 7B model works on 1x 3090, but llama-2-13b OOMs');
    expect(r.scenario.model.id).toBe('llama-2-13b');
    expect(r.said).toMatch(/"7B" set aside as your setup's model: another run/);
  });
});

describe('a bound in brackets after "models" is the class asked about, no model', () => {
  it('c1680: "very large models (>= 70b)" then Llama-3.1-405B reads the 405B (EleutherAI/lm-evaluation-harness#2193)', () => {
    expect(corpusLineRead('c1680').scenario.model.id).toBe('llama-3.1-405b');
  });

  it.each([
    'How to run very large models (>= 70b)? I run meta-llama/Llama-3.1-405B-Instruct on 8x h100',
    'big models (over 70B) OOM: serving llama-3.1-405b on 8x h100',
    'large models (70B+) … mine is llama-3.1-405b on 8x h100',
  ])('%s', (text) => {
    expect(read(text).scenario.model.id).toBe('llama-3.1-405b');
  });
});
