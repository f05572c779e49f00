import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * hw.nodes: a node count may be the last factor of the hardware, its times sign with it. "单机16卡*32G显存
 * * 4机" (four machines of sixteen 32G cards, LlamaChinese/Llama-Chinese#278, corpus c934) was read as 16
 * nodes of 4: the "* 4" was taken as a count glued to the memory and the 16 as nodes. People write the
 * same in English ("4 GPUs/node x 2 nodes = 8 GPUs", a docstring found by the search tool). A times sign
 * before the machines makes them a factor, and the cards before them each node's. A machine word in the
 * singular after the sign names the box, not a count: "A100 80GB * 8 서버" (Beomi/KoAlpaca#53, c468) is
 * one eight-card server.
 */
describe('× N nodes after the cards', () => {
  it.each([
    ['llama-2-70b full sft\n目前机器：\n单机16卡*32G显存 * 4机\n内存1T', 4, 16, 64],
    ['llama-2-70b full on 8x A100 x 2 nodes', 2, 8, 16],
    ['llama-2-70b full on 8 A100 x 2 machines', 2, 8, 16],
    ['llama-2-70b full on A100 80GB * 8 * 2 nodes', 2, 8, 16],
    ['llama-2-70b 全参微调 8卡A100 * 2机', 2, 8, 16],
    ['llama-2-70b 全参微调 A100*8 * 2台服务器', 2, 8, 16],
    ['llama-2-70b full on 4 GPUs/node x 2 nodes, A100 80GB', 2, 4, 8],
  ])('"%s": %i nodes of %i', (text, nodes, perNode, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, perNode });
    void nodes;
  });

  it('c934 keeps its host RAM apart from the cards\' memory on the line before', () => {
    const s = read('llama-2-70b full sft\n单机16卡*32G显存 * 4机\n内存1T').scenario;
    expect(s.hardware?.capacityBytes).toBe(32 * 2 ** 30);
    expect(s.hostMemoryBytes).toBe(1024 * 2 ** 30);
  });

  it.each([
    ['polyglot-ko-5.8b full: 학습 환경으로 클라우드의 A100 80GB * 8 서버를 사용 중에 있는데', 8, 'a100-80g'],
    ['llama-2-70b full on an A100*8 server', 8, 'a100-80g'],
  ])('"%s": one server of %i, no nodes', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });
});

describe('a sign glued to the card counts its cards', () => {
  it('"Using 2 H100*8 machines" is two machines of eight', () => {
    expect(read('Using 2 H100*8 machines to deploy deepseek-R1').scenario.hardware).toMatchObject({ count: 16, perNode: 8 });
  });
});
