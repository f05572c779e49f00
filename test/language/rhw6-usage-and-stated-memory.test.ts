import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USAGE_CHANGE_RULES } from '../../src/language/hardware/usage-change.js';
import { loadCorpus } from '../corpus/corpus.js';
import { guardsOf, hardwareOf } from './hardware-fixtures.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22, hardware (rhw6): the classes behind b54–b56's hardware misreadings, each with invented strangers' phrasings
 * and the real lines they were drawn from.
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const GiB = 2 ** 30;

describe('memory in use said by how it moves or rests is no card (not-hw.usage-change)', () => {
  // c2019 "The peak memory slowly grows up to 300GB", c1986 "makes the model initialize with 15GB".
  const said = [
    (gb: string) => `llama-3-8b lora: the peak memory slowly grows up to ${gb} and then it crashes`,
    (gb: string) => `qwen2-7b inference, memory climbs steadily to ${gb} after a few requests`,
    (gb: string) => `mistral-7b qlora, VRAM jumped to about ${gb} at step 10`,
    (gb: string) => `llama-2-13b lora: usage spikes to ${gb} during eval`,
    (gb: string) => `phi-3-mini inference, the process balloons to ${gb}`,
    (gb: string) => `llama-3-8b qlora makes the model initialize with ${gb}`,
    (gb: string) => `qwen2-7b inference: it starts at ${gb} and stays at ${gb}`,
    (gb: string) => `qwen2-7b inference, memory hovers around ${gb}`,
    (gb: string) => `llama-3-8b lora, la memoria sube hasta ${gb}`,
    (gb: string) => `llama-3-8b lora, der Speicher steigt auf ${gb}`,
    (gb: string) => `llama-3-8b lora, la mémoire monte à ${gb}`,
  ];
  it('in any of its phrasings, at any amount and spacing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...said), fc.integer({ min: 4, max: 400 }), fc.constantFrom('GB', 'gb', 'G', ' GB', 'GiB'), (phrase, n, unit) => {
        const text = phrase(`${n}${unit}`);
        expect(hardwareOf(text), text).toEqual([]);
        expect(guardsOf(text), text).toContain('not-hw.usage-change');
      }),
      { numRuns: 200 },
    );
  });

  it('beside a card the user names, the card stays', () => {
    for (const phrase of said) {
      const text = `${phrase('20GB')}, on my RTX 4090`;
      expect(hardwareOf(text).map((h) => h.gpuId), text).toEqual(['rtx-4090']);
    }
  });

  it('a card word or name after the amount keeps it the card\'s', () => {
    expect(guardsOf('llama-3-8b lora: we jumped to 80GB A100s and it fits')).not.toContain('not-hw.usage-change');
    expect(guardsOf('llama-3-8b lora: prices of cards that start at 24GB GPUs')).not.toContain('not-hw.usage-change');
    expect(guardsOf('llama-3-8b lora: starting with 24GB of VRAM')).not.toContain('not-hw.usage-change');
  });

  it('an amount said as what was not the case is no card (not-hw.contrast-amount)', () => {
    for (const text of [
      'llama-3-8b qlora makes the model initialize with 15GB, instead of 6GB',
      'llama-3-8b qlora takes 15GB rather than 6GB',
      'llama-3-8b qlora 初始化占用15G而不是6G',
      'llama-3-8b qlora usa 15GB en lugar de 6GB',
      'llama-3-8b qlora: 15GB vs 6GB with the default config',
    ]) {
      expect(guardsOf(text), text).toContain('not-hw.contrast-amount');
      expect(hardwareOf(text).map((h) => h.capacityGiB), text).not.toContain(6);
    }
    // A card compared keeps its name: "vs 24GB cards" may be the card compared.
    expect(guardsOf('llama-3-8b lora on 48GB vs 24GB cards')).not.toContain('not-hw.contrast-amount');
  });

  it('each rule reads its own example', () => {
    for (const rule of USAGE_CHANGE_RULES) expect(guardsOf(rule.example), rule.id).toContain(rule.id);
  });

  it('the real lines state no card (c2019, c1986)', () => {
    expect(hardwareOf(lineText('c2019'))).toEqual([]);
    expect(hardwareOf(lineText('c1986'))).toEqual([]);
  });
});

describe("torch's out-of-memory message from other devices gives the card's memory", () => {
  // c1164 (Intel Arc): "RuntimeError: XPU out of memory. Tried to allocate 130.00 MiB (GPU 0; 15.11 GiB total capacity; …)".
  it.each([
    ['qwen2-7b vllm inference\n```\nRuntimeError: XPU out of memory. Tried to allocate 130.00 MiB (GPU 0; 15.11 GiB total capacity; 11.09 GiB already allocated; 11.23 GiB reserved in total by PyTorch)\n```', 16],
    ['llama-2-7b lora\nRuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 61.27 GiB total capacity; 58.10 GiB already allocated; 59.00 GiB reserved in total by PyTorch)', 64],
    ['llama-2-7b lora\ntorch.OutOfMemoryError: XPU out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 15.11 GiB of which 0.5 GiB is free.', 16],
  ])('%j', (text, gb) => {
    const { scenario } = read(text);
    expect(Math.round(scenario.hardware!.capacityBytes / GiB)).toBe(gb);
  });

  it('the real line (c1164)', () => {
    expect(Math.round(read(lineText('c1164')).scenario.hardware!.capacityBytes / GiB)).toBe(16);
  });
});

