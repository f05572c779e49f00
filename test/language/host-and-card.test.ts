import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { nominalGB } from '../../src/language/segments/log-evidence.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The host machine and the card told apart (branch rhost): a CPU's product name is never a count of
 * cards, unified memory and an APU's GPU share are the card's memory, and Ollama's host-RAM figures
 * (its refusal, its "system memory" log line) are the host's while its per-card lines are the cards.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(`${text}: ${outcome.error.message}`);
  const hardware = outcome.items.filter((i): i is Hardware => i.kind === 'hardware');
  const host = outcome.items.filter((i): i is Extract<Item, { kind: 'hostRam' }> => i.kind === 'hostRam').map((h) => h.gib);
  return {
    counts: hardware.map((h) => h.count).filter((c) => c !== null),
    capacities: hardware.map((h) => h.capacityGiB).filter((c) => c !== null),
    cards: hardware.map((h) => h.gpuId).filter((c) => c !== null),
    host,
    notes: outcome.notes.join(' | '),
  };
};

describe('a CPU is one span, never a count of cards', () => {
  it('c1673 (ollama/ollama): "cpu: ryzen 3900xt" in a key: value list is no 3900 GPUs, and "memory: ddr4 64g" is host RAM', () => {
    const r = read(lineText('c1673'));
    expect(r.counts.every((c) => c < 10)).toBe(true);
    expect(r.capacities).toContain(16);
    expect(r.host).toContain(64);
  });

  it('c1641 (ollama/ollama): "Ryzen 395+ Setup with an 8060S GPU" is no 395 GPUs', () => {
    expect(read(lineText('c1641')).counts.every((c) => c < 10)).toBe(true);
  });

  it.each([
    'cpu: ryzen 3900xt\ngpu: rtx 4090\nmodel: llama-3-8b',
    'CPU: AMD Ryzen 9 7950X3D, GPU: RTX 4090, llama-3-8b inference',
    '- **CPU**: Intel(R) Core(TM) i7-14700F\n- **GPU**: RTX 4090\nllama-3-8b inference',
    'llama-3-8b inference on a Ryzen AI Max+ 395 box with an RTX 4090',
    'llama-3-8b inference, ryzen AI max 395+ and RTX 4090',
    'Core Ultra 9 285K with RTX 4090, running llama-3-8b',
    'Snapdragon X Elite laptop plus an RTX 4090 eGPU, llama-3-8b inference',
    'Threadripper PRO 7995WX + RTX 4090, llama-3-8b inference',
    'EPYC 7B13 and one RTX 4090, llama-3-8b inference',
    'Xeon Gold 6338 server, 1x RTX 4090, llama-3-8b inference',
    '| CPU | Ryzen 7 5800X |\n| GPU | RTX 4090 |\nllama-3-8b inference',
    'CPU：AMD Ryzen 9 7950X，显卡 RTX 4090，跑 llama-3-8b 推理',
  ])('%s: one RTX 4090', (text) => {
    const r = read(text);
    expect(r.cards).toContain('rtx-4090');
    expect(r.counts.every((c) => c === 1)).toBe(true);
  });
});

describe('unified memory is the GPU\'s memory, said as an assumption', () => {
  it('c1649 (ollama/ollama): "Unified memory: 32 GB" under an Apple M1 Max is the 32 GB device', () => {
    const r = read(lineText('c1649'));
    expect(r.capacities).toContain(32);
    expect(r.notes).toMatch(/unified memory/);
  });

  it('c1679 (ml-explore/mlx): "I\'ve got an M1 with 32G of RAM" is a 32 GB device, not host RAM beside no GPU', () => {
    const r = read(lineText('c1679'));
    expect(r.capacities).toEqual([32]);
    expect(r.host).toEqual([]);
  });

  it('c1634 (ml-explore/mlx-lm): "60 GPU cores" is no 60 GPUs; the 96 GB unified memory is the device', () => {
    const r = read(lineText('c1634'));
    expect(r.counts.every((c) => c === 1)).toBe(true);
    expect(r.capacities).toContain(96);
  });

  it.each([
    ['llama-3-8b inference. Hardware: Mac Studio, Apple M2 Max\nUnified memory: 64 GB', 64],
    ['llama-3-8b inference on a MacBook with 36 GB of unified memory', 36],
    ['Unified Memory (RAM): 32 GB, llama-3-8b inference', 32],
    ['llama-3-8b 推理，Apple M4 Max，128GB 统一内存', 128],
    ['my M3 Max (40-core GPU) 64GB, llama-3-8b inference', 64],
    ['an M2 with 24GB of RAM, llama-3-8b inference', 24],
    ['llama-3-8b inference, M1 Max Macbook Pro with 24 GPU Cores and 32 GB unified memory', 32],
  ])('%s: one device of %i GB', (text, gib) => {
    const r = read(text);
    expect(r.capacities).toEqual([gib]);
    expect(r.counts.every((c) => c === 1)).toBe(true);
  });

  it('c1641 (ollama/ollama): "set the GPU memory to 96GB out of the 128GB available" is a 96 GB GPU and 32 GB left to the host', () => {
    const r = read(lineText('c1641'));
    expect(r.capacities).toContain(96);
    expect(r.host).toEqual([32]);
  });

  it.each([
    ['I set the VRAM to 64GB out of 128GB, llama-3-8b inference', 64, [64]],
    ['I set it VRAM to 96GB, llama-3-8b inference', 96, []],
    ['allocated the iGPU memory to 48G of the 64G, llama-3-8b inference', 48, [16]],
  ])('%s', (text, gib, host) => {
    const r = read(text);
    expect(r.capacities).toContain(gib);
    expect(r.host).toEqual(host);
  });

  it('the amdgpu driver\'s boot line is the GPU\'s memory in MiB', () => {
    expect(read('llama-3-8b inference\nkernel: [drm] amdgpu: 98304M of VRAM memory ready').capacities).toEqual([96]);
    expect(read('llama-3-8b inference\n[drm] amdgpu: 65536M of VRAM memory ready').capacities).toEqual([64]);
  });

  it('what was loaded onto the GPU is no card ("only loaded about 50GB to the GPU")', () => {
    expect(read('llama-3-70b inference on 1x 96gb; it only loaded about 50GB to the "GPU"').capacities).toEqual([96]);
  });
});

