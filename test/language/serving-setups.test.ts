import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Serving setups (issue 22): which engine runs the model, how it is spread over GPUs, which length it
 * serves, and which of the engine's defaults the user actually set. Each case quotes the real line it
 * came from (cited) and pins the rule with other phrasings of it.
 */

describe('a GGUF repository named by its Hub id runs in llama.cpp, as a GGUF type written does', () => {
  // QwenLM/Qwen3-VL#1583 (c1143): "部署yairpatch/Qwen3-VL-30B-A3B-Instruct-GGUF需要多大的显存？ … 一张4090够吗？"
  it('"deploy" with a -GGUF Hub id names no engine: llama.cpp runs it, stated', () => {
    for (const text of [
      corpusText('c1143'),
      'deploy TheBloke/Llama-2-13B-chat-GGUF on a 3060',
      'how much VRAM to host bartowski/Qwen2.5-7B-Instruct-GGUF on one 4090',
      '部署 Qwen/Qwen2.5-7B-Instruct-GGUF 需要多少显存 一张3090',
    ]) {
      const { scenario, said } = read(text);
      expect(scenario.framework, text).toBe('llamacpp');
      expect(scenario.inference.engine, text).toBe('hf');
      expect(said, text).toMatch(/llama\.cpp \(GGUF Q4_K_M is its format/);
    }
  });

  it('an engine named with it keeps that engine; another format in the id keeps the server', () => {
    expect(read('vllm serve TheBloke/Llama-2-13B-chat-GGUF on a 4090').scenario.inference.engine).toBe('vllm');
    expect(read('deploy TheBloke/Llama-2-13B-chat-AWQ on a 4090').scenario.inference.engine).toBe('vllm');
  });
});

describe("EXL2's bits per weight before a card", () => {
  // turboderp/exllamav2 (c1116): "Command-R plus 6.5 bpw works very well … in my setup 112GB VRAM."
  // The canonical "bpw 6.5 on 112GB" must read back as itself: a fraction after bpw is its value, not a card's.
  it('"bpw 6.5 on 112GB" keeps 6.5 bits per weight', () => {
    for (const text of ['command-r-plus exllamav2 bpw 6.5 on 112GB', 'command-r-plus exllamav2 bpw 6.5 on 1x 112GB', '70b exllamav2 bpw 4.0 on 2x 3090', 'llama-3-70b exllamav2 bpw 2.4 on a 3090']) {
      expect(read(text).scenario.inference.bpw, text).toBe(Number(/bpw (\d+(?:\.\d+)?)/.exec(text)![1]));
    }
    expect(read(corpusText('c1116')).scenario.inference.bpw).toBe(6.5);
  });
});

describe("LM Studio's GPU Offload setting is llama.cpp's -ngl", () => {
  // lmstudio-ai/lmstudio-bug-tracker#1330 (c1127): "「GPU Offload Layers」を「36/36」（最大）に設定し" — 36 layers
  // on the GPU, not a model of 36 layers; lmstudio-ai/lms#412: "GPU Offload 93/93, LM Studio only offloads 87 layers".
  it('"GPU Offload N/M" and "GPU Offload Layers N" set ngl N; the model keeps its own layer count', () => {
    for (const [text, n] of [
      ['qwen3-48b-a4b q4_k_m lm studio GPU Offload Layers 36/36 on rtx 4060', 36],
      ['llama-3-70b Q3_K_M, ctx 66354, GPU Offload 93/93 on 2x rtx 6000 ada', 93],
      ['llama-3-70b q4_k_m, gpu offload: 40/81 layers, on a 4090', 40],
      ['llama-3-8b q4_k_m gpu offload 20 on a 3060', 20],
    ] as const) {
      const { scenario } = read(text);
      expect(scenario.inference.gpuLayers, text).toBe(n);
      expect(scenario.framework, text).toBe('llamacpp');
    }
    const line = read(corpusText('c1127')).scenario;
    expect(line.inference.gpuLayers).toBe(36);
    expect(line.model.arch.layers).not.toBe(36);
  });

  it('"GPU offload" with no number sets nothing', () => {
    expect(read('GPU offload is not working, llama-3-8b q4_k_m on a 3060').scenario.inference.gpuLayers).toBeUndefined();
  });
});

describe("vLLM's estimate of the length that fits is not the length served", () => {
  // kaito-project/kaito (c1152): "ValueError: To serve at least one request with the model's max seq len (1048576),
  // 22.5 GiB KV cache is needed, which is larger than the available KV cache memory (17.39 GiB).
  // Based on the available memory, the estimated maximum model length is 810208."
  it('"the estimated maximum model length is N" sets no seq and is said as set aside', () => {
    const line = read(corpusText('c1152'));
    expect(line.scenario.seq).not.toBe(810208);
    for (const text of [
      "llama-3-70b vllm serve on 2x h100. ValueError: To serve at least one request with the model's max seq len (131072), 22.5 GiB KV cache is needed, which is larger than the available KV cache memory (17.39 GiB). Based on the available memory, the estimated maximum model length is 110208. Try increasing gpu_memory_utilization",
      'serving qwen2.5-7b with vllm on a 4090 fails: the estimated maximum model length is 27,504',
    ]) {
      const { scenario } = read(text);
      expect([110208, 27504], text).not.toContain(scenario.seq);
    }
    expect(read("llama-3-70b vllm serve on 2x h100. the model's max seq len (131072) is larger; the estimated maximum model length is 110208.").scenario.seq).toBe(131072);
  });
});

describe("TGI's printed arguments carry its defaults", () => {
  // huggingface/text-generation-inference#606 (c1095): "INFO text_generation_launcher: Args { …, waiting_served_ratio: 1.2,
  // max_batch_prefill_tokens: 4096, max_batch_total_tokens: 16000," — TGI's launcher prints every argument;
  // 4096 is its default prefill budget, not one the user set (c216: /info's printed defaults are not the user's).
  it('max_batch_prefill_tokens at its default 4096 in a full printout is not read as the user\'s setting', () => {
    expect(read(corpusText('c1095')).scenario.inference.batchedTokens).toBeUndefined();
    const printout = (prefill: string) =>
      `falcon-40b on 2x a100-40g\nINFO text_generation_launcher: Args { model_id: "tiiuae/falcon-40b-instruct", num_shard: Some(2), quantize: Some(Bitsandbytes), max_concurrent_requests: 128, max_best_of: 2, max_stop_sequences: 4, max_input_length: 1024, max_total_tokens: 2048, waiting_served_ratio: 1.2, max_batch_prefill_tokens: ${prefill}, max_batch_total_tokens: 16000 }`;
    expect(read(printout('4096')).scenario.inference.batchedTokens).toBeUndefined();
    expect(read(printout('8192')).scenario.inference.batchedTokens).toBe(8192);
  });

  it('a value the user wrote or a trimmed printout keeps it (c040: the dump trimmed to the memory keys)', () => {
    expect(read('llama-2-70b tgi tp 8 --max-batch-prefill-tokens 4096 on 8x a10g').scenario.inference.batchedTokens).toBe(4096);
    expect(read(corpusText('c040')).scenario.inference.batchedTokens).toBe(4096);
  });
});

describe("a systemd unit's Environment= line sets the variable it quotes", () => {
  // c1132: `[Service]\nEnvironment="OLLAMA_NUM_PARALLEL=1"\nEnvironment="OLLAMA_CONTEXT_LENGTH=8192"`;
  // ollama/ollama#14130: `# /etc/systemd/system/ollama.service.d/override.conf\n[Service]\nEnvironment="OLLAMA_NUM_CTX=6144"`.
  it('Environment="OLLAMA_CONTEXT_LENGTH=N" is the server context N, quoted or not', () => {
    expect(read(corpusText('c1132')).scenario.seq).toBe(8192);
    for (const text of [
      'gpt-oss:120b on 4x 22GB\n[Service]\nEnvironment="OLLAMA_CONTEXT_LENGTH=32768"',
      "qwen3:32b on a 4090\n[Service]\nEnvironment='OLLAMA_CONTEXT_LENGTH=32768'",
      'llama3.1:8b on a 3060\nEnvironment=OLLAMA_CONTEXT_LENGTH=32768',
    ]) expect(read(text).scenario.seq, text).toBe(32768);
  });
});

describe("SGLang's memory fraction named in prose without its dashes", () => {
  // Written as people write a flag they remember: "mem-fraction-static 0.85" in a Chinese question
  // (invented, after sgl-project/sglang issues that quote `--mem-fraction-static 0.85`); the dashed,
  // snake and `=` spellings were read already, the bare kebab one was listed as not read.
  it.each([
    'llama-3.1-8b sglang tp 1 mem-fraction-static 0.85 on 1x a100-80g',
    'llama-3.1-8b sglang tp 1 --mem-fraction-static 0.85 on 1x a100-80g',
    'llama-3.1-8b sglang tp 1 mem_fraction_static 0.85 on 1x a100-80g',
    '用sglang部署llama-3.1-8b，一张A100 80G，mem-fraction-static 0.85，显存够吗？',
  ])('%j sets the fraction', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.inference.gpuMemoryUtilization).toBe(0.85);
    expect(said).not.toMatch(/not read: [^|]*mem-fraction-static/);
  });
});

