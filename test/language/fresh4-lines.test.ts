import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { read, sameAs } from './reading-fixtures.js';

/**
 * Short chat questions (corpus c266–c290, collected after the reader was fitted to c001–c265): each
 * case pins a way of writing that broke, with the real line (cited) and other phrasings of the same
 * rule written here, so that the rule, not the line, is what passes.
 */

/** A reply read in a thread opened by `opening`: the scenario and what the reply states. */
function inThread(opening: string, reply: string): { scenario: Scenario; said: string } {
  const opened = resolveRequest(opening, null);
  if (!opened.ok || !opened.scenario) throw new Error(`thread not read: ${opening}`);
  const r = resolveRequest(reply, opened.scenario);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${reply}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

describe('a thousands comma in a length before "tokens"', () => {
  // meta-llama/codellama#198 wrote "16,384 tokens": it was read as a 16-token sequence.
  it('"16,384 tokens" is 16384, as "seq 16,384" already was', () => {
    for (const [written, seq] of [
      ['llama-2-7b inference with prompts of 16,384 tokens on a 3090', 16384],
      ['llama-2-7b inference, 4,096 tokens, on a 3090', 4096],
      ['llama-2-7b inference, 120,000 tokens context, on an h100', 120000],
    ] as const) {
      expect(read(written).scenario.seq, written).toBe(seq);
    }
  });
});

describe("a model's own context window is not the length run", () => {
  // meta-llama/codellama#198: "According to the model documentation, the context length of
  // CodeLlama-7B is 16,384 tokens. I loaded the model using Hugging Face with 8-bit precision"
  it('"the context length of <model> is N" and "<model>\'s context window is N" set no length, said', () => {
    const real = read('I am currently using CodeLlama-7B on an RTX 3090 24GB GPU. According to the model documentation, the context length of CodeLlama-7B is 16,384 tokens.\nI loaded the model using Hugging Face with 8-bit precision');
    expect(real.scenario.seq).toBe(2048);
    expect(real.said).toMatch(/the model's own context window/);
    for (const written of ["qwen2.5-7b inference on a 4090; Qwen2.5-7B's context window is 128k", 'llama-3.1-8b lora on a 4090, the max context length of llama-3.1-8b is 131072 tokens']) {
      const r = read(written);
      expect(r.scenario.seq, written).toBe(2048);
      expect(r.said, written).toMatch(/the model's own context window/);
    }
  });

  it('a length the user states is still read ("the context length of my prompts is 8k")', () => {
    expect(read('llama-3.1-8b inference on a 4090, context length 8k').scenario.seq).toBe(8192);
    expect(read('llama-3.1-8b inference on a 4090, the context length of my prompt is 8192').scenario.seq).not.toBe(2048);
  });
});

describe('llama.cpp layers counted before "gpu layers"', () => {
  // brucepro/Memoir#108: "If i load mistral-7b-instruct-v0.2.Q4_K_M.gguf with 2 gpu layers, 2048 context size."
  it('"N gpu layers" is -ngl N, and the length after it stays the length', () => {
    const real = read('I have 3050Ti mobile with 4Gb of VRAM. If i load mistral-7b-instruct-v0.2.Q4_K_M.gguf with 2 gpu layers, 2048 context size.');
    expect(real.scenario.inference.gpuLayers).toBe(2);
    expect(real.scenario.seq).toBe(2048);
    sameAs('qwen2.5-14b q4_k_m with 40 GPU layers on a 3060', 'qwen2.5-14b q4_k_m -ngl 40 on a 3060');
    sameAs('llama-3-8b q4_k_m, 20 gpu-layers, on a 3060', 'llama-3-8b q4_k_m -ngl 20 on a 3060');
  });
});

describe('a memory size beside a clock speed is host RAM', () => {
  // LostRuins/koboldcpp#1185: "NVIDIA GeForce RTX 4070 Ti SUPER / Memory 32.0GB Speed: 2400 MHz":
  // read as 32 GB of cards, i.e. two 16 GB 4070 Ti SUPERs.
  it('"Memory 32.0GB Speed: 2400 MHz" under a card is the host, and the card stays one', () => {
    const real = read('Koboldcpp crashes.\nNVIDIA GeForce RTX 4070 Ti SUPER\nMemory 32.0GB Speed: 2400 MHz\nLlama-3.1-70B-Instruct-lorablated-Q4_K_L.gguf');
    expect(real.scenario.hardware?.count).toBe(1);
    expect(canonicalText(real.scenario)).toMatch(/hostram 32gb/);
    for (const written of ['llama-3-8b inference on a 4090, memory: 64GB 3200 MHz', 'llama-3-8b inference on a 4090 with 64GB DDR4 @ 3200MHz']) {
      const r = read(written);
      expect(r.scenario.hardware?.count, written).toBe(1);
      expect(canonicalText(r.scenario), written).toMatch(/hostram 64gb/);
    }
  });
});

describe('GPU memory utilisation said in Chinese', () => {
  // QwenLM/Qwen3#88: "使用A800  80g跑vllm，两张卡，显存占用设置95%才能跑起来"
  it('显存占用设置95% / 显存利用率0.85 is util; 显存占用31G (an amount used) is not', () => {
    expect(read('qwen1.5-72b 使用A800  80g跑vllm，两张卡，显存占用设置95%才能跑起来').scenario.inference.gpuMemoryUtilization).toBe(0.95);
    expect(read('qwen2.5-7b vllm on a40 显存利用率0.85').scenario.inference.gpuMemoryUtilization).toBe(0.85);
    expect(read('qwen2.5-7b vllm on a40 显存利用率为 90%').scenario.inference.gpuMemoryUtilization).toBe(0.9);
    expect(read('qwen2.5-7b vllm on a40, 显存占用31G左右').scenario.inference.gpuMemoryUtilization).toBe(0.9);
  });
});

describe('nodes times cards times memory', () => {
  // 2U1/Qwen-VL-Series-Finetune#64: "(6 machine x 8 card x 16GB = 768GB)" read as 6 GPUs, the 8 dropped.
  it('"6 machine x 8 card x 16GB = 768GB" is 6 nodes of eight 16 GB cards, the total no other card', () => {
    sameAs('qwen2.5-vl-72b sft with ZeRO-3 offload (6 machine x 8 card x 16GB = 768GB)', 'qwen2.5-vl-72b finetune zero3 offload on 6 nodes of 8x 16GB');
    expect(canonicalText(read('13b lora on 2 machines x 8 gpus').scenario)).toMatch(/on 16 gpus/);
    expect(read('13b lora on 2 machines x 8 gpus').scenario.unnamedGpus).toBe(16);
    sameAs('70b full zero3 on 4 nodes x 8 cards x 80GB', '70b full zero3 on 4 nodes of 8x 80GB');
  });
});

describe('a front-end, a board edition and a CPU number set nothing', () => {
  // ollama/ollama#14002: "gpt-oss:latest, Ollama w/ Open WebUI. why is gpt-oss is using my CPU "9950x" Rather my "3090TIFE"?"
  it('Open WebUI, FE (Founders Edition) and a bare CPU model number', () => {
    const real = read('gpt-oss:latest, Ollama w/ Open WebUI.\nwhy is gpt-oss is using my CPU "9950x" Rather my "3090TIFE"?');
    expect(real.scenario.hardware?.gpuId).toBe('rtx-3090-ti');
    expect(real.said).toMatch(/chat front-end/);
    expect(real.said).toMatch(/"9950x" is a CPU/);
    expect(read('llama-3-8b inference on my 4090 FE through open-webui').scenario.hardware?.gpuId).toBe('rtx-4090');
    expect(read('llama-3-8b inference on an RTX 3080 Founders Edition, CPU: 14900K').scenario.hardware?.gpuId).toBe('rtx-3080');
  });
});

describe('two cards offered with a slash', () => {
  // LlamaChinese/Llama-Chinese#338: "比如两张A100/A800 80G足够吗？" read the A800 and dropped the A100 unsaid.
  it('"A100/A800 80G" reads the first card and says the other', () => {
    const real = read('你好，我想本地部署llama 3 70B，想问下大概需要什么样的硬件？比如两张A100/A800 80G足够吗？');
    expect(real.scenario.hardware?.gpuId).toBe('a100-80g');
    expect(real.scenario.hardware?.count).toBe(2);
    expect(real.said).toMatch(/a800, the other choice, is left out/);
    const other = read('13b lora on a 3090/4090');
    expect(other.scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(other.said).toMatch(/4090, the other choice/);
  });
});

describe('Chinese questions that say only the model', () => {
  // QwenLM/Qwen#52: "qwen7b的硬件需求是什么呀？" was refused for its Chinese; QwenLM/Qwen3#88
  // "问一下 Qwen1.5-72B-Chat 至少需要多少显存才可以跑呀，" must stay read.
  it('硬件需求, 需要什么样的显卡 and the particles 呀/吗 are the question, not unread words', () => {
    for (const written of ['qwen7b的硬件需求是什么呀？', 'llama-3-8b需要什么样的显卡？', 'qwen2.5-7b 推理 吗？', '问一下 Qwen1.5-72B-Chat 至少需要多少显存才可以跑呀，']) {
      expect(resolveRequest(written, null).ok, written).toBe(true);
    }
  });

  // QwenLM/Qwen#52, a reply: "我是A40 48G 显存，采用官方默认的加载精度(fp32)，显存占用31G左右。"
  it('加载 (load) runs the model: a reply that loads it in fp32 is inference', () => {
    const r = inThread('qwen7b的硬件需求是什么呀？', '我是A40 48G 显存，采用官方默认的加载精度(fp32)，显存占用31G左右。');
    expect(r.scenario.mode).toBe('inference');
    expect(r.scenario.hardware?.gpuId).toBe('a40');
    expect(read('加载 llama-3-8b on a 4090').scenario.mode).toBe('inference');
  });
});

describe('one of the cards, not a count of one', () => {
  // QwenLM/Qwen3#499, a reply: "…通过Llama-factory加载的时候 出现单卡已经满了，但是第二张卡还没占用显存的情况"
  // was refused: 单卡 (a single card) set one GPU against the thread's two-way split.
  it('单卡已经满了 / "one GPU is full" keeps the thread\'s cards, and loading in LLaMA-Factory stays inference', () => {
    const opening = '两张A100 40G的显卡能跑起来 Qwen2-72B-Instruct吗？';
    const real = inThread(opening, '我现在采用AWQ量化的72B模型，但是在通过Llama-factory加载的时候 出现单卡已经满了，但是第二张卡还没占用显存的情况');
    expect(real.scenario.hardware?.count).toBe(2);
    expect(real.scenario.mode).toBe('inference');
    expect(real.scenario.weights).toBe('awq');
    // "full" here is the card's memory, no method (prose.full-needs-cue): this once passed by reading it as a
    // full fine-tune of the thread's model, unsaid. With no setup word left, the reply keeps the thread or asks.
    const thread = resolveRequest(opening, null);
    const full = resolveRequest('one GPU is already full while the second is empty', thread.ok ? (thread.scenario ?? null) : null);
    expect(full.ok && full.scenario ? [full.scenario.hardware?.count, full.scenario.mode] : 'asked').not.toEqual([2, 'full']);
    expect(inThread(opening, 'one GPU is already full, the second card stays empty, llama-factory').scenario.hardware?.count).toBe(2);
    // A training word still trains.
    expect(inThread(opening, 'lora with llama-factory').scenario.mode).toBe('lora');
  });
});

describe('a thread moved onto several GPUs', () => {
  // QwenLM/Qwen3#88: after "Qwen1.5-72B-Chat 至少需要多少显存才可以跑", the reply "使用A800 80g跑vllm，两张卡"
  // was one full replica per card (each 72B copy on one 80 GB card) instead of vLLM's tensor split.
  it('is split over them as a new request on those GPUs would be', () => {
    const real = inThread('问一下 Qwen1.5-72B-Chat 至少需要多少显存才可以跑呀，', '使用A800  80g跑vllm，两张卡，显存占用设置95%才能跑起来');
    expect(real.scenario.parallel.tp).toBe(2);
    expect(real.said).toMatch(/tensor parallel 2/);
    const hf = inThread('llama-2-70b inference', 'on 2x a100-80g');
    expect(hf.scenario.parallel.pp).toBe(2);
    const served = inThread('llama-2-70b serve', 'on 4x a100-80g');
    expect(served.scenario.parallel.tp).toBe(4);
  });

  it('a thread already on several GPUs keeps its layout', () => {
    const r = inThread('llama-2-70b inference tp 1 on 2x a100-80g', 'on 4x a100-80g');
    expect(r.scenario.parallel.tp).toBe(1);
    expect(r.scenario.parallel.pp).toBe(1);
  });
});

describe('how many concurrent users', () => {
  // Written for the chat questions of c266–c290 ("how many H100s to serve … for N users" was read;
  // its reverse, "how many concurrent users can it serve", was not: "concurrent" was an unread word).
  it('"how many concurrent users / simultaneous requests" asks the largest serving batch', () => {
    for (const written of [
      'run llama-3.3-70b on 4x L40S with vllm, 32k ctx, how many concurrent users',
      'how many simultaneous requests for qwen2.5-7b served on a 4090?',
      'how many parallel sessions can llama-3-8b serve on an a100',
    ]) {
      expect(read(written).scenario.question.kind, written).toBe('maxBatch');
    }
  });
});

describe("AMD's consumer Radeon cards", () => {
  // Found probing chat questions of the c266–c290 kind: "qwen2.5-coder 32b q4 on a 7900 xtx 24gb" was
  // read as 7900 GPUs ("7900 x" as a count, "tx" unread). A four-digit card number is never a count.
  it('"7900 xtx", "RX 6800 XT" are no count: the stated memory is the card, the name said', () => {
    const real = read('running qwen2.5-coder 32b q4 on a 7900 xtx 24gb');
    expect(real.scenario.hardware?.count).toBe(1);
    expect(real.scenario.hardware?.capacityBytes).toBe(24 * 2 ** 30);
    expect(real.said).toMatch(/AMD Radeon consumer cards are not in the catalog/);
    // Named without a memory they are read by their published one (rhw2: src/catalog/other-devices.ts).
    expect(read('2x 7900xtx for llama 70b q4').scenario.hardware).toMatchObject({ count: 2, capacityBytes: 24 * 2 ** 30 });
    expect(read('dual rx 7900 xtx 24gb, llama 70b q4').scenario.hardware?.count).toBe(2);
    expect(read('llama 3 8b inference on my rx 6800 xt').scenario.hardware).toMatchObject({ count: 1, capacityBytes: 16 * 2 ** 30 });
  });
});

describe('"N of them" in a thread about a card', () => {
  // A follow-up fragment of the chat kind ("what if 4 of them") was refused: "4" had no unit.
  it('is that many of the thread\'s card', () => {
    for (const [reply, count] of [['what if 4 of them', 4], ['and with eight of those?', 8], ['I have 8 of these', 8]] as const) {
      const r = inThread('llama-3.1-70b serve on 2x h100', reply);
      expect(r.scenario.hardware?.count, reply).toBe(count);
      expect(r.scenario.hardware?.gpuId, reply).toBe('h100-80g');
    }
  });
});

describe('memory written as a total, a sum or a product', () => {
  // Found probing chat questions of the c266–c290 kind: "48GB VRAM total across 2 cards" read as two
  // 48 GB cards, and "24+24GB" as 24 cards of 24 GB; "24GB x2" was refused.
  it('"48GB total across 2 cards", "24+24GB" and "24GB x2" are two 24 GB cards', () => {
    for (const written of [
      'I have 48GB VRAM total across 2 cards, can I run llama 3 70b q4',
      'llama 3 70b q4 on 24+24GB',
      'llama 3 70b q4 on 24GB + 24GB',
      'llama 3 70b q4 on 24GB x2',
    ]) {
      const hw = read(written).scenario.hardware;
      expect(hw?.count, written).toBe(2);
      expect(hw?.capacityBytes, written).toBe(24 * 2 ** 30);
    }
    sameAs('qwen2.5-72b awq inference, 96gb in total over 4 gpus', 'qwen2.5-72b awq inference on 4x 24GB');
  });

  it('cards of different memory are set aside, said; a card before "80GB x 2" keeps its reading', () => {
    const mixed = read('llama 3 70b q4 on 24+12GB');
    expect(mixed.scenario.hardware).toBeNull();
    expect(mixed.said).toMatch(/cards of different memory are not modelled/);
    sameAs('llama-2-70b serve on A100 80GB x 2', 'llama-2-70b serve on 2x a100-80g');
  });
});

describe('people served, said without "for" or "at once"', () => {
  // Found probing chat questions of the c266–c290 kind: "16 parallel requests" and "3 users, 8k each"
  // set no batch (the reply answered one sequence).
  // Since rserve17 a bare load ("16 parallel requests", "50 concurrent users") is the clients' (inference.clientLoad);
  // users given each their length stay the sequences served at once.
  it('"N users, L each" are the serving batch (and length); "N parallel requests" the clients\' load', () => {
    const each = read('llama 3 8b on a 4090, 3 users, 8k each').scenario;
    expect(each.microBatch).toBe(3);
    expect(each.seq).toBe(8192);
    expect(each.inference.engine).toBe('vllm');
    expect(read('qwen2.5 7b, 16 parallel requests, 4090').scenario.inference.clientLoad).toBe(16);
    expect(read('llama 3 8b on a 4090 with vllm, 4 users with 16k tokens each').scenario.microBatch).toBe(4);
    // Already read, and still: "for 50 concurrent users".
    expect(read('llama-3-8b on an a100 for 50 concurrent users').scenario.inference.clientLoad).toBe(50);
  });
});

describe('four-digit workstation cards and batches in tokens', () => {
  // Found probing chat questions of the c266–c290 kind: "Is an RTX 4000 Ada 20GB enough to lora a 7b?"
  // was 4000 cards of 20 GB; "train qwen2.5-1.5b from scratch with 4M tokens batch on 8 h100" read
  // "4M" as a second model and the 8 H100s as a batch of 8 on one H100.
  it('"RTX 4000 Ada 20GB" is one 20 GB card, said; the catalog\'s RTX 6000 Ada stays itself', () => {
    for (const written of ['Is an RTX 4000 Ada 20GB enough to lora a 7b?', 'is a rtx 2000 ada 16gb enough for 7b lora']) {
      const r = read(written);
      expect(r.scenario.hardware?.count, written).toBe(1);
      expect(r.said, written).toMatch(/not in the catalog/);
    }
    expect(read('llama 3 8b on an rtx 6000 ada').scenario.hardware?.gpuId).toBe('rtx-6000-ada');
  });

  it('"4M tokens batch", "a batch of 2M tokens" is set aside, said, and the GPUs stay the GPUs', () => {
    const real = read('I want to train qwen2.5-1.5b from scratch with 4M tokens batch on 8 h100');
    expect(real.scenario.model.id).toBe('qwen2.5-1.5b');
    expect(real.scenario.hardware?.count).toBe(8);
    expect(real.scenario.microBatch).toBe(1);
    expect(real.said).toMatch(/global batch in tokens is not read/);
    expect(read('pretrain 1b with a batch of 2M tokens on 16 h100s').scenario.hardware?.count).toBe(16);
  });
});

describe('a context of a million tokens', () => {
  // "llama 3.1 8b, 1M context, h200" was refused ("h200 can't go here after context"): 1M is 1024k.
  it('"1M context", "1m tokens context" is 1024k tokens', () => {
    expect(read('llama 3.1 8b inference, 1M context, h200').scenario.seq).toBe(1024 * 1024);
    expect(read('llama 4 scout inference with 1m tokens context on 8x h100').scenario.seq).toBe(1024 * 1024);
    expect(read('llama 3.1 8b inference, 0.5M context length, h200').scenario.seq).toBe(512 * 1024);
  });
});

describe('"80GB x8" after a card with its variant', () => {
  it('keeps the card and its count ("H100 SXM 80GB x8" is eight H100s, not a card and 8 unnamed GPUs)', () => {
    expect(read('llama-3.1-70b fp8 on H100 SXM 80GB x8 with vllm').scenario.hardware?.gpuId).toBe('h100-80g');
    expect(read('llama-3.1-70b fp8 on H100 SXM 80GB x8 with vllm').scenario.hardware?.count).toBe(8);
    expect(read('llama-3.1-70b fp8 on H100 PCIe 80GB x 4 with vllm').scenario.hardware?.count).toBe(4);
  });
});
