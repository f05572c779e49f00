import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rserve3 (issue 22): a local runner's settings read as a training run's.
 * - Ollama's OLLAMA_NUM_PARALLEL is the requests the server runs at once, each with the whole
 *   context: "max seqs N", never a micro-batch (ollama/ollama#5756, c1812; ollama/ollama#9054, c1790).
 * - An offload to the CPU said of a model that is only run is the runner's (layers in host RAM), no
 *   optimizer offload that makes the request a fine-tune (matatonic/openedai-vision#24, c1885).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe("Ollama's parallel requests are the server's concurrency, not a micro-batch", () => {
  it('c1812: OLLAMA_NUM_PARALLEL=64 ollama serve', () => {
    const s = read(line('c1812').text);
    expect(s.mode).toBe('inference');
    expect(s.inference.maxSeqs).toBe(64);
    expect(s.microBatch).toBe(1);
  });

  it('c1790: "set the `OLLAMA_NUM_PARALLEL` parameter to 3"', () => {
    const s = read(line('c1790').text);
    expect(s.inference.maxSeqs).toBe(3);
    expect(s.microBatch).toBe(1);
  });

  it.each([
    ['OLLAMA_NUM_PARALLEL=8 ollama serve, then ollama run llama3 on a 4090', 8],
    ['ollama with llama3:8b on one RTX 4090, OLLAMA_NUM_PARALLEL = 4', 4],
    ['I set OLLAMA_NUM_PARALLEL to 16 and run qwen2.5:7b in ollama on a 3090', 16],
    ["I've set the `OLLAMA_NUM_PARALLEL` variable to 6 — ollama, mistral 7b, rtx 4080", 6],
    ['ollama serve (OLLAMA_NUM_PARALLEL: 12) with llama3.1 8b on an L4', 12],
    ['Environment="OLLAMA_NUM_PARALLEL=32"\nollama run llama3 on 1x a10g', 32],
  ])('%s', (text, n) => {
    const s = read(text);
    expect(s.mode).toBe('inference');
    expect(s.framework).toBe('llamacpp');
    expect(s.inference.maxSeqs).toBe(n);
    expect(s.microBatch).toBe(1);
  });

  it.each(['OLLAMA_NUM_PARALLEL=1 ollama serve with llama3 on a 4090', 'OLLAMA_NUM_PARALLEL=0 ollama run llama3 on a 4090'])('%s: the default, no setting', (text) => {
    const s = read(text);
    expect(s.inference.maxSeqs).toBeUndefined();
    expect(s.microBatch).toBe(1);
  });

  it('the KV cache holds one context per parallel request (Ollama FAQ: RAM scales by NUM_PARALLEL × context)', () => {
    const kv = (n: number) => {
      const s = read(`OLLAMA_NUM_PARALLEL=${n} ollama serve llama3 8b on a 4090`);
      return estimate(s).components.find((c) => c.key === 'kv')!.bytes;
    };
    expect(kv(8)).toBeCloseTo(4 * kv(2), 0);
    // 2 × 32 layers × 4096 tokens × 8 KV heads × 128 × 2 B = 512 MiB per sequence (Llama-3-8B, f16).
    expect(kv(2)).toBe(2 * 512 * 2 ** 20);
  });
});

describe('an offload to the CPU of a model that is only run is no training setting', () => {
  it('c1885: "Add cpu offload for …-AWQ … I want to run [it] on my local computer"', () => {
    const s = read(line('c1885').text);
    expect(s.mode).toBe('inference');
    expect(s.offload.optimizer).toBe('none');
    expect(s.weights).toBe('awq');
  });

  it.each([
    'I want to run Qwen/Qwen2.5-72B-Instruct-AWQ on 2x rtx 3090 with cpu offload, it OOMs',
    'running llama-2-13b locally on one 3060 12GB, CPU offloading is on',
    'can I run mixtral-8x7b on a 4090 with offload to CPU?',
    'load Qwen2-VL-7B on an RTX 3080 10GB, layer offload to ram',
    '想在两张3090上运行 Qwen2-72B-Instruct-GPTQ-Int4，cpu offload',
  ])('%s', (text) => {
    const s = read(text);
    expect(s.mode).toBe('inference');
    expect(s.offload.optimizer).toBe('none');
  });

  it.each([
    'lora fine-tune llama-2-13b on one 3090 with cpu offload',
    'run deepspeed zero2 cpu offload on llama-2-7b, 2x a100 40gb',
    'full fine-tune mistral 7b, offload to cpu, 1x a100 80gb',
  ])('%s: beside a training word the offload stays', (text) => {
    const s = read(text);
    expect(s.mode).not.toBe('inference');
    expect(s.offload.optimizer).toBe('cpu');
  });
});

