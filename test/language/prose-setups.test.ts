import { describe, expect, it } from 'vitest';
import { read, sameShape } from './reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * How prose that names its setup loosely is read (issue 11): two setups in one message, memory
 * quoted as used, a model named without its size or by its fine-tune, serving words, a Hub repo
 * not fetched. Each case is written like the cited corpus line (test/corpus/requests.jsonl), not
 * copied from it.
 */

describe('two setups in one message', () => {
  // c162 (a llama-recipes thread): "A100 40G*4 … a more reasonable choice would be A100 40G*8".
  it('in prose the first saying stands, the other is named as set aside, never merged', () => {
    const text = 'For me 13b full fine-tuning with fsdp offload needed A100 40G*4 at least. Also fine: A100 40G*8 without offload.';
    const { scenario, said } = read(text);
    expect(scenario.hardware?.count).toBe(4);
    expect(said).toMatch(/read "A100 40G\*4" as your setup's GPU count; "A100 40G\*8" sets it differently/);
  });

  it('a short request with two values is still a contradiction to fix', () => {
    const r = resolveRequest('7b on 4x a100 on 8x a100', null);
    expect(r.ok ? '' : r.error.message).toMatch(/contradict each other/);
  });

  // c095 (Facico/Chinese-Vicuna): "RTX 2080 11G" — a card with a memory it never had.
  // Issue 22, item 5: two readings of one phrase are asked, with both options, not refused in prose.
  it('a card and a memory it does not have are asked about in prose, naming both options', () => {
    const r = resolveRequest('I get out of memory when I run llama 13b with the lora on my card\nthe gpu is an RTX 2080 11G', null);
    const asked = r.ok ? r.notices.find((n) => /no RTX 2080 with 11 GB/.test(n)) : undefined;
    expect(asked).toMatch(/RTX 2080 8GB.*RTX 2080 Ti 11GB.*Which did you mean\?/);
  });

  it('a card and a memory it does not have stay a contradiction in a short request', () => {
    const r = resolveRequest('13b lora on rtx 2080 11G', null);
    expect(r.ok ? '' : r.error.message).toMatch(/no RTX 2080 with 11 GB/);
  });
});

describe('memory a message says is used is not a card', () => {
  // c129 (meta-llama/llama): "someone said the 7B model just needs 8.5G VRAM", c148 (ollama): "uses 24 GB VRAM".
  it('"needs 8.5G VRAM" next to a 24GB card leaves the card', () => {
    const { scenario, said } = read('7b model runs out of memory on my rtx 3090 24Gb, though people say a 7B model just needs 8.5G VRAM');
    expect(scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(said).toMatch(/"8\.5G" read as memory the message says is used/);
  });

  it('"uses 24 GB VRAM" with no card names no GPU', () => {
    const { scenario } = read('why does gemma-3-12b inference use 24 GB VRAM with flash attention off');
    expect(scenario.hardware).toBeNull();
  });
});

describe('models named loosely', () => {
  // c035 (meta-pytorch/torchtune#1694): "fine-tuning LLAMA 3.1 on a single Nvidia RTX 4090".
  it('a series without a size is its 7–9B model, with the other sizes offered', () => {
    const { scenario, said } = read('I am fine-tuning LLAMA 3.1 on a single RTX 4090 and it runs out of memory');
    expect(scenario.model.id).toBe('llama-3.1-8b');
    expect(said).toMatch(/LLAMA 3\.1 — which size: 8b, 70b or 405b\? read as 8b/);
    expect(read('train codellama with lora on a100').scenario.model.id).toBe('codellama-7b');
  });

  // c068 (meta-llama/llama): "how many gpus needs when full training 70B  Llama2".
  it('a series and a size said apart are one model', () => {
    expect(read('how many gpus needs when full training 70B  Llama2').scenario.model.id).toBe('llama-2-70b');
    expect(read('How many A100 40GB GPUs to tune a 13B model (full parameter)? I want to train llama2').scenario.model.id).toBe('llama-2-13b');
  });

  // c121 (lm-sys/FastChat), c063 (hiyouga/LlamaFactory): fine-tunes named by themselves.
  it('a fine-tune with its size is its base catalog model', () => {
    expect(read('finetune vicuna-13b with lora on a v100').scenario.model.id).toBe('llama-1-13b');
    expect(read('qlora on openchat-3.6-8b on 2x t4').scenario.model.id).toBe('llama-3-8b');
    sameShape('finetune guanaco 65b with qlora', 'llama-1-65b qlora');
  });

  // c168 (artidoro/qlora): a Hub repo the catalog lacks, not fetched here (arielnlee/Platypus's own 30B).
  it('a Hub repo not fetched reads by the size its name holds, stated', () => {
    const { scenario, said } = read('qlora finetune of https://huggingface.co/garage-bAInd/Platypus-30B across 2x 3090');
    expect(scenario.model.requestedParams).toBe(30e9);
    expect(said).toMatch(/the Hub was not asked here: read by its name as a 30B model/);
    // A fine-tune whose name gives its base reads as that base: WizardLM-30B is LLaMA-1 33B.
    expect(read('qlora finetune of https://huggingface.co/TheBloke/WizardLM-30B-fp16 across 2x 3090').scenario.model.id).toBe('llama-1-33b');
  });

  // c079 (ovg-project/kvcached): "OOM/ValueError" is not a repo; nor is the vllm/vllm-openai image.
  it('a slash pair with no digit and no model family is no Hub repo', () => {
    expect(read('I get an OOM/ValueError when serving llama-3.1-8b on an l4').scenario.model.id).toBe('llama-3.1-8b');
  });
});

describe('serving and inference over several GPUs', () => {
  // c083 (tensorrtllm_backend#438) "Deploying Mixtral-8x7B", c160 (Qwen3-VL#1489) "deploy … cuda OOM".
  it('deploy and host are serving, and the reply names the engine assumed', () => {
    const { scenario, said } = read('Deploying mixtral-8x7b on 2x a100-80g raises out of memory');
    expect(scenario.inference.engine).toBe('vllm');
    expect(scenario.parallel.tp).toBe(2);
    expect(said).toMatch(/served with vLLM's memory layout \(assumed for "Deploying"/);
  });

  // c075 (oobabooga/textgen): HF generate over two cards with device_map="auto".
  it('Hugging Face generate on several GPUs splits layers, stated', () => {
    const { scenario, said } = read('run 7b on 2x rtx 3090');
    expect(scenario.parallel.pp).toBe(2);
    expect(scenario.parallel.tp).toBe(1);
    expect(said).toMatch(/split over the 2 GPUs layer by layer/);
  });
});

describe('comparisons in prose', () => {
  // c025 (unslothai/unsloth): "a very huge GPU vram usage difference between Llama 3 8b and Llama 2 7b".
  it('"the difference between A and B" compares A with B', () => {
    const { scenario } = read('what is the vram difference between llama-3-8b and llama-2-7b when doing qlora on a t4');
    expect(scenario.question).toEqual({ kind: 'compare', a: 'llama-3-8b', b: 'llama-2-7b' });
  });

  // c1920 (ggml-org/llama.cpp): "performance comparison between Intel CPU, nVIDIA GPU and Apple M1/M2"
  // then the speed on each; the devices' speeds are compared, not two setups' memory.
  it.each([
    'llama.cpp speed comparison between my old laptop, an RTX 3060 and a Mac mini with llama-3-8b. On 2x RTX 3090, 35 tokens/s',
    'throughput difference between vllm and sglang with llama-3-8b on 2x rtx 3090',
    'llama-3-8b q4_k_m - comparison between CPU, GPU and Apple M2. on 2x RTX 3090 I get 30 tokens/s',
  ])('a comparison of speed or of three things asks no comparison: %s', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.question?.kind).not.toBe('compare');
    expect(scenario.hardware?.count).toBe(2);
    expect(said).toMatch(/no comparison read/);
  });
});

describe('follow-ups in a thread', () => {
  const after = (thread: string, reply: string) => {
    const first = resolveRequest(thread, null);
    if (!first.ok || !first.scenario) throw new Error(`thread not read: ${thread}`);
    const r = resolveRequest(reply, first.scenario);
    if (!r.ok || !r.scenario) throw new Error(`reply not read: ${reply}`);
    return r.scenario;
  };

  // c050 (Lightning-AI/lit-llama#381): "I also run into this problem with 4 A100s".
  it('"run into" and "ran out of" are idioms, not running a model', () => {
    const s = after('full finetuning of LLaMA 7B: OOM on A100', 'I also run into this problem with 4 A100s, even with a small batch size.');
    expect(s.mode).toBe('full');
    expect(s.hardware?.count).toBe(4);
    expect(after('train 7b on a100', 'it ran out of memory on 2 a100').mode).toBe('full');
  });

  // c010 (vllm-project/vllm#1752): "…how can I run such model with vllm?" after "run a 13B model on two GPUs".
  it('naming a serving engine turns the default layer split into its tensor split', () => {
    const s = after('I have two 32G V100 gpus, and need to run a 13B float16 model.', 'If there are only two 24G GPUs, how can I run such model with vllm?');
    expect(s.parallel).toMatchObject({ tp: 2, pp: 1 });
    expect(s.inference.engine).toBe('vllm');
  });

  // c110 (deepseek-ai/DeepSeek-V3#109): "how many A100's…?" then "32 GPUs 80 GB each".
  it('a GPU count answers a how-many question', () => {
    expect(after("Hi, how many A100's will fine tune the DeepSeek-V3?", 'I guess 32 GPUs 80 GB each is the requirement so far I have seen.').question.kind).toBe('none');
  });
});

describe('words that name settings in passing', () => {
  // c022 (axolotl-ai-cloud/axolotl#1439): "I attempted to use deepspeed 3 with CPU offload".
  it('"deepspeed 3" is ZeRO-3, "deepspeed 0.14" a version', () => {
    expect(read('I attempted to use deepspeed 3 with CPU offload for 70b full on 8x a100').scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
    expect(read('train 7b with deepspeed 0.14 on one a100 and it fails').scenario.sharding.kind).not.toBe('zero');
  });

  // c148 (ollama): "gemma3:12b  22 GB  28%/72% CPU/GPU"; ollama ps "100% GPU".
  it('a load split in percent is never a GPU count', () => {
    expect(read('ollama run llama3:8b uses 6.5 GB and shows 100% GPU, can I run it on my 3060').scenario.hardware?.count).toBe(1);
  });
});

describe('host RAM', () => {
  // c022 (axolotl-ai-cloud/axolotl#1439): ZeRO-3 with CPU offload on a node "with a total of 1024GB of CPU memory".
  it('is read as the node\'s RAM and checked against what offload keeps there', async () => {
    const { estimate } = await import('../../src/memory/estimate.js');
    const big = read('70b full zero3 offload optimizer offload params on 8x a100-80g, the node has 1024GB of CPU memory').scenario;
    expect(big.hostMemoryBytes).toBe(1024 * 2 ** 30);
    expect(estimate(big).notes.join(' | ')).toMatch(/host RAM runs out: offload keeps \d+ GiB per node, more than the 1024 GiB given/);
    const small = read('7b full zero3 offload optimizer on 8x a100-80g with 1T RAM').scenario;
    expect(estimate(small).notes.join(' | ')).toMatch(/within the 1024 GiB given/);
    // Canonical text keeps it, so a thread's buttons and follow-ups do too.
    expect(canonicalText(small)).toMatch(/hostram 1024gb/);
    expect(read(canonicalText(small)).scenario.hostMemoryBytes).toBe(1024 * 2 ** 30);
  });
});

describe('vLLM --enforce-eager', () => {
  // c084 (vllm-project/vllm#2382) "--enforce-eager", c087 (#3285) "run the fp16 version with eager".
  it('names vLLM and drops the CUDA graph pool; "eager" on a vLLM thread is the flag, not the attention kernel', async () => {
    const { estimate } = await import('../../src/memory/estimate.js');
    const eager = read('serve llama-3-8b on an a100 with --enforce-eager').scenario;
    expect(eager.inference).toMatchObject({ engine: 'vllm', enforceEager: true });
    expect(estimate(eager).components.some((c) => c.key === 'cuda-graphs')).toBe(false);
    expect(estimate(read('serve llama-3-8b on an a100').scenario).components.some((c) => c.key === 'cuda-graphs')).toBe(true);
    expect(read('enforce_eager: false\nserve llama-3-8b on an a100').scenario.inference.enforceEager).toBeUndefined();
    const first = resolveRequest('serve mixtral-8x7b tp 4 on 4x 4090', null);
    const follow = resolveRequest('with eager it should fit', first.ok ? first.scenario : null);
    expect(follow.ok && follow.scenario ? [follow.scenario.inference.enforceEager, follow.scenario.attention] : null).toEqual([true, 'flash']);
  });
});

describe('more loose names', () => {
  // c034 (lm-sys/FastChat): "30B LLaMA"; c176 (sgl-project/sglang): "Qwen2.5-72-int4"; c115 (DeepSpeed): "gpt-j".
  it('reads a family after its size, a size without its b and a one-size model by name', () => {
    expect(read('full finetune of 30B LLaMA on 16x a100').scenario.model.id).toBe('llama-1-33b');
    expect(read('serve /workspace/model/Qwen2.5-72-int4 on 2x a800-80g').scenario.model.id).toBe('qwen2.5-72b');
    expect(read('finetuning gpt-j on an a6000').scenario.model.id).toBe('gpt-j-6b');
  });

  // c172 (Tiiny-AI/PowerInfer): "have one 7b whose quantisation is 4_0 gguf", "7b is > 12gb ram use".
  it('a GGUF type written without its q is that type; RAM said as used is not the host\'s', () => {
    const { scenario } = read('can u have one 7b whose quantisation is 4_0 gguf? 7b is > 12gb ram use on my 4060');
    expect(scenario.weights).toBe('q4_k_m');
    expect(scenario.hostMemoryBytes ?? null).toBeNull();
  });

  // c111/c114 (Lightning-AI/litgpt): `finetune/lora.py --quantize bnb.nf4-dq` runs paged AdamW.
  it('litgpt LoRA on a bitsandbytes base is QLoRA with paged AdamW', () => {
    expect(read('python finetune/lora.py --checkpoint_dir checkpoints/meta-llama/Llama-2-7b-hf --precision bf16-true --quantize bnb.nf4-dq').scenario.optimizer).toBe('paged-adamw');
  });
});

describe('words that describe rather than set', () => {
  // vllm-project/vllm#1234: "I was able to load my fine-tuned version of mistral-7b-v0.1-awq … on my 24Gb TITAN RTX".
  it('"my fine-tuned version of X" says what the model is, not that it is trained', () => {
    expect(read('I was able to load my fine-tuned version of mistral-7b-v0.1-awq on my 24Gb TITAN RTX').scenario.mode).toBe('inference');
    expect(read('I fine-tuned llama-2-7b on a 3090 with lora').scenario.mode).toBe('lora');
  });

  // vllm-project/vllm#1479: `--model path/to/7b-awq/model`.
  it('a checkpoint folder named "model" or "checkpoints" is passed over for the name above it', () => {
    expect(read('python api_server.py --model path/to/7b-awq/model -q awq --dtype half on an a100').scenario.model.requestedParams).toBe(7e9);
  });

  // c027 (hiyouga/LlamaFactory): '"unsloth" is not suitalbe for deepspeed zero3, then I choose using the fsdp'.
  it('what the message says does not work is not read as the setup', () => {
    const { scenario } = read('train llama2-70B on 8x a100; I notice "unsloth" is not suitalbe for deepspeed zero3, then I choose using the fsdp');
    expect(scenario.framework).not.toBe('unsloth');
    expect(scenario.sharding.kind).toBe('fsdp');
  });
});

describe('quantised checkpoints and training frameworks', () => {
  // unslothai/unsloth#465: "finetune the unsloth/llama-3-8b-bnb-4bit model … max context length of 18000".
  it('fine-tuning a 4-bit checkpoint is QLoRA on it; a generic "finetune" with Unsloth is its QLoRA recipe', () => {
    const { scenario } = read("I'm using the unsloth colab notebook to finetune the unsloth/llama-3-8b-bnb-4bit model with data with a max context length of 18000");
    // NF4 with double quantisation: Unsloth's own 4-bit load and its -bnb-4bit uploads (presets.ts DOUBLE_QUANT_BY_DEFAULT).
    expect([scenario.mode, scenario.weights, scenario.framework]).toEqual(['qlora', 'nf4-dq', 'unsloth']);
    expect(read('finetune llama-3-8b with unsloth on a100').scenario.mode).toBe('qlora');
    expect(read('full finetune llama-3-8b with unsloth on a100').scenario.mode).toBe('full');
    expect(read('Try to fine tune unsloth/Meta-Llama-3.1-8B-Instruct-bnb-4bit on a 80GB H100 using cutoff_len: 51974').scenario.mode).toBe('qlora');
  });

  // unslothai/unsloth#682: "(loading the model in 4 bit) … DPO with llama-3-8b-bnb-4bit" on a T4.
  it('a framework that only trains makes "loading" a training run', () => {
    const { scenario, said } = read('With the same configs as the sample (loading the model in 4 bit), I faced OOM on a Colab T4. DPO with llama-3-8b-bnb-4bit');
    expect([scenario.mode, scenario.framework]).toEqual(['qlora', 'dpo']);
    expect(said).toMatch(/QLoRA \(on the nf4 checkpoint\)/);
  });
});

describe('serving questions in prose', () => {
  it('"for 100 concurrent users" is the clients\' load, never 100 GPUs; "how much context can I give" asks the longest sequence', () => {
    const { scenario } = read('I want to serve Llama 3.1 8B for 100 concurrent users on an L4, how much context can I give each?');
    expect([scenario.inference.clientLoad, scenario.hardware?.count, scenario.question.kind]).toEqual([100, 1, 'maxSeq']);
    expect(read('Running qwen2.5-32b on two 3090s with vllm, what max-model-len can I use?').scenario.question.kind).toBe('maxSeq');
  });
});

describe('fine-tunes named by family and version', () => {
  it('"qwen2.5-coder-32b" is Qwen2.5-32B\'s shape; a family joined to another name is not its series', () => {
    expect(read('qwen2.5-coder-32b on a 4090').scenario.model.id).toBe('qwen2.5-32b');
    // Spaced the same (it was the family's nearest model, Qwen3-32B).
    expect(read('Running Qwen 2.5 Coder 32B Q5_K_M with 32k context on a 3090').scenario.model.id).toBe('qwen2.5-32b');
    expect(read('llama 3.1 nemotron 70b on 2x h100').scenario.model.id).toBe('llama-3.1-70b');
    expect(read('llama2-chinese-13b lora on a 3090').scenario.model.id).toBe('llama-2-13b');
  });
});

describe('a split and a card with no count', () => {
  it('"tp 2 h100s" is two H100s (stated); a count that contradicts the split is still an error', () => {
    const r = resolveRequest('fp8 serving llama 3.3 70b tp 2 h100s', null);
    expect(r.ok && r.scenario ? r.scenario.hardware?.count : null).toBe(2);
    expect(r.ok ? r.assumptions.join(' | ') : '').toMatch(/2 GPUs in all — from the tp 2 split/);
    const wrong = resolveRequest('serve llama-2-70b tp 4 on 2x h100', null);
    expect(wrong.ok ? '' : wrong.error.message).toMatch(/cannot be split/);
  });
});

describe('typos in prose', () => {
  // c133 (NVIDIA/Megatron-LM): "when using meagatron to train llama2-70b"; c103 (DeepSeek-V3): "need to desploy deepseek-v3".
  it('a long word one letter off a keyword is that keyword, stated; a word that adds an ending is not', () => {
    const { scenario, said } = read('One H100 will oom when using meagatron to train llama2-70b. How to use two H100 to train llama2-70b?');
    expect(scenario.framework).toBe('megatron');
    expect(said).toMatch(/"meagatron" read as "megatron"/);
    expect(read('how many GPUS need to desploy deepseek-v3?').scenario.inference.engine).toBe('vllm');
    // "decoder" is not "decode": the message stays a llama.cpp run, not a new intent.
    expect(read("I'm using DeepSeek-R1-Distill-Qwen-14B-Q4_K_M.gguf and this model has 48 decoder layers, so I used -ngl 48").said).not.toMatch(/"decoder" read as/);
  });
});

describe('a key changed in prose', () => {
  // c014 (axolotl-ai-cloud/axolotl#708): "Sets micro_batch_size from 4 to 2 in the mistral/qlora.yml example".
  it('"key from A to B" is the key set to B', () => {
    expect(read('qlora mistral-7b on a single 4090. Sets micro_batch_size from 4 to 2 in the example.').scenario.microBatch).toBe(2);
    expect(read('I changed per_device_train_batch_size from 8 to 4 for llama-3-8b lora on a 4090').scenario.microBatch).toBe(4);
  });
});

describe('round trips found by the canonical property test', () => {
  it('"13b, gc, megatron" then a device_map split: one process shards nothing, and the canonical text reads back as itself', () => {
    const first = resolveRequest('13b, gc, megatron', null);
    const next = resolveRequest('device_map="auto" flash on 4xA100-80G', first.ok ? first.scenario : null);
    if (!next.ok || !next.scenario) throw new Error('not read');
    expect(next.scenario.sharding.kind).toBe('none');
    const again = resolveRequest(canonicalText(next.scenario), null);
    expect(again.ok && again.scenario ? canonicalText(again.scenario) : '').toBe(canonicalText(next.scenario));
  });
});

describe('card names', () => {
  it('a Ti card written joined is read as that card', () => {
    expect(read('7B model OOM on rtx3090ti').scenario.hardware?.gpuId).toBe('rtx-3090-ti');
    expect(canonicalText(read('run 7b on a 2080 ti').scenario)).toMatch(/rtx-2080-ti/);
  });
});

describe('counts and versions as setups write them', () => {
  // haotian-liu/LLaVA#157: "I fine-tune the LLaVA-7B model on two RTX-3090s" (was an error on "two").
  it('a number word before a hyphenated card counts the cards', () => {
    for (const [text, count] of [
      ['I fine-tune the LLaVA-7B model on two RTX-3090s', 2],
      ['7b lora on dual nvidia-rtx-4090', 2],
      ['7b lora on four GTX-1080ti', 4],
    ] as const) {
      expect(read(text).scenario.hardware?.count, text).toBe(count);
    }
  });

  // huggingface/transformers#30923: "… on llama3-70b model using LoRa technique. Number of gpus: 8 GPU type: AMD MI series"
  // was read as the question "how many GPUs".
  it('"Number of gpus: 8" states the count; "what number of gpus do I need" still asks it', () => {
    for (const [text, count] of [
      ['running a LoRa on llama3-70b model using LoRa technique. Number of gpus: 8', 8],
      ['7b lora, number of GPUs = 4 on A100', 4],
      ['13b full, the number of nodes is 2, 8xH100', 16],
    ] as const) {
      const { scenario } = read(text);
      expect([scenario.hardware?.count ?? scenario.unnamedGpus, scenario.question.kind], text).toEqual([count, 'none']);
    }
    expect(read('what number of gpus do I need for 70b lora').scenario.question.kind).toBe('howMany');
  });

  // meta-pytorch/torchtune#802 configs (recipes/configs/llama3_1/70B_lora.yaml): torchtune writes
  // the version with "_"; "llama3_1/70B_lora" had read as Llama-3 with its 70B lost.
  it('a family version written with "_" is that version: llama3_1, qwen2_5, llama3_2', () => {
    for (const [text, id] of [
      ['tune run lora_finetune_distributed --config llama3_1/70B_lora on 4x A100 80GB', 'llama-3.1-70b'],
      ['tune run full_finetune_distributed --config qwen2_5/7B_full on 4x a100', 'qwen2.5-7b'],
      ['tune run lora_finetune_single_device --config llama3_2/3B_lora_single_device on a 3090', 'llama-3.2-3b'],
      ['qwen2_5_7b lora on a 4090', 'qwen2.5-7b'],
      ['llama3_8b lora on a 4090', 'llama-3-8b'],
    ] as const) {
      expect(read(text).scenario.model.id, text).toBe(id);
    }
  });
});

describe('two values weighed with "or"', () => {
  it('"A100 or H100?", "zero2 or zero3?" compare the two; other "or"s are not comparisons', () => {
    for (const [text, a, b] of [
      ['which is cheaper for 70b lora, A100 or H100?', 'a100', 'h100'],
      ['13b on 4x a100, zero2 or zero3?', 'zero2', 'zero3'],
      ['7b qlora on a 4090 or 3090', '4090', '3090'],
    ] as const) {
      const q = read(text).scenario.question;
      expect(q.kind === 'compare' && [q.a.replace(/^(?:on\s+)?(?:an?\s+)?/, ''), q.b], text).toEqual([a, b]);
    }
    // "one or two 4090s": a count, not two cards.
    expect(read('run 7b on one or two 4090s').scenario.question.kind).toBe('none');
  });
});

describe('memory and cards said in words', () => {
  it('"a 12 gig card", "12 gigs of vram", "64 gigs of ram": gigabytes, never a GPU count', () => {
    for (const [text, gib] of [
      ['run mistral 7b on a 12 gig card', 12],
      ['run mistral 7b in half precision on a card with 12 gigs of vram', 12],
      ['fine tune llama 3 8b at full precision on 80 gigabytes', 80],
    ] as const) {
      const hw = read(text).scenario.hardware;
      expect([hw?.count, Math.round((hw?.capacityBytes ?? 0) / 2 ** 30)], text).toEqual([1, gib]);
    }
    expect(read('7b lora on a 24 gig 3090 with 64 gigs of ram').scenario.hostMemoryBytes).toBe(64 * 2 ** 30);
  });

  it('the RTX 4070 Ti SUPER is its own 16 GB card; the 4070 SUPER has the 4070\'s 12 GB', () => {
    expect(read('Can a RTX 4070 Ti Super run Gemma 2 9B?').scenario.hardware?.gpuId).toBe('rtx-4070-ti-super');
    expect(read('Can a RTX 4070 Super run Gemma 2 9B?').scenario.hardware?.gpuId).toBe('rtx-4070');
  });
});

describe('a training script run with plain python, set against torchrun', () => {
  // arielnlee/Platypus#10: "I just used the python finetune.py command … (alternative to torchrun) … on 4 A100 80gb GPUS".
  it('is one process whose layers are split over the GPUs, said; a torchrun launch stays one replica per GPU', () => {
    const { scenario, said } = read('I ran python finetune.py instead of torchrun, 13b lora on 2x 3090');
    expect([scenario.parallel.pp, scenario.parallel.schedule, scenario.sharding.kind]).toEqual([2, 'sequential', 'none']);
    expect(said).toMatch(/python without torchrun is one process/);
    expect(read('torchrun --nproc_per_node 4 finetune.py, 13b lora on 4x a100').scenario.sharding.kind).toBe('ddp');
  });
});

describe('the fewest GPUs and the smallest card, asked in words', () => {
  it('"min gpus", "minimum number of gpus", "least amount of cards" ask how many; "minimum GPU" asks which card', () => {
    for (const text of ['min gpus for 70b lora on h100', 'minimum number of gpus for 70b lora, h100', "what's the least amount of cards for llama 3 70b full finetune on a100"]) {
      expect(read(text).scenario.question.kind, text).toBe('howMany');
    }
    for (const text of ["What's the minimum GPU for fine-tuning Gemma 3 4B with LoRA?", 'smallest gpu to run llama 3 8b']) {
      expect(read(text).scenario.question.kind, text).toBe('whichGpu');
    }
  });
});

describe('vLLM settings written as words', () => {
  it('"max-num-seqs 32" without its dashes is the serving batch', () => {
    expect(read('Serving Llama 3 70B Instruct AWQ on 2x L40S with vLLM, max-model-len 8192, max-num-seqs 32').scenario.microBatch).toBe(32);
    expect(read('max num seqs of 16, qwen2.5 7b on an L4').scenario.microBatch).toBe(16);
  });
});
