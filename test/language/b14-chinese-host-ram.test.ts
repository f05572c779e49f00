import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b14, c570 (chatchat-space/Langchain-Chatchat#470): "win10+32G内存+1080ti11G" is 32 GB of
 * host RAM (内存; the card's is 显存) and a GTX 1080 Ti of 11 GB written glued to its memory. The
 * RAM was read as a 32 GB GPU, or as a total of three 1080 Tis, and the card not at all.
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const hostGiB = (text: string) => Math.round((read(text).scenario.hostMemoryBytes ?? 0) / 1024 ** 3);
const card = (text: string) => {
  const h = read(text).scenario.hardware!;
  return `${h.count}x ${h.gpuId}`;
};

describe('内存 is host memory, beside a card written glued to its memory', () => {
  it('c570: one GTX 1080 Ti, 32 GB of host RAM', () => {
    expect(card(lineText('c570'))).toBe('1x gtx-1080-ti');
    expect(hostGiB(lineText('c570'))).toBe(32);
  });

  it.each([
    ['chatglm-6b-int4 （win10+32G内存+1080ti 11G）', '1x gtx-1080-ti', 32],
    ['qwen2-7b 推理，64G运行内存，一张3090', '1x rtx-3090', 64],
    ['qwen2-7b 推理，电脑是 4090，内存 128GB', '1x rtx-4090', 0],
    ['mistral-7b on rtx3090ti24G with 16G内存', '1x rtx-3090-ti', 16],
  ])('%s', (text, cards, ram) => {
    expect(card(text)).toBe(cards);
    if (ram) expect(hostGiB(text)).toBe(ram);
  });

  it("a memory right after the card's name stays the card's", () => {
    expect(card('qwen2-7b 跑在3090 24G内存上')).toBe('1x rtx-3090');
    expect(read('qwen2-7b 跑在3090 24G内存上').scenario.hostMemoryBytes ?? null).toBeNull();
  });

  it.each(['1080ti11G', '1080ti 11G', 'GTX1080Ti11GB', '3090ti24g'])('a card glued to its memory is that card: %s', (written) => {
    expect(card(`chatglm-6b-int4 inference on ${written}`)).toMatch(/^1x (?:gtx-1080-ti|rtx-3090-ti)$/);
  });
});