/**
 * The program another setup runs goes with it (reconcile/other-setup-engine.ts): "However, my mini PC,
 * which only has an AMD integrated GPU (780M) and runs Ollama with the huihui_ai/… model, processed the
 * same image in just 5.53 seconds" beside the 3060 that runs the model in ComfyUI (transformers):
 * 1038lab/ComfyUI-QwenVL#31, c1919, had read the 3060's run as a llama.cpp GGUF.
 */
describe("the engine said only in another setup's sentence is not the setup's", () => {
  const c1919 = () => line('c1919').text;
  it('c1919: the 3060 runs the 8-bit model under transformers', () => {
    const s = read(c1919());
    expect(s.framework).toBe('hf');
    expect(s.weights).toBe('int8');
    expect(s.hardware?.gpuId).toBe('rtx-3060');
  });

  it.each([
    ['LM Studio', (t: string) => t.replace('Ollama', 'LM Studio').replace('huihui_ai/qwen3-vl-abliterated:2b-instruct', 'qwen3-vl-2b-instruct')],
    ['KoboldCpp', (t: string) => t.replace('Ollama', 'KoboldCpp')],
    ['another card and RAM', (t: string) => t.replace('RTX 3060 12GB', 'RTX 4060 Ti 16GB').replace('64GB', '32GB')],
    ['one paragraph', (t: string) => t.replace(/\n+/g, ' ')],
    ['the model before the engine', (t: string) => t.replace('runs Ollama with the huihui_ai/qwen3-vl-abliterated:2b-instruct model,\n', 'runs the huihui_ai/qwen3-vl-abliterated:2b-instruct model in Ollama, and ')],
  ])('%s', (_, vary) => {
    const s = read(vary(c1919()));
    expect(s.framework).toBe('hf');
    expect(s.weights).toBe('int8');
  });

  it('an engine said of both setups stays', () => {
    const s = read(`I use Ollama everywhere. ${c1919()}`);
    expect(s.framework).toBe('llamacpp');
  });

  it("an engine in the kept setup's own sentence stays", () => {
    expect(read('I have a 4090 (my old 3090 died) and run Ollama with llama3 8b').framework).toBe('llamacpp');
  });
});

/**
 * An Ollama tag whose name holds an underscore ("The model is gpt_oss:20b.", ollama/ollama#11864, c1370)
 * had been blanked as a snake_case key and its value (config.unknown-key): no model, so no engine.
 */
describe('an Ollama tag with an underscore is a tag, not a key', () => {
  it('c1370: gpt_oss:20b on an 8 GB RTX 4060 Ti', () => {
    const s = read(line('c1370').text);
    expect(s.model.id).toBe('gpt-oss-20b');
    expect(s.framework).toBe('llamacpp');
  });

  it.each([
    ['The model is gpt_oss:20b. RTX4060TI with 8GB', 'gpt-oss-20b'],
    ['ollama run gpt_oss:120b on 2x rtx 3090', 'gpt-oss-120b'],
    ['gpt_oss:20b  on a 16GB 4060 ti', 'gpt-oss-20b'],
    ['using gpt_oss:20b-instruct with an RTX 3060 12GB', 'gpt-oss-20b'],
  ])('%s', (text, id) => {
    const s = read(text);
    expect(s.model.id).toBe(id);
    expect(s.framework).toBe('llamacpp');
  });

  it('a snake_case key with a plain number stays a key', () => {
    expect(read('ollama llama3 8b on a 4090, num_ctx:8192').seq).toBe(8192);
    expect(read('lora llama-2-7b on a 4090, lora_r:16').lora?.rank).toBe(16);
  });
});

/** A PCIe link's generation and lanes are no setting (prose/rules/pcie-links.ts; c1888's "GPU0 x8 gen3"). */
describe('a PCIe link is not a generation length or a card count', () => {
  it('c1888: "GPU0 x8 gen3, GPU1 x8 gen3, GPU2 x4 gen3" generates nothing', () => {
    expect(read(line('c1888').text).inference.newTokens).toBe(0);
  });

  it.each([
    'qwen3 32b in ollama on 2x rtx 4060 ti 16gb, both in PCIe 4.0 x8 slots',
    'llama3 70b on 2x 3090 (PCIe gen3 x16 and gen3 x4)',
    'llama3 70b on 2x 3090 in slots x16 gen4 and x4  Gen 4',
    'llama3 70b on 2x 3090 over pci-e gen 3',
    'llama-3-70b 在 2张3090 上推理，PCIe3.0 x8',
  ])('%s', (text) => {
    const s = read(text);
    expect(s.inference.newTokens).toBe(0);
    expect(s.hardware?.count).toBe(2);
  });

  it('"gen 512" stays the generated tokens', () => {
    expect(read('llama3 8b vllm on a 4090, gen 512').inference.newTokens).toBe(512);
  });
});

