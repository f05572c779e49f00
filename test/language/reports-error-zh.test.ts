import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * "启动报错" (an error when started), "启动报显存不足" (out of GPU memory when started), "加载报错": a report
 * that the run failed (question.reports-error-zh), not words the reply should list as not read. The
 * setup beside it is read as before, and the OOM after 报 still reaches the diagnosis.
 */
const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words);

describe('a failure reported in Chinese is no unread word', () => {
  it.each([
    ['Qwen2.5-VL-32B-Instruct 4卡4090启动报错', 4, 'rtx-4090'],
    ['qwen2.5-7b lora 4090 启动报显存不足', 1, 'rtx-4090'],
    ['qwen2.5-7b lora 4090 启动时就报显存不足', 1, 'rtx-4090'],
    ['用vllm部署qwen2.5-72b，两张A100启动报错', 2, 'a100-80g'],
    ['qwen2.5-14b 单卡3090 加载报错', 1, 'rtx-3090'],
    ['双卡3090 微调 qwen2.5-7b 报错 OOM', 2, 'rtx-3090'],
    ['qwen2.5-7b 4090 启动报 CUDA out of memory', 1, 'rtx-4090'],
    ['4*4090 跑 qwen2.5-32b 启动的时候报错', 4, 'rtx-4090'],
  ])('%j: the cards read, nothing listed as not read', (text, count, gpu) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(r.scenario.hardware).toMatchObject({ count, gpuId: gpu });
    expect(notUsed(r)).toEqual([]);
  });

  it('keeps the launch command header for its own rule and the OOM for the diagnosis', () => {
    const r = reply('qwen2.5-7b lora 4090 启动报显存不足');
    expect(JSON.stringify(r)).toMatch(/oom/i);
    expect(reply('qwen2.5-7b 4090 加载报错').scenario.mode).toBe(reply('qwen2.5-7b 4090 加载').scenario.mode);
  });
});
