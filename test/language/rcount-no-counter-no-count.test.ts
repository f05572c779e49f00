import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * s32 (rcount): only a counter cue makes a GPU count. A system's or a library's version ("on windows 11.",
 * "win 11", "윈도우 11") and a CPU's tier ("Ryzen 7 5800 XT", "锐龙7 5800X") never do, wherever the sentence
 * ends; and a count the grammar joined to a far "gpu" after "on" and words it set aside has no cue.
 * Real lines: c2428 (HKUDS/LightRAG: "8gb 4060 ram, on windows 11. … msg=\"gpu VRAM usage …\"", read as
 * 11 RTX 4060s with the layers split over them), c2187 (LM Studio: "AMD Ryzen 7 5800 XT CPU", read as
 * 7 GPUs). The variations are invented, of the phenomenon (first sight 20 of 27, after 27 of 27).
 */

const cards = (text: string) => {
  const h = read(text).scenario.hardware;
  return [h?.gpuId ?? null, h?.count ?? null, h ? Math.round(h.capacityBytes / 2 ** 30) : null];
};

describe('a version is no count, at a sentence end too', () => {
  it.each([
    ['running qwen3:4b with ollama on my 8gb 4060, on windows 11. Most of the time the gpu VRAM usage does not recover.', 'rtx-4060', 1],
    ['win 11, rtx 4070 12gb, running llama 3 8b q4_k_m with llama.cpp; gpu usage stays at 100%', 'rtx-4070', 1],
    ['윈도우 11 에서 4060 8GB로 ollama qwen3:4b 돌리는데 gpu 메모리가 부족해요', 'rtx-4060', 1],
    ['I have 2 RTX 3090s on Windows 10. running llama 3 8b, gpu 0 fills up', 'rtx-3090', 2],
    ['Loading mistral 7b on rtx 4090 with cuda 12. then the gpu OOMs', 'rtx-4090', 1],
    ['Fedora 40 here. running llama 3 8b on a 3090 and the gpu memory grows', 'rtx-3090', 1],
    ['I tried python 13, 12, 10 versions with llama 3 8b on my 4090; the gpu hangs', 'rtx-4090', 1],
    ['OS: Win11\nGPU: RTX 4060 8GB\nmodel: qwen3:4b via ollama', 'rtx-4060', 1],
  ])('%s', (text, gpu, count) => {
    expect(cards(text).slice(0, 2)).toEqual([gpu, count]);
  });

  it('c2428: one RTX 4060, no split over 11', () => {
    const { scenario } = corpusLineRead('c2428');
    expect([scenario.hardware?.count, scenario.parallel.pp]).toEqual([1, 1]);
  });
});

describe('a CPU tier is no count', () => {
  it.each([
    ['**Hardware**\n\nAMD Ryzen 7 5800 XT CPU\nAMD Rx 9070 XT GPU 16GB\n\nloading llama 3 8b q4_k_m with llama.cpp fails', null, 1],
    ['配置：锐龙7 5800X，显卡3090，跑llama 3 8b推理', 'rtx-3090', 1],
    ['Ryzen 7 5700 X3D and an RX 7900 XTX 24GB; llama 3 8b inference', null, 1],
    ['Dual Xeon Gold 6338, 4x A100 80GB, running llama 3 70b', 'a100-80g', 4],
    ['CPU: Intel Core i7 13700K\nGPU: RTX 3090\nrunning llama 3 8b', 'rtx-3090', 1],
  ])('%s', (text, gpu, count) => {
    expect(cards(text).slice(0, 2)).toEqual([gpu, count]);
  });

  it('c2187: one 16 GB card, not 7', () => {
    const { scenario } = corpusLineRead('c2187');
    expect([scenario.hardware?.count, Math.round(scenario.hardware!.capacityBytes / 2 ** 30)]).toEqual([1, 16]);
  });
});

describe('a count stated by a list\'s dash is the count', () => {
  it('"Number of GPUs - 8" with "Machine - Azure A100 40GB" (c2316) is eight A100 40GB', () => {
    expect(cards('1.3b pretrain\nMachine - Azure A100 40GB\nNumber of GPUs - 8\nDataset - BookCorpus')).toEqual(['a100-40g', 8, 40]);
  });

  it('a count right after "on" keeps its phrase: "on 5 x M1s on gb ethernet. Total of 88gb RAM" (c1798) is five devices', () => {
    expect(read('llama 3.3 70b on 5 x M1s on gb ethernet. Total of 88gb RAM.').scenario.hardware?.count).toBe(5);
  });
});