/**
 * A fence mark a log took in as its closing line stays when the log is blanked (segments/read.ts): an
 * issue template's "### Ollama version" after a fenced llama.cpp log (ollama/ollama#7867, c795) had been
 * dropped as a script comment inside a fence that never closed, and the engine with it.
 */
describe('a heading after a fenced log is prose, and the engine it names is read', () => {
  const log = 'Error: llama runner process has terminated: cudaMalloc failed: out of memory\nllama_new_context_with_model: failed to allocate compute buffers';
  it('c795: "### Ollama version" after the log', () => {
    expect(read(line('c795').text).framework).toBe('llamacpp');
  });

  it.each([
    `deepseek v2 on 2x a6000 fails\n\`\`\`\n${log}\n\`\`\`\n\n### Ollama version\n\nv0.4.5`,
    `deepseek v2 on 2x a6000 fails\n\`\`\`text\n${log}\n\`\`\`\n### Ollama version\nv0.4.5`,
    `deepseek v2 on 2x a6000 fails\n~~~\n${log}\n~~~\n\n### Ollama version\n\n0.4.5`,
    `### What is the issue?\n\nqwen2.5 72b on 2x rtx 3090 does not load\n\n\`\`\`\n${log}\n\`\`\`\n\n### OS\n\nLinux\n\n### Ollama version\n\nv0.5.1`,
  ])('%s', (text) => {
    expect(read(text).framework).toBe('llamacpp');
  });

  // rseq13: the context llama.cpp prints it made is a printed setting (segments/logged-settings.ts), read as the
  // corpus reads it (c1797, an Ollama log's n_ctx 2048; c1007, c1214, c1227, c1947, c2090); the log's other numbers stay blanked.
  it('the context llama.cpp printed is read; the numbers of the log stay blanked', () => {
    const s = read(`llama3 8b on a 4090\n\`\`\`\nllama_new_context_with_model: n_ctx = 65536\nllm_load_tensors: offloaded 33/33 layers to GPU\n\`\`\`\n\n### Ollama version\n\nv0.4.5`);
    expect(s.seq).toBe(65536);
    expect(s.hardware?.count).toBe(1);
  });
});

/**
 * Steps shared with a reader ("Here is how I did it if someone else wants to try it as well:") are the
 * user's own run, not someone else's (owners/rules.ts owner.reference.people; ollama/ollama#7072, c1262).
 */
describe('steps shared "if someone else wants to try" are the user\'s own', () => {
  it('c1262: the ollama commands after it name the engine', () => {
    expect(read(line('c1262').text).framework).toBe('llamacpp');
  });

  it.each([
    'I got deepseek-v2.5 running on a 3090. Here is how, if someone else wants to try:\n```\n$ ollama run deepseek-v2.5\n```',
    'qwen2.5 32b now works on my 4090; in case someone needs it, I run it with ollama',
    'llama3 70b on 2x 3090 works for me. For someone with the same problem: I use ollama with num_gpu 60',
  ])('%s', (text) => {
    expect(read(text).framework).toBe('llamacpp');
  });

  it("someone else's run stays theirs", () => {
    expect(read('someone runs llama-2-70b on 8x a100 80gb; I have 2x a100 80gb, can I fine-tune it with lora?').hardware?.count).toBe(2);
  });
});

/**
 * Ollama's own server lines name it, weakly, where nothing else does (segments/log-evidence.ts): its gin
 * access log ("[GIN] … | POST "/api/chat"") beside a link to another Ollama issue, which names no engine
 * (ollama/ollama#4212, c588), and its slog lines ("time=… level=INFO source=server.go:…").
 */
describe("Ollama's server log names the engine where nothing else does", () => {
  const gin = '[GIN] 2024/05/05 - 23:38:16 | 200 |  24.89660366s |      172.17.0.1 | POST     "/api/chat"';
  it('c588: the gin log beside a link to an Ollama issue', () => {
    expect(read(line('c588').text).framework).toBe('llamacpp');
  });

  it.each([
    `mixtral on 2x 48 GB A6000 runs out of memory at 16k context\n\`\`\`\n${gin}\n\`\`\``,
    `mixtral on 2x 48 GB A6000 OOMs, maybe related to https://github.com/ollama/ollama/issues/1341\n\`\`\`\n${gin}\n${gin}\n\`\`\``,
    `qwen2.5 14b on a 4090 is slow\n\`\`\`\ntime=2024-11-27T10:11:12.345Z level=INFO source=sched.go:714 msg="new model will fit in available VRAM in single GPU, loading"\n\`\`\``,
  ])('%s', (text) => {
    expect(read(text).framework).toBe('llamacpp');
  });

  it('an engine the prose names wins', () => {
    expect(read(`serving mixtral with vllm on 2x 48 GB A6000\n\`\`\`\n${gin}\n\`\`\``).framework).not.toBe('llamacpp');
  });
});