describe('host RAM by its kind or its owner, never a card', () => {
  it('c1307: "- GTX 1063\\n- DDR4 24G" is 24 GB of host RAM, no 24 GB card', () => {
    const r = read(lineText('c1307'));
    expect(r.host).toEqual([24]);
    expect(r.capacities).not.toContain(24);
  });

  it('c1625: "1T cpu mem" is a terabyte of host memory', () => {
    expect(read(lineText('c1625')).host).toEqual([1024]);
  });

  it('c1190: "RTX 2060 8GB + 48GB RAM" is a card and the host\'s RAM, not two cards summed', () => {
    const r = read(lineText('c1190'));
    expect(r.host).toEqual([48]);
    expect(r.capacities).not.toContain(48);
  });

  it.each([
    ['llama-3-8b inference on rtx 4090, DDR5 64GB', 64],
    ['llama-3-8b inference\n- GPU: RTX 4090\n- DDR4 32G', 32],
    ['llama-3-8b inference on rtx 4090 with 2T cpu mem', 2048],
    ['llama-3-8b inference on RTX 3090 24GB + 64GB RAM', 64],
    ['llama-3-8b inference on RTX 3090 24G + 128G 内存', 128],
    ['llama-3-8b inference on RTX 3090 24GB + 96GB of system memory', 96],
  ])('%s: host RAM %i', (text, host) => {
    const r = read(text);
    expect(r.host).toEqual([host]);
    expect(r.capacities).not.toContain(host);
  });

  it('cards added up stay cards: "24GB + 24GB" is two 24 GB cards', () => {
    const r = read('can i run llama-3-70b on 24GB + 24GB?');
    expect(r.counts).toContain(2);
    expect(r.capacities).toContain(24);
  });
});

describe('Ollama: host RAM and the cards in its logs and errors', () => {
  it('c1681 (ollama/ollama): "model requires more system memory (31.9 GiB)" is host RAM; the sched line\'s total="8.0 GiB" the card', () => {
    const r = read(lineText('c1681'));
    expect(r.host).toEqual([31]);
    expect(r.capacities).toEqual([8]);
  });

  it.each([
    ['Error: model requires more system memory (164.8 GiB) than is available (13.4 GiB)', 13],
    ['"model requires more system memory (5.0 GiB) than is available (3.9 GiB)" running llama-3-8b', 4],
    ['ollama._types.ResponseError: model requires more system memory (11.3 GiB) than is available (11.2 GiB) (status code: 500)', 11],
  ])('%s: host RAM %i, no card', (text, host) => {
    const r = read(`llama-3-8b ollama. ${text}`);
    expect(r.host).toEqual([host]);
    expect(r.capacities).toEqual([]);
  });

  it('c1674 (ollama/ollama): journald lines are a log; memory.available of five cards is 5× 24 GB and "system memory" total is host RAM', () => {
    const r = read(lineText('c1674'));
    expect(r.counts).toContain(5);
    expect(r.capacities).toContain(24);
    expect(r.host).toEqual([252]);
  });

  it('c867 (ollama/ollama): the "inference compute" line names the card; the debug line the host RAM', () => {
    const r = read(`mistral-small-3.1-24b ollama\n${lineText('c867')}`);
    expect(r.cards).toEqual(['rtx-3080-ti']);
    expect(r.host).toEqual([32]);
  });

  it('the user\'s own card and RAM win over the log\'s', () => {
    const log =
      '```\ntime=2024-11-15T14:31:38.011Z level=INFO source=sched.go:714 msg="new model will fit" library=cuda total="3.9 GiB" available="3.7 GiB"\ntime=2024-11-15T14:31:38.100Z level=INFO source=server.go:105 msg="system memory" total="39.1 GiB" free="14.2 GiB"\n```';
    const r = read(`I've got an RTX 3060 12GB VRAM and 64GB RAM, llama-3-8b ollama\n${log}`);
    expect(r.cards).toEqual(['rtx-3060']);
    expect(r.host).toEqual([64]);
  });

  it('a reported size is the card\'s nominal one', () => {
    expect([23.2, 8.0, 15.78, 11.9, 79.2, 47.5, 96].map(nominalGB)).toEqual([24, 8, 16, 12, 80, 48, 96]);
  });
});