describe('a MiB figure said as what the card has is its memory (tool.mib-owned)', () => {
  // c933: "我现在的虚拟显存只有8000MiB 请问能否支持 百川2 QLora 单卡微调".
  it.each([
    ['baichuan2-7b qlora，我现在的显存只有8000MiB', 8],
    ['llama-2-7b qlora, VRAM: 24576 MiB', 24],
    ['llama-2-7b qlora, my GPU has 16384MiB', 16],
    ['llama-2-7b qlora，显存为 12288 MiB', 12],
  ])('%j', (text, gb) => {
    expect(hardwareOf(text).map((h) => Math.round(h.capacityGiB!))).toEqual([gb]);
  });

  it.each([
    'llama-2-7b qlora, VRAM: 7000 MiB used',
    'llama-2-7b qlora, process 22450MiB',
    'llama-2-7b qlora, 显存占用8000MiB',
  ])('%j stays a measurement', (text) => {
    expect(hardwareOf(text)).toEqual([]);
  });

  it('the real line (c933)', () => {
    expect(hardwareOf(lineText('c933')).map((h) => Math.round(h.capacityGiB!))).toEqual([8]);
  });
});

describe('a laptop part with the laptop word first is said as one', () => {
  // c1349: "I am running large llms on my 8Gb laptop 3070ti" had read the desktop card in silence.
  it.each([
    ['qwen2.5-7b inference on my 8Gb laptop 3070ti', /laptop 3070ti" is a laptop part.*read right if yours has 8 GB/],
    ['qwen2.5-7b inference on my laptop RTX 4060', /laptop RTX 4060" is a laptop part/],
    ['qwen2.5-7b inference on a notebook 3080 Ti', /notebook 3080 Ti" is a laptop part/],
    ['qwen2.5-7b 推理，笔记本4060 显存不够', /笔记本4060" is a laptop part/],
    ['qwen2.5-7b 推理，4060笔记本 显存不够', /4060笔记本" is a laptop part/],
  ])('%j', (text, note) => {
    expect(read(text).said).toMatch(note);
  });

  it('a year after the word is no card', () => {
    expect(read('qwen2.5-7b inference on my laptop 2023 model with an RTX 4090').said).not.toMatch(/laptop 2023/);
  });

  it('the real line (c1349) is said', () => {
    expect(read(lineText('c1349')).said).toMatch(/laptop part/);
  });
});

describe('the cards in all said with an adverb (hw.total-cards)', () => {
  it.each([
    ['llama-2-70b full on A100 80G nodes, totally 32 gpus', 32],
    ['llama-2-70b full on A100 80G, 16 GPUs altogether', 16],
    ['llama-2-70b full on A100 80G, in total 24 cards', 24],
  ])('%j', (text, count) => {
    expect(hardwareOf(text).map((h) => h.count)).toEqual([count]);
  });
});

describe('a small count of "cores" beside a card is said as the other reading (hw.cores-of-card)', () => {
  // c1302: "I am trying to load full model on A100-80 GB of 8 cores" (eight A100s), read as one in silence.
  it.each([
    ['llama-3-70b inference with tgi on A100-80 GB of 8 cores', 8, 'a100-80g'],
    ['llama-3-70b inference with tgi on an H100 with 4 cores', 4, 'h100'],
    ['llama-3-70b inference with vllm, 8 cores of A100 80GB', 8, 'a100'],
    ['llama-3-70b inference with vllm on rtx 4090 of 2 cores', 2, 'rtx-4090'],
  ])('%j', (text, n, card) => {
    expect(read(text).said).toMatch(new RegExp(`your setup's GPU count is the one read; say "on ${n}x ${card}[\\w-]*" if the ${n} cores are GPUs`));
  });

  it.each([
    'llama-3-70b inference on an A100 80GB, host with 64 cores',
    'llama-3-70b inference on an RTX 4090 with 16 CUDA cores busy',
    'llama-3-70b inference on an A100 80GB with 8 cores CPU',
  ])('%j says nothing of cores', (text) => {
    expect(read(text).said).not.toMatch(/cores read as the host's/);
  });

  it('the real line (c1302) is said', () => {
    expect(read(lineText('c1302')).said).toMatch(/"A100-80 GB of 8 cores": the 8 cores read as the host's/);
  });
});
