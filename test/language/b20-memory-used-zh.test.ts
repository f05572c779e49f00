import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b20 (issue 22): a memory said in Chinese as what something uses or needs, with the memory noun or a
 * verb of reaching between the verb and the amount, is no card. "为什么 `THUDM/chatglm2-6b-int4` 需要的显存超过了
 * 7GB？" (why does it need more than 7GB, zai-org/ChatGLM2-6B#138, c765) had read as one 7 GB card, said
 * nowhere; "占用显存15G" (c598), "显存占用在10GB以下" (c762) are the same phrasing.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string) => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return { scenario: outcome.scenario, said: outcome.assumptions.join('; ') };
};

describe('memory a Chinese message says is used or needed is not a card', () => {
  it('c765: "需要的显存超过了 7GB" names no card', () => {
    const { scenario, said } = read(line('c765').text);
    expect(scenario.hardware?.capacityBytes ?? null).toBeNull();
    expect(said).toMatch(/"7GB" read as memory the message says is used/);
  });

  it('c762: "显存占用在10GB以下" (the memory expected to be used) names no card', () => {
    expect(read(line('c762').text).scenario.hardware?.capacityBytes ?? null).toBeNull();
  });

  it('invented: the phrasings around a named card leave the card', () => {
    for (const phrase of ['需要的显存超过了 20G', '占用显存20G', '显存占用会快速到20G', '显存占用达到了20G'])
      expect(read(`qwen2-7b 推理 单张4090，${phrase}`).scenario.hardware?.gpuId).toBe('rtx-4090');
  });

  it('invented: a memory said as the card\'s ("24G的卡", "用24G显存的卡") stays a card', () => {
    expect(read('qwen2-7b 推理需要24G的卡吗').scenario.hardware?.capacityBytes).toBeGreaterThan(20 * 2 ** 30);
  });

  it('property: whatever the amount, "<model> 推理 需要的显存超过了 N G" reads no card', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 160 }), fc.constantFrom('需要的显存超过了', '占用显存', '显存占用大概', '显存占用会快速到'), (n, phrase) => {
        expect(read(`chatglm2-6b 推理 ${phrase}${n}G`).scenario.hardware?.capacityBytes ?? null).toBeNull();
      }),
      { numRuns: 30 },
    );
  });
});
