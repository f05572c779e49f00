import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A count of cards the message states (or changed) is the setup, not a "how many" question; a how-many
 * question that names a card lends it to a bare count stated apart from it. Drawn from c1727 ("increasing
 * number of nodes to two (8 GPUs in total) fixes the problem", vllm-project/vllm) and c1804 ("需要多少张A100（80G）
 * 吗，32卡oom了", hiyouga/EasyR1).
 */
describe('a count changed is told, not asked', () => {
  it('c1727: the 4 x H100 of the run, no "how many GPUs"', () => {
    const { scenario } = corpusLineRead('c1727');
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(4);
  });

  it.each([
    'llama 70b on 4x h100, increasing number of nodes to two (8 GPUs in total) fixes the problem',
    'llama 70b on 4x h100 OOMs; increasing the number of GPUs to 8 fixes it',
    'llama 70b on 4x h100 ran out of memory. After doubling the number of cards it runs.',
    'llama 70b on 4x h100: we increased the total number of nodes and it worked',
    'Llama 70B   on 4 x H100 -- raising the number of GPUs to 8 made it fit',
  ])('%s', (text) => {
    const { scenario } = read(text);
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(4);
  });

  it.each(['llama 70b, what number of GPUs do I need?', 'llama 70b: minimum number of gpus?', 'how many A100 do I need for llama 70b'])('still asked: %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('howMany');
  });
});

describe("a bare count beside a how-many question takes the question's card", () => {
  it('c1804: 32 A100 80GB, stated; no question', () => {
    const { scenario } = corpusLineRead('c1804');
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(32);
    expect(scenario.hardware?.gpuId).toBe('a100-80g');
  });

  it.each([
    'qwen2.5 72b grpo，有人试过需要多少张A100（80G）吗，32卡oom了',
    'qwen2.5 72b grpo 需要多少张A100 80G呢，我们32卡就oom了',
    'How many A100 80G do I need for qwen2.5 72b grpo? We tried 32 GPUs and got OOM.',
    'qwen2.5 72b grpo: how many A100 80G are needed? 32 cards OOM',
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(32);
    expect(scenario.hardware?.gpuId).toBe('a100-80g');
    expect(said).toBeDefined();
  });

  it('"32卡oom" counts 32 cards; "8卡A100" is still eight A100', () => {
    expect(read('qwen 72b 32卡oom了').scenario.unnamedGpus).toBe(32);
    const eight = read('qwen 72b 推理 8卡A100').scenario.hardware;
    expect(eight?.count).toBe(8);
    expect(eight?.gpuId).toMatch(/^a100/);
  });

  it('a count with its own card keeps it', () => {
    const { scenario } = read('How many A100 80G do I need for qwen2.5 72b grpo? We tried 16 H100s and got OOM.');
    expect(scenario.hardware?.gpuId).toMatch(/^h100/);
  });
});
