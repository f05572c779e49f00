import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

/**
 * A size is a card only when the words say so (s35, rcard14). Invented variations of the b76–b78 lines read at first
 * sight (c2616, c2618, c2622, c2642, c2613, c2690), written before the fix: first sight 6 of 12 (memory beside other
 * things), 5 of 7 and 2 of 4 (counts that restate), 2 of 6 (named machines).
 */

/** The hardware items a reading keeps (the reading must parse). */
function cards(text: string) {
  const out = parseRequest(text);
  if (!out.ok) throw new Error(`refused: ${out.error.message}`);
  const hardware = out.items.filter((i) => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null || i.capacityGiB !== null || i.nodes !== null));
  return { hardware: hardware.map((i) => (i.kind === 'hardware' ? { gpuId: i.gpuId, count: i.count, nodes: i.nodes, capacityGiB: i.capacityGiB } : null)), notes: out.notes.join(' | ') };
}
const memoryOf = (text: string) => cards(text).hardware.map((h) => h!.capacityGiB).filter((c) => c !== null);

describe("a memory figure is what it stands beside, not the card's", () => {
  it.each([
    // A model's name, tag or file before it (c2616, c2642).
    ['| Model | `Llama-3.1-70B-Instruct-Q4_K_M`, 42.5 GiB |\n| Context | `-c 32768` |', 42.5],
    ['running llama3.1:8b-instruct-q8_0 (8.5 GB) with ollama, ctx 16384, it is slow', 8.5],
    ['Qwen3-14B 推理，模型 Qwen3-14B-Q8_0.gguf 15.7G，怎么优化', 15.7],
    // A cache or a buffer (c2622).
    ['serving Qwen2.5-7B with vllm, the prompt cache reached `18.2 GB` and then it crashed', 18.2],
    ['Qwen3-14B 推理，kv cache 占了 9.6GB，怎么优化', 9.6],
    // More than any card holds (c2618).
    ["llama-3-70b q8_0 -c 131072. Right, I don't have 412 GB of mem", 412],
    // Japanese: fits in (c2642).
    ['ollama の `gemma3:27b-it-q4_K_M` はコンテキスト 65536 でも 22GiB に収まって全層がGPUに載った', 22],
    ['qwen2.5:32b-instruct-q4_K_M 用 ollama 跑，ctx 65536 的时候 23GiBに収まって', 23],
  ])('%s is no card', (text, figure) => {
    expect(memoryOf(text)).not.toContain(figure);
  });

  it('the card beside them is still read', () => {
    expect(cards('llama.cpp server with qwen2.5-32b-instruct-q4_k_m.gguf 19.8GB, -c 8192, on my RTX 4090').hardware).toContainEqual(expect.objectContaining({ gpuId: 'rtx-4090' }));
    expect(cards('llama_kv_cache_init:      CUDA0 KV buffer size = 16384.00 MiB\nllama-3-8b q4_k_m -c 131072 on rtx 4090').hardware).toContainEqual(expect.objectContaining({ gpuId: 'rtx-4090' }));
    expect(cards('DeepSeek-R1-Distill-Qwen-32B (about 65GB in bf16) inference with vllm, tp 2 on 2x A100 80GB').hardware).toContainEqual(expect.objectContaining({ gpuId: 'a100-80g', count: 2 }));
  });

  it('a name with a card word after its figure keeps the card ("Qwen2.5-7B, 24GB VRAM")', () => {
    expect(memoryOf('Qwen2.5-7B, 24GB VRAM, inference with vllm')).toContain(24);
  });

  it('"N MiB of M" is memory in use of the card\'s total (c2616)', () => {
    const { hardware } = cards('| Model | `Llama-3.1-70B-Instruct-Q4_K_M`, 42.5 GiB |\n| VRAM | 45,100 MiB of 49,140 |');
    expect(hardware).toHaveLength(1);
    expect(hardware[0]!.capacityGiB).toBeCloseTo(48, 0);
  });

  it('"on 512gb" stays a device (a Mac\'s unified memory, as the corpus writes it)', () => {
    expect(memoryOf('deepseek-v3 inference on 512gb')).toContain(512);
  });
});

