import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * reconcile/owners.ts rolloutsInTraining: a sampling cap in an RL trainer's config is the rollouts'
 * generation length, not a serving request. PrimeIntellect-ai/prime-rl#950 (corpus c679) set
 * `[sampling] max_tokens = 4000` beside `rollouts_per_example = 4` and "a full run", and was refused
 * as "max_tokens applies to inference; it contradicts full".
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("a rollout's sampling cap is no serving request", () => {
  it('c679: read as the training run, the cap said', () => {
    const { scenario, said } = read(line('c679').text);
    expect(scenario.mode).toBe('full');
    expect(scenario.seq).toBe(32768);
    expect(said).toMatch(/max_tokens = 4000.*rollouts' generation cap/);
  });

  it('invented: GRPO with rollouts and max_new_tokens reads as training', () => {
    for (const text of [
      'qwen2.5-7b full grpo with 8 rollouts per prompt on 8x h100\n```\nmax_new_tokens: 1024\nmax_length: 4096\n```',
      'ppo rollouts on llama-3-8b full fine-tune on 4x a100-80g, max_tokens 2048',
    ]) {
      expect(read(text).scenario.mode, text).toBe('full');
    }
  });

  it('without rollout words, a generation cap in a fine-tune is the run\'s evaluation: not used, said (training-vs-running.test.ts)', () => {
    const { scenario, said } = read('llama-3-8b full fine-tune max_tokens 2048 on 4x a100-80g');
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/"max_tokens 2048" is a generation length/);
  });
});