describe('"how many layers" asks what -ngl the reply offers', () => {
  it.each([
    'got OOM running gemma-3-27b-it on my 3090 with ollama, num_ctx 16384, q4_K_M. how many layers should i offload?',
    'llama-3-70b q4_k_m llama.cpp on 1x 4090, how many layers can I put on the gpu?',
    'llama-3-70b q4_k_m llama.cpp on 1x 4090 - how many more layers fit in vram',
  ])('%j lists none of its words as not read', (text) => {
    const { said } = read(text);
    expect(said).not.toMatch(/not read: [^|]*"(?:layers|put|offload)"/);
  });

  it('a count of layers on the GPU is still -ngl', () => {
    expect(read('mistral-7b q4_k_m llama.cpp with 20 gpu layers on 1x rtx-3060, how many layers should i offload?').scenario.inference.gpuLayers).toBe(20);
  });
});

describe('the optimal number of layers, asked as llama-cpp-python#960 asks it', () => {
  it('"the optimal number of layers to offload to GPU" lists none of its words', () => {
    // abetlen/llama-cpp-python#960: "I am using a llama-2-7b-chat.Q4_K_M.gguf model locally and am trying to identify the optimal number of layers to offload to GPU … I have a Tesla T4 GPU"
    const { said } = read('I am using a llama-2-7b-chat.Q4_K_M.gguf model locally and am trying to identify the optimal number of layers to offload to GPU. Currently, I have a Tesla T4 GPU');
    expect(said).not.toMatch(/not read: [^|]*"(?:layers|offload|optimal|number)"/);
  });
});