describe("a product of the card's memory and its count restates them", () => {
  it.each([
    ['部署Qwen3-235B报错OOM，使用H20x16 (96x16)、vllm tp16部署', 'h20', 16],
    ['serving deepseek-v3 on H200x8 (141x8) with sglang tp 8, OOM at 128k', 'h200', 8],
    ['finetune qwen2.5-72b full on 8x A100 (80x8) with zero3', 'a100-80g', 8],
  ])('%s', (text, gpuId, count) => {
    const [h] = cards(text).hardware;
    expect(h).toMatchObject({ gpuId, count });
    expect(h!.nodes ?? 1).toBe(1);
  });

  it('nodes × cards per node are still a product ("4x8 A100 80G")', () => {
    expect(cards('pretrain 7b on 4x8 A100 80G').hardware[0]).toMatchObject({ nodes: 4, count: 8 });
  });
});

describe('named machines: the one the failure is said on is the setup', () => {
  it.each([
    ['I have two setups:\n- home: i5 8600K, 32Gb DDR4 and an RTX 2080\n- work: i7 8700k, 128Gb DDR4 and an Nvidia A2\nllama-7b works on the home setup but on my work setup it runs into torch.cuda.OutOfMemoryError', { capacityGiB: 16 }],
    ['qwen2-7b lora 训练：家里的机器是 3090，公司的机器是 A100 40G，在公司的机器上 OOM 了', { gpuId: 'a100-40g' }],
    ['Machine A: RTX 4090. Machine B: RTX 3090. llama-3-8b full fine-tune fails with OOM on machine B', { gpuId: 'rtx-3090' }],
  ])('%s', (text, card) => {
    const { hardware, notes } = cards(text);
    expect(hardware).toEqual([expect.objectContaining(card)]);
    expect(notes).toMatch(/machine's; the run that fails is on your/);
  });

  it('one named machine said to work and another failing at a place with no card named keeps the reading as before', () => {
    expect(cards('gemma-2-9b inference runs fine on my RTX 4090 at home, but fails on the T4 at work with CUDA OOM').hardware.map((h) => h!.gpuId)).toContain('t4');
  });
});

describe("a card named bare is the size its memory is said elsewhere (first sight 5 of 6)", () => {
  it.each([
    ['V100全参数训练llama2-7b硬件要求\n\ndeepspeed --num_gpus 2 train.py --finetuning_type full\n\n### System Info\n\n32G*2 (v100)', 'v100-32g'],
    ['Training llama-3-8b on V100 fails. GPU: V100 32GB x 4, deepspeed zero2', 'v100-32g'],
  ])('%s', (text, gpuId) => {
    const ids = new Set(cards(text).hardware.map((h) => h!.gpuId).filter((g) => g !== null));
    expect([...ids]).toEqual([gpuId]);
  });
});

describe('a memory glued to a desktop card\'s number ("24G3090") is that card (first sight 0 of 6)', () => {
  it.each([
    ['hiyouga/baichuan-7b-sft 推理，在24G3090显卡上报错显存不足', 'rtx-3090'],
    ['两张24g4090跑qwen-14b lora 微调 OOM', 'rtx-4090'],
    ['16G4060ti 跑 qwen2-7b 推理 爆显存', 'rtx-4060-ti-16g'],
    ['llama-2-13b 推理, 单卡24G3090, 显存不够', 'rtx-3090'],
    ["my 24GB3090 can't load llama-2-13b in fp16", 'rtx-3090'],
    ['qwen-7b lora on 11G2080ti, OOM', 'rtx-2080-ti'],
  ])('%s', (text, gpuId) => {
    expect(cards(text).hardware).toContainEqual(expect.objectContaining({ gpuId }));
  });
});
