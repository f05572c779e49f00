import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, sameShape } from './reading-fixtures.js';

/**
 * How people write about running and serving a model (issue 11, corpus c201–c225): each case
 * quotes the real line it came from (cited) and pins the rule with other phrasings of it.
 */

describe('a GGUF file deployed or hosted runs in llama.cpp', () => {
  // ollama/ollama#10740: "My server has 3 RTX 3090's and when I try to deploy Qwen3-32B-Q6_K using a 32k context size".
  it('"deploy" or "host" with a GGUF type names no engine: llama.cpp runs it, stated', () => {
    for (const text of [
      "My server has 3 RTX 3090's and when I try to deploy Qwen3-32B-Q6_K using a 32k context size",
      'hosting mistral-7b Q5_K_M on a 3060',
      'we deployed llama-3-8b q8_0 on two 4090s',
    ]) {
      const { scenario, said } = read(text);
      expect(scenario.framework, text).toBe('llamacpp');
      expect(said, text).toMatch(/llama\.cpp \(GGUF/);
    }
  });

  it('a named engine or vLLM\'s own verb "serve" keeps vLLM', () => {
    expect(read('vllm serve llama-3-8b q4_k_m on a 3060').scenario.framework).not.toBe('llamacpp');
    expect(read('serve llama-3-8b q4_k_m on a 3060').scenario.framework).not.toBe('llamacpp');
  });
});

describe("llama.cpp's layer split over several GPUs", () => {
  // janhq/jan#3955: "I have two 3090 graphics cards / Running Llama 3.1 70B Instruct Q4 is slow".
  it('one GGUF model on N GPUs is split layer by layer (pp N), as llama.cpp does by default, stated', () => {
    for (const [text, n] of [
      ['I have two 3090 graphics cards\nRunning Llama 3.1 70B Instruct Q4 is slow, is this normal?', 2],
      ['llama-3-70b q4_k_m on 3x 3090', 3],
      ['ollama run qwen2.5:72b on 4x 4090', 4],
    ] as const) {
      const { scenario, said } = read(text);
      expect(scenario.parallel.pp, text).toBe(n);
      expect(scenario.parallel.tp, text).toBe(1);
      expect(said, text).toMatch(/llama\.cpp --split-mode layer/);
    }
  });

  it('the split is the one the estimate already made: "pp N" said or not, the same scenario', () => {
    sameShape('llama-3-70b q4_k_m on 2x 3090', 'llama-3-70b q4_k_m pp 2 on 2x 3090');
  });
});

describe('the people a served model answers', () => {
  // vllm-project/vllm#12400: "I want to use vLLM to serve Llama-3.3-70b to about 5 people with a full context window of 128k tokens."
  it('"to about 5 people", "for 200 users", "handle 40 clients": that many sequences in the batch', () => {
    for (const [text, n] of [
      ['I want to use vLLM to serve Llama-3.3-70b to about 5 people with a full context window of 128k tokens.', 5],
      ['serve llama 3 8b on an a100 for 200 users', 200],
      ['deploy qwen2.5-7b on a 4090 to handle 40 clients', 40],
    ] as const) {
      expect(read(text).scenario.microBatch, text).toBe(n);
    }
  });

  it('people to serve make a bare model a served one; a training word keeps training', () => {
    const served = read('llama 3 8b on an a100 for 200 users').scenario;
    expect(served.mode).toBe('inference');
    expect(served.inference.engine).toBe('vllm');
    expect(read('finetune llama 3 8b on an a100 for 200 users').scenario.mode).not.toBe('inference');
  });

  // h2oai/h2ogpt#898: "how many users can efficiently access the public URL for parallel inference on the A100 GPU."
  it('"how many users can …", "how many concurrent requests can it handle": the largest batch', () => {
    for (const text of [
      "I'm currently utilizing an NVIDIA A100 80 GB GPU to run the Llama-2 13b model\nI'm curious to understand how many users can efficiently access the public URL for parallel inference on the A100 GPU.",
      'how many concurrent requests can vllm handle with qwen2.5-7b on a 4090',
      'serve mistral-7b on an l4: how many people can chat with it at the same time?',
    ]) {
      expect(read(text).scenario.question.kind, text).toBe('maxBatch');
    }
  });
});

describe('software versions are no settings', () => {
  // sgl-project/sglang#6082: "on an RTX 4090 using sglang - 0.4.6-post1 with a 4-GPU setup" (refused: "0.4.6-post1 with a 4-GPU" read as a count).
  it('"sglang - 0.4.6-post1", "sglang==0.2.9", "v0.4.6.post5", "ollama 0.17.5" read no number', () => {
    const sglang = read('I deployed qwen2.5vl-72B-awq (the official version) on an RTX 4090 using sglang - 0.4.6-post1 with a 4-GPU setup.').scenario;
    expect(sglang.hardware?.count).toBe(4);
    expect(sglang.hardware?.gpuId).toBe('rtx-4090');
    // sgl-project/sglang#1016.
    expect(read("I'm trying to use gemma-2-27b-it with sglang==0.2.9 and flashinfer backend ==0.1.3. I'm interested in using a context length of 8192 with sliding window attention").scenario.seq).toBe(8192);
    expect(read('vllm==0.6.3.post1 serving llama-3-8b on 2x l4').scenario.hardware?.count).toBe(2);
    expect(read('running ollama 0.17.5 with llama3:8b on a 3060').scenario.hardware?.count).toBe(1);
  });
});

describe('mixture-of-experts names written apart', () => {
  // sgl-project/sglang#6859: "I am able to run Qwen3-30-A3B on an A100-80G using sglang v0.4.6.post5."
  it('"Qwen3-30-A3B", "Qwen3 30B A3B", "qwen3 30b-a3b" are Qwen3-30B-A3B', () => {
    for (const text of ['I am able to run Qwen3-30-A3B on an A100-80G using sglang v0.4.6.post5.', 'run Qwen3 30B A3B on an a100-80g', 'run qwen3 30b-a3b on an a100-80g']) {
      expect(read(text).scenario.model.id, text).toBe('qwen3-30b-a3b');
    }
  });

  it('an MoE the catalog lacks, written apart ("gemma 4 26b a4b"), is read by its sizes, not refused', () => {
    sameShape('gemma 4 26b a4b on a 4090', 'gemma-4-26b-a4b on a 4090');
  });
});

describe('cards and memory written as serving reports write them', () => {
  // sgl-project/sglang#6082: "an RTX 4090 … with a 4-GPU setup".
  it('"a 4-GPU setup", "an 8-GPU node": that many GPUs', () => {
    expect(read('serve llama-3-70b awq on a 4-GPU setup of 4090s').scenario.hardware?.count).toBe(4);
    expect(read('llama-3.1-70b serve on an 8-GPU node of h100').scenario.hardware?.count).toBe(8);
  });

  // ollama/ollama#14557: "Im running ollama 0.17.5 with 24Gi of vRAM".
  it('"24Gi" is GiB, the Kubernetes spelling', () => {
    sameShape('Im running ollama 0.17.5 with 24Gi of vRAM and still getting errors on `qwen3:8b`', 'qwen3:8b on 24GiB');
    sameShape('llama-3-8b inference on 16Gi', 'llama-3-8b inference on 16GB');
  });
});

describe('weight and cache formats written together', () => {
  // vllm-project/vllm#10102: "With single RTX 6000 48G, context can be set to 15K (AWQ-int4 and fp8 kv-cache)." (refused: fp8 read as weights beside AWQ).
  it('"fp8 kv-cache" is the KV cache\'s dtype, "AWQ-int4" one format', () => {
    const s = read('my actual target is to deploy Qwen2.5-72B with as long context as possible and acceptable latency. With single RTX 6000 48G, context can be set to 15K (AWQ-int4 and fp8 kv-cache).').scenario;
    expect(s.weights).toBe('awq');
    expect(s.inference.kvDtype).toBe('fp8');
    expect(read('serve llama-3-70b gptq-int4 with bf16 kv cache on 2x l40s').scenario.weights).toBe('gptq');
    expect(read('serve llama-3-70b gptq-int4 with bf16 kv cache on 2x l40s').scenario.inference.kvDtype).toBe('bf16');
  });

  // The same line: "as long context as possible and acceptable latency. With single RTX 6000" read as seq 1.
  it("a length keyword takes no number from the next sentence", () => {
    const s = read('my actual target is to deploy Qwen2.5-72B with as long context as possible and acceptable latency. With single RTX 6000 48G, context can be set to 15K').scenario;
    expect(s.seq).toBe(15360);
    expect(s.hardware?.count).toBe(1);
    expect(read('serve llama-3-8b, I need a long context for this. With two L4s it OOMs').scenario.hardware?.count).toBe(2);
  });
});

describe('what runs the model, said in prose', () => {
  // akitaonrails/Tiny-Qwen-CLI#2: "This ran in an RTX 4090 with Ryzen 9 7950X3D" ("7950X3D" read as 7950 GPUs).
  it('a CPU is no card and its number no GPU count', () => {
    for (const text of [
      'I loaded Aider with Ollama+Qwen2.5 Coder Instruct 32B Q4_K_M\nThis ran in an RTX 4090 with Ryzen 9 7950X3D, 22GB of VRAM was used',
      'llama-3-8b inference on a 4070 with an i9-14900K and 64 GB of RAM',
      'serve qwen2.5-7b on 2x l40s, dual Xeon Gold 6338',
    ]) {
      const s = read(text).scenario;
      expect(s.hardware?.count, text).toBeLessThanOrEqual(2);
      expect(read(text).said, text).toMatch(/is a CPU: not read as a GPU/);
    }
  });

  // The same line: "Qwen2.5 Coder Instruct 32B" read as qwen2.5 with no size.
  it('"Coder", "Instruct", "Chat" between a family and its size keep the size; a catalog variant stays itself', () => {
    sameShape('run Qwen2.5 Coder Instruct 32B Q4_K_M on a 4090', 'run qwen2.5-32b q4_k_m on a 4090');
    sameShape('llama 3 instruct 8b on a 4090', 'llama-3-8b on a 4090');
    expect(read('run deepseek coder 33b on an a100').scenario.model.id).toBe('deepseek-coder-33b');
  });

  // The same line: "num_ctx limited to 8192" (read as nothing: seq stayed 2048).
  it('a config key named in prose takes the value it was "set to", "limited to", "capped at"', () => {
    expect(read('I loaded Aider with Ollama+Qwen2.5 Coder Instruct 32B Q4_K_M, num_ctx limited to 8192').scenario.seq).toBe(8192);
    const s = read('serve llama-3-8b with gpu_memory_utilization set to 0.95 and `max_model_len` capped at 4096 on a l4').scenario;
    expect(s.inference.gpuMemoryUtilization).toBe(0.95);
    expect(s.seq).toBe(4096);
  });

  // ollama/ollama#14557: "…that I pull from ollama.com do not work.\nIm running ollama …" ("not" took "running").
  it('a negation ends with its sentence', () => {
    const line = 'qwen3:8b Fails to Load on ollama\nall versions that I pull do not work.\nIm running ollama with 24GB of vRAM';
    expect(read(line).scenario.hardware?.capacityBytes).toBeGreaterThan(20 * 2 ** 30);
    expect(read('llama-3-8b lora on a 4090. It does not fit. gc').scenario.recompute).not.toBe('none');
    expect(read('llama-3-8b lora on a 4090 without gc').scenario.recompute).toBe('none');
  });
});

describe('DeepSeek R1 under Ollama and in its threads', () => {
  const thread = 'What is the GPU resource required to run Deepseek R1 locally?\nI am trying to run it using Ollama with Open WebUI in a docker container';

  // huggingface/open-r1#113 (the opening post): Ollama runs R1 as a GGUF, never in its FP8 checkpoint format.
  it('R1 or V3 run by Ollama or llama.cpp is a GGUF (Q4_K_M unless named), not FP8', () => {
    expect(read(thread).scenario.weights).toBe('q4_k_m');
    expect(read('ollama run deepseek-r1:671b on 8x h200').scenario.weights).toBe('q4_k_m');
    expect(read('deepseek-v3 llama.cpp q2_k on 8x h100').scenario.weights).toBe('q2_k');
    // Served by vLLM, the checkpoint's own FP8 stays; gpt-oss's MXFP4 is a GGUF type and stays under Ollama.
    expect(read('serve deepseek-r1 on 8x h200').scenario.weights).toBe('fp8');
    expect(read('run gpt-oss-20b with ollama on a 4090').scenario.weights).toBe('mxfp4');
  });

  // huggingface/open-r1#113, a reply in that thread: "32b model can run smoothly on RTX 4090."
  it('a bare size in an R1 thread is the R1 distill of that size, said', () => {
    const opened = resolveRequest(thread, null);
    if (!opened.ok || !opened.scenario) throw new Error('thread not read');
    for (const [reply, base] of [
      ['32b model can run smoothly on RTX 4090.', 'qwen2.5-32b'],
      ['what about 70b on 2x 3090?', 'llama-3.1-70b'],
      ['and the 8b one on a 3060?', 'llama-3.1-8b'],
    ] as const) {
      const r = resolveRequest(reply, opened.scenario);
      if (!r.ok || !r.scenario) throw new Error(`not read: ${reply}`);
      expect(r.scenario.model.id, reply).toBe(base);
      expect(r.assumptions.join(' | '), reply).toMatch(/thread about DeepSeek R1/);
    }
    // A size R1 was not distilled at stays a model of that size.
    const other = resolveRequest('what about 13b?', opened.scenario);
    expect(other.ok && other.scenario?.model.id).not.toBe('deepseek-r1');
  });
});

describe('the part of a machine a run used', () => {
  // LoveCatc/supervised-llm-uncertainty-estimation#4: "We used a GPU server with 4 x 48G Nvidia A6000 GPUs and successfully ran Gemma-7B on 2 of the cards."
  it('"on 2 of the cards", "using 4 of my 8 GPUs": the card, with the count the run used, said', () => {
    for (const [text, gpu, n] of [
      ['We used a GPU server with 4 x 48G Nvidia A6000 GPUs and successfully ran Gemma-7B on 2 of the cards.', 'rtx-a6000', 2],
      ['I have 8x h100 and serve llama-3-70b using 4 of my 8 GPUs', 'h100-80g', 4],
    ] as const) {
      const { scenario, said } = read(text);
      expect(scenario.hardware?.gpuId, text).toBe(gpu);
      expect(scenario.hardware?.count, text).toBe(n);
      expect(said, text).toMatch(new RegExp(`the run used ${n} of the`));
    }
    // "2 of the layers" counts no GPUs.
    expect(read('llama-3-8b on 2x 4090, offloading 2 of the layers').scenario.hardware?.count).toBe(2);
  });
});

describe('known gaps from the brief, read as rules', () => {
  // "key==value" (brief's known gap): per_device_train_batch_size==4 read as nothing (micro-batch 1, silently).
  it('a config key written with "==" takes its value; a pinned package stays a version', () => {
    expect(read('llama-3-8b lora per_device_train_batch_size==4 on a 4090').scenario.microBatch).toBe(4);
    expect(read('serve qwen2.5-7b max_model_len==8192 on an l4').scenario.seq).toBe(8192);
    expect(read('pip install flash_attn==2.5.8; llama-3-8b lora on a 4090').scenario.microBatch).toBe(1);
  });

  // "Yi-34B-200K full context" (brief's known gap): refused ("on" can't go after "context").
  it('"full context" is the window the model name carries; with none, it is set aside and said', () => {
    // Yi-34B-200K's max_position_embeddings is 200000: a round "200K" is 200,000 tokens (numbers.ts kMultiple).
    expect(read('run Yi-34B-200K full context on 2x a100').scenario.seq).toBe(200_000);
    expect(read('serve qwen2.5-7b-instruct-128k at full context on an h100').scenario.seq).toBe(128 * 1024);
    const bare = read('llama-3.1-8b at full context on a 4090');
    expect(bare.said).toMatch(/whole context window is not read/);
    // "a full context window of 128k tokens" states its length, and "full" is no full fine-tune.
    const stated = read('I want to serve Llama-3.3-70b to about 5 people with a full context window of 128k tokens.');
    expect(stated.scenario.seq).toBe(128 * 1024);
    expect(stated.said).not.toMatch(/"full" sets it differently/);
  });
});

describe('small words of hardware posts', () => {
  // ollama/ollama#14557: "…versions of qwen3.5 that I pull from ollama.com do not work. Im running ollama with 24Gi of vRAM" (the card was lost).
  it('a family and its version said again after the model is the same model talked about', () => {
    const s = read('qwen3.5-9b on ollama. versions of qwen3.5 from ollama.com fail. im running ollama with 24gb').scenario;
    expect(s.hardware?.capacityBytes).toBe(24 * 2 ** 30);
    expect(read('run llama3.1-8b with ollama. all llama3.1 tags fail on my 3060').scenario.hardware?.gpuId).toBe('rtx-3060');
  });

  // ollama/ollama#10740: "My server has 3 RTX 3090's" ("s" not read).
  it('"3090\'s", "A100\'s": a plural with an apostrophe', () => {
    expect(read("llama-3-70b q4_k_m on 3 RTX 3090's").said).not.toMatch(/not read/);
    expect(read("I have two A100's and want to serve llama-3-70b").said).not.toMatch(/not read/);
  });

  // janhq/jan#3955: "My DRAM is 64G" ("64G" read as an amount the message mentions).
  it('host memory named before its size ("My DRAM is 64G", "system RAM: 128GB") is the host RAM; VRAM or GPU RAM is not', () => {
    expect(read('My DRAM is 64G\nI have two 3090 graphics cards\nRunning Llama 3.1 70B Instruct Q4 is slow').scenario.hostMemoryBytes).toBe(64 * 2 ** 30);
    expect(read('system RAM: 128GB, llama-3-70b q4_k_m on a 3090').scenario.hostMemoryBytes).toBe(128 * 2 ** 30);
    expect(read('GPU RAM 80GB, serve llama-3-8b').scenario.hostMemoryBytes ?? null).toBeNull();
  });

  // "Colab Pro card not guessed" (brief's known gap): "colab pro a100" read as an 80GB A100 with "pro" not read.
  it('a card named with Colab Pro is read, Colab\'s A100 being the 40GB one (Colab Pro alone guesses none)', () => {
    expect(read('llama 3 8b qlora on a colab pro a100').scenario.hardware?.gpuId).toBe('a100-40g');
    expect(read('I want to run llama 3 8b with qlora on colab pro, is that enough?').scenario.hardware).toBeNull();
    expect(read('run mistral 7b on colab pro+ with a t4').scenario.hardware?.gpuId).toBe('t4');
  });
});

describe('local apps built on llama.cpp', () => {
  // vllm-project/vllm#41695 names "ollama, or lmstudio" as the apps that ran the model; janhq/jan#3955 is a GGUF app too.
  it('LM Studio, KoboldCpp and llamafile run llama.cpp, as Ollama does; named beside vLLM they are other programs', () => {
    for (const text of ['lm studio mistral small 24b q4 with 16gb vram', 'koboldcpp llama-3-8b q5_k_m on a 3060', 'running qwen2.5-14b in LMStudio on a 4070']) {
      expect(read(text).scenario.framework, text).toBe('llamacpp');
    }
    const vllm = read('works with lmstudio, but vllm serve qwen2.5-7b on a 4090 OOMs');
    expect(vllm.scenario.inference.engine).toBe('vllm');
    expect(vllm.said).toMatch(/"lmstudio" is another program/);
  });
});

describe('Chinese serving posts', () => {
  // The Chinese threads of the corpus (Qwen, DeepSeek) count load as 并发 (concurrency): QwenLM/Qwen#1092 asks 并发上限 on 8*4090.
  // Since rserve17 a load is the clients' (inference.clientLoad), which the reply holds against the engine's capacity.
  it('"并发100", "并发数 50" are the clients\' load, not a batch; "满血版" names no setting', () => {
    const s = read('8卡H20部署deepseek-v3满血版，并发100').scenario;
    expect([s.inference.clientLoad, s.microBatch]).toEqual([100, 1]);
    expect(s.hardware?.count).toBe(8);
    expect(read('vllm部署qwen2.5-7b，4090，并发数 50').scenario.inference.clientLoad).toBe(50);
    expect(read('8卡H20部署deepseek-v3满血版，并发100').said).not.toMatch(/满血/);
  });
});

describe('code people paste to run a model', () => {
  it('a model class\'s from_pretrained loads the model (inference unless training is also there)', () => {
    expect(read("model = AutoModelForCausalLM.from_pretrained('meta-llama/Llama-3.1-70B-Instruct', device_map='auto', torch_dtype=torch.bfloat16) on 4x A100 40GB").scenario.mode).toBe('inference');
    expect(read("model = LlamaForCausalLM.from_pretrained('meta-llama/Llama-2-13b-hf', torch_dtype=torch.float16) on a 3090").scenario.mode).toBe('inference');
    expect(read("model = AutoModelForCausalLM.from_pretrained('meta-llama/Llama-3.1-8B', load_in_4bit=True)\ntrainer = SFTTrainer(model, args=SFTConfig(per_device_train_batch_size=2)) on a 4090").scenario.mode).not.toBe('inference');
  });

  it('"generate()" runs the model and takes no number ("with 8k prompt" is the prompt); its arguments are read', () => {
    const s = read('generate() with 8k prompt, llama 3 8b, batch of 16, A100 40G').scenario;
    expect(s.seq).toBe(8192);
    expect(s.inference.newTokens).toBe(0);
    expect(read('outputs = model.generate(**inputs, max_new_tokens=256) with llama-3-8b on a 4090').scenario.inference.newTokens).toBe(256);
  });

  it('"how long of a context can I fit" asks for the longest sequence', () => {
    expect(read('how long of a context can I fit with mistral 7b on a 4090').scenario.question.kind).toBe('maxSeq');
    expect(read('how big of a context could qwen2.5-7b get on an l4 with vllm').scenario.question.kind).toBe('maxSeq');
  });
});

describe('load said after the count', () => {
  it('"20 users at the same time", "around 30 requests in parallel", "10 people simultaneously": the clients\' load', () => {
    for (const [text, n] of [
      ['we expect 20 users at the same time on llama-3.1-8b with vllm on an a10g', 20],
      ['llama 3 70b awq, 4x L4, serving around 30 requests in parallel', 30],
      ['qwen2.5-7b on a 4090 for 10 people simultaneously', 10],
    ] as const) {
      const s = read(text).scenario;
      expect([s.inference.clientLoad, s.microBatch], text).toEqual([n, 1]);
    }
  });

  // Ollama FAQ: "Required RAM will scale by OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH".
  it('OLLAMA_NUM_PARALLEL is that many sequences of the context (max seqs, not a micro-batch); its log default 0 sets none', () => {
    const four = read('ollama with OLLAMA_NUM_PARALLEL=4 and num_ctx 8192, llama3.1:8b on a 3060 12GB').scenario;
    expect(four.inference.maxSeqs).toBe(4);
    expect(four.microBatch).toBe(1);
    const none = read('llama3.1:8b on a 3060: server config env="map[OLLAMA_CONTEXT_LENGTH:4096 OLLAMA_NUM_PARALLEL:0]"').scenario;
    expect(none.microBatch).toBe(1);
    expect(none.inference.maxSeqs).toBeUndefined();
  });
});

describe('serving settings written as people write them', () => {
  it('"95% gpu memory utilization", "memory utilization at 90%": vLLM\'s fraction', () => {
    expect(read('vllm with 95% gpu memory utilization, llama-3-8b on an A10G').scenario.inference.gpuMemoryUtilization).toBe(0.95);
    expect(read('serve qwen2.5-7b on an l4, gpu memory utilization at 80%').scenario.inference.gpuMemoryUtilization).toBe(0.8);
  });

  it('"A100 80GB x 2", "H100 SXM 80GB x8": the card with its memory, then its count', () => {
    expect(read('serve qwen2.5-32b-awq on A100 80GB x 2').scenario.hardware?.count).toBe(2);
    expect(read('llama-3.1-70b fp8 on H100 SXM 80GB x8 with vllm').scenario.hardware?.count).toBe(8);
  });

  it('"I set max_num_seqs to 64", "lowering gpu_memory_utilization to 0.8": the verb before the key', () => {
    // --max-num-seqs is the server's cap, read as "max seqs" (scenario/resolve-max-seqs.ts), not a batch it must hold.
    expect(read('I set max_num_seqs to 64 for llama-3-8b on vllm, L40S').scenario.inference.maxSeqs).toBe(64);
    expect(read('lowering gpu_memory_utilization to 0.8 fixed it, mistral-7b vllm on l4').scenario.inference.gpuMemoryUtilization).toBe(0.8);
  });
});
