import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * One machine said in Chinese ("我们有一台 8 卡 H20 的机器": we have one machine with 8 H20s, a stranger
 * message the lead tried) is one node: its numeral had been listed as a number not used, and the
 * words around it ("我们有一台", "的机器") as words not read. One machine holds every card, so nothing is
 * asked about how the cards spread; two machines still are.
 */
const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words);
const asked = (r: EstimateReply) => r.notices.join(' | ');

describe('one machine, in Chinese', () => {
  it.each([
    ['我们有一台 8 卡 H20 的机器，想用 vllm 部署 qwen2.5-72b', 8, 'h20'],
    ['我有一台8卡A100的服务器，想部署qwen2.5-72b', 8, 'a100-80g'],
    ['一台服务器四张4090，微调 qwen2.5-7b lora', 4, 'rtx-4090'],
    ['一台主机 两张 3090 跑 qwen2.5-7b', 2, 'rtx-3090'],
    ['一台4090 跑 qwen2.5-7b', 1, 'rtx-4090'],
    // Whose machine it is (我们组 our group, 我们实验室 our lab) is no setting either (a stranger message of the lead's).
    ['我们组有一台 8卡A800 的机器，想用 deepspeed zero3 全参微调 qwen2.5-72b', 8, 'a800-80g'],
    ['我们实验室有一台服务器 两张3090，跑 qwen2.5-7b', 2, 'rtx-3090'],
  ])('%j is %d× %s on one node, nothing listed or asked', (text, count, gpu) => {
    const r = reply(text);
    expect(r.scenario.hardware).toMatchObject({ count, gpuId: gpu, perNode: count });
    expect(notUsed(r)).toEqual([]);
    expect(asked(r)).not.toMatch(/GPUs in all|if each is a machine/);
  });

  it('two machines still ask how the cards spread', () => {
    expect(asked(reply('两台服务器四张4090微调 qwen2.5-7b lora'))).toMatch(/GPUs in all/);
  });
});
