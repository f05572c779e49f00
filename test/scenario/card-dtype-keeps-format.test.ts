import { describe, expect, it } from 'vitest';
import { readInThread, type ThreadState } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A follow-up that puts a served quantised model on a card without bf16 (V100, T4): the engine runs
 * it in fp16 there, and the checkpoint stays in the format it is stored in. The thread
 * "Baichuan2-13B-chat-4bit推理时显存会暴涨" then "目前在一张V100上部署" (baichuan-inc/Baichuan2#303, c607)
 * had lost its 4-bit weights without a word: the card's forced fp16 counted as a compute the user
 * named, which replaces a quantised format. A dtype the user names still does.
 */
function thread(opening: string, reply: string): Scenario {
  const first = readInThread(opening, null).outcome;
  if (!first.ok || !first.scenario) throw new Error(`opening not read: ${opening}`);
  const state: ThreadState = { scenario: first.scenario, history: [] };
  const next = readInThread(reply, state).outcome;
  if (!next.ok || !next.scenario) throw new Error(`reply not read: ${reply}`);
  return next.scenario;
}

describe('a card without bf16 keeps the thread’s stored weight format', () => {
  it('c607: the 4-bit Baichuan2 deployed on one V100 stays 4-bit, in fp16', () => {
    const s = thread('Baichuan2-13B-chat-4bit推理时显存会暴涨，求解决方案', '模型部署后，显存占用大概10G，进行推理时会出现显存增长的，目前在一张V100上部署，显存已经拉满了，感觉会溢出。');
    expect([s.weights, s.compute, s.hardware?.gpuId]).toEqual(['gptq', 'fp16', 'v100-16g']);
  });

  it.each([
    ['llama-2-13b gptq inference on a 4090', 'on a T4', 'gptq'],
    ['serve llama-2-13b-awq on an A100', 'now on two V100', 'awq'],
    ['llama-2-7b int8 inference', 'on a V100 32GB', 'int8'],
  ])('%s, then "%s"', (opening, reply, format) => {
    const s = thread(opening, reply);
    expect([s.weights, s.compute]).toEqual([format, 'fp16']);
  });

  it.each([
    ['llama-2-13b int8 inference on a 4090', 'fp16'],
    ['llama-2-13b gptq inference on a T4', 'bf16'],
  ])('a dtype the follow-up names replaces the format: %s, then "%s"', (opening, reply) => {
    const s = thread(opening, reply);
    expect(['int8', 'gptq']).not.toContain(s.weights);
  });
});
